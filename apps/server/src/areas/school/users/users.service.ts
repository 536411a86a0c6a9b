import type { z } from 'zod';
import type { TRole } from '@app/shared/roles';
import type { TUserRow, ZUserInput } from '@app/shared/school';
import type { Db, DbOrTx } from '@/db/client';
import { offsetOf, page } from '@/lib/list';
import { orderBy } from '@/db/sql';
import { found, type WriteCtx } from '@/lib/write';
import { MAX_SHEET_ROWS } from '@/lib/xlsx';
import { badRequest, conflict } from '@/plugins/errors';
import { syncStudentEmail, syncTeacherEmail } from '../core/record-emails.repository';
import {
  addRole,
  bumpTokenVersion,
  emailTaken,
  findUserByEmail,
  findUserById,
  insertUser,
  insertUsers,
  listUsers,
  lockUser,
  replaceRoles,
  setUserStudent,
  toUserRow,
  updateUserRow,
  usersByEmails,
  userSearchRank,
  userSortColumns,
  userTieBreak,
  userWhere,
  type UserFilters,
  type UserSort,
  type UserWithRoles,
} from './users.repository';

// What other parts and areas read of accounts: they use the users part only through this file.
export {
  countUsers,
  countUsersByRole,
  findUserByEmail,
  findUserById,
  listDemoAccounts,
  toUserJson,
  updateProfileFromSignIn,
  usersByEmails,
  usersOfStudent,
  usersOfStudents,
  type UserWithRoles,
} from './users.repository';

export type UserInput = z.output<typeof ZUserInput>;
export type UserQuery = UserFilters & { sort?: UserSort; order: 'asc' | 'desc' };
interface Paged {
  page: number;
  limit: number;
}

export const EMAIL_TAKEN = 'E-mail này đã được dùng cho tài khoản khác.';
export const NOT_SELF_DEACTIVATE = 'Bạn không thể tự vô hiệu hóa tài khoản của chính mình.';
export const NOT_SELF_UNADMIN = 'Bạn không thể tự bỏ vai trò Quản trị viên của chính mình.';

// ---- Reading ----

function listOf(q: UserQuery) {
  return { where: userWhere(q), order: orderBy(userSortColumns, { ...q, rank: userSearchRank(q.search) }, userTieBreak) };
}

export async function userPage(db: Db, q: UserQuery & Paged) {
  const r = await listUsers(db, { ...listOf(q), limit: q.limit, offset: offsetOf(q) });
  return page(r.items.map(toUserRow), r.total, q);
}

export async function userExportRows(db: Db, q: UserQuery): Promise<TUserRow[]> {
  return (await listUsers(db, { ...listOf(q), limit: MAX_SHEET_ROWS, offset: 0 })).items.map(toUserRow);
}

export async function getUser(db: DbOrTx, id: number): Promise<TUserRow> {
  return toUserRow(found(await findUserById(db, id), 'tài khoản'));
}

// ---- Writing (each takes the write's context so an import can run many in one transaction) ----

/** What the audit log keeps of an account. */
function snapshot(u: {
  id: number;
  email: string;
  displayName: string | null;
  active: boolean;
  studentId: number | null;
  roles: UserInput['roles'];
}) {
  return { id: u.id, email: u.email, displayName: u.displayName, active: u.active, studentId: u.studentId, roles: u.roles };
}

export async function createUser(ctx: WriteCtx, input: UserInput): Promise<number> {
  if (await emailTaken(ctx.tx, input.email)) throw conflict(EMAIL_TAKEN);
  const id = await insertUser(ctx.tx, { email: input.email, displayName: input.displayName, active: input.active, roles: input.roles });
  await ctx.log({ action: 'create', entity: 'user', entityId: id, after: snapshot({ id, ...input, studentId: null }) });
  return id;
}

/**
 * Replaces an account's e-mail, name, roles and state. The caller cannot lock themselves out: no
 * deactivating their own account, no dropping their own ADMIN role. A new e-mail is copied to the
 * student or teacher record the account belongs to, so the two never disagree.
 */
