import { RESULTS_MSG, type TAggregate, type TCourseResult } from '@app/shared/survey-results';
import type { DbOrTx } from '@/db/client';
import { aggregates, classCounts, mixedClasses, type AggregateRow, type Slice } from './aggregates.repository';
import { aggregateFigure, hidePart, partHidden, SHOWN } from './anonymity';
import { r4 } from './question-results';
import { classInfos, teachersOfClassesIn, type ClassInfo } from './survey-results.repository';

/** An aggregate row as the wire shows it (the anonymity rule for restricted viewers: anonymity.ts). */
export const aggregateOf = (row: AggregateRow | undefined, restricted = false): TAggregate => aggregateFigure(row, restricted);

export interface CourseRunOpts {
  slice: Slice;
  /** Classes to list even without responses (a subject survey's "active" classes). */
  include?: Array<{ surveyId: number; info: ClassInfo }>;
  /** Per-(teacher, class) figures of this teacher instead of whole classes. */
  teacherId?: number;
  /** A teacher or head: the slice carries their floor (`minPartFor`) and small classes are hidden. */
  restricted: boolean;
  min: number;
  /** Only these classes may be listed (a restricted viewer's own); null = all. */
  allowedClassIds?: Set<number> | null;
  /** 'class' and 'overall' rows of this slice already computed (shared by a recalculation). */
  pre?: AggregateRow[];
}

/**
 * One row per (survey, course class): its score (mean of the score questions' numbers over its
 * responses, SAMPLE SD, median) with n, plus the context a reader needs — all responses,
 * straight-lined ones, and whether the filter leaves the class out and why. The summary is the mean of
 * the class scores, computed by the same SQL. Restricted viewers: a class under MIN_GROUP_SIZE is
 * hidden and the summary leaves it out (anonymity.ts).
 */
export async function computeCourses(db: DbOrTx, o: CourseRunOpts): Promise<{ summary: TAggregate; items: TCourseResult[] }> {
  const { slice } = o;
  const kinds = o.teacherId ? (['teacher_class', 'teacher'] as const) : (['class', 'overall'] as const);
  const tSlice = o.teacherId ? { ...slice, teacherIds: [o.teacherId] } : slice;
  const [rows, counts, mixed] = await Promise.all([
    o.pre && !o.teacherId ? Promise.resolve(o.pre) : aggregates(db, tSlice, kinds),
    classCounts(db, slice.surveyIds, tSlice.teacherIds, slice.step),
    o.restricted ? mixedClasses(db, slice.surveyIds) : Promise.resolve(new Set<string>()),
  ]);
  const classRows = rows.filter((r) => r.kind === 'class' || r.kind === 'teacher_class');
  const keyOf = (r: AggregateRow) => (r.kind === 'teacher_class' ? `${r.k3}:${r.k2}` : `${r.k1}:${r.k2}`);
  const byKey = new Map(classRows.map((r) => [keyOf(r), r]));

  const wanted = new Map<string, { surveyId: number; classId: number }>();
  for (const c of counts.values()) wanted.set(`${c.surveyId}:${c.courseClassId}`, { surveyId: c.surveyId, classId: c.courseClassId });
  for (const i of o.include ?? []) wanted.set(`${i.surveyId}:${i.info.id}`, { surveyId: i.surveyId, classId: i.info.id });
  if (o.allowedClassIds) for (const [k, w] of wanted) if (!o.allowedClassIds.has(w.classId)) wanted.delete(k);

  const classIds = [...new Set([...wanted.values()].map((w) => w.classId))];
  const [infos, teachers] = await Promise.all([classInfos(db, classIds), teachersOfClassesIn(db, slice.surveyIds, classIds)]);

  let items: TCourseResult[] = [...wanted.entries()].flatMap(([key, w]) => {
    const info = infos.get(w.classId);
    if (!info) return [];
    const row = byKey.get(key);
    const c = counts.get(key);
    const total = c?.total ?? 0;
    const straightLined = c?.straightLined ?? 0;
    const usable = total - straightLined;
    const belowMinimum = usable < slice.minResponses;
    const excluded = slice.filtered && belowMinimum;
    return [
      {
        surveyId: w.surveyId,
        courseClassId: w.classId,
        courseClassCode: info.code,
        courseClassName: info.name,
        subjectId: info.subjectId,
        subjectName: info.subjectName,
        departmentId: info.departmentId,
        departmentName: info.departmentName,
        moduleId: info.moduleId,
        grade: info.grade,
        campusId: info.campusId,
        campusName: info.campusName,
        teachers: teachers.get(w.classId) ?? [],
        enrolled: info.enrolled,
        totalResponses: total,
        straightLined,
        n: row?.n ?? (slice.filtered ? usable : total),
        answerN: row?.answerN ?? 0,
        score: excluded ? null : r4(row?.score),
        sd: excluded ? null : r4(row?.sd),
        median: excluded ? null : r4(row?.median),
        belowMinimum,
        excluded,
        excludedReason: excluded ? RESULTS_MSG.belowMinimum(slice.minResponses) : null,
        ...SHOWN,
      },
    ];
  });

  const sumRow = rows.find((r) => r.kind === 'overall' || (r.kind === 'teacher' && r.k1 === o.teacherId));
  const summary = aggregateOf(sumRow, o.restricted);
  // A class whose teachers changed during the survey is hidden from teachers and heads: its
  // teacher-narrowed figure would differ from the whole class by the responses of one period.
  items = items.map((i) =>
    mixed.has(`${i.surveyId}:${i.courseClassId}`)
      ? hidePart(i, RESULTS_MSG.teachersChanged)
      : partHidden(o.restricted, i.n, o.min)
        ? hidePart(i)
        : i,
  );
  items.sort(
    (a, b) =>
      a.subjectName.localeCompare(b.subjectName, 'vi') ||
      a.courseClassName.localeCompare(b.courseClassName, 'vi', { numeric: true }) ||
      a.surveyId - b.surveyId,
  );
  return { summary, items };
}
