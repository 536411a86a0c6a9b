import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TStudent } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { academicYears } from '@/db/schema/academic';
import { campuses, homeroomClasses, students } from '@/db/schema/school';
import { users } from '@/db/schema/users';
import { searchRank, searchWhere, totalOver } from '@/db/sql';
import type { UsageCheck } from '@/lib/write';
import { personDerived } from '../core/people';

export type StudentRow = typeof students.$inferSelect;
export type StudentValues = Pick<
  StudentRow,
  'studentCode' | 'fullName' | 'email' | 'dateOfBirth' | 'gender' | 'grade' | 'campusId' | 'homeroomClassId' | 'status'
>;

export const STUDENT_SORTS = ['studentCode', 'fullName', 'grade', 'dateOfBirth'] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];

// sort_key orders names the way schools do (given name first); it is compared byte by byte.
const nameOrder = sql`${students.sortKey} collate "C"`;
export const studentSortColumns: Record<StudentSort, AnyColumn | SQL> = {
  studentCode: students.studentCode,
  fullName: nameOrder,
  grade: students.grade,
  dateOfBirth: students.dateOfBirth,
};
export const studentTieBreak = [nameOrder, students.id];
/** A searched list without a sort: the student whose code or name is the search first. */
export const studentSearchRank = (search: string | undefined) =>
  searchRank({ text: students.searchText, code: students.studentCode, name: students.fullName }, search);

export interface StudentFilters {
  grade?: number;
  campusId?: number;
  homeroomClassId?: number;
  status?: string;
  search?: string;
}

export function studentWhere(f: StudentFilters): SQL | undefined {
  return and(
    f.grade ? eq(students.grade, f.grade) : undefined,
    f.campusId ? eq(students.campusId, f.campusId) : undefined,
    f.homeroomClassId ? eq(students.homeroomClassId, f.homeroomClassId) : undefined,
    f.status ? eq(students.status, f.status) : undefined,
    searchWhere(students.searchText, f.search),
  );
}

const columns = {
  id: students.id,
  studentCode: students.studentCode,
  fullName: students.fullName,
  email: students.email,
  dateOfBirth: students.dateOfBirth,
  gender: students.gender,
  grade: students.grade,
  campusId: students.campusId,
  campusName: campuses.name,
  homeroomClassId: students.homeroomClassId,
  homeroomClassName: homeroomClasses.name,
  status: students.status,
  createdAt: students.createdAt,
  updatedAt: students.updatedAt,
};
type Selected = Omit<TStudent, 'gender' | 'status' | 'userId' | 'createdAt' | 'updatedAt'> & {
  gender: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The account linked to each student, for a page's ids in one query. Kept out of the page query:
 * a per-row subquery there runs for every row before the offset.
 */
async function linkedUsers(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ studentId: users.studentId, id: sql<number>`min(${users.id})` })
    .from(users)
    .where(sql`${users.studentId} = any(${sql.param(ids)}::int[])`)
    .groupBy(users.studentId);
  return new Map(rows.map((r) => [r.studentId!, Number(r.id)]));
}

async function toStudents(db: DbOrTx, rows: Selected[]): Promise<TStudent[]> {
  const linked = await linkedUsers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    gender: r.gender as TStudent['gender'],
    status: r.status as TStudent['status'],
    userId: linked.get(r.id) ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function listStudents(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }) {
  const rows = await db
    .select({ ...columns, total: totalOver })
    .from(students)
    .innerJoin(campuses, eq(campuses.id, students.campusId))
    .leftJoin(homeroomClasses, eq(homeroomClasses.id, students.homeroomClassId))
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return {
    items: await toStudents(
      db,
      rows.map(({ total: _t, ...r }) => r),
    ),
    total: rows[0]?.total ?? 0,
  };
}

export async function findStudent(db: DbOrTx, id: number): Promise<TStudent | null> {
  const rows = await db
    .select(columns)
    .from(students)
    .innerJoin(campuses, eq(campuses.id, students.campusId))
    .leftJoin(homeroomClasses, eq(homeroomClasses.id, students.homeroomClassId))
    .where(eq(students.id, id))
    .limit(1);
  return (await toStudents(db, rows))[0] ?? null;
}

/** The bare row, locked, for an update or delete and its audit "before". */
export async function lockStudent(db: DbOrTx, id: number): Promise<StudentRow | null> {
  return (await lockStudents(db, [id])).get(id) ?? null;
}

export async function lockStudents(db: DbOrTx, ids: number[]): Promise<Map<number, StudentRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(students)
    .where(sql`${students.id} = any(${sql.param(ids)}::int[])`)
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** The stored search text and name key always follow the values. */
function derived(v: StudentValues) {
  return personDerived(v.studentCode, v.fullName, v.email);
}

const CHUNK = 500;

/** Many students per statement (an import writes thousands); rows come back in the order given. */
export async function insertStudentRows(db: DbOrTx, list: StudentValues[]): Promise<StudentRow[]> {
  const out: StudentRow[] = [];
  for (let i = 0; i < list.length; i += CHUNK) {
    out.push(
      ...(await db
        .insert(students)
        .values(list.slice(i, i + CHUNK).map((v) => ({ ...v, ...derived(v) })))
        .returning()),
    );
  }
  return out;
}

/**
 * Writes many students' values, a few hundred per statement, and answers the rows as now stored
 * (built from the values: the statement sets exactly these columns and this updated_at).
 */
