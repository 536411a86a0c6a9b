import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLogs } from '../db/schema/audit';
import { users } from '../db/schema/users';
import { queryRows } from '../db/client';
import { findUserByEmail, insertUser } from '../modules/users/users.repository';
import { createTestApp, type TestApp } from '../test/app';
import { ensureAdmins } from './admins';
import { DEMO_STAFF, DEMO_STUDENTS, demoEmail, seedDemo } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { seed: false });
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('seeds every role once and leaves the data alone on the next start', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    expect(await seedDemo(t.database.db)).toBe(false);
    const [{ n }] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users`);
    expect(Number(n)).toBe(DEMO_STAFF.length + DEMO_STUDENTS.length);
    const primaries = await queryRows<{ role: string }>(t.database.db, sql`select distinct role from user_roles where is_primary`);
    expect(primaries.length).toBe(11);
    const lan = await findUserByEmail(t.database.db, demoEmail('gv.toan'));
    expect(lan!.roles.map((r) => r.role).sort()).toEqual(['HEAD_DEPARTMENT', 'HOMEROOM_TEACHER', 'TEACHER']);
  });
});

describe('ADMIN_EMAILS', () => {
  it('creates a missing admin, re-activates and promotes an existing account, and audits both', async () => {
    await insertUser(t.database.db, { email: 'cu@truong.vn', displayName: 'Cũ', active: false, roles: [{ role: 'TEACHER', isPrimary: true }] });
    await ensureAdmins(t.database.db, ['moi@truong.vn', 'CU@truong.vn']);
    await ensureAdmins(t.database.db, ['moi@truong.vn', 'cu@truong.vn']); // idempotent

    const moi = await findUserByEmail(t.database.db, 'moi@truong.vn');
    expect(moi).toMatchObject({ active: true, roles: [{ role: 'ADMIN', isPrimary: true }] });
    const cu = await findUserByEmail(t.database.db, 'cu@truong.vn');
    expect(cu!.active).toBe(true);
    expect(cu!.roles).toEqual(expect.arrayContaining([{ role: 'TEACHER', isPrimary: true }, { role: 'ADMIN', isPrimary: false }]));

    const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entity, 'user'));
    const forCu = entries.filter((e) => e.entityId === String(cu!.id));
    expect(forCu).toHaveLength(1);
    expect(forCu[0]).toMatchObject({ action: 'update', before: { active: false } });
    expect(entries.filter((e) => e.entityId === String(moi!.id) && e.action === 'create')).toHaveLength(1);
    const [{ n }] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${users} where lower(email) = 'cu@truong.vn'`);
    expect(Number(n)).toBe(1);
  });
});
