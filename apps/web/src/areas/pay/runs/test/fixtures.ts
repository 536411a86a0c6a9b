import type { TPayLine, TPayLineDetail, TPayRunDetail, TPayRunSummary } from '@app/shared/pay';
import { ok, type MockReply } from '@/test/mock-api';

export const page = <T>(items: T[], limit = 20): MockReply => ok({ items, total: items.length, page: 1, limit });

export function makeRunSummary(over: Partial<TPayRunSummary> = {}): TPayRunSummary {
  return {
    id: 1,
    name: 'Tiền dạy thêm giờ năm học 2025-2026',
    kind: 'year',
    academicYearId: 4,
    academicYearName: '2025-2026',
    semesterId: null,
    semesterName: null,
    adjustsRunId: null,
    status: 'draft',
    version: 3,
    teachers: 2,
    blockers: 1,
    overtimePaid: 305,
    amount: 95_215_271,
    due: 95_215_271,
    computedAt: '2026-06-10T09:00:00+07:00',
    submittedAt: null,
    approvedAt: null,
    paidAt: null,
    lastComment: null,
    updatedAt: '2026-06-10T09:00:00+07:00',
    ...over,
  };
}

export function makeRun(over: Partial<TPayRunDetail> = {}): TPayRunDetail {
  return {
    ...makeRunSummary(over),
    blockerList: [
      {
        teacherId: 30,
        staffCode: 'GV030',
        fullName: 'Lê Thị Cúc',
        departmentName: 'Tổ Văn',
        missing: ['Chưa có bản kê khai đã khóa của Học kỳ 2'],
        kinds: ['declaration'],
      },
    ],
    departments: [
      {
        departmentId: 5,
        departmentName: 'Tổ Toán',
        teachers: 1,
        counted: 411,
        norm: 306,
        overtimePaid: 105,
        amount: 32_779_271,
        due: 32_779_271,
      },
      {
        departmentId: 6,
        departmentName: 'Tổ Lý',
        teachers: 1,
        counted: 566,
        norm: 306,
        overtimePaid: 200,
        amount: 62_436_000,
        due: 62_436_000,
      },
    ],
    settings: { id: 1, effectiveFrom: '2024-07-01', baseSalary: 2_340_000, overtimeRatePercent: 150 },
    ruleSet: { id: 2, name: 'Thông tư 05/2025', effectiveFrom: '2025-09-01', overtimeCapPerYear: 200 },
    months: ['2025-09-01', '2025-10-01', '2026-08-01'],
    history: [
      { action: 'create', actorName: 'Kế toán Hà', at: '2026-06-10T09:00:00+07:00', fromStatus: null, toStatus: 'draft', comment: null },
    ],
    ...over,
  };
}

export function makeLine(over: Partial<TPayLine> = {}): TPayLine {
  return {
    teacherId: 10,
    staffCode: 'GV010',
    fullName: 'Nguyễn Văn An',
    departmentId: 5,
    departmentName: 'Tổ Toán',
    rank: 'II',
    step: 3,
    coefficient: '4.68',
    monthlySalary: 15_331_680,
    yearlySalary: 183_980_160,
    yearlyNorm: 612,
    counted: 411,
    norm: 306,
    overtime: 105,
    overtimePaid: 105,
    capped: false,
    periodPay: 208_122,
    overtimePeriodPay: 312_184,
    amount: 32_779_271,
    previouslyPaid: 0,
    due: 32_779_271,
    ...over,
  };
}

export function makeLineDetail(over: Partial<TPayLineDetail> = {}): TPayLineDetail {
  return {
    ...makeLine(over),
    runId: 1,
    runName: 'Tiền dạy thêm giờ năm học 2025-2026',
    runStatus: 'approved',
    periodPayExact: '208.122,35',
    overtimePeriodPayExact: '312.183,53',
    monthly: [{ from: '2025-09-01', to: '2026-08-01', months: 12, total: 15_331_680 }],
    steps: [
      {
        label: 'Lương tháng (tháng 9/2025 – 8/2026)',
        value: '15.331.680 đ',
        explanation: 'Lương tháng: 10.951.200 + 3.285.360 + 1.095.120 = 15.331.680',
      },
      {
        label: 'Tiền lương 1 tiết',
        value: '208.122 đ',
        explanation: 'Tiền lương 1 tiết: 183.980.160 ÷ 612 tiết (định mức năm 17 × 36 tuần) × 36 tuần ÷ 52 tuần = 208.122,35',
      },
      {
        label: 'Tiền dạy thêm giờ',
        value: '32.779.271 đ',
        explanation: 'Tiền dạy thêm giờ: 105 tiết × 312.183,53 = 32.779.270,59, làm tròn 32.779.271 đ',
      },
    ],
    sources: {
      declarations: [{ id: 71, semesterName: 'Học kỳ 1', version: 4, counted: 205, normBase: 153, lockedAt: '2026-01-20T10:00:00+07:00' }],
      coefficients: [{ id: 8, effectiveFrom: '2024-01-01', coefficient: '4.68', months: 12 }],
      settings: [{ id: 1, effectiveFrom: '2024-07-01', baseSalary: 2_340_000, months: 12 }],
      ruleSet: { id: 2, name: 'Thông tư 05/2025' },
    },
    ...over,
  };
}
