import { and, asc, eq, sql } from 'drizzle-orm';
import type { TRole } from '@app/shared/roles';
import { resolvePrimaryRole, ROLES } from '@app/shared/roles';
import type { TUser } from '@app/shared/auth';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { userRoles, users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;
export interface UserWithRoles extends UserRow {
  roles: { role: TRole; isPrimary: boolean }[];
}

const ROLE_ORDER = sql.raw(`array_position(array[${ROLES.map((r) => `'${r}'`).join(',')}]::text[], ${'"user_roles"."role"'})`);

async function withRoles(db: DbOrTx, rows: UserRow[]): Promise<UserWithRoles[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const roleRows = await db
    .select()
    .from(userRoles)
    .where(sql`${userRoles.userId} = any(${sql.param(ids)}::int[])`)
    .orderBy(asc(userRoles.userId), sql`${userRoles.isPrimary} desc`, ROLE_ORDER);
  const byUser = new Map<number, UserWithRoles['roles']>();
  for (const r of roleRows) {
    const list = byUser.get(r.userId) ?? [];
    list.push({ role: r.role as TRole, isPrimary: r.isPrimary });
    byUser.set(r.userId, list);
  }
  return rows.map((u) => ({ ...u, roles: byUser.get(u.id) ?? [] }));
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserWithRoles | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return (await withRoles(db, rows))[0] ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserWithRoles | null> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return (await withRoles(db, rows))[0] ?? null;
}

export function toUserJson(u: UserWithRoles): TUser {
  return {
    id: u.id,
    email: u.email,
    displayName: u.displayName,
    photoURL: u.photoUrl,
    studentId: u.studentId,
    roles: u.roles,
    primaryRole: resolvePrimaryRole({ roles: u.roles }),
  };
}

export async function updateProfileFromSignIn(
  db: DbOrTx,
  id: number,
  p: { displayName?: string | null; photoUrl?: string | null },
) {
  await db
    .update(users)
    .set({
      ...(p.displayName ? { displayName: p.displayName } : {}),
      ...(p.photoUrl ? { photoUrl: p.photoUrl } : {}),
      lastLoginAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

export async function insertUser(
  db: DbOrTx,
  u: { email: string; displayName: string | null; studentId?: number | null; active?: boolean; roles: { role: TRole; isPrimary: boolean }[] },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ email: u.email.trim().toLowerCase(), displayName: u.displayName, studentId: u.studentId ?? null, active: u.active ?? true })
    .returning({ id: users.id });
  if (u.roles.length) await db.insert(userRoles).values(u.roles.map((r) => ({ userId: row.id, ...r })));
  return row.id;
}

export async function setActive(db: DbOrTx, id: number, active: boolean) {
  await db.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function addRole(db: DbOrTx, userId: number, role: TRole, isPrimary: boolean) {
  if (isPrimary) await db.update(userRoles).set({ isPrimary: false }).where(eq(userRoles.userId, userId));
  await db
    .insert(userRoles)
    .values({ userId, role, isPrimary })
    .onConflictDoUpdate({ target: [userRoles.userId, userRoles.role], set: { isPrimary } });
}

export async function hasRole(db: DbOrTx, userId: number, role: TRole) {
  const rows = await db
    .select({ r: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1);
  return rows.length > 0;
}

/** Up to `perRole` active accounts for each primary role, for the demo login page. */
export async function listDemoAccounts(db: DbOrTx, perRole: number) {
  const rows = await queryRows<{ email: string; display_name: string | null; primary_role: string; roles: string[] }>(db, sql`
    select email, display_name, primary_role, roles from (
      select u.email, u.display_name, p.role as primary_role,
             (select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id) as roles,
             row_number() over (partition by p.role order by u.id) as rn
      from users u join user_roles p on p.user_id = u.id and p.is_primary
      where u.active
    ) t where rn <= ${perRole}
    order by ${sql.raw(`array_position(array[${ROLES.map((r) => `'${r}'`).join(',')}]::text[], primary_role)`)}, email`);
  return rows.map((r) => ({ email: r.email, displayName: r.display_name, primaryRole: r.primary_role as TRole, roles: r.roles as TRole[] }));
}

export async function countUsersByRole(db: DbOrTx) {
  const rows = await queryRows<{ role: string; n: number }>(db, sql`
    select r.role, count(*)::int as n from user_roles r join users u on u.id = r.user_id
    where u.active group by r.role`);
  return new Map(rows.map((r) => [r.role, Number(r.n)]));
}

export async function countUsers(db: DbOrTx) {
  const [r] = await queryRows<{ total: number; active: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where active)::int as active from users`,
  );
  return { total: Number(r.total), active: Number(r.active) };
}