export async function updateUser(ctx: WriteCtx, id: number, input: UserInput): Promise<void> {
  const before = found(await lockUser(ctx.tx, id), 'tài khoản');
  if (id === ctx.actor.userId) {
    if (!input.active) throw conflict(NOT_SELF_DEACTIVATE);
    if (!input.roles.some((r) => r.role === 'ADMIN')) throw badRequest(NOT_SELF_UNADMIN);
  }
  if (await emailTaken(ctx.tx, input.email, id)) throw conflict(EMAIL_TAKEN);
  await updateUserRow(ctx.tx, id, input);
  // Deactivation also ends the sessions, so reactivating later does not bring old tokens back.
  if (before.active && !input.active) await bumpTokenVersion(ctx.tx, id);
  await replaceRoles(ctx.tx, id, input.roles);
  await ctx.log({
    action: 'update',
    entity: 'user',
    entityId: id,
    before: snapshot(before),
    after: snapshot({ id, ...input, studentId: before.studentId }),
  });
  if (input.email !== before.email.toLowerCase()) await syncRecordEmails(ctx, before, input.email);
}

async function syncRecordEmails(ctx: WriteCtx, user: UserWithRoles, email: string) {
  if (user.studentId) {
    const change = await syncStudentEmail(ctx.tx, user.studentId, email);
    if (change) await ctx.log({ action: 'update', entity: 'student', entityId: user.studentId, ...change });
  }
  const teacher = await syncTeacherEmail(ctx.tx, user.id, email);
  if (teacher) await ctx.log({ action: 'update', entity: 'teacher', entityId: teacher.id, before: teacher.before, after: teacher.after });
}

/**
 * DELETE keeps the account, its roles and its history; it only stops signing in. Its sessions end
 * too (token version bumped), so reactivating it later does not bring old tokens back.
 */
export async function deactivateUser(ctx: WriteCtx, id: number): Promise<void> {
  const before = found(await lockUser(ctx.tx, id), 'tài khoản');
  if (id === ctx.actor.userId) throw conflict(NOT_SELF_DEACTIVATE);
  await updateUserRow(ctx.tx, id, { email: before.email, displayName: before.displayName, active: false });
  await bumpTokenVersion(ctx.tx, id);
  await ctx.log({
    action: 'deactivate',
    entity: 'user',
    entityId: id,
    before: snapshot(before),
    after: snapshot({ ...before, active: false }),
  });
}

/**
 * Ends every session of an account: its tokens issued so far stop working at once (the next call
 * answers 401), tokens issued afterwards work. `logout` is the user's own sign-out, `end_sessions`
 * an admin's "Đăng xuất mọi phiên" on another account (or their own).
 */
export async function endSessions(ctx: WriteCtx, id: number, action: 'logout' | 'end_sessions'): Promise<void> {
  const before = found(await lockUser(ctx.tx, id), 'tài khoản');
  const tokenVersion = await bumpTokenVersion(ctx.tx, id);
  await ctx.log({ action, entity: 'user', entityId: id, before: { tokenVersion: before.tokenVersion }, after: { tokenVersion } });
}

// ---- Accounts of student and teacher records ----

/**
 * Accounts already looked up in this transaction, by lower-cased e-mail (null = none). An import
 * fills it for the whole file in one query; single writes start empty and look up as they go.
 */
export type AccountCache = Map<string, UserWithRoles | null>;

export async function accountByEmail(db: DbOrTx, email: string, cache?: AccountCache): Promise<UserWithRoles | null> {
  const key = email.trim().toLowerCase();
  if (cache?.has(key)) return cache.get(key) ?? null;
  const user = await findUserByEmail(db, key);
  cache?.set(key, user);
  return user;
}

/** Fills the cache for many e-mails in one query (those already in it are not asked again). */
export async function preloadAccounts(db: DbOrTx, emails: string[], cache: AccountCache): Promise<void> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))].filter((e) => e && !cache.has(e));
  if (!wanted.length) return;
  const found = await usersByEmails(db, wanted);
  for (const e of wanted) cache.set(e, found.get(e) ?? null);
}

export interface AccountRequest {
  email: string;
  displayName: string;
  role: TRole;
  currentUserId: number | null;
  studentId?: number;
}

