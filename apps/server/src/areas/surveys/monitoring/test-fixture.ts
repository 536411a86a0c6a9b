import type { TRole } from '@app/shared/roles';
import type { Db } from '@/db/client';
import { surveys } from '@/db/schema/surveys';
import {
  addAccounts,
  addCampuses,
  addCourseClass,
  addDepartments,
  addHomeroomClasses,
  addModules,
  addSemester,
  addStudents,
  addSubjects,
  addTeachers,
  addYear,
} from '@/test/school';
import { addResponses, schoolDay as day } from '@/test/surveys';

/**
 * Tests only: a tiny school on an EMPTY database whose completion figures are known by hand.
 *
 *   classes  C10A (grade 10, campus A, homeroom teacher = gvcn), C11A (11, A, teacher = totruong), C10B (10, B)
 *   students s1 s2 s3 s9(transferred) in C10A · s4 s5 in C11A · s6 s7 in C10B · s8 grade 12, no class
 *   module M (current): Toán CC1 (s1 s2 s3), Toán CC2 (s1), Toán CC3 (s4 s5), Văn CC4 (s6); module M2: Toán CC5 (s7)
 *   G  GENERAL grades 10–11, active, ends today+3   → s1 s2 s3 s4 s5 s6 s7 (+ s9, who answered before leaving)
 *   S  Toán SUBJECT_SPECIFIC, active, ends today+10 → (s1,CC1) (s1,CC2) (s2,CC1) (s3,CC1) (s4,CC3) (s5,CC3)
 *   D  GENERAL grade 12, draft, module M ; C  GENERAL grade 12, closed, module M2 (s8 answered)
 *   answered: G by s1 (today 00:30), s2 (yesterday 23:30), s4 s6 s9 (2 days ago); S by (s1,CC1) (today 00:01), (s4,CC3) (yesterday)
 */
export const ACCOUNTS: Array<{ local: string; name: string; roles: TRole[] }> = [
  { local: 'admin', name: 'Quản trị', roles: ['ADMIN'] },
  { local: 'qa', name: 'Đảm bảo chất lượng', roles: ['QUALITY_ASSURANCE'] },
  { local: 'principal', name: 'Hiệu trưởng', roles: ['PRINCIPAL'] },
  { local: 'academic', name: 'Giáo vụ', roles: ['ACADEMIC_AFFAIR'] },
  { local: 'gvcn', name: 'Chủ nhiệm 10A', roles: ['HOMEROOM_TEACHER', 'TEACHER'] },
  // A head of department who is also a homeroom teacher: still only their own class.
  { local: 'totruong', name: 'Tổ trưởng', roles: ['TEACHER', 'HEAD_DEPARTMENT', 'HOMEROOM_TEACHER'] },
  { local: 'headonly', name: 'Tổ phó', roles: ['HEAD_DEPARTMENT', 'TEACHER'] },
  { local: 'teacher', name: 'Giáo viên', roles: ['TEACHER'] },
  { local: 'student', name: 'Học sinh', roles: ['STUDENT'] },
];
export const email = (local: string) => `${local}@monitor.test`;

const STUDENTS = [
  { key: 's1', name: 'Nguyễn Văn An', grade: 10, campus: 'A', cls: 'C10A' },
  { key: 's2', name: 'Trần Thị Bình', grade: 10, campus: 'A', cls: 'C10A' },
  { key: 's3', name: 'Lê Minh Châu', grade: 10, campus: 'A', cls: 'C10A' },
  { key: 's4', name: 'Phạm Quốc Dũng', grade: 11, campus: 'A', cls: 'C11A' },
  { key: 's5', name: 'Hoàng Thu Giang', grade: 11, campus: 'A', cls: 'C11A' },
  { key: 's6', name: 'Vũ Đăng Khoa', grade: 10, campus: 'B', cls: 'C10B' },
  { key: 's7', name: 'Đỗ Hải Long', grade: 10, campus: 'B', cls: 'C10B' },
  { key: 's8', name: 'Bùi Ngọc Mai', grade: 12, campus: 'A', cls: null },
  { key: 's9', name: 'Ngô Thanh Nam', grade: 10, campus: 'A', cls: 'C10A', status: 'transferred' },
] as const;
export type StudentKey = (typeof STUDENTS)[number]['key'];

