import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZUserRow } from '@app/shared/school';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { readXlsx } from '@/test/multipart';
import { auditOf, countWhere } from '@/test/school';
import { uniq } from '@/test/uniq';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await t.tokenFor('quantri'));
});
afterAll(() => t.close());

const mail = (local: string) => `${local}.${uniq().toLowerCase()}@test.edu.vn`;
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object | undefined });

async function createUser(body: Record<string, unknown>) {
  const res = await inject('POST', '/api/v1/users', admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return ZUserRow.parse(res.json().data);
}

describe('users: who may call', () => {
  it('lets only an admin list, read and write accounts', async () => {
    expect((await inject('GET', '/api/v1/users', admin)).statusCode).toBe(200);
    for (const who of ['giaovu', 'hieutruong', 'gv.anh', 'hs.an']) {
      const h = bearer(await t.tokenFor(who));
      expect((await inject('GET', '/api/v1/users', h)).statusCode, who).toBe(403);
      expect(
        (await inject('POST', '/api/v1/users', h, { email: mail('x'), roles: [{ role: 'TEACHER', isPrimary: true }] })).statusCode,
        who,
      ).toBe(403);
    }
  });
});

describe('users: create, validate, uniqueness', () => {
  it('creates an account with its roles, primary role, search text and an audit entry', async () => {
    const email = mail('Lan.Nguyen');
    const u = await createUser({
      email: email.toUpperCase(),
      displayName: 'Nguyễn Thị Lan',
      roles: [
        { role: 'TEACHER', isPrimary: false },
        { role: 'HEAD_DEPARTMENT', isPrimary: true },
      ],
    });
    expect(u.email).toBe(email.toLowerCase());
    expect(u.primaryRole).toBe('HEAD_DEPARTMENT');
    expect(u.roles.map((r) => r.role).sort()).toEqual(['HEAD_DEPARTMENT', 'TEACHER']);
    expect(u.active).toBe(true);
    const log = await auditOf(t.database.db, 'user', u.id);
    expect(log.map((l) => l.action)).toEqual(['create']);
    expect(log[0].actorId).toBe(await t.userId('quantri'));

    const found = await inject('GET', `/api/v1/users?search=${encodeURIComponent('nguyen thi lan')}&limit=100`, admin);
    expect(found.json().data.items.map((x: { id: number }) => x.id)).toContain(u.id);
  });

  it('refuses two primary roles with a Vietnamese 400 and writes nothing', async () => {
    const email = mail('hai.chinh');
    const res = await inject('POST', '/api/v1/users', admin, {
      email,
      roles: [
        { role: 'TEACHER', isPrimary: true },
        { role: 'ADMIN', isPrimary: true },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Phải có đúng một vai trò chính.');
    expect(await countWhere(t.database.db, 'users', sql`email = ${email}`)).toBe(0);
  });

  it('refuses an e-mail already used, whatever its case, with 409', async () => {
    const email = mail('trung');
    await createUser({ email, roles: [{ role: 'TEACHER', isPrimary: true }] });
    const res = await inject('POST', '/api/v1/users', admin, { email: email.toUpperCase(), roles: [{ role: 'STUDENT', isPrimary: true }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('E-mail này đã được dùng cho tài khoản khác.');

    const other = await createUser({ email: mail('khac'), roles: [{ role: 'TEACHER', isPrimary: true }] });
    const put = await inject('PUT', `/api/v1/users/${other.id}`, admin, { email, roles: [{ role: 'TEACHER', isPrimary: true }] });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe('E-mail này đã được dùng cho tài khoản khác.');
  });
});

describe('users: update, deactivate, self-protection', () => {
  it('replaces roles and logs before and after', async () => {
    const u = await createUser({ email: mail('doi.vaitro'), roles: [{ role: 'TEACHER', isPrimary: true }] });
    const res = await inject('PUT', `/api/v1/users/${u.id}`, admin, {
      email: u.email,
      displayName: 'Tên mới',
      roles: [{ role: 'ACCOUNTANT', isPrimary: true }],
      active: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.roles).toEqual([{ role: 'ACCOUNTANT', isPrimary: true }]);
    expect(res.json().data.displayName).toBe('Tên mới');
    const log = await auditOf(t.database.db, 'user', u.id);
    expect(log.at(-1)).toMatchObject({
      action: 'update',
      before: { roles: [{ role: 'TEACHER' }] },
      after: { roles: [{ role: 'ACCOUNTANT' }] },
    });
  });

  it('deactivates on DELETE, keeps the row and roles, and the token stops working at once', async () => {
    const email = mail('nghi.viec');
    const u = await createUser({ email, roles: [{ role: 'TEACHER', isPrimary: true }] });
    const theirs = bearer(await t.tokenFor(email));
    expect((await inject('GET', '/api/v1/dashboard', theirs)).statusCode).toBe(200);

    const res = await inject('DELETE', `/api/v1/users/${u.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Đã vô hiệu hóa tài khoản.');
    expect(res.json().data).toMatchObject({ id: u.id, active: false, roles: [{ role: 'TEACHER', isPrimary: true }] });
    expect((await inject('GET', '/api/v1/dashboard', theirs)).statusCode).toBe(401);
    expect((await auditOf(t.database.db, 'user', u.id)).at(-1)).toMatchObject({
      action: 'deactivate',
      before: { active: true },
      after: { active: false },
    });

    const inactive = await inject('GET', '/api/v1/users?active=false&limit=100', admin);
    expect(inactive.json().data.items.map((x: { id: number }) => x.id)).toContain(u.id);
    expect(inactive.json().data.items.every((x: { active: boolean }) => !x.active)).toBe(true);
    // Reactivated, the account signs in again, but the token from before stays dead.
    const back = await inject('PUT', `/api/v1/users/${u.id}`, admin, {
      email,
      roles: [{ role: 'TEACHER', isPrimary: true }],
      active: true,
    });
    expect(back.statusCode).toBe(200);
    expect((await inject('GET', '/api/v1/dashboard', theirs)).statusCode).toBe(401);
    const again = bearer(await t.tokenFor(email));
    expect((await inject('GET', '/api/v1/dashboard', again)).statusCode).toBe(200);
    // Deactivating by PUT (active: false) ends the sessions the same way.
    expect(
      (await inject('PUT', `/api/v1/users/${u.id}`, admin, { email, roles: [{ role: 'TEACHER', isPrimary: true }], active: false }))
        .statusCode,
    ).toBe(200);
    await inject('PUT', `/api/v1/users/${u.id}`, admin, { email, roles: [{ role: 'TEACHER', isPrimary: true }], active: true });
    expect((await inject('GET', '/api/v1/dashboard', again)).statusCode).toBe(401);
  });

  it('does not let an admin deactivate themselves or drop their own ADMIN role', async () => {
    const me = await t.userId('quantri');
    const del = await inject('DELETE', `/api/v1/users/${me}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Bạn không thể tự vô hiệu hóa tài khoản của chính mình.');

    const current = (await inject('GET', `/api/v1/users/${me}`, admin)).json().data;
    const drop = await inject('PUT', `/api/v1/users/${me}`, admin, { email: current.email, roles: [{ role: 'TEACHER', isPrimary: true }] });
    expect(drop.statusCode).toBe(400);
    expect(drop.json().message).toBe('Bạn không thể tự bỏ vai trò Quản trị viên của chính mình.');

    const off = await inject('PUT', `/api/v1/users/${me}`, admin, { email: current.email, roles: current.roles, active: false });
    expect(off.statusCode).toBe(409);

    const after = (await inject('GET', `/api/v1/users/${me}`, admin)).json().data;
    expect(after.active).toBe(true);
    expect(after.roles).toEqual(current.roles);
  });

  it('answers 404 in Vietnamese for an unknown account', async () => {
    const res = await inject('GET', '/api/v1/users/999999', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Không tìm thấy tài khoản.');
  });
});

describe('users: end all sessions (POST /users/{id}/sessions/revoke)', () => {
  const revoke = (id: number, headers: Record<string, string>) => inject('POST', `/api/v1/users/${id}/sessions/revoke`, headers);

  it('ends every session of another account at once, audited; the account stays active and signs in again', async () => {
    const email = mail('mat.may');
    const u = await createUser({ email, roles: [{ role: 'TEACHER', isPrimary: true }] });
    const phone = bearer(await t.tokenFor(email));
    const laptop = bearer(await t.tokenFor(email));
    expect((await inject('GET', '/api/v1/dashboard', phone)).statusCode).toBe(200);

    const res = await revoke(u.id, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Đã đăng xuất mọi phiên của tài khoản.', data: { id: u.id, active: true } });
    for (const h of [phone, laptop]) {
      const after = await inject('GET', '/api/v1/dashboard', h);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe('Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.');
    }
    expect((await auditOf(t.database.db, 'user', u.id)).at(-1)).toMatchObject({
      action: 'end_sessions',
      actorId: await t.userId('quantri'),
      before: { tokenVersion: 0 },
      after: { tokenVersion: 1 },
    });
    // A token issued afterwards works; the admin's own session was not touched.
    expect((await inject('GET', '/api/v1/dashboard', bearer(await t.tokenFor(email)))).statusCode).toBe(200);
    expect((await inject('GET', '/api/v1/users', admin)).statusCode).toBe(200);
  });

  it('is refused to every role but admin, and answers 404 for an unknown account', async () => {
    const target = await t.userId('gv.van');
    const theirs = bearer(await t.tokenFor('gv.van'));
    for (const who of ['giaovu', 'hieutruong', 'dbcl', 'gv.toan', 'hs.an']) {
      const res = await revoke(target, bearer(await t.tokenFor(who)));
      expect(res.statusCode, who).toBe(403);
    }
    // Not even on one's own account: sign-out is POST /auth/logout.
    expect((await revoke(target, theirs)).statusCode).toBe(403);
    expect((await inject('GET', '/api/v1/dashboard', theirs)).statusCode).toBe(200);
    expect((await auditOf(t.database.db, 'user', target)).some((a) => a.action === 'end_sessions')).toBe(false);
    const missing = await revoke(999999, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Không tìm thấy tài khoản.');
  });
});

describe('users: list and export', () => {
  it('filters by role, sorts by e-mail and pages', async () => {
    const tag = uniq().toLowerCase();
    for (const l of ['c', 'a', 'b'])
      await createUser({ email: `${l}.${tag}@loc.edu.vn`, roles: [{ role: 'DECLARATION', isPrimary: true }] });
    const res = await inject('GET', `/api/v1/users?role=DECLARATION&search=${tag}&sort=email&order=desc&limit=2`, admin);
    const data = res.json().data;
    expect(data.total).toBe(3);
    expect(data.items.map((u: { email: string }) => u.email)).toEqual([`c.${tag}@loc.edu.vn`, `b.${tag}@loc.edu.vn`]);
    const teachers = await inject('GET', '/api/v1/users?role=TEACHER&limit=100', admin);
    expect(teachers.json().data.items.every((u: { roles: Array<{ role: string }> }) => u.roles.some((r) => r.role === 'TEACHER'))).toBe(
      true,
    );
    expect((await inject('GET', '/api/v1/users?role=NOPE', admin)).statusCode).toBe(400);
  });

  it('exports the filtered list as .xlsx', async () => {
    const tag = uniq().toLowerCase();
    await createUser({ email: `xuat.${tag}@loc.edu.vn`, displayName: 'Người Xuất', roles: [{ role: 'TEACHER', isPrimary: true }] });
    const res = await inject('GET', `/api/v1/users/export?search=${tag}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0].slice(0, 4)).toEqual(['E-mail', 'Tên hiển thị', 'Vai trò', 'Trạng thái']);
    expect(rows.slice(1)).toEqual([[`xuat.${tag}@loc.edu.vn`, 'Người Xuất', 'Giáo viên', 'Hoạt động', '', expect.any(String)]]);
  });
});
