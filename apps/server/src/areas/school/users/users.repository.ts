import { and, asc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TRole } from '@app/shared/roles';
import type { TUserRow } from '@app/shared/school';
import { resolvePrimaryRole, ROLES } from '@app/shared/roles';
import type { TUser } from '@app/shared/auth';
import type { DbOrTx } from '@/db/client';
import { queryRows } from '@/db/client';
import { userRoles, userSessions, users } from '@/db/schema/users';
import { searchText } from '@/lib/list';
import { searchRank, searchWhere, totalOver } from '@/db/sql';

import type { UserRow, UserWithRoles } from '@/plugins/auth.repository';

export type { UserRow, UserWithRoles };

const ROLE_ORDER = sql.raw(`array_position(array[${ROLES.map((r) => `'${r}'`).join(',')}]::text[], ${'"user_roles"."role"'})`);

/** Roles for many users in one query (a list page, an import), primary first. */
export async function withRoles(db: DbOrTx, rows: UserRow[]): Promise<UserWithRoles[]> {
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

export async function updateProfileFromSignIn(db: DbOrTx, id: number, p: { displayName?: string | null; photoUrl?: string | null }) {
  // A new display name from Google must stay findable by the users list's search.
  const [current] = p.displayName ? await db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1) : [];
  await db
    .update(users)
    .set({
      ...(p.displayName ? { displayName: p.displayName } : {}),
      ...(current && p.displayName ? { searchText: searchText(current.email, p.displayName) } : {}),
      ...(p.photoUrl ? { photoUrl: p.photoUrl } : {}),
      lastLoginAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

export interface NewUser {
  email: string;
  displayName: string | null;
  studentId?: number | null;
  active?: boolean;
  roles: { role: TRole; isPrimary: boolean }[];
}

export async function insertUser(db: DbOrTx, u: NewUser): Promise<number> {
  return (await insertUsers(db, [u]))[0];
}

/**
 * Accounts and their roles, a few hundred per statement: an import creates thousands. Answers the
 * ids in the order given; the e-mails must differ from each other (they are unique anyway).
 */
export async function insertUsers(db: DbOrTx, list: NewUser[]): Promise<number[]> {
  const ids = new Map<string, number>();
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500).map((u) => {
      const email = u.email.trim().toLowerCase();
      return {
        email,
        display_name: u.displayName,
        student_id: u.studentId ?? null,
        active: u.active ?? true,
        search_text: searchText(email, u.displayName),
        roles: u.roles.map((r) => ({ role: r.role, is_primary: r.isPrimary })),
      };
    });
    const rows = await queryRows<{ id: number; email: string }>(
      db,
      sql`
      with x as (
        select * from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
          as x(email text, display_name text, student_id int, active boolean, search_text text, roles jsonb)
      ), u as (
        insert into users (email, display_name, student_id, active, search_text)
        select email, display_name, student_id, active, search_text from x
        returning id, email
      ), r as (
        insert into user_roles (user_id, role, is_primary)
        select u.id, rr.role, rr.is_primary from u join x on x.email = u.email, jsonb_to_recordset(x.roles) as rr(role text, is_primary boolean)
      )
      select id, email from u`,
    );
    for (const r of rows) ids.set(r.email, Number(r.id));
  }
  return list.map((u) => ids.get(u.email.trim().toLowerCase())!);
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

/** Up to `perRole` active accounts for each primary role, for the demo login page. */
export async function listDemoAccounts(db: DbOrTx, perRole: number) {
  const rows = await queryRows<{ email: string; display_name: string | null; primary_role: string; roles: string[] }>(
    db,
    sql`
    select email, display_name, primary_role, roles from (
      select u.email, u.display_name, p.role as primary_role,
             (select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id) as roles,
             row_number() over (partition by p.role order by u.id) as rn
      from users u join user_roles p on p.user_id = u.id and p.is_primary
      where u.active
    ) t where rn <= ${perRole}
    order by ${sql.raw(`array_position(array[${ROLES.map((r) => `'${r}'`).join(',')}]::text[], primary_role)`)}, email`,
  );
  return rows.map((r) => ({
    email: r.email,
    displayName: r.display_name,
    primaryRole: r.primary_role as TRole,
    roles: r.roles as TRole[],
  }));
}

export async function countUsersByRole(db: DbOrTx) {
  const rows = await queryRows<{ role: string; n: number }>(
    db,
    sql`
    select r.role, count(*)::int as n from user_roles r join users u on u.id = r.user_id
    where u.active group by r.role`,
  );
  return new Map(rows.map((r) => [r.role, Number(r.n)]));
}

export async function countUsers(db: DbOrTx) {
  const [r] = await queryRows<{ total: number; active: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where active)::int as active from users`,
  );
  return { total: Number(r.total), active: Number(r.active) };
}

// ---- Account management (the admin's users list) ----

export const USER_SORTS = ['email', 'displayName', 'lastLoginAt', 'createdAt'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const userSortColumns: Record<UserSort, AnyColumn | SQL> = {
  email: users.email,
  displayName: users.displayName,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};
export const userTieBreak = [users.email, users.id];
/** A searched list without a sort: the account whose e-mail or display name is the search first. */
export const userSearchRank = (search: string | undefined) =>
  searchRank({ text: users.searchText, code: users.email, name: users.displayName }, search);

export interface UserFilters {
  role?: TRole;
  active?: boolean;
  search?: string;
}

export function userWhere(f: UserFilters): SQL | undefined {
  return and(
    f.role ? sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = ${f.role})` : undefined,
    f.active === undefined ? undefined : eq(users.active, f.active),
    searchWhere(users.searchText, f.search),
  );
}

/** One page of accounts; the roles of the whole page come in one more query. */
export async function listUsers(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }) {
  const rows = await db
    .select({ user: users, total: totalOver })
    .from(users)
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return {
    items: await withRoles(
      db,
      rows.map((r) => r.user),
    ),
    total: rows[0]?.total ?? 0,
  };
}