export async function buildMonitoringSchool(db: Db) {
  // A moment in school time (UTC+7): `day(offset)` at hh:mm.
  const at = (offset: number, hhmm: string) => new Date(`${day(offset)}T${hhmm}:00+07:00`);

  const year = await addYear(db, { name: '2026-2027', startDate: day(-80), endDate: day(200), isCurrent: true });
  const sem = await addSemester(db, { name: 'HK1', academicYearId: year.id, startDate: day(-80), endDate: day(60), isCurrent: true });
  const [M, M2] = await addModules(db, [
    { code: 'M', name: 'Module M', semesterId: sem.id, startDate: day(-20), endDate: day(20), isCurrent: true },
    { code: 'M2', name: 'Module M2', semesterId: sem.id, startDate: day(-60), endDate: day(-21), isCurrent: false },
  ]);
  const [A, B] = await addCampuses(db, [
    { code: 'A', name: 'Cơ sở A' },
    { code: 'B', name: 'Cơ sở B' },
  ]);
  const [dept] = await addDepartments(db, [{ code: 'TOAN', name: 'Tổ Toán' }]);
  const [toan, van] = await addSubjects(db, [
    { code: 'TOAN', name: 'Toán', departmentId: dept.id },
    { code: 'VAN', name: 'Ngữ văn', departmentId: dept.id },
  ]);

  const userIds = await addAccounts(
    db,
    ACCOUNTS.map((a) => ({ email: email(a.local), displayName: a.name, roles: a.roles })),
  );
  const uid = new Map(ACCOUNTS.map((a, i) => [a.local, userIds[i]]));
  const [t1, t2] = await addTeachers(db, [
    { staffCode: 'GV1', fullName: 'Chủ nhiệm 10A', departmentId: dept.id, userId: uid.get('gvcn')! },
    { staffCode: 'GV2', fullName: 'Tổ trưởng', departmentId: dept.id, userId: uid.get('totruong')! },
  ]);
  const [C10A, C11A, C10B] = await addHomeroomClasses(db, [
    { name: '10A Toán', academicYearId: year.id, grade: 10, campusId: A.id, homeroomTeacherId: t1.id },
    { name: '11A Lý', academicYearId: year.id, grade: 11, campusId: A.id, homeroomTeacherId: t2.id },
    { name: '10B Hóa', academicYearId: year.id, grade: 10, campusId: B.id },
  ]);
  const classOf = { C10A, C11A, C10B } as const;
  const rows = await addStudents(
    db,
    STUDENTS.map((s, i) => ({
      studentCode: `HS${i + 1}`,
      fullName: s.name,
      grade: s.grade,
      campusId: s.campus === 'A' ? A.id : B.id,
      homeroomClassId: s.cls ? classOf[s.cls].id : null,
      status: 'status' in s ? s.status : 'active',
      account: i === 0 ? 'hs1@monitor.test' : undefined,
    })),
  );
  const st = Object.fromEntries(STUDENTS.map((s, i) => [s.key, rows[i]])) as Record<StudentKey, (typeof rows)[number]>;

  const cc = (code: string, subjectId: number, moduleId: number, grade: number, campusId: number, ks: StudentKey[]) =>
    addCourseClass(db, { code, name: `${code} lớp học phần`, subjectId, moduleId, grade, campusId, studentIds: ks.map((k) => st[k].id) });
  const CC1 = await cc('CC1', toan.id, M.id, 10, A.id, ['s1', 's2', 's3']);
  const CC2 = await cc('CC2', toan.id, M.id, 10, A.id, ['s1']);
  const CC3 = await cc('CC3', toan.id, M.id, 11, A.id, ['s4', 's5']);
  await cc('CC4', van.id, M.id, 10, B.id, ['s6']);
  await cc('CC5', toan.id, M2.id, 10, B.id, ['s7']);

  const survey = (v: Partial<typeof surveys.$inferInsert>) => ({
    title: 'x',
    surveyType: 'GENERAL',
    status: 'active',
    allowedGrades: [10, 11],
    moduleId: M.id,
    startDate: day(-2),
    endDate: day(3),
    ...v,
  });
  const [G, S, D, C] = await db
    .insert(surveys)
    .values([
      survey({ title: 'Khảo sát chung học kỳ', searchText: 'khao sat chung hoc ky' }),
      survey({
        title: 'Khảo sát môn Toán',
        searchText: 'khao sat mon toan',
        surveyType: 'SUBJECT_SPECIFIC',
        subjectId: toan.id,
        allowedGrades: [10, 11, 12],
        endDate: day(10),
      }),
      survey({ title: 'Bản nháp khối 12', status: 'draft', allowedGrades: [12], startDate: null, endDate: null }),
      survey({ title: 'Khảo sát đã đóng', status: 'closed', allowedGrades: [12], moduleId: M2.id, startDate: day(-50), endDate: day(-30) }),
    ])
    .returning();

  const answer = (surveyId: number, k: StudentKey, when: Date, courseClassId: number | null = null) => ({
    surveyId,
    studentId: st[k].id,
    courseClassId,
    studentGrade: st[k].grade,
    campusId: st[k].campusId,
    homeroomClassId: st[k].homeroomClassId,
    submittedAt: when,
  });
  await addResponses(db, [
    answer(G.id, 's1', at(0, '00:30')),
    answer(G.id, 's2', at(-1, '23:30')),
    answer(G.id, 's4', at(-2, '10:00')),
    answer(G.id, 's6', at(-2, '11:00')),
    answer(G.id, 's9', at(-2, '12:00')),
    answer(S.id, 's1', at(0, '00:01'), CC1.id),
    answer(S.id, 's4', at(-1, '09:00'), CC3.id),
    answer(C.id, 's8', at(-40, '09:00')),
  ]);
  return { M, M2, A, B, C10A, C11A, C10B, CC1, CC2, CC3, st, G, S, D, C, toan };
}
export type MonitoringSchool = Awaited<ReturnType<typeof buildMonitoringSchool>>;
