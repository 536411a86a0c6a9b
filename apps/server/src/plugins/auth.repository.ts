import { eq, getTableColumns, sql } from 'drizzle-orm';
import { ROLES, type TRole } from '@app/shared/roles';
import type { Db } from '../db/client';
import { teachers } from '../db/schema/school';
import { userRoles, userSessions, users } from '../db/schema/users';

export type UserRow = typeof users.$inferSelect;
/** A user with their roles, primary first, then in ROLES order. */
export interface UserWithRoles extends UserRow {
  roles: { role: TRole; isPrimary: boolean }[];
}
export interface Caller extends UserWithRoles {
  teacherId: number | null;
  /**
   * The token's session, when it names one: `revoked` (or null: no such session of this user) refuses the
   * token; `stale` says its last_seen_at is over a minute old and may be moved on.
   */
  session: { revoked: boolean; stale: boolean } | null;
}

/** How old last_seen_at may get before a request moves it on: one write a minute per device, not one per request. */
export const SESSION_TOUCH_SECONDS = 60;
const touchAge = sql.raw(`interval '${SESSION_TOUCH_SECONDS} seconds'`);

/**
 * The caller with their roles, teacher record and the token's session in one round trip, as a prepared
 * statement: it runs before every protected call, so it is built and planned once. The session is looked up
 * by its primary key (null sid: no row, for tokens issued before sessions).
 */
export function callerQuery(db: Db) {
  // Qualified by hand: in a one-table select Drizzle writes `${users.id}` as a bare "id", which inside
  // `from teachers t` is the teacher's own id (t.user_id = t.id), not the caller's.
  const owner = sql`${users}."id"`;
  const roleOrder = sql.raw(`array_position(array[${ROLES.map((r) => `'${r}'`).join(',')}]::text[], r.role)`);
  const roles = sql<UserWithRoles['roles']>`coalesce((select json_agg(json_build_object('role', r.role, 'isPrimary', r.is_primary)
    order by r.is_primary desc, ${roleOrder}) from ${userRoles} r where r.user_id = ${owner}), '[]'::json)`;
  const teacherId = sql<number | null>`(select t.id from ${teachers} t where t.user_id = ${owner} limit 1)`;
  const session = sql<Caller['session']>`(select json_build_object('revoked', s.revoked_at is not null,
    'stale', s.last_seen_at < now() - ${touchAge})
    from ${userSessions} s where s.id = ${sql.placeholder('sid')}::text and s.user_id = ${owner})`;
  const q = db
    .select({ ...getTableColumns(users), roles, teacherId, session })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_caller');
  return async (id: number, sid: string | null): Promise<Caller | null> =>
    ((await q.execute({ id, sid }))[0] as Caller | undefined) ?? null;
}

/** Moves a session's last_seen_at on, at most once a minute (the condition makes a burst of requests write once). */
export function sessionToucher(db: Db) {
  const q = db
    .update(userSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      sql`${userSessions.id} = ${sql.placeholder('sid')}::text and ${userSessions.revokedAt} is null
        and ${userSessions.lastSeenAt} < now() - ${touchAge}`,
    )
    .prepare('auth_touch_session');
  return async (sid: string): Promise<void> => {
    await q.execute({ sid });
  };
}
