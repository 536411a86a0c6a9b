import {
  RESULTS_MSG,
  type TCalculateResult,
  type TCourseResults,
  type TGradeCampusResults,
  type TQuestionResultsDetail,
  type TResultsQuery,
  type TSurveyResults,
} from '@app/shared/survey-results';
import type { TSurvey } from '@app/shared/surveys';
import type { Db, DbOrTx } from '@/db/client';
import type { Actor } from '@/plugins/actor';
import { insertAudit } from '@/plugins/audit.repository';
import { write } from '@/lib/write';
import { AppError, badRequest, notFound } from '@/plugins/errors';
import { loadSurvey } from '../core/surveys.repository';
import { aggregates, mixedClasses, questionStats, type AggregateRow, type Slice } from './aggregates.repository';
import {
  checkPublished,
  forbidden,
  isRestricted,
  resolveScope,
  sliceOf,
  variantFor,
  viewerKey,
  viewerOf,
  viewerTeachers,
  type Scoped,
  type Viewer,
} from './access';
import { HIDDEN, minPartFor, partHidden, SHOWN, stepFor } from './anonymity';
import { aggregateOf, computeCourses } from './course-results';
import { computeQuestions, filterInfo, r4 } from './question-results';
import type { ResultsRuntime } from './runtime';
import {
  classesOfSubject,
  classesOfTeacher,
  classInfos,
  eligibleByGradeCampus,
  minResponsesSetting,
  namesOf,
  readStored,
  responseTotals,
  surveyMeta,
  writeStored,
  type StoredKind,
  type SurveyMeta,
} from './survey-results.repository';

/** What every results service needs: the database and the app's results runtime (cache, settings). */
export interface Ctx {
  db: Db;
  rt: ResultsRuntime;
}

const now = () => new Date().toISOString();

export async function surveyOr404(db: DbOrTx, id: number): Promise<SurveyMeta> {
  const s = await surveyMeta(db, id);
  if (!s) throw notFound(RESULTS_MSG.surveyNotFound);
  if (s.isTemplate) throw badRequest(RESULTS_MSG.template);
  return s;
}

async function fullSurvey(db: DbOrTx, id: number): Promise<TSurvey> {
  const s = await loadSurvey(db, id);
  if (!s) throw notFound(RESULTS_MSG.surveyNotFound);
  return s;
}

const header = (m: SurveyMeta) => ({
  surveyId: m.id,
  title: m.title,
  surveyType: m.surveyType,
  moduleId: m.moduleId,
  subjectId: m.subjectId,
  subjectName: m.subjectName,
  autoCalculate: m.autoCalculate,
});

/** Teachers and heads see class results only (a GENERAL survey is about no class), and only once published. */
export function checkRestrictedSurvey(viewer: Viewer, meta: SurveyMeta) {
  if (isRestricted(viewer) && meta.surveyType !== 'SUBJECT_SPECIFIC') throw forbidden(RESULTS_MSG.ownClassesOnly);
  checkPublished(viewer, meta);
}

/** The steps of k of a survey's live figures: while it is open (anonymity.ts `stepFor`). */
export const surveyStep = (meta: SurveyMeta, min: number) => stepFor(min, meta.status !== 'closed' ? [meta.id] : []);

/** Stored results (calculate-*) are read only for a whole-school view; `stale` when answers came after. */
async function stored<T extends object>(
  db: DbOrTx,
  kind: StoredKind,
  meta: SurveyMeta,
  filtered: boolean,
): Promise<(T & { stored: true; stale: boolean; computedAt: string }) | null> {
  const surveyId = meta.id;
  const row = await readStored(db, { kind, surveyId, filtered });
  if (!row) return null;
  // Figures stored while the survey was open moved in steps of k; once closed they are recomputed exact.
  const { stepped, ...data } = row.data as T & { stepped?: boolean };
  if (stepped && meta.status === 'closed') return null;
  const totals = await responseTotals(db, [surveyId]);
  const stale = totals.n !== row.responseCount || (totals.latest !== null && totals.latest > row.computedAt);
  return { ...(data as T), stored: true, stale, computedAt: row.computedAt.toISOString() };
}

