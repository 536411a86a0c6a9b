import {
  type TAggregate, type TFilterInfo, type TMeanFigure, type TOptionResult, type TQuestionResult,
} from '@app/shared/survey-results';
import { htmlToPlainText, isTextType, normalizeOptions, type TSurvey, type TSurveyQuestion } from '@app/shared/surveys';
import type { DbOrTx } from '../../db/client';
import { aggregates, classCounts, questionFigures, questionStats, sliceSizes, type AggregateRow, type DistributionRow, type QuestionStatRow, type Slice } from './aggregates.repository';
import { HIDDEN, hideAggregate, remainderSafe, SHOWN, siblingsToHide, tooSmall } from './anonymity';
import type { Scoped } from './access';
import { responseTotals, scoreQuestionIds, teachersOfDepartments } from './survey-results.repository';

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
    .flatMap((s) => [...s.questions].sort((a, b) => a.displayOrder - b.displayOrder).map((q) => ({ q, sectionId: s.id, sectionTitle: s.title, position: ++position })));
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
      const label = v === sc.min && sc.minLabel ? `${v} - ${sc.minLabel}` : v === sc.max && sc.maxLabel ? `${v} - ${sc.maxLabel}` : String(v);
      push(String(v), { value: String(v), label, valueNumber: v });
    }
  } else if (!isTextType(q.questionType)) {
    for (const c of normalizeOptions(q.questionType, q.options).choices) push(c.value, { value: c.value, label: c.label, valueNumber: null });
  }
  for (const r of rows)
    if (!seen.has(r.key)) push(r.key, { value: r.key, label: r.key, valueNumber: r.via === 'number' ? Number(r.key) : null });
  return out;
}

const emptyStat = (questionId: number): QuestionStatRow => ({
  questionId, key: null, n: 0, answered: 0, answerN: 0, noOpinion: 0, mean: null, sd: null, median: null,
});

export interface QuestionRunOpts {
  survey: TSurvey;
  slice: Slice;
  scoped: Scoped;
  restricted: boolean;
  min: number;
  compare: boolean;
  /** The slice without narrowing or scope (the school figure of a comparison). */
  schoolSlice: Slice;
  /** Aggregate rows of this slice already computed (a recalculation shares them between figure kinds). */
  pre?: AggregateRow[];
}

/**
 * Per-question results of a slice: counts per option, mean/SD/median of the numbers (a `None` is
 * counted in `answered` and `noOpinion`, never in a mean), the score, and the anonymity rule for
 * restricted viewers. Three GROUP BY queries (stats, distribution, score) plus, for a narrowed
 * restricted view, one per-sibling query.
 */
