import type { TPayRunSummary } from '@app/shared/pay';
import type { RunRow } from './runs.repository';
import { isoOf } from './values';

/** A run as every list and page shows it. */
export function runSummary(r: RunRow): TPayRunSummary {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    academicYearId: r.academicYearId,
    academicYearName: r.academicYearName,
    semesterId: r.semesterId,
    semesterName: r.semesterName,
    adjustsRunId: r.adjustsRunId,
    status: r.status,
    version: r.version,
    teachers: r.teachers,
    blockers: r.blockers.length,
    overtimePaid: r.overtimePaid,
    amount: r.amount,
    due: r.due,
    computedAt: isoOf(r.computedAt)!,
    submittedAt: isoOf(r.submittedAt),
    approvedAt: isoOf(r.approvedAt),
    paidAt: isoOf(r.paidAt),
    lastComment: r.lastComment,
    updatedAt: isoOf(r.updatedAt)!,
  };
}