const keyOf = (parts: Record<string, unknown>) =>
  Object.entries(parts)
    .map(([k, v]) => `${k}=${v ?? ''}`)
    .join('&');

// ---- Questions ----

async function liveQuestions(
  ctx: Ctx,
  o: { meta: SurveyMeta; survey: TSurvey; viewer: Viewer; q: TResultsQuery; filtered: boolean; pre?: AggregateRow[]; scoped?: Scoped },
): Promise<TSurveyResults> {
  const { db, rt } = ctx;
  const [minResponses, scoped] = await Promise.all([minResponsesSetting(db), o.scoped ?? resolveScope(db, o.viewer, [o.meta.id], o.q)]);
  const min = rt.config.minGroupSize;
  const restricted = isRestricted(o.viewer);
  const minPart = minPartFor(restricted, min);
  const step = surveyStep(o.meta, min);
  const slice = { ...sliceOf(scoped, [o.meta.id], o.filtered, minResponses, minPart), step };
  const schoolSlice: Slice = { surveyIds: [o.meta.id], filtered: o.filtered, minResponses, minPart, step };
  const [r, filter] = await Promise.all([
    computeQuestions(db, { survey: o.survey, slice, scoped, restricted, compare: !!o.q.compare, schoolSlice, pre: o.pre }),
    filterInfo(db, { surveyIds: [o.meta.id], filtered: o.filtered, minResponses, minGroupSize: min, step }),
  ]);
  return {
    ...header(o.meta),
    scope: scoped.scope,
    filter,
    computedAt: now(),
    stored: false,
    stale: false,
    n: r.n,
    score: r.score,
    ...(r.hidden ? HIDDEN : SHOWN),
    questions: r.questions,
  };
}

/** GET /surveys/{id}/results */
export async function surveyResults(ctx: Ctx, actor: Actor, id: number, q: TResultsQuery): Promise<TSurveyResults> {
  const { db, rt } = ctx;
  const meta = await surveyOr404(db, id);
  const viewer = await viewerOf(db, actor);
  checkRestrictedSurvey(viewer, meta);
  const filtered = await variantFor(db, viewer, q.filtered);
  // The caller's current scope is checked here, before the cache (issue 11, finding 6).
  const scoped = await resolveScope(db, viewer, [id], q);
  rt.remember(id, meta.moduleId);
  const whole = viewer.kind === 'school' && !q.courseClassId && !q.teacherId && !q.departmentId && !q.compare;
  const key = keyOf({
    r: 'results',
    id,
    filtered,
    v: viewerKey(viewer),
    c: q.courseClassId,
    t: q.teacherId,
    d: q.departmentId,
    cmp: q.compare,
  });
  return rt.cache.wrap(key, rt.scopesOf(id, meta.moduleId), async () => {
    if (whole) {
      const s = await stored<TSurveyResults>(db, 'questions', meta, filtered);
      if (s) return { ...s, ...header(meta) };
    }
    return liveQuestions(ctx, { meta, survey: await fullSurvey(db, id), viewer, q, filtered, scoped });
  });
}

