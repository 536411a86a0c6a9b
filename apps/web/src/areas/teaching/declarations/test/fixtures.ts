import type { TDeclarationDetail, TDeclarationLine, TDeclarationPeriod, TDeclarationSummary } from '@app/shared/declarations';
import { TT05_2025_RULES } from '@app/shared/workload';
import { computeWorkload } from '@app/shared/workload-calc';
import { ok, type MockReply } from '@/test/mock-api';

export const page = <T>(items: T[]): MockReply => ok({ items, total: items.length, page: 1, limit: 20 });

export function makePeriod(over: Partial<TDeclarationPeriod> = {}): TDeclarationPeriod {
  return {
    id: 1,
    semesterId: 3,
    semesterName: 'Học kỳ 1',
    yearName: '2025-2026',
    weeks: 18,
    opensAt: '2025-09-01T00:00:00+07:00',
    closesAt: '2099-01-15T23:59:00+07:00',
    reviewBy: '2099-01-20',
    holidays: [],
    counts: { draft: 1, submitted: 1, returned: 0, approved: 0, confirmed: 0, locked: 0 },
    teacherCount: 3,
    ...over,
  };
}

export function makeLine(over: Partial<TDeclarationLine> & Pick<TDeclarationLine, 'id' | 'label'>): TDeclarationLine {
  return {
    kind: 'class',
    periods: 0,
    moduleId: null,
    courseClassId: null,
    activityCode: null,
    dutyCode: null,
    weeks: null,
    onDate: null,
    untilDate: null,
    forTeacherId: null,
    forTeacherName: null,
    tutoringGroupId: null,
    source: 'manual',
    note: null,
    attachments: [],
    ...over,
  };
}

export function makeSummary(over: Partial<TDeclarationSummary> = {}): TDeclarationSummary {
  return {
    id: 10,
    teacherId: 101,
    teacherCode: 'GV101',
    teacherName: 'Nguyễn Văn An',
    departmentId: 5,
    departmentName: 'Tổ Toán',
    periodId: 1,
    semesterId: 3,
    semesterName: 'Học kỳ 1',
    academicYearName: '2026-2027',
    status: 'draft',
    version: 3,
    totals: { counted: 360, normBase: 306, overtime: 54 },
    updatedAt: '2025-10-01T08:00:00+07:00',
    lastComment: null,
    ...over,
  };
}

/** A declaration whose result is what the calculator gives for its lines (TT 05/2025, a teacher, 18 weeks). */
export function makeDetail(over: Partial<TDeclarationDetail> = {}): TDeclarationDetail {
  const lines = over.lines ?? [
    makeLine({ id: 1, label: 'Toán 10A1', periods: 288, source: 'timetable' }),
    makeLine({ id: 2, kind: 'duty', label: 'Chủ nhiệm lớp 10A1', dutyCode: 'HOMEROOM', source: 'duty' }),
  ];
  const result = computeWorkload({
    rules: TT05_2025_RULES,
    position: 'TEACHER',
    weeks: 18,
    lines: lines
      .filter((l) => l.kind !== 'duty')
      .map((l) => ({ kind: l.kind as 'class', label: l.label, periods: l.periods, activityCode: l.activityCode ?? undefined })),
    duties: lines
      .filter((l) => l.kind === 'duty')
      .map((l) => ({ code: l.dutyCode ?? '', label: l.label, ...(l.weeks !== null ? { weeks: l.weeks } : {}) })),
  });
  return {
    ...makeSummary(),
    totals: { counted: result.counted, normBase: result.normBase, overtime: result.overtime },
    position: 'TEACHER',
    weeks: 18,
    rulesName: TT05_2025_RULES.name,
    rules: TT05_2025_RULES,
    lines,
    result,
    can: { edit: true, submit: true, approve: false, return: false, confirm: false, lock: false, unlock: false },
    history: [
      {
        id: 900,
        action: 'create',
        fromStatus: null,
        toStatus: 'draft',
        comment: null,
        changes: null,
        actorId: 7,
        actorName: 'Trần Thư Ký',
        at: '2025-10-01T08:00:00+07:00',
      },
    ],
    ...over,
  };
}