/** The bare row, locked, for an update and its audit "before". */
export async function lockUser(db: DbOrTx, id: number): Promise<UserWithRoles | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return (await withRoles(db, rows))[0] ?? null;
}

/** Accounts by e-mail (lower-cased keys) for many e-mails at once: imports look them up in one go. */
export async function usersByEmails(db: DbOrTx, emails: string[]): Promise<Map<string, UserWithRoles>> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = any(${sql.param(wanted)}::text[])`);
  return new Map((await withRoles(db, rows)).map((u) => [u.email.toLowerCase(), u]));
}

export async function emailTaken(db: DbOrTx, email: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** Writes an account's own columns, keeping its search text in step. */
export async function updateUserRow(db: DbOrTx, id: number, v: { email: string; displayName: string | null; active: boolean }) {
  const email = v.email.trim().toLowerCase();
  await db
    .update(users)
    .set({ email, displayName: v.displayName, active: v.active, searchText: searchText(email, v.displayName), updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Replaces every role at once; deleting first keeps the one-primary index happy. */
export async function replaceRoles(db: DbOrTx, userId: number, roles: { role: TRole; isPrimary: boolean }[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roles.length) await db.insert(userRoles).values(roles.map((r) => ({ userId, role: r.role, isPrimary: r.isPrimary })));
}

/**
 * Ends every session of an account: tokens carry the version they were issued with and the auth
 * guard refuses any other, so bumping it signs the account out everywhere. Its signed-in devices
 * (user_sessions) are marked revoked too, so the profile's list of sessions says so. Answers the new version.
 */
export async function bumpTokenVersion(db: DbOrTx, id: number): Promise<number> {
  const [r] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id))
    .returning({ tokenVersion: users.tokenVersion });
  await db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userSessions.userId, id), sql`${userSessions.revokedAt} is null`));
  return r.tokenVersion;
}

export async function setUserStudent(db: DbOrTx, userId: number, studentId: number | null) {
  await db.update(users).set({ studentId, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The accounts linked to a student record (normally one). */
export async function usersOfStudent(db: DbOrTx, studentId: number): Promise<UserRow[]> {
  return (await usersOfStudents(db, [studentId])).get(studentId) ?? [];
}

/** The accounts linked to each of many student records, in one query. */
export async function usersOfStudents(db: DbOrTx, studentIds: number[]): Promise<Map<number, UserRow[]>> {
  const by = new Map<number, UserRow[]>();
  if (!studentIds.length) return by;
  const rows = await db
    .select()
    .from(users)
    .where(sql`${users.studentId} = any(${sql.param(studentIds)}::int[])`)
    .orderBy(asc(users.id));
  for (const u of rows) by.set(u.studentId!, [...(by.get(u.studentId!) ?? []), u]);
  return by;
}

export function toUserRow(u: UserWithRoles): TUserRow {
  return {
    ...toUserJson(u),
    active: u.active,
    lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}
