import type { TWorkloadRules } from '@app/shared/workload';
import type { DbOrTx } from '@/db/client';
import { taughtTutoring } from '@/areas/tutoring/tutoring.service';
import { dutiesOf } from '../core/duties.repository';
import { dutyInputs } from '../core/duties';
import type { LineValues } from './declarations.repository';
import type { PeriodRow } from './periods.repository';
import { classCounts } from './prefill.repository';

const blank: Omit<LineValues, 'kind' | 'label' | 'periods' | 'source'> = {
  moduleId: null,
  courseClassId: null,
  activityCode: null,
  dutyCode: null,
  weeks: null,
  onDate: null,
  untilDate: null,
  forTeacherId: null,
  tutoringGroupId: null,
  note: null,
};

/**
 * The lines a new declaration starts with (issue 15 "Declarations"): class periods of each course class
 * the teacher teaches in the semester's modules (counted lessons of the published timetable, holidays
 * left out; periods/week × the module's weeks when the module has no published timetable), the tutoring
 * sessions they taught in the semester (one line per group, with the group's kind for its factor), and
 * their duties of the year (reductions).
 */
export async function prefillLines(db: DbOrTx, q: { teacherId: number; period: PeriodRow; rules: TWorkloadRules }): Promise<LineValues[]> {
  const { teacherId, period, rules } = q;
  const lines: LineValues[] = [];
  for (const c of await classCounts(db, { teacherId, semesterId: period.semesterId, holidays: period.holidays })) {
    const fromTimetable = c.hasTimetable;
    lines.push({
      ...blank,
      kind: 'class',
      label: `${c.name} (${c.code}), học phần ${c.moduleCode}`,
      periods: fromTimetable ? c.periods : c.periodsPerWeek * c.moduleWeeks,
      moduleId: c.moduleId,
      courseClassId: c.courseClassId,
      source: fromTimetable ? 'timetable' : 'plan',
      note: fromTimetable
        ? 'Đếm các tiết theo thời khóa biểu đã công bố, trừ ngày nghỉ.'
        : `Chưa có thời khóa biểu: ${c.periodsPerWeek} tiết/tuần × ${c.moduleWeeks} tuần.`,
    });
  }
  const tutoring = await taughtTutoring(db, { teacherId, from: period.semesterStart, to: period.semesterEnd });
  for (const g of tutoring) {
    // A kind the rule set no longer has cannot be converted: the teacher adds it by hand with a kind it has.
    if (!rules.activityKinds.some((k) => k.code === g.kind) || g.periods <= 0) continue;
    lines.push({
      ...blank,
      kind: 'activity',
      label: g.name,
      periods: g.periods,
      activityCode: g.kind,
      tutoringGroupId: g.groupId,
      source: 'tutoring',
    });
  }
  const duties = dutyInputs(await dutiesOf(db, period.academicYearId, [teacherId]), rules, {
    start: period.semesterStart,
    end: period.semesterEnd,
    weeks: period.weeks,
  });
  for (const d of duties)
    lines.push({ ...blank, kind: 'duty', label: d.label, periods: 0, dutyCode: d.code, weeks: d.weeks ?? null, source: 'duty' });
  return lines;
}
