import { RESULTS_MSG, type TCacheStatus, type TGridQuestions, type TScoreConfig, type TScoreConfigInput } from '@app/shared/survey-results';
import { htmlToPlainText, normalizeOptions } from '@app/shared/surveys';
import type { DbOrTx } from '@/db/client';
import type { Actor } from '@/plugins/actor';
import { write } from '@/lib/write';
import { badRequest, notFound } from '@/plugins/errors';
import { recomputeStraightLined } from '../core/straight-lining.repository';
import { loadSurvey } from '../core/surveys.repository';
import { isNumbered, questionsInOrder } from './question-results';
import type { Ctx } from './survey-results.service';
import { surveyOr404 } from './survey-results.service';
import {
  addScoreQuestions,
  CACHE_ENABLED_SETTING,
  dropStored,
  removeScoreQuestions,
  responseTotals,
  scoreQuestionIds,
  setAutoCalculate,
  writeSetting,
} from './survey-results.repository';

/** Score config (which numbered questions make the score), auto-calculate and the cache switch (issue 5). */

async function surveyTree(db: DbOrTx, id: number) {
  await surveyOr404(db, id);
  const s = await loadSurvey(db, id);
  if (!s) throw notFound(RESULTS_MSG.surveyNotFound);
  return s;
}

/** GET /surveys/{id}/grid-questions: the numbered questions (grid rows, linear scales) a score can use. */
export async function gridQuestions(ctx: Ctx, id: number): Promise<TGridQuestions> {
  const survey = await surveyTree(ctx.db, id);
  const config = new Set(await scoreQuestionIds(ctx.db, id));
  const items = questionsInOrder(survey)
    .filter((m) => isNumbered(m.q))
    .map((m) => {
      const scale = m.q.questionType === 'linear_scale' ? normalizeOptions(m.q.questionType, m.q.options).scale! : null;
      return {
        questionId: m.q.id,
        content: htmlToPlainText(m.q.content),
        questionType: m.q.questionType as 'grid' | 'linear_scale',
        sectionId: m.sectionId,
        sectionTitle: m.sectionTitle,
        position: m.position,
        gridGroupId: m.q.gridGroup?.id ?? null,
        columns: [...(m.q.gridGroup?.columns ?? [])]
          .sort((a, b) => a.displayOrder - b.displayOrder)
          .map((c) => ({ id: c.id!, label: c.label, value: c.value, valueNumber: c.valueNumber })),
        scale: scale ? { min: scale.min, max: scale.max } : null,
        visibleToTeacher: m.q.visibleToTeacher,
        inScoreConfig: config.size ? config.has(m.q.id) : m.q.questionType === 'grid',
      };
    });
  return { surveyId: id, items };
}

export async function scoreConfig(db: DbOrTx, id: number): Promise<TScoreConfig> {
  const survey = await surveyTree(db, id);
  const ids = await scoreQuestionIds(db, id);
  const byId = new Map(questionsInOrder(survey).map((m) => [m.q.id, m]));
  const totals = await responseTotals(db, [id]);
  return {
    surveyId: id,
    questionIds: ids,
    isDefault: ids.length === 0,
    questions: ids
      .flatMap((qid) => {
        const m = byId.get(qid);
        return m
          ? [
              {
                questionId: qid,
                content: htmlToPlainText(m.q.content),
                questionType: m.q.questionType,
                sectionTitle: m.sectionTitle,
                position: m.position,
              },
            ]
          : [];
      })
      .sort((a, b) => a.position - b.position),
    responseCount: totals.n,
    straightLinedCount: totals.straightLined,
  };
}

/**
 * POST (add `questionId`, or replace with `questionIds`) and DELETE (one, or all) of the score
 * config. In one transaction with its audit entry: the config, straight_lined of every response
 * recomputed with it, and the stored results it made wrong dropped; then the cache.
 */
export async function changeScoreConfig(ctx: Ctx, actor: Actor, id: number, change: { add?: TScoreConfigInput; removeId?: number | null }) {
  const { db, rt } = ctx;
  const meta = await surveyOr404(db, id);
  const survey = await surveyTree(db, id);
  const numbered = new Map(
    questionsInOrder(survey)
      .filter((m) => isNumbered(m.q))
      .map((m) => [m.q.id, m]),
  );
  const all = new Set(questionsInOrder(survey).map((m) => m.q.id));
  const wanted = change.add
    ? [...new Set([...(change.add.questionIds ?? []), ...(change.add.questionId ? [change.add.questionId] : [])])]
    : [];
  for (const qid of wanted) {
    if (!all.has(qid)) throw badRequest(RESULTS_MSG.questionNotFound);
    if (!numbered.has(qid)) throw badRequest(RESULTS_MSG.notNumbered);
  }
  if (change.removeId && !all.has(change.removeId)) throw notFound(RESULTS_MSG.questionNotFound);
  await write(db, actor, async (w) => {
    const before = await scoreQuestionIds(w.tx, id);
    if (change.add?.questionIds) await removeScoreQuestions(w.tx, id);
    if (change.add) await addScoreQuestions(w.tx, id, wanted);
    if (change.removeId !== undefined) await removeScoreQuestions(w.tx, id, change.removeId ? [change.removeId] : undefined);
    const after = await scoreQuestionIds(w.tx, id);
    await recomputeStraightLined(w.tx, id);
    await dropStored(w.tx, id, meta.moduleId);
    await w.log({ action: 'update', entity: 'score_config', entityId: id, before: { questionIds: before }, after: { questionIds: after } });
  });
  await rt.invalidate(id, meta.moduleId);
  if (meta.autoCalculate) rt.schedule(id);
  return scoreConfig(db, id);
}

/** POST /surveys/{id}/toggle-auto-calculate */
export async function toggleAutoCalculate(ctx: Ctx, actor: Actor, id: number, enabled: boolean) {
  const meta = await surveyOr404(ctx.db, id);
  await write(ctx.db, actor, async (w) => {
    await setAutoCalculate(w.tx, id, enabled);
    await w.log({
      action: 'update',
      entity: 'survey_auto_calculate',
      entityId: id,
      before: { autoCalculate: meta.autoCalculate },
      after: { autoCalculate: enabled },
    });
  });
  await ctx.rt.invalidate(id, meta.moduleId);
  return { surveyId: id, autoCalculate: enabled };
}

/** POST /surveys/cache/toggle: kept in app_settings so a restart (or another process) keeps the choice. */
export async function toggleCache(ctx: Ctx, actor: Actor, enabled: boolean): Promise<TCacheStatus> {
  const before = ctx.rt.cache.enabled;
  await write(ctx.db, actor, async (w) => {
    await writeSetting(w.tx, CACHE_ENABLED_SETTING, enabled);
    await w.log({ action: 'update', entity: 'results_cache', entityId: null, before: { enabled: before }, after: { enabled } });
  });
  ctx.rt.switchCache(enabled);
  return ctx.rt.cache.status();
}
