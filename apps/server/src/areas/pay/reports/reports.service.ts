import { isoDateInSchool } from '@app/shared/format';
import type { TPayOverview, TPayReport } from '@app/shared/pay';
import type { DbOrTx } from '@/db/client';
import { notFound } from '@/plugins/errors';
import { departmentsOf, latestLinePerTeacher, monthsOf, overCapOf, semestersOf, sourceOf, summaryOf, totalsOf } from './figures';
import {
  countWithoutCoefficients,
  currentRun,
  linesOf,
  semesterRows,
  submittedRuns,
  yearRows,
  yearRuns,
  type LineRow,
  type YearRow,
} from './reports.repository';

/*
 * The pay area's reads for the offices (issue 16 "Financial reports" and the dashboards): a school
 * year's figures from its frozen run lines, compared with the year before, and the overview of the run
 * at hand. Reads only: nothing here writes or audits. Also the face other areas (the dashboard) import.
 */

/** A year's source runs and their lines, in the source's order. */
async function figuresOf(db: DbOrTx, yearId: number) {
  const [runs, semesters] = await Promise.all([yearRuns(db, yearId), semesterRows(db, yearId)]);
  const src = sourceOf(
    runs,
    semesters.map((s) => s.id),
  );
  const lines: LineRow[] = await linesOf(
    db,
    src.runs.map((r) => r.id),
  );
  return { runs, semesters, src, lines };
}

function yearOf(years: YearRow[], academicYearId: number | undefined): YearRow {
  if (years.length === 0) throw notFound('Chưa có năm học nào.');
  if (academicYearId === undefined) return years.find((y) => y.isCurrent) ?? years[0];
  const year = years.find((y) => y.id === academicYearId);
  if (!year) throw notFound('Không tìm thấy năm học.');
  return year;
}

/** The financial report of a school year (the current one by default). */
export async function payReport(db: DbOrTx, academicYearId?: number): Promise<TPayReport> {
  const years = await yearRows(db);
  const year = yearOf(years, academicYearId);
  // Years come latest first: the previous one is the first that starts earlier.
  const prevYear = years.find((y) => y.startDate < year.startDate) ?? null;
  const [now, prev] = await Promise.all([figuresOf(db, year.id), prevYear ? figuresOf(db, prevYear.id) : null]);
  const prevHasRun = prev !== null && prev.src.source !== null;
  const order = now.src.runs.map((r) => r.id);
  const perTeacher = latestLinePerTeacher(now.lines, order);
  return {
    academicYearId: year.id,
    academicYearName: year.name,
    years: years.map((y) => ({ id: y.id, name: y.name, isCurrent: y.isCurrent })),
    source: now.src.source,
    runs: now.src.runs.map(summaryOf),
    totals: totalsOf(now.lines),
    byDepartment: departmentsOf(now.lines, prevHasRun ? prev.lines : null),
    bySemester: semestersOf(now.semesters, now.runs),
    byMonth: monthsOf(perTeacher),
    previousYear:
      prevYear && prevHasRun
        ? {
            academicYearId: prevYear.id,
            academicYearName: prevYear.name,
            source: prev.src.source!,
            runs: prev.src.runs.map(summaryOf),
            totals: totalsOf(prev.lines),
          }
        : null,
    overCap: overCapOf(perTeacher),
  };
}

/** What the dashboards show of pay: the run at hand and what blocks it, runs waiting for the principal, teachers without coefficients. */
export async function payOverview(db: DbOrTx, today = isoDateInSchool()): Promise<TPayOverview> {
  const [current, waiting, withoutCoefficients] = await Promise.all([
    currentRun(db),
    submittedRuns(db),
    countWithoutCoefficients(db, today),
  ]);
  // A run stored before blockers said their kinds counts them in neither figure, but still lists them.
  const items = (current?.blockers ?? []).map((b) => ({ ...b, kinds: b.kinds ?? [] }));
  return {
    currentRun: current ? summaryOf(current.run) : null,
    blockers: {
      declarationsNotLocked: items.filter((b) => b.kinds.includes('declaration')).length,
      coefficientsMissing: items.filter((b) => b.kinds.includes('coefficients')).length,
      items,
    },
    waitingApproval: waiting.map(summaryOf),
    teachersWithoutCoefficients: withoutCoefficients,
  };
}
