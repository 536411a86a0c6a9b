import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { testDbKind } from '@/test/db';
import type { Caller } from './auth.repository';

/*
 * The guard's caller cache (plugins/auth-cache.ts) for the `cachedCaller` routes: on PostgreSQL a caller
 * is kept, and forgotten at the commit of any change of that user, told by the database's triggers
 * (migration 0010), whoever wrote it; on PGlite there is none.
 */

let t: TestApp;
let token: string;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor('hs.an');
  userId = await t.userId('hs.an');
});
afterAll(() => t.close());

const db = () => t.database.db;
/** A route that takes its caller from the cache (the student's own registration). */
const cachedCall = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/registration/me', headers: bearer(token) })).statusCode;
/** A route that reads its caller at every call. */
const plainCall = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/auth/verify', headers: bearer(token) })).statusCode;
const heard = () => t.app.callerCache!.heard();
/** Runs `fn` with the users table's trigger off (the cache then hears of none of its changes), and on again after. */
async function untold(fn: () => Promise<void>) {
  await db().execute(sql`alter table users disable trigger users_auth_changed`);
  try {
    await fn();
  } finally {
    await db().execute(sql`alter table users enable trigger users_auth_changed`);
  }
}

describe.runIf(testDbKind() === 'pglite')('on PGlite', () => {
  it('keeps no callers: every call reads its caller', () => {
    expect(t.app.callerCache).toBeNull();
  });
});

describe.runIf(testDbKind() === 'pg')('on PostgreSQL', () => {
  it('keeps the caller of a cached route, and not of the others', async () => {
    expect(await cachedCall()).toBe(200);
    // A change nobody is told of: the cached route still answers from what it kept, the plain one reads it.
    await untold(async () => {
      await db().execute(sql`update users set active = false where id = ${userId}`);
      expect(await cachedCall()).toBe(200);
      expect(await plainCall()).toBe(401);
      await db().execute(sql`update users set active = true where id = ${userId}`);
    });
    await db().execute(sql`update users set updated_at = now() where id = ${userId}`);
    await heard();
  });

  it('refuses at once a deactivated user, a role taken away and a signed-out device, whoever wrote them', async () => {
    expect(await cachedCall()).toBe(200);
    await db().execute(sql`update users set active = false where id = ${userId}`);
    await heard();
    expect(await cachedCall()).toBe(401);
    await db().execute(sql`update users set active = true where id = ${userId}`);
    await heard();
    expect(await cachedCall()).toBe(200);

    await db().execute(sql`update user_roles set role = 'TEACHER' where user_id = ${userId} and role = 'STUDENT'`);
    await heard();
    expect(await cachedCall()).toBe(403);
    await db().execute(sql`update user_roles set role = 'STUDENT' where user_id = ${userId} and role = 'TEACHER'`);
    await heard();
    expect(await cachedCall()).toBe(200);

    // Through the API: "sign out of every device" revokes this token's session.
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sessions/revoke-all', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    await heard();
    expect(await cachedCall()).toBe(401);
    token = await t.tokenFor('hs.an');
    expect(await cachedCall()).toBe(200);
  });

  it('starts empty after its listening connection was lost: what changed meanwhile is unknown', async () => {
    expect(await cachedCall()).toBe(200);
    await untold(async () => {
      await db().execute(sql`update users set active = false where id = ${userId}`);
      await db().execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'auth-cache' and datname = current_database()`);
      // Lost, then listening again: nothing kept from before.
      for (let i = 0; i < 100 && (await cachedCall()) !== 401; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await cachedCall()).toBe(401);
      await db().execute(sql`update users set active = true where id = ${userId}`);
    });
    await db().execute(sql`update users set updated_at = now() where id = ${userId}`);
    for (let i = 0; i < 100; i++) {
      try {
        await heard();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    expect(await cachedCall()).toBe(200);
  });

  it('does not keep a caller read while a change of that user was told: it may predate the change', async () => {
    const cache = t.app.callerCache!;
    const stale = { id: userId } as Caller;
    let loads = 0;
    const load = async () => {
      loads++;
      // The change commits while this read is under way.
      await db().execute(sql`update users set updated_at = now() where id = ${userId}`);
      await heard();
      return stale;
    };
    expect(await cache.lookup(userId, 'race-probe', load)).toBe(stale);
    const fresh = { id: userId } as Caller;
    expect(await cache.lookup(userId, 'race-probe', async () => (loads++, fresh))).toBe(fresh);
    expect(loads).toBe(2);
    // Read with nothing told meanwhile: kept.
    expect(await cache.lookup(userId, 'race-probe', async () => (loads++, stale))).toBe(fresh);
    expect(loads).toBe(2);
  });
});
