import { type TAggregate, type TFilterInfo, type TMeanFigure, type TOptionResult, type TQuestionResult } from '@app/shared/survey-results';
import { htmlToPlainText, isTextType, normalizeOptions, type TSurvey, type TSurveyQuestion } from '@app/shared/surveys';
import type { DbOrTx } from '@/db/client';
import {
  aggregates,
  classCounts,
  questionFigures,
  questionStats,
  sliceSizes,
  type AggregateRow,
  type DistributionRow,
  type QuestionStatRow,
  type Slice,
} from './aggregates.repository';
import { aggregateFigure, HIDDEN, SHOWN } from './anonymity';
import type { Scoped } from './access';
import { scoreQuestionIds, teachersOfDepartments } from './survey-results.repository';

/** Figures are rounded for the wire; tests compare with toBeCloseTo. */
export const r4 = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? null : Math.round(x * 1e4) / 1e4);

export interface QuestionMeta {
  q: TSurveyQuestion;
  sectionId: number;
  sectionTitle: string;
  position: number;
}

/** Every question in survey order (sections, then questions), LMS-only ones included: they may have answers. */
export function questionsInOrder(survey: TSurvey): QuestionMeta[] {
  let position = 0;
  return [...survey.sections]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .flatMap((s) =>
      [...s.questions]
        .sort((a, b) => a.displayOrder - b.displayOrder)
        .map((q) => ({ q, sectionId: s.id, sectionTitle: s.title, position: ++position })),
    );
}

export const isNumbered = (q: Pick<TSurveyQuestion, 'questionType'>) => q.questionType === 'grid' || q.questionType === 'linear_scale';

/** The options of a question with their counts, in the form's order; values nobody offers any more are appended. */
export function optionsOf(q: TSurveyQuestion, rows: DistributionRow[], answered: number): TOptionResult[] {
  const count = new Map(rows.map((r) => [r.key, r.count]));
  const pct = (c: number) => (answered ? r4((c / answered) * 100)! : 0);
  const out: TOptionResult[] = [];
  const seen = new Set<string>();
  const push = (key: string, o: Omit<TOptionResult, 'count' | 'percent'>) => {
    seen.add(key);
    const c = count.get(key) ?? 0;
    out.push({ ...o, count: c, percent: pct(c) });
  };
  if (q.questionType === 'grid') {
    for (const c of [...(q.gridGroup?.columns ?? [])].sort((a, b) => a.displayOrder - b.displayOrder))
      push(String(c.id), { value: c.value, label: c.label, valueNumber: c.valueNumber });
  } else if (q.questionType === 'linear_scale') {
    const sc = normalizeOptions(q.questionType, q.options).scale!;
    for (let v = sc.min; v <= sc.max; v++) {
      const label =
        v === sc.min && sc.minLabel ? `${v} - ${sc.minLabel}` : v === sc.max && sc.maxLabel ? `${v} - ${sc.maxLabel}` : String(v);
      push(String(v), { value: String(v), label, valueNumber: v });
    }
  } else if (!isTextType(q.questionType)) {
    for (const c of normalizeOptions(q.questionType, q.options).choices)
      push(c.value, { value: c.value, label: c.label, valueNumber: null });
  }
  for (const r of rows)
    if (!seen.has(r.key)) push(r.key, { value: r.key, label: r.key, valueNumber: r.via === 'number' ? Number(r.key) : null });
  return out;
}

const emptyStat = (questionId: number): QuestionStatRow => ({
  questionId,
  key: null,
  n: 0,
  answered: 0,
  answerN: 0,
  noOpinion: 0,
  mean: null,
  sd: null,
  median: null,
});

export interface QuestionRunOpts {
  survey: TSurvey;
  /** With the viewer's anonymity floor (`minPartFor`): small classes are left out of every figure. */
  slice: Slice;
  scoped: Scoped;
  restricted: boolean;
  compare: boolean;
  /** The slice without narrowing or scope (the school figure of a comparison), with the same floor. */
  schoolSlice: Slice;
  /** Aggregate rows of this slice already computed (a recalculation shares them between figure kinds). */
  pre?: AggregateRow[];
}

/**
 * Per-question results of a slice: counts per option, mean/SD/median of the numbers (a `None` is
 * counted in `answered` and `noOpinion`, never in a mean), and the score. Restricted viewers read
 * figures of classes that pass the anonymity floor only (the slice's `minPart`); a slice whose
 * classes are all under it is hidden, with its n. Three GROUP BY queries (stats, distribution, score),
 * plus the slice's size without the floor for a restricted viewer and the comparisons when asked.
 */
