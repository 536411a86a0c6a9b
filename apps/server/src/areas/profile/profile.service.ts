import type { TProfileRecords, TProfileStudent, TProfileTeacher } from '@app/shared/profile';
import type { Db } from '@/db/client';
import type { Actor } from '@/plugins/actor';
import { readableStudent } from '@/areas/school/students/students.service';
import { getTeacher } from '@/areas/school/teachers/teachers.service';
import { myClassAsStudent, myHomeroomClasses } from '@/areas/school/homeroom-classes/homeroom-classes.service';

/*
 * The profile page's records (issue 17): the student or teacher record linked to the caller's own account,
 * read through the school area's services. Nothing here takes an id: a person can only read their own.
 */

async function studentRecord(db: Db, actor: Actor): Promise<TProfileStudent | null> {
  if (actor.studentId === null) return null;
  const [s, cls] = await Promise.all([readableStudent(db, actor, actor.studentId), myClassAsStudent(db, actor)]);
  return {
    studentCode: s.studentCode,
    fullName: s.fullName,
    grade: s.grade,
    campusName: s.campusName,
    dateOfBirth: s.dateOfBirth,
    homeroomClassName: s.homeroomClassName,
    homeroomTeacherName: cls?.homeroomTeacherName ?? null,
  };
}

async function teacherRecord(db: Db, actor: Actor): Promise<TProfileTeacher | null> {
  if (actor.teacherId === null) return null;
  const [t, classes] = await Promise.all([getTeacher(db, actor.teacherId), myHomeroomClasses(db, actor)]);
  return {
    staffCode: t.staffCode,
    fullName: t.fullName,
    departmentName: t.departmentName,
    isHead: t.isHead,
    subjects: t.subjects,
    homeroomClasses: classes.map((c) => ({ id: c.id, name: c.name, academicYearName: c.academicYearName })),
  };
}

export async function profileRecords(db: Db, actor: Actor): Promise<TProfileRecords> {
  const [student, teacher] = await Promise.all([studentRecord(db, actor), teacherRecord(db, actor)]);
  return { student, teacher };
}
