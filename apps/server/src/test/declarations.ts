import { sql } from 'drizzle-orm';
import type { TRole } from '@app/shared/roles';
import { queryRows, type Db } from '@/db/client';
import { demoEmail } from '../seed/demo';
import { addRegClass, makeRegModule, publishLessons, type RegModule } from './registration';
import { addAccounts, addDepartments, addHead, addTeachers } from './school';
import { uniq } from './uniq';

/*
 * Tests only: teaching declarations (issue 15) on a module of its own (makeRegModule, a year from now):
 * two departments, people with accounts in each role the workflow names, a declaration period for the
 * module's semester with one holiday, and a course class of the first teacher with a published timetable.
 */

export interface DeclPerson {
  email: string;
  userId: number;
  teacherId: number | null;
}

export interface DeclSchool {
  m: RegModule;
  semesterId: number;
  semesterStart: string;
  deptA: number;
  deptB: number;
  /** Teacher of department A (the one with the class and the timetable). */
  teacher: DeclPerson;
  /** Another teacher of department A. */
  colleague: DeclPerson;
  /** Teacher of department B. */
  other: DeclPerson;
  /** Head of department A. */
  head: DeclPerson;
  /** Head of department B. */
  headB: DeclPerson;
  /** DECLARATION holder of department A. */
  clerk: DeclPerson;
  office: DeclPerson;
  principal: DeclPerson;
  periodId: number;
  /** The holiday (a Monday inside the module). */
  holiday: string;
  courseClassId: number;
}

async function person(db: Db, tag: string, name: string, roles: TRole[], departmentId: number | null): Promise<DeclPerson> {
  const email = demoEmail(`kk.${name}.${tag.toLowerCase()}`);
  const [userId] = await addAccounts(db, [{ email, displayName: `${name} ${tag}`, roles }]);
  if (departmentId === null) return { email, userId, teacherId: null };
  const [t] = await addTeachers(db, [{ fullName: `Giáo viên ${name} ${tag}`, userId, departmentId }]);
  return { email, userId, teacherId: t.id };
}

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);
const isoDow = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** The days of [from, to] that fall on an ISO weekday (1 = Monday). */
export function weekdaysBetween(from: string, to: string, dow: number): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isoDow(d) === dow) out.push(d);
  return out;
}

export async function makeDeclSchool(db: Db): Promise<DeclSchool> {
  const m = await makeRegModule(db);
  const [sem] = await queryRows<{ id: number; startDate: string }>(
    db,
    sql`select s.id, s.start_date::text as "startDate" from modules m join semesters s on s.id = m.semester_id where m.id = ${m.module.id}`,
  );
  const tag = uniq('');
  const [a, b] = await addDepartments(db, [
    { code: `KA${tag}`, name: `Tổ A ${tag}` },
    { code: `KB${tag}`, name: `Tổ B ${tag}` },
  ]);
  const teacher = await person(db, tag, 'gv', ['TEACHER'], a.id);
  const colleague = await person(db, tag, 'gv2', ['TEACHER'], a.id);
  const other = await person(db, tag, 'gvb', ['TEACHER'], b.id);
  const head = await person(db, tag, 'tt', ['HEAD_DEPARTMENT', 'TEACHER'], a.id);
  const headB = await person(db, tag, 'ttb', ['HEAD_DEPARTMENT', 'TEACHER'], b.id);
  const clerk = await person(db, tag, 'kb', ['DECLARATION', 'TEACHER'], a.id);
  const office = await person(db, tag, 'gvu', ['ACADEMIC_AFFAIR'], null);
  const principal = await person(db, tag, 'ht', ['PRINCIPAL'], null);
  await addHead(db, a.id, head.teacherId!);
  await addHead(db, b.id, headB.teacherId!);
  const holiday = weekdaysBetween(m.module.startDate, m.module.endDate, 1)[2];
  const [period] = await queryRows<{ id: number }>(
    db,
    sql`insert into declaration_periods (semester_id, weeks, opens_at, closes_at, review_by, holidays)
        values (${sem.id}, 18, now() - interval '1 day', now() + interval '30 days', null, ${`{${holiday}}`}::date[]) returning id`,
  );
  const cls = await addRegClass(db, m, { name: `Toán KK ${tag}`, teacherIds: [teacher.teacherId!] });
  // Monday period 1 (1 period) and Wednesday periods 2–3 (a double lesson).
  await publishLessons(db, m, [
    { courseClassId: cls.id, day: 1, period: 1 },
    { courseClassId: cls.id, day: 3, period: 2, length: 2 },
  ]);
  return {
    m,
    semesterId: sem.id,
    semesterStart: sem.startDate,
    deptA: a.id,
    deptB: b.id,
    teacher,
    colleague,
    other,
    head,
    headB,
    clerk,
    office,
    principal,
    periodId: period.id,
    holiday,
    courseClassId: cls.id,
  };
}