export async function updateStudentRows(db: DbOrTx, list: Array<{ before: StudentRow; values: StudentValues }>): Promise<StudentRow[]> {
  const now = new Date();
  const after = list.map(({ before, values }) => ({ ...before, ...values, ...derived(values), updatedAt: now }));
  for (let i = 0; i < after.length; i += CHUNK) {
    const chunk = after.slice(i, i + CHUNK).map((r) => ({
      id: r.id,
      student_code: r.studentCode,
      full_name: r.fullName,
      email: r.email,
      date_of_birth: r.dateOfBirth,
      gender: r.gender,
      grade: r.grade,
      campus_id: r.campusId,
      homeroom_class_id: r.homeroomClassId,
      status: r.status,
      search_text: r.searchText,
      sort_key: r.sortKey,
    }));
    await db.execute(sql`
      update students s set student_code = v.student_code, full_name = v.full_name, email = v.email, date_of_birth = v.date_of_birth,
        gender = v.gender, grade = v.grade, campus_id = v.campus_id, homeroom_class_id = v.homeroom_class_id, status = v.status,
        search_text = v.search_text, sort_key = v.sort_key, updated_at = ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(
        id int, student_code text, full_name text, email text, date_of_birth date, gender text, grade int, campus_id int,
        homeroom_class_id int, status text, search_text text, sort_key text)
      where s.id = v.id`);
  }
  return after;
}

export async function deleteStudentRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(students).where(eq(students.id, id));
}

/**
 * Student ids by code (lower-cased keys) for many codes in one query. Imports that name students
 * by code (this area's and the enrolment import) resolve a whole file with it.
 */
export async function studentIdsByCodes(db: DbOrTx, codes: string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(codes.map((c) => c.trim().toLowerCase()).filter(Boolean))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: students.id, code: students.studentCode })
    .from(students)
    .where(sql`lower(${students.studentCode}) = any(${sql.param(wanted)}::text[])`);
  return new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
}

// ---- What a student row refers to ----

export interface CampusRef {
  id: number;
  code: string;
  name: string;
}
export interface HomeroomRef {
  id: number;
  name: string;
  grade: number;
  campusId: number;
  academicYearId: number;
}

/** Campuses are few: imports load them all; one write loads the one it names. */
export async function campusRefs(db: DbOrTx, ids?: number[]): Promise<CampusRef[]> {
  const q = db.select({ id: campuses.id, code: campuses.code, name: campuses.name }).from(campuses);
  return ids ? q.where(sql`${campuses.id} = any(${sql.param(ids)}::int[])`) : q;
}

export async function homeroomRefs(db: DbOrTx, ids: number[]): Promise<HomeroomRef[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: homeroomClasses.id,
      name: homeroomClasses.name,
      grade: homeroomClasses.grade,
      campusId: homeroomClasses.campusId,
      academicYearId: homeroomClasses.academicYearId,
    })
    .from(homeroomClasses)
    .where(sql`${homeroomClasses.id} = any(${sql.param(ids)}::int[])`);
}

/** The homeroom classes of the current academic year (an import names classes of this year). */
export async function currentYearHomeroomRefs(db: DbOrTx): Promise<{ year: { id: number; name: string } | null; classes: HomeroomRef[] }> {
  const [year] = await db
    .select({ id: academicYears.id, name: academicYears.name })
    .from(academicYears)
    .where(eq(academicYears.isCurrent, true))
    .limit(1);
  if (!year) return { year: null, classes: [] };
  const classes = await db
    .select({
      id: homeroomClasses.id,
      name: homeroomClasses.name,
      grade: homeroomClasses.grade,
      campusId: homeroomClasses.campusId,
      academicYearId: homeroomClasses.academicYearId,
    })
    .from(homeroomClasses)
    .where(eq(homeroomClasses.academicYearId, year.id));
  return { year, classes };
}

/** A student can be deleted only when nothing points at it (accounts are unlinked, not counted). */
export function studentUsage(id: number): UsageCheck[] {
  return [
    { label: 'lớp học phần', count: sql`select count(*) from course_class_students where student_id = ${id}` },
    // Deleting would drop them by cascade without freeing their seats, nor taking a round's locks:
    // an administrator removes them from the round first (or changes the student's status).
    { label: 'đăng ký học phần', count: sql`select count(*) from registrations where student_id = ${id}` },
  ];
}

/**
 * Copies a changed account e-mail to the student record (users.service calls it when an admin
 * edits the account). Answers the before/after for the audit log, or null when nothing changed.
 */

// ---- Students of a class ----

export const CLASS_STUDENT_SORTS = ['fullName', 'studentCode', 'dateOfBirth', 'gender', 'status'] as const;
export type ClassStudentSort = (typeof CLASS_STUDENT_SORTS)[number];
export const classStudentSortColumns: Record<ClassStudentSort, AnyColumn | SQL> = {
  // sort_key orders Vietnamese names the way schools do (given name first).
  fullName: students.sortKey,
  studentCode: students.studentCode,
  dateOfBirth: students.dateOfBirth,
  gender: students.gender,
  status: students.status,
};
export const classStudentTieBreak = [students.sortKey, students.id];

/** A class's students, as the student list shows them. */
export async function listClassStudents(
  db: DbOrTx,
  opts: { classId: number; search?: string; order: SQL[]; limit: number; offset: number },
) {
  return listStudents(db, {
    where: and(eq(students.homeroomClassId, opts.classId), searchWhere(students.searchText, opts.search)),
    order: opts.order,
    limit: opts.limit,
    offset: opts.offset,
  });
}