/** GET /surveys/{id}/questions/{questionId}/results: the question, and per class (subject survey) or per grade×campus. */
export async function questionResults(
  ctx: Ctx,
  actor: Actor,
  id: number,
  questionId: number,
  q: TResultsQuery,
): Promise<TQuestionResultsDetail> {
  const { db, rt } = ctx;
  const meta = await surveyOr404(db, id);
  const viewer = await viewerOf(db, actor);
  checkRestrictedSurvey(viewer, meta);
  const survey = await fullSurvey(db, id);
  const question = survey.sections.flatMap((s) => s.questions).find((x) => x.id === questionId);
  if (!question || (isRestricted(viewer) && !question.visibleToTeacher)) throw notFound(RESULTS_MSG.questionNotFound);
  const filtered = await variantFor(db, viewer, q.filtered);
  const scoped = await resolveScope(db, viewer, [id], q);
  rt.remember(id, meta.moduleId);
  const key = keyOf({
    r: 'question',
    id,
    questionId,
    filtered,
    v: viewerKey(viewer),
    c: q.courseClassId,
    t: q.teacherId,
    d: q.departmentId,
    cmp: q.compare,
  });
  return rt.cache.wrap(key, rt.scopesOf(id, meta.moduleId), async () => {
    const all = await liveQuestions(ctx, { meta, survey, viewer, q, filtered, scoped });
    const minResponses = all.filter.minResponses;
    const min = rt.config.minGroupSize;
    // Each row is one class (a part), listed whatever its size and hidden when under the floor or when
    // its teachers changed during the survey.
    const slice = { ...sliceOf(scoped, [id], filtered, minResponses, null), step: surveyStep(meta, min) };
    const mixed = isRestricted(viewer) && breakdownOf(meta) === 'courseClass' ? await mixedClasses(db, [id]) : new Set<string>();
    const breakdownBy = breakdownOf(meta);
    const rows = (await questionStats(db, slice, breakdownBy)).filter((r) => r.questionId === questionId && !!r.key);
    const classNames =
      breakdownBy === 'courseClass'
        ? await classInfos(
            db,
            rows.map((r) => Number(r.key)),
          )
        : null;
    const campusNames =
      breakdownBy === 'gradeCampus'
        ? await namesOf(
            db,
            'campuses',
            rows.map((r) => Number(r.key!.split(':')[1])),
          )
        : null;
    const label = (k: string) => {
      if (classNames) return classNames.get(Number(k))?.name ?? k;
      const [g, c] = k.split(':');
      return `Khối ${g} - ${campusNames!.get(Number(c))?.name ?? c}`;
    };
    const restricted = isRestricted(viewer);
    const breakdown = rows
      .map((r) => {
        const changed = mixed.has(`${id}:${r.key}`);
        const h = all.hidden || changed || partHidden(restricted, r.n, min);
        return {
          key: r.key!,
          label: label(r.key!),
          n: r.n,
          answered: r.answered,
          answerN: h ? 0 : r.answerN,
          mean: h ? null : r4(r.mean),
          stdDev: h ? null : r4(r.sd),
          median: h ? null : r4(r.median),
          ...(changed ? { hidden: true, reason: RESULTS_MSG.teachersChanged } : h ? HIDDEN : SHOWN),
        };
      })
      .sort((a, b) => a.label.localeCompare(b.label, 'vi', { numeric: true }));
    const found = all.questions.find((x) => x.questionId === questionId)!;
    return {
      surveyId: id,
      scope: all.scope,
      filter: all.filter,
      computedAt: all.computedAt,
      stored: false,
      stale: false,
      question: found,
      breakdownBy,
      breakdown,
    };
  });
}

const breakdownOf = (meta: SurveyMeta) => (meta.surveyType === 'SUBJECT_SPECIFIC' ? ('courseClass' as const) : ('gradeCampus' as const));

// ---- Course classes ----

/** The classes a restricted viewer may list for these surveys; null = all. */
async function allowedClasses(db: DbOrTx, viewer: Viewer, surveyIds: number[]) {
  const t = viewerTeachers(viewer);
  return t ? new Set(await classesOfTeacher(db, t, surveyIds)) : null;
}

