import { RESULTS_MSG, type TAggregate, type TCourseResult } from '@app/shared/survey-results';
import type { DbOrTx } from '../../db/client';
import { aggregates, classCounts, type AggregateRow, type Slice } from './aggregates.repository';
import { hideAggregate, SHOWN, siblingsToHide, tooSmall } from './anonymity';
import { r4 } from './question-results';
import { classInfos, teachersOfClassesIn, type ClassInfo } from './survey-results.repository';

export const aggregateOf = (row: AggregateRow | undefined, fallbackN = 0): TAggregate => ({
  n: row?.n ?? fallbackN,
  classCount: row?.classCount ?? 0,
  answerN: row?.answerN ?? 0,
  score: r4(row?.score),
  sd: r4(row?.sd),
  ...SHOWN,
});

export interface CourseRunOpts {
  slice: Slice;
  /** Classes to list even without responses (a subject survey's "active" classes). */
  include?: Array<{ surveyId: number; info: ClassInfo }>;
  /** Per-(teacher, class) figures of this teacher instead of whole classes. */
  teacherId?: number;
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
 * the class scores, computed by the same SQL. Restricted viewers: the anonymity rule among the listed
 * classes, and the summary hidden under MIN_GROUP_SIZE.
 */
export async function computeCourses(db: DbOrTx, o: CourseRunOpts): Promise<{ summary: TAggregate; items: TCourseResult[] }> {
  const { slice } = o;
  const kinds = o.teacherId ? (['teacher_class', 'teacher'] as const) : (['class', 'overall'] as const);
  const tSlice = o.teacherId ? { ...slice, teacherIds: [o.teacherId] } : slice;
  const [rows, counts] = await Promise.all([
    o.pre && !o.teacherId ? Promise.resolve(o.pre) : aggregates(db, tSlice, kinds),
    classCounts(db, slice.surveyIds, tSlice.teacherIds),
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
    return [{
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
      n: row?.n ?? (slice.filtered ? (excluded ? usable : 0) : total),
      answerN: row?.answerN ?? 0,
      score: excluded ? null : r4(row?.score),
      sd: excluded ? null : r4(row?.sd),
      median: excluded ? null : r4(row?.median),
      belowMinimum,
      excluded,
      excludedReason: excluded ? RESULTS_MSG.belowMinimum(slice.minResponses) : null,
      ...SHOWN,
    }];
  });

  const sumRow = rows.find((r) => r.kind === 'overall' || (r.kind === 'teacher' && r.k1 === o.teacherId));
  let summary = aggregateOf(sumRow);
  if (o.restricted) {
    const hide = siblingsToHide(new Map(items.filter((i) => !i.excluded).map((i) => [`${i.surveyId}:${i.courseClassId}`, i.n])), o.min);
    items = items.map((i) => (hide.has(`${i.surveyId}:${i.courseClassId}`) ? hideAggregate(i) : i));
    if (tooSmall(summary.n, o.min)) summary = hideAggregate(summary);
  }
  items.sort((a, b) => a.subjectName.localeCompare(b.subjectName, 'vi') || a.courseClassName.localeCompare(b.courseClassName, 'vi', { numeric: true }) || a.surveyId - b.surveyId);
  return { summary, items };
}
