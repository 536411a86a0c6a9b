import { sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { bearer, type TestApp } from './app';
import { addCourseClass, addModules, addSemester, addYear } from './school';
import { uniq } from './uniq';

/** Tests only: calls and look-ups the timetable tests share (the demo school's own data). */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(t: TestApp) {
  const tokens = new Map<string, string>();
  const tokenOf = async (local: string) => {
    if (!tokens.has(local)) tokens.set(local, await t.tokenFor(local));
    return tokens.get(local)!;
  };
  return async function call(method: Method, url: string, who: string, payload?: unknown) {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(await tokenOf(who)),
      payload: payload as object | undefined,
    });
    return { status: res.statusCode, body: res.json(), res };
  };
}

export async function one<T>(t: TestApp, q: ReturnType<typeof sql>): Promise<T> {
  const rows = await queryRows<T>(t.database.db, q);
  if (!rows.length) throw new Error('no row');
  return rows[0];
}

/** The demo user's teacher record id and department. */
export const teacherOf = (t: TestApp, local: string) =>
  one<{ id: number; departmentId: number | null }>(
    t,
    sql`select t.id, t.department_id as "departmentId" from teachers t join users u on u.id = t.user_id
        where u.email like ${`${local}@%`}`,
  );

export const currentModule = (t: TestApp) =>
  one<{ id: number; startDate: string; endDate: string }>(
    t,
    sql`select id, start_date::text as "startDate", end_date::text as "endDate" from modules where is_current order by id limit 1`,
  );

/**
 * A small module of its own (autumn 2030, no other module then) on the demo school's first campus:
 * course class A (hs.an, hs.binh; gv.toan; 2 periods a week) and B (hs.an; gv.van; 1 period), and a
 * standard room that holds them. Its draft starts with 3 unplaced lessons.
 */
export async function makeTinyModule(t: TestApp) {
  const db = t.database.db;
  const campus = await one<{ id: number; name: string }>(t, sql`select id, name from campuses order by id limit 1`);
  const room = await one<{ id: number; code: string }>(
    t,
    sql`select id, code from classrooms where campus_id = ${campus.id} and kind = 'standard' and capacity >= 5 order by id limit 1`,
  );
  const subject = await one<{ id: number; name: string }>(t, sql`select id, name from subjects order by id limit 1`);
  const student = (local: string) =>
    one<{ id: number; userId: number }>(t, sql`select student_id as id, id as "userId" from users where email like ${`${local}@%`}`);
  const an = await student('hs.an');
  const binh = await student('hs.binh');
  const toan = await teacherOf(t, 'gv.toan');
  const van = await teacherOf(t, 'gv.van');
  const tag = uniq('TKB');
  const year = await addYear(db, { name: `2030-2031 ${tag}`, startDate: '2030-09-01', endDate: '2031-05-31' });
  const sem = await addSemester(db, { name: 'HK1', academicYearId: year.id, startDate: '2030-09-01', endDate: '2031-01-15' });
  const [mod] = await addModules(db, [
    { code: tag, name: `Học phần ${tag}`, semesterId: sem.id, startDate: '2030-09-02', endDate: '2030-10-27' },
  ]);
  const a = await addCourseClass(db, {
    code: `${tag}-A`,
    name: `Lớp A ${tag}`,
    subjectId: subject.id,
    moduleId: mod.id,
    campusId: campus.id,
    grade: 10,
    periodsPerWeek: 2,
    doublePeriods: false,
    roomKind: 'standard',
    studentIds: [an.id, binh.id],
    teacherIds: [toan.id],
  });
  const b = await addCourseClass(db, {
    code: `${tag}-B`,
    name: `Lớp B ${tag}`,
    subjectId: subject.id,
    moduleId: mod.id,
    campusId: campus.id,
    grade: 10,
    periodsPerWeek: 1,
    doublePeriods: false,
    roomKind: 'standard',
    studentIds: [an.id],
    teacherIds: [van.id],
  });
  return { campus, room, subject, an, binh, toan, van, module: mod, a, b };
}