async function liveCourses(
  ctx: Ctx,
  o: { meta: SurveyMeta; viewer: Viewer; filtered: boolean; active: boolean; pre?: AggregateRow[] },
): Promise<TCourseResults> {
  const { db, rt } = ctx;
  const minResponses = await minResponsesSetting(db);
  const min = rt.config.minGroupSize;
  const surveyIds = [o.meta.id];
  const include =
    o.active && o.meta.subjectId && o.meta.moduleId
      ? (await classesOfSubject(db, o.meta.subjectId, o.meta.moduleId)).map((info) => ({ surveyId: o.meta.id, info }))
      : [];
  const restricted = isRestricted(o.viewer);
  const slice: Slice = {
    surveyIds,
    filtered: o.filtered,
    minResponses,
    teacherIds: viewerTeachers(o.viewer),
    minPart: minPartFor(restricted, min),
    step: surveyStep(o.meta, min),
  };
  const allowedClassIds = await allowedClasses(db, o.viewer, surveyIds);
  const [r, filter] = await Promise.all([
    computeCourses(db, { slice, include, restricted, min, allowedClassIds, pre: o.pre }),
    filterInfo(db, { surveyIds, filtered: o.filtered, minResponses, minGroupSize: min, step: slice.step }),
  ]);
  return { surveyId: o.meta.id, filter, computedAt: now(), stored: false, stale: false, summary: r.summary, items: r.items };
}

/** GET /surveys/{id}/course-results (live, classes with responses) and /active-courses-results[-filtered] (stored, every class). */
export async function courseResults(
  ctx: Ctx,
  actor: Actor,
  id: number,
  o: { filtered: boolean; active: boolean },
): Promise<TCourseResults> {
  const { db, rt } = ctx;
  const meta = await surveyOr404(db, id);
  const viewer = await viewerOf(db, actor);
  checkRestrictedSurvey(viewer, meta);
  const filtered = await variantFor(db, viewer, o.filtered);
  rt.remember(id, meta.moduleId);
  const key = keyOf({ r: 'courses', id, f: filtered, a: o.active, v: viewerKey(viewer) });
  return rt.cache.wrap(key, rt.scopesOf(id, meta.moduleId), async () => {
    if (o.active && viewer.kind === 'school') {
      const s = await stored<TCourseResults>(db, 'course_classes', meta, filtered);
      if (s) return s;
    }
    return liveCourses(ctx, { meta, viewer, filtered, active: o.active });
  });
}

// ---- Grade × campus ----

async function liveGradeCampus(ctx: Ctx, meta: SurveyMeta, filtered: boolean, pre?: AggregateRow[]): Promise<TGradeCampusResults> {
  const { db, rt } = ctx;
  const minResponses = await minResponsesSetting(db);
  const slice: Slice = { surveyIds: [meta.id], filtered, minResponses, step: surveyStep(meta, rt.config.minGroupSize) };
  const [rows, eligible, filter] = await Promise.all([
    pre ? Promise.resolve(pre) : aggregates(db, slice, ['grade_campus', 'survey']),
    eligibleByGradeCampus(db, [meta.id]),
    filterInfo(db, { surveyIds: [meta.id], filtered, minResponses, minGroupSize: rt.config.minGroupSize, step: slice.step }),
  ]);
  const gc = rows.filter((r) => r.kind === 'grade_campus');
  const cells = new Set([...gc.map((r) => `${r.k1}:${r.k2}`), ...eligible.keys()]);
  const campuses = await namesOf(
    db,
    'campuses',
    [...cells].map((c) => Number(c.split(':')[1])),
  );
  const items = [...cells]
    .map((cell) => {
      const [grade, campusId] = cell.split(':').map(Number);
      const row = gc.find((r) => r.k1 === grade && r.k2 === campusId);
      const e = eligible.get(cell) ?? 0;
      const a = aggregateOf(row);
      return {
        ...a,
        grade,
        campusId,
        campusName: campuses.get(campusId)?.name ?? '',
        eligible: e,
        responseRate: e ? r4((a.n / e) * 100) : null,
      };
    })
    .sort((a, b) => a.grade - b.grade || a.campusName.localeCompare(b.campusName, 'vi'));
  return {
    surveyId: meta.id,
    filter,
    computedAt: now(),
    stored: false,
    stale: false,
    overall: aggregateOf(rows.find((r) => r.kind === 'survey')),
    items,
  };
}