export async function computeQuestions(db: DbOrTx, o: QuestionRunOpts) {
  const { survey, slice, scoped, restricted, min } = o;
  const all = questionsInOrder(survey).filter((m) => !restricted || m.q.visibleToTeacher);
  const [{ stats, dist }, sizes, scoreRows, config] = await Promise.all([
    questionFigures(db, slice),
    sliceSizes(db, slice, 'none'),
    o.pre ? Promise.resolve(o.pre.filter((r) => r.kind === 'survey')) : aggregates(db, slice, ['survey']),
    scoreQuestionIds(db, survey.id),
  ]);
  const n = sizes.get('') ?? 0;
  const statOf = new Map(stats.map((s) => [s.questionId, s]));
  const distOf = new Map<number, DistributionRow[]>();
  for (const r of dist) distOf.set(r.questionId, [...(distOf.get(r.questionId) ?? []), r]);

  // Siblings of a narrowed restricted view: which questions (or the whole slice) hide this child.
  let sliceHidden = restricted && tooSmall(n, min);
  const hiddenQuestions = new Set<number>();
  if (restricted && scoped.siblings && scoped.own) {
    const parent: Slice = { ...slice, teacherIds: scoped.own.teacherIds, courseClassIds: null };
    const keep = (k: string | null) => !!k && (!scoped.siblings!.keys || scoped.siblings!.keys.has(k));
    const [parentSizes, perKey] = await Promise.all([
      sliceSizes(db, parent, scoped.siblings.dim),
      questionStats(db, parent, scoped.siblings.dim),
    ]);
    const sizeMap = new Map([...parentSizes].filter(([k]) => keep(k)));
    if (siblingsToHide(sizeMap, min).has(scoped.siblings.key)) sliceHidden = true;
    const byQ = new Map<number, Map<string | null, number>>();
    for (const r of perKey) if (keep(r.key)) byQ.set(r.questionId, (byQ.get(r.questionId) ?? new Map()).set(r.key, r.answered));
    for (const [qid, m] of byQ) if (siblingsToHide(m, min).has(scoped.siblings.key)) hiddenQuestions.add(qid);
  }

  // Comparison: the department's and the school's figure of each question.
  let deptStats: Map<number, QuestionStatRow> | null = null;
  let schoolStats: Map<number, QuestionStatRow> | null = null;
  let ownStats: Map<number, QuestionStatRow> | null = null;
  if (o.compare) {
    const deptTeachers = scoped.departmentId ? await teachersOfDepartments(db, [scoped.departmentId]) : null;
    const [d, s, own] = await Promise.all([
      deptTeachers ? questionStats(db, { ...o.schoolSlice, teacherIds: deptTeachers }) : Promise.resolve(null),
      questionStats(db, o.schoolSlice),
      restricted && scoped.own ? questionStats(db, { ...slice, teacherIds: scoped.own.teacherIds, courseClassIds: null }) : Promise.resolve(null),
    ]);
    deptStats = d ? new Map(d.map((x) => [x.questionId, x])) : null;
    schoolStats = new Map(s.map((x) => [x.questionId, x]));
    ownStats = own ? new Map(own.map((x) => [x.questionId, x])) : new Map(stats.map((x) => [x.questionId, x]));
  }
  const figure = (st: QuestionStatRow | undefined, qid: number): TMeanFigure => {
    const s = st ?? emptyStat(qid);
    const own = ownStats?.get(qid)?.answered ?? 0;
    const hide = restricted && !remainderSafe(s.answered, own, min);
    return { n: s.answered, answerN: s.answerN, mean: hide ? null : r4(s.mean), stdDev: hide ? null : r4(s.sd), ...(hide ? HIDDEN : SHOWN) };
  };

  const questions: TQuestionResult[] = all.map((m) => {
    const st = statOf.get(m.q.id) ?? emptyStat(m.q.id);
    const hidden = sliceHidden || (restricted && (tooSmall(st.answered, min) || hiddenQuestions.has(m.q.id)));
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
      comparison: o.compare && numbered
        ? { department: deptStats ? figure(deptStats.get(m.q.id), m.q.id) : null, school: figure(schoolStats!.get(m.q.id), m.q.id) }
        : null,
    };
  });

  const sc = scoreRows[0];
  let score: TAggregate = {
    n: sc?.n ?? n, classCount: sc?.classCount ?? 0, answerN: sc?.answerN ?? 0, score: r4(sc?.score), sd: r4(sc?.sd), ...SHOWN,
  };
  if (sliceHidden) score = hideAggregate(score);
  return { n, score, hidden: sliceHidden, questions };
}

/** What the filter left out of a survey's figures, for the screen. */
export async function filterInfo(db: DbOrTx, o: { surveyIds: number[]; filtered: boolean; minResponses: number; minGroupSize: number; keptN?: number }): Promise<TFilterInfo> {
  const base = { filtered: o.filtered, minResponses: o.minResponses, minGroupSize: o.minGroupSize };
  if (!o.filtered) return { ...base, straightLinedExcluded: 0, classesExcluded: 0 };
  const [totals, counts] = await Promise.all([responseTotals(db, o.surveyIds), classCounts(db, o.surveyIds)]);
  const classesExcluded = [...counts.values()].filter((c) => c.total - c.straightLined < o.minResponses).length;
  return { ...base, straightLinedExcluded: totals.straightLined, classesExcluded };
}