/**
 * The account a student or teacher record signs in with, given `role`: the account that has the
 * e-mail (the role is added, primary when it has none); else the record's current account, moved
 * to the new e-mail; else a new account. `studentId` links a student's account to its record.
 * Every change is logged.
 */
export async function provideAccount(ctx: WriteCtx, o: AccountRequest & { cache?: AccountCache }): Promise<UserWithRoles> {
  return (await provideAccounts(ctx, [o], o.cache))[0];
}

/**
 * `provideAccount` for many records at once (an import): the e-mails are looked up in one query
 * and the new accounts made together; the rest goes one by one. Answers each request's account.
 */
export async function provideAccounts(ctx: WriteCtx, reqs: AccountRequest[], cache: AccountCache = new Map()): Promise<UserWithRoles[]> {
  await preloadAccounts(
    ctx.tx,
    reqs.map((r) => r.email),
    cache,
  );
  const fresh = new Map<string, AccountRequest>();
  for (const r of reqs) {
    const email = r.email.trim().toLowerCase();
    if (!cache.get(email) && !r.currentUserId && !fresh.has(email)) fresh.set(email, r);
  }
  const toCreate = [...fresh.entries()];
  const ids = await insertUsers(
    ctx.tx,
    toCreate.map(([email, r]) => ({
      email,
      displayName: r.displayName,
      studentId: r.studentId ?? null,
      roles: [{ role: r.role, isPrimary: true }],
    })),
  );
  const now = new Date();
  for (const [i, [email, r]] of toCreate.entries()) {
    // Built here rather than read back: an import creates thousands and needs only these fields.
    const user: UserWithRoles = {
      id: ids[i],
      email,
      displayName: r.displayName,
      photoUrl: null,
      studentId: r.studentId ?? null,
      active: true,
      searchText: '',
      lastLoginAt: null,
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
      roles: [{ role: r.role, isPrimary: true }],
    };
    await ctx.log({ action: 'create', entity: 'user', entityId: user.id, after: snapshot(user) });
    cache.set(email, user);
  }
  const out: UserWithRoles[] = [];
  for (const r of reqs) out.push(await settleAccount(ctx, r, cache));
  return out;
}

/** One request whose account now exists: the e-mail's, or the record's current one, moved to it. */
async function settleAccount(ctx: WriteCtx, o: AccountRequest, cache: AccountCache): Promise<UserWithRoles> {
  const email = o.email.trim().toLowerCase();
  const existing = cache.get(email);
  let before: UserWithRoles;
  let user: UserWithRoles;
  if (existing) {
    before = user = existing;
  } else {
    before = found(o.currentUserId ? await lockUser(ctx.tx, o.currentUserId) : null, 'tài khoản');
    await updateUserRow(ctx.tx, before.id, { email, displayName: before.displayName, active: before.active });
    cache.set(before.email.toLowerCase(), null);
    user = { ...before, email };
  }
  if (!user.roles.some((r) => r.role === o.role)) {
    const isPrimary = user.roles.length === 0;
    await addRole(ctx.tx, user.id, o.role, isPrimary);
    user = { ...user, roles: [...user.roles, { role: o.role, isPrimary }] };
  }
  if (o.studentId !== undefined && user.studentId !== o.studentId) {
    await setUserStudent(ctx.tx, user.id, o.studentId);
    user = { ...user, studentId: o.studentId };
  }
  if (user !== before)
    await ctx.log({ action: 'update', entity: 'user', entityId: user.id, before: snapshot(before), after: snapshot(user) });
  cache.set(email, user);
  return user;
}

/** Unlinks an account from its student record (the record changed account or is deleted). */
export async function unlinkStudentAccount(
  ctx: WriteCtx,
  user: { id: number; email: string; studentId: number | null },
  cache?: AccountCache,
) {
  await setUserStudent(ctx.tx, user.id, null);
  cache?.delete(user.email.toLowerCase());
  await ctx.log({ action: 'update', entity: 'user', entityId: user.id, before: { studentId: user.studentId }, after: { studentId: null } });
}
