import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProfileRecords } from '@app/shared/profile';
import { bearer, createTestApp, type TestApp } from '@/test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profileOf = async (local: string) => {
  const res = await t.app.inject({ url: '/api/v1/profile', headers: bearer(await t.tokenFor(local)) });
  expect(res.statusCode, `${local}: ${res.body}`).toBe(200);
  return res.json().data as TProfileRecords;
};

describe('GET /profile: the caller’s own record, read-only', () => {
  it("gives a student their record: code, class, grade, campus, date of birth and the class's homeroom teacher", async () => {
    const p = await profileOf('hs.an');
    expect(p.teacher).toBeNull();
    expect(p.student).toMatchObject({
      studentCode: expect.any(String),
      fullName: expect.any(String),
      grade: expect.any(Number),
      campusName: expect.stringMatching(/Cơ sở/),
      homeroomClassName: expect.any(String),
      homeroomTeacherName: expect.any(String),
    });
    expect(p.student!.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('gives a teacher their department, subjects and homeroom class', async () => {
    const p = await profileOf('gv.toan');
    expect(p.student).toBeNull();
    expect(p.teacher).toMatchObject({ staffCode: expect.any(String), departmentName: expect.stringMatching(/Toán/), isHead: true });
    expect(p.teacher!.subjects.length).toBeGreaterThan(0);
    expect(p.teacher!.homeroomClasses.map((c) => c.name)).toContain('10 Toán');
    const plain = await profileOf('gv.van');
    expect(plain.teacher!.homeroomClasses).toEqual([]);
  });

  it('answers every role; office staff without a record get none', async () => {
    for (const local of ['quantri', 'hieutruong', 'giaovu', 'dbcl', 'ketoan', 'csvc']) {
      const p = await profileOf(local);
      expect(p.student, local).toBeNull();
    }
    expect((await profileOf('quantri')).teacher).toBeNull();
    for (const local of ['totruong.ly', 'gvcn.hoa', 'khaibao.sinh', 'gv.anh'])
      expect((await profileOf(local)).teacher, local).not.toBeNull();
  });

  it('answers 401 without a session and takes no id: no way to ask for another person', async () => {
    expect((await t.app.inject({ url: '/api/v1/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/profile/1', headers: bearer(await t.tokenFor('hs.an')) })).statusCode).toBe(404);
  });
});