/** GET /surveys/{id}/grade-campus-results (school-wide roles). */
export async function gradeCampusResults(ctx: Ctx, id: number, filtered: boolean): Promise<TGradeCampusResults> {
  const { db, rt } = ctx;
  const meta = await surveyOr404(db, id);
  rt.remember(id, meta.moduleId);
  return rt.cache.wrap(keyOf({ r: 'grade_campus', id, f: filtered }), rt.scopesOf(id, meta.moduleId), async () => {
    return (await stored<TGradeCampusResults>(db, 'grade_campus', meta, filtered)) ?? liveGradeCampus(ctx, meta, filtered);
  });
}

// ---- Calculate ----

export type SurveyKind = 'questions' | 'course_classes' | 'grade_campus';
const SCHOOL: Viewer = { kind: 'school', admin: false };

/**
 * Computes the survey's figures for the whole school, filtered and unfiltered, and stores them
 * (survey_results) with the audit entry in one transaction; then drops the cached copies.
 * `actor` null = auto-calculate (audited without an actor).
 */
export async function calculateSurvey(ctx: Ctx, actor: Actor | null, id: number, kinds: SurveyKind[]): Promise<TCalculateResult> {
  const { db, rt } = ctx;
  const t0 = performance.now();
  const meta = await surveyOr404(db, id);
  const survey = kinds.includes('questions') ? await fullSurvey(db, id) : null;
  const totals = await responseTotals(db, [id]);
  const computedAt = new Date();
  const minResponses = await minResponsesSetting(db);
  const step = surveyStep(meta, rt.config.minGroupSize);
  // Unfiltered and filtered side by side (two connections on PostgreSQL; PGlite queues them).
  const results = (
    await Promise.all(
      [false, true].map(async (filtered) => {
        const out: Array<{ kind: StoredKind; filtered: boolean; data: unknown }> = [];
        // One read of the answers per filter serves every figure kind (class, survey, grade×campus scores).
        const pre = await aggregates(db, { surveyIds: [id], filtered, minResponses, step }, ['class', 'overall', 'survey', 'grade_campus']);
        if (survey)
          out.push({
            kind: 'questions',
            filtered,
            data: await liveQuestions(ctx, { meta, survey, viewer: SCHOOL, q: { filtered, compare: false }, filtered, pre }),
          });
        if (kinds.includes('course_classes'))
          out.push({
            kind: 'course_classes',
            filtered,
            data: await liveCourses(ctx, { meta, viewer: SCHOOL, filtered, active: true, pre }),
          });
        if (kinds.includes('grade_campus'))
          out.push({ kind: 'grade_campus', filtered, data: await liveGradeCampus(ctx, meta, filtered, pre) });
        return out;
      }),
    )
  ).flat();
  const store = async (tx: DbOrTx) => {
    for (const r of results) {
      const { stored: _s, stale: _st, computedAt: _c, ...data } = r.data as Record<string, unknown>;
      await writeStored(tx, {
        kind: r.kind,
        surveyId: id,
        filtered: r.filtered,
        data: { ...data, computedAt: computedAt.toISOString(), ...(step ? { stepped: true } : {}) },
        responseCount: totals.n,
        computedAt,
      });
    }
  };
  const after = { kinds, responseCount: totals.n, computedAt: computedAt.toISOString() };
  if (actor) {
    await write(db, actor, async (w) => {
      await store(w.tx);
      await w.log({ action: 'calculate', entity: 'survey_results', entityId: id, after });
    });
  } else {
    await db.transaction(async (tx) => {
      await store(tx);
      await insertAudit(tx, { actorId: null, action: 'auto_calculate', entity: 'survey_results', entityId: id, after });
    });
  }
  await rt.invalidate(id, meta.moduleId);
  return {
    scope: 'survey',
    surveyId: id,
    moduleId: null,
    kinds,
    responseCount: totals.n,
    computedAt: computedAt.toISOString(),
    durationMs: r4(performance.now() - t0)!,
  };
}

/** POST /surveys/{id}/calculate-grade-campus-results and GET: the spec wants `{success: false, message}` on failure. */
export async function orGradeCampusFailure<T>(fn: () => Promise<T>, message: string): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('GRADE_CAMPUS_FAILED', message);
  }
}
