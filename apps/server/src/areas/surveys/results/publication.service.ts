import type { FastifyInstance } from 'fastify';
import { RESULTS_MSG, type TPublication, type TPublicationOverview, type TPublicationSettings } from '@app/shared/survey-results';
import type { Db, DbOrTx } from '@/db/client';
import { write } from '@/lib/write';
import { systemActor, type Actor } from '@/plugins/actor';
import { badRequest, conflict, notFound } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import {
  AUTO_PUBLISH_SETTING,
  publicationRow,
  publishableSurveyIds,
  publishedSurveys,
  reopenedPublishedIds,
  RESTRICTED_FILTERED_SETTING,
  setPublished,
  waitingForPublication,
  type PublicationRow,
} from './publication.repository';
import { readSetting, writeSetting } from './survey-results.repository';

/**
 * Publication of a survey's results (issue 11, EvaP's model): teachers and heads of department read a
 * survey's figures and texts only once it is published, and it can be published only when it is
 * closed (status 'closed', the one rule of "closed" the survey life cycle has) and none of its free
 * texts is pending review. ADMIN and QUALITY_ASSURANCE publish and withdraw, per survey, audited; with
 * the setting "publish automatically" on (the default), the system publishes a survey as soon as both
 * hold — on a survey's status change, on review decisions, and once at start. A survey reopened after
 * publication is withdrawn by the system; a survey someone withdrew is published again only by hand.
 */

const view = (r: PublicationRow): TPublication => {
  const reason = r.publishedAt
    ? null
    : r.status !== 'closed'
      ? RESULTS_MSG.notClosed
      : r.pendingTexts > 0
        ? RESULTS_MSG.pendingTexts(r.pendingTexts)
        : null;
  return {
    surveyId: r.id,
    status: r.status,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    pendingTexts: r.pendingTexts,
    canPublish: !r.publishedAt && reason === null,
    reason,
  };
};

async function rowOr404(db: DbOrTx, id: number, lock = false) {
  const r = await publicationRow(db, id, lock);
  if (!r) throw notFound(RESULTS_MSG.surveyNotFound);
  if (r.isTemplate) throw badRequest(RESULTS_MSG.template);
  return r;
}

/** GET /surveys/{id}/publication */
export async function publicationOf(db: DbOrTx, id: number): Promise<TPublication> {
  return view(await rowOr404(db, id));
}

/** How many published surveys the overview lists. */
const RECENT_PUBLISHED = 5;

/** GET /surveys/publication-overview: closed surveys waiting for publication, and the newest published ones. */
export async function publicationOverview(db: DbOrTx): Promise<TPublicationOverview> {
  const [waiting, published] = await Promise.all([waitingForPublication(db), publishedSurveys(db, RECENT_PUBLISHED)]);
  return { waiting, published };
}

/**
 * POST /surveys/{id}/publish: 409 with the reason when it is not closed or texts are pending. Once
 * stored, `survey.results.published` tells the teachers (the notifications area listens).
 */
export async function publishSurvey(db: Db, actor: Actor, id: number, events?: EventBus): Promise<TPublication> {
  await write(db, actor, async (w) => {
    const r = await rowOr404(w.tx, id, true);
    if (r.publishedAt) throw conflict(RESULTS_MSG.alreadyPublished);
    if (r.status !== 'closed') throw conflict(RESULTS_MSG.notClosed);
    if (r.pendingTexts > 0) throw conflict(RESULTS_MSG.pendingTexts(r.pendingTexts));
    const at = new Date();
    await setPublished(w.tx, id, at, actor.userId);
    await w.log({
      action: 'publish',
      entity: 'survey',
      entityId: id,
      before: { publishedAt: null },
      after: { publishedAt: at.toISOString() },
    });
  });
  events?.emit('survey.results.published', { surveyId: id });
  return publicationOf(db, id);
}

/** POST /surveys/{id}/unpublish: the figures leave teachers and heads at once (`survey.changed` drops the cache). */
export async function unpublishSurvey(db: Db, events: EventBus, actor: Actor, id: number, action = 'unpublish'): Promise<TPublication> {
  await write(db, actor, async (w) => {
    const r = await rowOr404(w.tx, id, true);
    if (!r.publishedAt) throw conflict(RESULTS_MSG.notYetPublished);
    await setPublished(w.tx, id, null, null);
    await w.log({
      action,
      entity: 'survey',
      entityId: id,
      before: { publishedAt: r.publishedAt.toISOString() },
      after: { publishedAt: null },
    });
  });
  await events.emitAndWait('survey.changed', { surveyId: id });
  return publicationOf(db, id);
}

export async function publicationSettings(db: DbOrTx): Promise<TPublicationSettings> {
  const [auto, filtered] = await Promise.all([
    readSetting<boolean>(db, AUTO_PUBLISH_SETTING),
    readSetting<boolean>(db, RESTRICTED_FILTERED_SETTING),
  ]);
  return { autoPublish: auto !== false, restrictedFiltered: filtered !== false };
}

/** PUT /surveys/settings/publication (ADMIN, audited); turning auto-publish on publishes what qualifies. */
export async function savePublicationSettings(db: Db, events: EventBus, actor: Actor, input: TPublicationSettings) {
  await write(db, actor, async (w) => {
    const before = await publicationSettings(w.tx);
    await writeSetting(w.tx, AUTO_PUBLISH_SETTING, input.autoPublish);
    await writeSetting(w.tx, RESTRICTED_FILTERED_SETTING, input.restrictedFiltered);
    await w.log({ action: 'update', entity: 'app_setting', entityId: 'survey_results.publication', before, after: input });
  });
  if (input.autoPublish) await autoPublish(db, events);
  return publicationSettings(db);
}

/**
 * The system's pass: withdraws publication of reopened surveys, and (setting on) publishes every survey
 * that qualifies. Each change is its own audited write by `systemActor('publication')`; a survey that
 * stopped qualifying meanwhile is skipped (the checks run again under the row lock).
 */
export async function autoPublish(db: Db, events: EventBus): Promise<number[]> {
  const actor = systemActor('publication');
  for (const id of await reopenedPublishedIds(db)) {
    await unpublishSurvey(db, events, actor, id, 'withdraw_publication').catch(() => undefined);
  }
  if (!(await publicationSettings(db)).autoPublish) return [];
  const done: number[] = [];
  for (const id of await publishableSurveyIds(db)) {
    try {
      await publishSurvey(db, actor, id, events);
      done.push(id);
    } catch {
      // It stopped qualifying between the look-up and the lock (a new pending text, a reopen): nothing to do.
    }
  }
  return done;
}

/** Runs the pass at start and on the events that can make a survey qualify (or stop qualifying). */
export function startAutoPublish(app: FastifyInstance, deps: { db: Db; events: EventBus }) {
  let running: Promise<unknown> = Promise.resolve();
  let closed = false;
  const run = () => {
    if (closed) return running;
    running = running
      .then(() => autoPublish(deps.db, deps.events))
      .catch((err) => app.log.warn({ err }, 'auto-publish of survey results failed'));
    return running;
  };
  const offs = [deps.events.on('survey.responses.changed', () => void run()), deps.events.on('survey.texts.reviewed', () => void run())];
  app.addHook('onReady', async () => {
    await run();
  });
  app.addHook('onClose', async () => {
    closed = true;
    for (const off of offs) off();
    await running;
  });
  return { settle: () => running };
}