export async function computeQuestions(db: DbOrTx, o: QuestionRunOpts) {
  const { survey, slice, scoped, restricted } = o;
  const all = questionsInOrder(survey).filter((m) => !restricted || m.q.visibleToTeacher);
  const unfloored = (s: Slice): Slice => ({ ...s, minPart: null });
  const [{ stats, dist }, sizes, fullSizes, scoreRows, config] = await Promise.all([
    questionFigures(db, slice),
    sliceSizes(db, slice, 'none'),
    restricted ? sliceSizes(db, unfloored(slice), 'none') : Promise.resolve(null),
    o.pre ? Promise.resolve(o.pre.filter((r) => r.kind === 'survey')) : aggregates(db, slice, ['survey']),
    scoreQuestionIds(db, survey.id),
  ]);
  const kept = sizes.get('') ?? 0;
  const allN = fullSizes?.get('') ?? kept;
  const sliceHidden = restricted && allN > 0 && kept === 0;
  const n = sliceHidden ? allN : kept;
  const statOf = new Map(stats.map((s) => [s.questionId, s]));
  const distOf = new Map<number, DistributionRow[]>();
  for (const r of dist) distOf.set(r.questionId, [...(distOf.get(r.questionId) ?? []), r]);

  // Comparison: the department's and the school's figure of each question (same floor as the slice).
  let deptStats: Map<number, QuestionStatRow> | null = null;
  let schoolStats: Map<number, QuestionStatRow> | null = null;
  let deptAll = 0;
  let schoolAll = 0;
  if (o.compare) {
    const deptTeachers = scoped.departmentId ? await teachersOfDepartments(db, [scoped.departmentId]) : null;
    const deptSlice: Slice | null = deptTeachers ? { ...o.schoolSlice, teacherIds: deptTeachers } : null;
    const [d, s, dAll, sAll] = await Promise.all([
      deptSlice ? questionStats(db, deptSlice) : Promise.resolve(null),
      questionStats(db, o.schoolSlice),
      deptSlice && restricted ? sliceSizes(db, unfloored(deptSlice), 'none') : Promise.resolve(null),
      restricted ? sliceSizes(db, unfloored(o.schoolSlice), 'none') : Promise.resolve(null),
    ]);
    deptStats = d ? new Map(d.map((x) => [x.questionId, x])) : null;
    schoolStats = new Map(s.map((x) => [x.questionId, x]));
    deptAll = dAll?.get('') ?? 0;
    schoolAll = sAll?.get('') ?? 0;
  }
  /** A comparison figure: hidden only when it has responses and every one is in a class under the floor. */
  const figure = (st: QuestionStatRow | undefined, qid: number, allResponses: number): TMeanFigure => {
    const s = st ?? emptyStat(qid);
    const hide = restricted && s.answered === 0 && allResponses > 0;
    return {
      n: s.answered,
      answerN: s.answerN,
      mean: hide ? null : r4(s.mean),
      stdDev: hide ? null : r4(s.sd),
      ...(hide ? HIDDEN : SHOWN),
    };
  };

  const questions: TQuestionResult[] = all.map((m) => {
    const st = statOf.get(m.q.id) ?? emptyStat(m.q.id);
    const hidden = sliceHidden;
    const numbered = isNumbered(m.q);
    return {
      questionId: m.q.id,
      questionType: m.q.questionType,
      content: htmlToPlainText(m.q.content),
      sectionId: m.sectionId,
      sectionTitle: m.sectionTitle,
      position: m.position,
      visibleToTeacher: m.q.visibleToTeacher,
      inScore: config.length ? config.includes(m.q.id) : m.q.questionType === 'grid',
      answered: st.answered,
      answerN: hidden ? 0 : st.answerN,
      noOpinion: hidden ? 0 : st.noOpinion,
      options: hidden ? [] : optionsOf(m.q, distOf.get(m.q.id) ?? [], st.answered),
      mean: hidden || !numbered ? null : r4(st.mean),
      stdDev: hidden || !numbered ? null : r4(st.sd),
      median: hidden || !numbered ? null : r4(st.median),
      ...(hidden ? HIDDEN : SHOWN),
      comparison:
        o.compare && numbered
          ? {
              department: deptStats ? figure(deptStats.get(m.q.id), m.q.id, deptAll) : null,
              school: figure(schoolStats!.get(m.q.id), m.q.id, schoolAll),
            }
          : null,
    };
  });

  const score: TAggregate = aggregateFigure(
    scoreRows[0] ?? (sliceHidden ? { n: 0, allN: allN, classCount: 0, answerN: 0, score: null, sd: null } : undefined),
    restricted,
  );
  return { n, leftOut: restricted ? allN - kept : 0, score, hidden: sliceHidden, questions };
}

/** What the filter left out of a survey's figures, for the screen (counted like the figures: in steps of k while open). */
export async function filterInfo(
  db: DbOrTx,
  o: { surveyIds: number[]; filtered: boolean; minResponses: number; minGroupSize: number; step?: Slice['step'] },
): Promise<TFilterInfo> {
  const base = { filtered: o.filtered, minResponses: o.minResponses, minGroupSize: o.minGroupSize };
  if (!o.filtered) return { ...base, straightLinedExcluded: 0, classesExcluded: 0 };
  const counts = await classCounts(db, o.surveyIds, null, o.step);
  const classesExcluded = [...counts.values()].filter((c) => c.total - c.straightLined < o.minResponses).length;
  return { ...base, straightLinedExcluded: counts.straightLinedAll, classesExcluded };
}
