import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStudent, TTeacher } from '@app/shared/school';
import type { TestApp } from '@/test/app';
import { addStudents, addTeachers, startSchoolApp, type School } from '@/test/school';

/**
 * A searched list without a column to sort by puts the best matches first: the exact code, the
 * exact name, the name holding the words whole, words starting the name's words, then the rest;
 * within each, the list's own order.
 */
let t: TestApp;
let s: School;
let admin: Record<string, string>;
beforeAll(async () => {
  ({ t, s, admin } = await startSchoolApp());
  const inA = { grade: 10, campusId: s.campusA.id, homeroomClassId: s.class10A.id };
  await addStudents(t.database.db, [
    // Every one holds "minh" and "an" somewhere, so every one matches "Minh An".
    { ...inA, fullName: 'Hoàng Minh Ái' },
    { ...inA, fullName: 'Trần An Minh' },
    { ...inA, fullName: 'Lê Minh Anh' },
    { ...inA, fullName: 'Phạm Minh Ân' },
    { ...inA, fullName: 'Nguyễn Minh An' },
    { ...inA, studentCode: `HS${s.tag}11`, fullName: 'Bùi Anh' },
    { ...inA, studentCode: `HS${s.tag}10`, fullName: 'Đỗ An' },
    { ...inA, studentCode: `HS${s.tag}1`, fullName: 'Vũ Thị Yến' },
  ]);
  await addTeachers(t.database.db, [
    { fullName: 'Đinh Văn An', departmentId: s.deptA.id, staffCode: `GV${s.tag}10` },
    { fullName: 'Vũ Thị Yến', departmentId: s.deptA.id, staffCode: `GV${s.tag}1` },
  ]);
});
afterAll(() => t.close());

async function list<T>(url: string): Promise<T[]> {
  const res = await t.app.inject({ method: 'GET', url, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as T[];
}
const names = (rows: Array<{ fullName: string }>) => rows.map((r) => r.fullName);

describe('search ranking', () => {
  it('"Minh An": the names holding it whole first, then word starts, then the rest (accents ignored)', async () => {
    const q = (search: string, extra = '') =>
      list<TStudent>(`/api/v1/students?campusId=${s.campusA.id}&search=${encodeURIComponent(search)}${extra}`);
    expect(names(await q('Minh An'))).toEqual(['Nguyễn Minh An', 'Phạm Minh Ân', 'Lê Minh Anh', 'Trần An Minh', 'Hoàng Minh Ái']);
    expect(names(await q('minh an'))).toEqual(names(await q('MINH ÂN')));
    // The exact full name before the names merely holding it.
    expect(names(await q('nguyen minh an'))).toEqual(['Nguyễn Minh An']);
    // A column the person sorts by still decides.
    expect(names(await q('Minh An', '&sort=fullName'))).toEqual([
      'Hoàng Minh Ái',
      'Nguyễn Minh An',
      'Lê Minh Anh',
      'Phạm Minh Ân',
      'Trần An Minh',
    ]);
  });

  it('an exact code comes first, then codes starting with it', async () => {
    const rows = await list<TStudent>(`/api/v1/students?campusId=${s.campusA.id}&search=hs${s.tag}1`);
    expect(rows.map((r) => r.studentCode)).toEqual([`HS${s.tag}1`, `HS${s.tag}10`, `HS${s.tag}11`]);
    // The homeroom class's list and the teachers' list rank the same way.
    const inClass = await list<TStudent>(`/api/v1/homeroom-classes/${s.class10A.id}/students?search=HS${s.tag}1`);
    expect(inClass[0].studentCode).toBe(`HS${s.tag}1`);
    const teachers = await list<TTeacher>(`/api/v1/teachers?departmentId=${s.deptA.id}&search=gv${s.tag}1`);
    expect(teachers.map((r) => r.staffCode)).toEqual([`GV${s.tag}1`, `GV${s.tag}10`]);
  });
});
