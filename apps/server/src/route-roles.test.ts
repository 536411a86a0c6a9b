import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type TRole } from '@app/shared/roles';
import { registerAuth } from './plugins/auth';
import { createSessionTokens } from './lib/tokens';
import { DEMO_STAFF, DEMO_STUDENTS } from './seed/demo';
import { bearer, createTestApp, type TestApp } from './test/app';

/**
 * Driven by the app's own route table: a new /api/v1 route is covered the moment it is
 * registered, and one registered without roles cannot be registered at all.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const demo = [...DEMO_STAFF, ...DEMO_STUDENTS];
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
const tokens = new Map<string, string>();
async function tokenOf(local: string) {
  if (!tokens.has(local)) tokens.set(local, await t.tokenFor(local));
  return tokens.get(local)!;
}

describe('every protected route', () => {
  it('has a route table with the public routes known', () => {
    const publics = t.app.routeTable
      .filter((r) => r.public)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publics).toEqual([
      'GET /api/v1/auth/config',
      'GET /api/v1/auth/demo-accounts',
      // A person's private iCalendar link: its token is the credential (calendar.test / timetables.test).
      'GET /api/v1/calendar/:file',
      // The school's name, address and logo for the login page (settings.test).
      'GET /api/v1/school',
      'GET /api/v1/school/logo',
      'POST /api/v1/auth/dev-login',
      'POST /api/v1/auth/google',
    ]);
    expect(t.app.routeTable.filter((r) => !r.public).length).toBeGreaterThan(0);
  });

  it('refuses a call without a token (401) and with a role it does not allow (403)', async () => {
    const checked: string[] = [];
    for (const route of t.app.routeTable.filter((r) => !r.public)) {
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const url = concrete(route.url);
      const anon = await t.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(anon.statusCode, `${method} ${url} without token`).toBe(401);
      expect(anon.json().success).toBe(false);

      const allowed = route.roles as readonly TRole[];
      const outsider = demo.find((p) => !p.roles.some((r) => allowed.includes(r)));
      if (!outsider) {
        expect([...allowed].sort(), `${method} ${url} is open to every role`).toEqual([...ROLES].sort());
        continue;
      }
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(await tokenOf(outsider.local)),
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url} as ${outsider.roles.join('+')}`).toBe(403);
      checked.push(`${method} ${url}`);
    }
  });

  it('cannot register an /api/v1 route that declares no roles', async () => {
    const app = Fastify();
    registerAuth(app, { db: t.database.db, tokens: createSessionTokens(new Uint8Array(32), '1h') });
    expect(() => app.get('/api/v1/forgotten', async () => 'x')).toThrow(/declares no roles/);
    await app.close();
  });
});
