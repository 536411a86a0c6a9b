import {
  addCampuses,
  addDepartments,
  addHead,
  addModules,
  addSemester,
  addStudents,
  addSubjects,
  addYear,
  teacherFor,
} from '@/test/school';
import type { TestApp } from '@/test/app';
import { uniq } from '@/test/uniq';

/**
 * Tests only: the course-class tests' school, built with the shared builder: two campuses, a year
 * with a semester and two modules, a department headed by totruong.ly with one subject, a subject
 * outside it, teachers for gv.anh, gv.toan and totruong.ly, and students.
 */
export async function courseClassSchool(t: TestApp) {
  const db = t.database.db;
  const s = uniq();
  const [campusA, campusB] = await addCampuses(db, [
    { code: `CSA${s}`, name: `Cơ sở Hương Trà ${s}` },
    { code: `CSB${s}`, name: `Cơ sở Phú Xuân ${s}` },
  ]);
  const year = await addYear(db, { name: `Năm học ${s}`, startDate: '2030-09-01', endDate: '2031-05-31' });
  const semester = await addSemester(db, { name: `Học kỳ ${s}`, academicYearId: year.id, startDate: '2030-09-01', endDate: '2031-01-15' });
  const [moduleA, moduleB] = await addModules(db, [
    { code: `HPA${s}`, name: `Học phần A ${s}`, semesterId: semester.id, startDate: '2030-09-01', endDate: '2030-11-01' },
    { code: `HPB${s}`, name: `Học phần B ${s}`, semesterId: semester.id, startDate: '2030-11-02', endDate: '2031-01-15' },
  ]);
  const [department] = await addDepartments(db, [{ code: `TO${s}`, name: `Tổ Vật lý ${s}` }]);
  const [physics, literature] = await addSubjects(db, [
    { code: `LY${s}`, name: `Vật lý ${s}`, departmentId: department.id, kind: 'core' },
    { code: `VAN${s}`, name: `Ngữ văn ${s}`, departmentId: null, kind: 'core' },
  ]);
  const anh = await teacherFor(t, 'gv.anh', 'Vũ Thị Mai');
  const toan = await teacherFor(t, 'gv.toan', 'Nguyễn Thị Lan');
  const head = await teacherFor(t, 'totruong.ly', 'Đỗ Minh Tuấn');
  await addHead(db, department.id, head.id);
  const grade10A = await addStudents(db, [
    { fullName: 'Trần Văn Bình', grade: 10, campusId: campusA.id },
    { fullName: 'Nguyễn Thị Ánh', grade: 10, campusId: campusA.id },
    { fullName: 'Lê Minh Châu', grade: 10, campusId: campusA.id },
    { fullName: 'Phạm Đức An', grade: 10, campusId: campusA.id },
  ]);
  const [grade11A] = await addStudents(db, [{ fullName: 'Hoàng Gia Huy', grade: 11, campusId: campusA.id }]);
  const [grade10B] = await addStudents(db, [{ fullName: 'Đặng Thu Hà', grade: 10, campusId: campusB.id }]);
  return {
    s,
    campusA,
    campusB,
    year,
    semester,
    moduleA,
    moduleB,
    department,
    physics,
    literature,
    anh,
    toan,
    head,
    grade10A,
    grade11A,
    grade10B,
  };
}
export type CourseClassSchool = Awaited<ReturnType<typeof courseClassSchool>>;
