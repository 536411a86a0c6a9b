import { eq } from 'drizzle-orm';
import type { TRole } from '@app/shared/roles';
import { vietnameseNameSortKey } from '@app/shared/vietnamese';
import type { Tx } from '../db/client';
import {
  courseClasses,
  courseClassStudents,
  courseClassTeachers,
  departmentHeads,
  homeroomClasses,
  students,
  teachers,
  teacherSubjects,
} from '../db/schema/school';
import { userRoles, users } from '../db/schema/users';
import { searchText } from '../lib/list';
import type { CoursePlan } from './demo-courses';
import { HOMEROOMS, type StudentPlan, type TeacherPlan } from './demo-people';
import type { SchoolFrame } from './demo-school';
import { bulkInsert } from './bulk-insert';

/**
 * Writes the planned people and classes with a handful of bulk inserts (one JSON parameter each),
 * so the first start seeds in about a second. Rows are matched back by their unique keys.
 */

/** New users with their roles (first role primary); returns e-mail → id. */
export async function insertUsers(tx: Tx, list: Array<{ email: string; name: string; roles: TRole[]; studentId?: number }>) {
  const rows = await bulkInsert(
    tx,
    users,
    list.map((u) => ({ email: u.email, displayName: u.name, studentId: u.studentId ?? null, searchText: searchText(u.email, u.name) })),
    ['id', 'email'],
  );
  const idOf = new Map(rows.map((r) => [r.email, r.id]));
  const roleRows = list.flatMap((u) => u.roles.map((role, i) => ({ userId: idOf.get(u.email)!, role, isPrimary: i === 0 })));
  await bulkInsert(tx, userRoles, roleRows);
  return idOf;
}

export interface PeopleIds {
  teacherId: Map<string, number>;
  studentId: Map<string, number>;
  counts: Record<string, number>;
}

export async function insertPeople(
  tx: Tx,
  opts: { frame: SchoolFrame; teachers: TeacherPlan[]; students: StudentPlan[]; demoUserId: Map<string, number> },
): Promise<PeopleIds> {
  const { frame, demoUserId } = opts;

  const teacherUsers = await insertUsers(
    tx,
    opts.teachers
      .filter((t) => !t.demoLocal)
      .map((t) => ({
        email: t.email,
        name: t.fullName,
        roles: ['TEACHER', ...(t.head ? (['HEAD_DEPARTMENT'] as const) : []), ...(t.homeroom ? (['HOMEROOM_TEACHER'] as const) : [])],
      })),
  );
  const teacherRows = await bulkInsert(
    tx,
    teachers,
    opts.teachers.map((t) => ({
      staffCode: t.staffCode,
      fullName: t.fullName,
      email: t.email,
      departmentId: frame.departmentId.get(t.dept)!,
      userId: t.demoLocal ? demoUserId.get(t.demoLocal)! : teacherUsers.get(t.email)!,
      searchText: searchText(t.staffCode, t.fullName, t.email),
      sortKey: vietnameseNameSortKey(t.fullName),
    })),
    ['id', 'staffCode'],
  );
  const teacherId = new Map(teacherRows.map((r) => [r.staffCode, r.id]));
  const teacherSubjectRows = opts.teachers.flatMap((t) =>
    t.subjects.map((s) => ({ teacherId: teacherId.get(t.staffCode)!, subjectId: frame.subjectId.get(s)! })),
  );
  await bulkInsert(tx, teacherSubjects, teacherSubjectRows);
  const heads = opts.teachers.filter((t) => t.head);
  await tx
    .insert(departmentHeads)
    .values(heads.map((t) => ({ departmentId: frame.departmentId.get(t.dept)!, teacherId: teacherId.get(t.staffCode)! })));

  const homeroomRows = await tx
    .insert(homeroomClasses)
    .values(
      HOMEROOMS.map((h) => ({
        name: h.name,
        academicYearId: frame.currentYearId,
        grade: h.grade,
        campusId: frame.campusId.get(h.campus)!,
        homeroomTeacherId: teacherId.get(opts.teachers.find((t) => t.homeroom === h.name)!.staffCode)!,
      })),
    )
    .returning({ id: homeroomClasses.id, name: homeroomClasses.name });
  const homeroomId = new Map(homeroomRows.map((r) => [r.name, r.id]));

  const studentRows = await bulkInsert(
    tx,
    students,
    opts.students.map((s) => ({
      studentCode: s.studentCode,
      fullName: s.fullName,
      email: s.email,
      dateOfBirth: s.dateOfBirth,
      gender: s.gender,
      grade: s.grade,
      campusId: frame.campusId.get(s.campus)!,
      homeroomClassId: homeroomId.get(s.homeroom)!,
      status: 'active',
      searchText: searchText(s.studentCode, s.fullName, s.email),
      sortKey: vietnameseNameSortKey(s.fullName),
    })),
    ['id', 'studentCode'],
  );
  const studentId = new Map(studentRows.map((r) => [r.studentCode, r.id]));
  await insertUsers(
    tx,
    opts.students
      .filter((s) => !s.demoLocal)
      .map((s) => ({ email: s.email, name: s.fullName, roles: ['STUDENT'], studentId: studentId.get(s.studentCode)! })),
  );
  for (const s of opts.students.filter((x) => x.demoLocal)) {
    await tx
      .update(users)
      .set({ studentId: studentId.get(s.studentCode)! })
      .where(eq(users.id, demoUserId.get(s.demoLocal!)!));
  }

  return {
    teacherId,
    studentId,
    counts: {
      teachers: teacherRows.length,
      departmentHeads: heads.length,
      homeroomClasses: homeroomRows.length,
      students: studentRows.length,
      users: teacherUsers.size + opts.students.filter((s) => !s.demoLocal).length,
    },
  };
}

export async function insertCourses(tx: Tx, opts: { frame: SchoolFrame; people: PeopleIds; courses: CoursePlan[] }) {
  const { frame, people } = opts;
  const rows = await bulkInsert(
    tx,
    courseClasses,
    opts.courses.map((c) => ({
      code: c.code,
      name: c.name,
      subjectId: frame.subjectId.get(c.subject)!,
      moduleId: frame.moduleId.get(c.module)!,
      campusId: frame.campusId.get(c.campus)!,
      grade: c.grade,
      capacity: c.capacity,
      classroomId: c.room ? (frame.roomId.get(`${c.campus}:${c.room}`) ?? null) : null,
    })),
    ['id', 'code', 'moduleId'],
  );
  const idOf = new Map(rows.map((r) => [`${r.moduleId}:${r.code}`, r.id]));
  const classId = (c: CoursePlan) => idOf.get(`${frame.moduleId.get(c.module)}:${c.code}`)!;

  await bulkInsert(
    tx,
    courseClassTeachers,
    opts.courses.flatMap((c) => c.teacherCodes.map((t) => ({ courseClassId: classId(c), teacherId: people.teacherId.get(t)! }))),
  );
  const enrolments = opts.courses.flatMap((c) =>
    c.studentCodes.map((s) => ({ courseClassId: classId(c), studentId: people.studentId.get(s)! })),
  );
  await bulkInsert(tx, courseClassStudents, enrolments);
  return { courseClasses: rows.length, enrolments: enrolments.length };
}
