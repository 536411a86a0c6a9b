import type { TUserSession } from '@app/shared/profile';
import type { Db, DbOrTx } from '@/db/client';
import { userIdOf, type Actor } from '@/plugins/actor';
import { write } from '@/lib/write';
import { notFound } from '@/plugins/errors';
import { endSessions } from '@/areas/school/users/users.service';
import { deviceName } from './device';
import { activeSessions, insertSession, lockOwnSession, revokeSession } from './sessions.repository';

/*
 * Signed-in devices (issue 17, the profile's "active sessions"). Sign-in makes a row and the token names it;
 * the auth guard refuses a token whose row is revoked. Sign-out ends this device's row; "Đăng xuất khỏi mọi
 * thiết bị" bumps the token version (which also ends tokens issued before sessions) and revokes every row.
 */

export const SESSION_NOT_FOUND = 'Không tìm thấy phiên đăng nhập này trong các thiết bị của bạn.';

/** A new session at sign-in, inside the sign-in's transaction: the device in words, never the raw header. */
export async function startSession(tx: DbOrTx, userId: number, userAgent: string | undefined): Promise<string> {
  return (await insertSession(tx, userId, deviceName(userAgent))).id;
}

/** The caller's devices still signed in, the one this request comes from marked. */
export async function listSessions(
  deps: { db: Db; tokenTtlSeconds: number },
  actor: Actor,
  currentSessionId: string | null,
): Promise<TUserSession[]> {
  const rows = await activeSessions(deps.db, userIdOf(actor), deps.tokenTtlSeconds);
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.id === currentSessionId,
  }));
}

/**
 * Ends one of the caller's devices. Another person's session is answered as not found (404), so its id
 * says nothing; one already ended is a success without a second audit entry (a retried click, two tabs).
 */
export async function revokeOwnSession(db: Db, actor: Actor, id: string): Promise<void> {
  await write(db, actor, async (ctx) => {
    const row = await lockOwnSession(ctx.tx, userIdOf(actor), id);
    if (!row) throw notFound(SESSION_NOT_FOUND);
    if (row.revokedAt) return;
    const revokedAt = await revokeSession(ctx.tx, id);
    await ctx.log({
      action: 'revoke',
      entity: 'user_session',
      entityId: id,
      before: { device: row.device, revokedAt: null },
      after: { device: row.device, revokedAt: revokedAt.toISOString() },
    });
  });
}

/**
 * Sign-out: with a token naming its session, that device alone is ended (audited as `logout` of the
 * session); a token from before sessions can only be ended with the others, by bumping the version.
 */
export async function signOut(db: Db, actor: Actor, sessionId: string | null): Promise<void> {
  await write(db, actor, async (ctx) => {
    if (!sessionId) return endSessions(ctx, userIdOf(actor), 'logout');
    const row = await lockOwnSession(ctx.tx, userIdOf(actor), sessionId);
    if (!row || row.revokedAt) return;
    const revokedAt = await revokeSession(ctx.tx, sessionId);
    await ctx.log({
      action: 'logout',
      entity: 'user_session',
      entityId: sessionId,
      before: { device: row.device, revokedAt: null },
      after: { device: row.device, revokedAt: revokedAt.toISOString() },
    });
  });
}

/** "Đăng xuất khỏi mọi thiết bị": every token of the caller stops working, this one included. */
export async function signOutEverywhere(db: Db, actor: Actor): Promise<void> {
  await write(db, actor, (ctx) => endSessions(ctx, userIdOf(actor), 'end_sessions'));
}
