import type { TPayOverview, TPayReport, TPayRunSummary } from '@app/shared/pay';

/** Tests only: a pay run summary, a year's report and the overview as the server answers them. */

export function makeRun(overrides: Partial<TPayRunSummary> = {}): TPayRunSummary {
  return {
    id: 7,
    name: 'Tiền dạy thêm giờ 2025-2026',
    kind: 'year',
    academicYearId: 2,
    academicYearName: '2025-2026',
    semesterId: null,
    semesterName: null,
    adjustsRunId: null,
    status: 'approved',
    version: 3,
    teachers: 3,
    blockers: 0,
    overtimePaid: 260,
    amount: 88_000_000,
    due: 58_000_000,
    computedAt: '2026-06-01T02:00:00.000Z',
    submittedAt: '2026-06-02T02:00:00.000Z',
    approvedAt: '2026-06-03T02:00:00.000Z',
    paidAt: null,
    lastComment: null,
    updatedAt: '2026-06-03T02:00:00.000Z',
    ...overrides,
  };
}

const zero = { teachers: 0, counted: 0, norm: 0, overtime: 0, overtimePaid: 0, amount: 0, due: 0 };

export function makeReport(overrides: Partial<TPayReport> = {}): TPayReport {
  return {
    academicYearId: 2,
    academicYearName: '2025-2026',
    years: [
      { id: 3, name: '2026-2027', isCurrent: false },
      { id: 2, name: '2025-2026', isCurrent: true },
      { id: 1, name: '2024-2025', isCurrent: false },
    ],
    source: 'year',
    runs: [makeRun()],
    totals: { teachers: 3, counted: 1300.5, norm: 1020, overtime: 320.5, overtimePaid: 260, amount: 88_000_000, due: 58_000_000 },
    byDepartment: [
      {
        departmentId: 11,
        departmentName: 'Tổ Toán',
        teachers: 2,
        counted: 1000.5,
        norm: 680,
        overtime: 320.5,
        overtimePaid: 260,
        amount: 88_000_000,
        due: 58_000_000,
        previousAmount: 80_000_000,
      },
      { departmentId: 12, departmentName: 'Tổ Văn', ...zero, teachers: 1, counted: 300, norm: 340, previousAmount: null },
    ],
    bySemester: [
      { semesterId: 21, name: 'Học kỳ 1', runs: 2, amount: 32_000_000, due: 32_000_000 },
      { semesterId: 22, name: 'Học kỳ 2', runs: 0, amount: 0, due: 0 },
    ],
    byMonth: [
      { month: '2025-09', salaryFund: 31_000_000, teachers: 3 },
      { month: '2025-10', salaryFund: 31_000_000, teachers: 3 },
    ],
    previousYear: {
      academicYearId: 1,
      academicYearName: '2024-2025',
      source: 'year',
      runs: [makeRun({ id: 5, academicYearId: 1, academicYearName: '2024-2025', status: 'paid' })],
      totals: { ...zero, teachers: 3, amount: 80_000_000 },
    },
    overCap: [
      {
        teacherId: 31,
        staffCode: 'GV031',
        fullName: 'Trần Thị Bình',
        departmentName: 'Tổ Toán',
        overtime: 260.5,
        overtimePaid: 200,
        amount: 70_000_000,
      },
    ],
    ...overrides,
  };
}

export function makeOverview(overrides: Partial<TPayOverview> = {}): TPayOverview {
  const blocker = (teacherId: number, kinds: Array<'declaration' | 'coefficients'>) => ({
    teacherId,
    staffCode: `GV${teacherId}`,
    fullName: `Giáo viên ${teacherId}`,
    departmentName: 'Tổ Toán',
    missing: ['Chưa có bản kê khai đã khóa'],
    kinds,
  });
  return {
    currentRun: makeRun({ id: 9, name: 'Tiền dạy thêm giờ 2026-2027', status: 'draft', blockers: 3 }),
    blockers: {
      declarationsNotLocked: 2,
      coefficientsMissing: 1,
      items: [blocker(1, ['declaration']), blocker(2, ['declaration']), blocker(3, ['coefficients'])],
    },
    waitingApproval: [],
    teachersWithoutCoefficients: 4,
    ...overrides,
  };
}
