import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';

/* The SQL of the assignment board and of the duties and positions the department records. */

const ids = (list: number[]) => `{${list.join(',')}}`;
const first = async <T>(p: Promise<T[]>): Promise<T | null> => (await p)[0] ?? null;

export interface ModuleRow {
  id: number;
  code: string;
  name: string;
  startDate: string;
  endDate: string;
  academicYearId: number;
}

export const moduleRow = (db: DbOrTx, id: number) =>
  first(
    queryRows<ModuleRow>(
      db,
      sql`select m.id, m.code, m.name, m.start_date::text as "startDate", m.end_date::text as "endDate", s.academic_year_id as "academicYearId"
          from modules m join semesters s on s.id = m.semester_id where m.id = ${id}`,
    ),
  );

export const yearRow = (db: DbOrTx, id: number) =>
  first(
    queryRows<{ id: number; name: string; startDate: string; endDate: string }>(
      db,
      sql`select id, name, start_date::text as "startDate", end_date::text as "endDate" from academic_years where id = ${id}`,
    ),
  );

/** Every department (null) or some, by name. */
export const departmentRows = (db: DbOrTx, only: number[] | null) =>
  queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from departments ${only === null ? sql`` : sql`where id = any(${ids(only)}::int[])`} order by name, id`,
  );

/** The departments a teacher heads. */
export async function headedBy(db: DbOrTx, teacherId: number | null): Promise<number[]> {
  if (teacherId === null) return [];
  const rows = await queryRows<{ id: number }>(db, sql`select department_id as id from department_heads where teacher_id = ${teacherId}`);
  return rows.map((r) => r.id);
}

export interface BoardClassRow {
  id: number;
  code: string;
  name: string;
  subjectName: string;
  grade: number;
  periodsPerWeek: number;
  departmentId: number | null;
  teachers: Array<{ id: number; fullName: string; staffCode: string }> | null;
}

const CLASS_COLS = sql`cc.id, cc.code, cc.name, s.name as "subjectName", cc.grade, s.department_id as "departmentId",
  coalesce(cc.periods_per_week, p.periods_per_week, 0)::int as "periodsPerWeek",
  (select json_agg(json_build_object('id', t.id, 'fullName', t.full_name, 'staffCode', t.staff_code) order by t.sort_key, t.id)
     from course_class_teachers x join teachers t on t.id = x.teacher_id where x.course_class_id = cc.id) as teachers`;
const CLASS_FROM = sql`course_classes cc join subjects s on s.id = cc.subject_id
  left join subject_period_plans p on p.subject_id = cc.subject_id and p.grade = cc.grade`;

/** The course classes of a module whose subject belongs to the department, by code. */
export const departmentClasses = (db: DbOrTx, moduleId: number, departmentId: number) =>
  queryRows<BoardClassRow>(
    db,
    sql`select ${CLASS_COLS} from ${CLASS_FROM} where cc.module_id = ${moduleId} and s.department_id = ${departmentId} order by cc.code, cc.id`,
  );

export const boardClass = (db: DbOrTx, id: number) =>
  first(
    queryRows<BoardClassRow & { moduleId: number }>(
      db,
      sql`select ${CLASS_COLS}, cc.module_id as "moduleId" from ${CLASS_FROM} where cc.id = ${id}`,
    ),
  );

export interface TeacherRow {
  id: number;
  fullName: string;
  staffCode: string;
  position: string;
  departmentId: number | null;
}

const TEACHER_COLS = sql`id, full_name as "fullName", staff_code as "staffCode", position, department_id as "departmentId"`;

/** The department's teachers in Vietnamese name order. */
export const departmentTeachers = (db: DbOrTx, departmentId: number) =>
  queryRows<TeacherRow>(db, sql`select ${TEACHER_COLS} from teachers where department_id = ${departmentId} order by sort_key, id`);

export const teachersByIds = (db: DbOrTx, teacherIds: number[]) =>
  queryRows<TeacherRow>(db, sql`select ${TEACHER_COLS} from teachers where id = any(${ids(teacherIds)}::int[])`);

export const teacherById = (db: DbOrTx, id: number) =>
  first(queryRows<TeacherRow>(db, sql`select ${TEACHER_COLS} from teachers where id = ${id}`));

export const lockTeacher = (db: DbOrTx, id: number) =>
  first(queryRows<TeacherRow>(db, sql`select ${TEACHER_COLS} from teachers where id = ${id} for update`));

export async function setPosition(db: DbOrTx, id: number, position: string): Promise<void> {
  await db.execute(sql`update teachers set position = ${position}, updated_at = now() where id = ${id}`);
}

export interface DutyRecord {
  id: number;
  teacherId: number;
  academicYearId: number;
  code: string;
  note: string | null;
  startsOn: string | null;
  endsOn: string | null;
}

const DUTY_COLS = sql`id, teacher_id as "teacherId", academic_year_id as "academicYearId", code, note,
  starts_on::text as "startsOn", ends_on::text as "endsOn"`;

export const dutyRows = (db: DbOrTx, q: { teacherId?: number; academicYearId?: number; teacherIds?: number[] }) =>
  queryRows<DutyRecord>(
    db,
    sql`select ${DUTY_COLS} from teacher_duties where true
        ${q.teacherId !== undefined ? sql`and teacher_id = ${q.teacherId}` : sql``}
        ${q.teacherIds !== undefined ? sql`and teacher_id = any(${ids(q.teacherIds)}::int[])` : sql``}
        ${q.academicYearId !== undefined ? sql`and academic_year_id = ${q.academicYearId}` : sql``}
        order by teacher_id, academic_year_id, code`,
  );

export const lockDuty = (db: DbOrTx, id: number) =>
  first(queryRows<DutyRecord>(db, sql`select ${DUTY_COLS} from teacher_duties where id = ${id} for update`));

export const sameDuty = (db: DbOrTx, d: { teacherId: number; academicYearId: number; code: string; exceptId?: number }) =>
  first(
    queryRows<{ id: number }>(
      db,
      sql`select id from teacher_duties where teacher_id = ${d.teacherId} and academic_year_id = ${d.academicYearId} and code = ${d.code}
          ${d.exceptId ? sql`and id <> ${d.exceptId}` : sql``}`,
    ),
  );

export type DutyValues = Omit<DutyRecord, 'id'>;

export async function insertDuty(db: DbOrTx, v: DutyValues): Promise<DutyRecord> {
  const [row] = await queryRows<DutyRecord>(
    db,
    sql`insert into teacher_duties (teacher_id, academic_year_id, code, note, starts_on, ends_on)
        values (${v.teacherId}, ${v.academicYearId}, ${v.code}, ${v.note}, ${v.startsOn}::date, ${v.endsOn}::date) returning ${DUTY_COLS}`,
  );
  return row;
}

export async function updateDuty(db: DbOrTx, id: number, v: DutyValues): Promise<DutyRecord> {
  const [row] = await queryRows<DutyRecord>(
    db,
    sql`update teacher_duties set teacher_id = ${v.teacherId}, academic_year_id = ${v.academicYearId}, code = ${v.code}, note = ${v.note},
               starts_on = ${v.startsOn}::date, ends_on = ${v.endsOn}::date, updated_at = now()
        where id = ${id} returning ${DUTY_COLS}`,
  );
  return row;
}

export async function deleteDuty(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`delete from teacher_duties where id = ${id}`);
}
