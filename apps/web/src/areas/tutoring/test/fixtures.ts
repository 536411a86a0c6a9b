import type { TAttendanceSheet, TTutoringGroupDetail, TTutoringSession } from '@app/shared/tutoring';
import { ok } from '@/test/mock-api';

const stamps = { createdAt: '2026-08-01T00:00:00Z', updatedAt: '2026-08-01T00:00:00Z' };

export const page = <T>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 100 });

export const semester = {
  id: 3,
  name: 'Học kỳ 1',
  academicYearId: 1,
  academicYearName: '2026-2027',
  startDate: '2026-09-05',
  endDate: '2027-01-15',
  isCurrent: true,
  ...stamps,
};

export const teacher = (id: number, fullName: string) => ({
  id,
  staffCode: `GV${id}`,
  fullName,
  email: null,
  departmentId: null,
  departmentName: null,
  subjects: [],
  userId: null,
  isHead: false,
  ...stamps,
});

export const subject = {
  id: 7,
  code: 'TOAN',
  name: 'Toán',
  departmentId: null,
  departmentName: null,
  kind: 'core',
  usesLms: false,
  ...stamps,
};

export function makeGroup(overrides: Partial<TTutoringGroupDetail> = {}): TTutoringGroupDetail {
  return {
    id: 5,
    semesterId: semester.id,
    name: 'Bồi dưỡng HSG Toán 11',
    kind: 'GIFTED',
    subjectId: 7,
    subjectName: 'Toán',
    campusId: null,
    campusName: null,
    note: null,
    teachers: [{ id: 21, name: 'Nguyễn Văn Toán' }],
    studentCount: 2,
    sessionCount: 3,
    taughtCount: 1,
    taughtPeriods: 2,
    updatedAt: '2026-09-10T00:00:00Z',
    students: [
      { id: 101, code: 'HS101', name: 'Trần Thị An', grade: 11, homeroomClassName: '11A1' },
      { id: 102, code: 'HS102', name: 'Lê Văn Bình', grade: 11, homeroomClassName: '11A2' },
    ],
    ...overrides,
  };
}

export function makeSession(overrides: Partial<TTutoringSession> = {}): TTutoringSession {
  return {
    id: 40,
    groupId: 5,
    onDate: '2026-11-18',
    period: 7,
    length: 2,
    classroomId: null,
    classroomName: 'A101',
    teacherId: 21,
    teacherName: 'Nguyễn Văn Toán',
    status: 'planned',
    note: null,
    attended: 0,
    marked: 0,
    ...overrides,
  };
}

export function makeSheet(session: TTutoringSession = makeSession()): TAttendanceSheet {
  return {
    session,
    groupName: 'Bồi dưỡng HSG Toán 11',
    students: [
      { id: 101, code: 'HS101', name: 'Trần Thị An', grade: 11, homeroomClassName: '11A1', status: null, note: null },
      { id: 102, code: 'HS102', name: 'Lê Văn Bình', grade: 11, homeroomClassName: '11A2', status: 'late', note: null },
    ],
  };
}
