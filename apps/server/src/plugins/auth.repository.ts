import { eq, getTableColumns, sql } from 'drizzle-orm';
import { ROLES, type TRole } from '@app/shared/roles';
import type { Db } from '../db/client';
import { teachers } from '../db/schema/school';
import { userRoles, users } from '../db/schema/users';

export type UserRow = typeof users.$inferSelect;
/** A user with their roles, primary first, then in ROLES order. */
export interface UserWithRoles extends UserRow {
  roles: { role: TRole; isPrimary: boolean }[];
}
export interface Caller extends UserWithRoles {
  teacherId: number | null;
}

/**
 * The caller with their roles and teacher record in one round trip, as a prepared statement: it runs
 * before every protected call, so it is built and planned once.
 */
export function callerQuery(db: Db) {
  // Qualified by hand: in a one-table select Drizzle writes `${users.id}` as a bare "id", which inside
  // `from teachers t` is the teacher's own id (t.user_id = t.id), not the caller's.
  const owner = sql`${users}."id"`;
  const roleOrder = sql.raw(`array_position(array[${ROLES.map((r) => `'${r}'`).join(',')}]::text[], r.role)`);
  const roles = sql<UserWithRoles['roles']>`coalesce((select json_agg(json_build_object('role', r.role, 'isPrimary', r.is_primary)
    order by r.is_primary desc, ${roleOrder}) from ${userRoles} r where r.user_id = ${owner}), '[]'::json)`;
  const teacherId = sql<number | null>`(select t.id from ${teachers} t where t.user_id = ${owner} limit 1)`;
  const q = db
    .select({ ...getTableColumns(users), roles, teacherId })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_caller');
  return async (id: number): Promise<Caller | null> => ((await q.execute({ id }))[0] as Caller | undefined) ?? null;
}
