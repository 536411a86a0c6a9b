import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZPage } from '@app/shared/api';
import { ZReviewStatus } from '@app/shared/surveys';
import {
  REVIEW_SORT_KEYS,
  TEXT_REVIEW_MSG,
  ZAutoReviewInput,
  ZAutoReviewResult,
  ZAutoReviewRun,
  ZBatchAutoReviewInput,
  ZBulkReviewInput,
  ZCreateReviewInput,
  ZReviewDecisionInput,
  ZTextReview,
  ZTextReviewDetail,
  ZTextReviewSettings,
} from '@app/shared/text-reviews';
import type { Db } from '@/db/client';
import { actorOf } from '@/plugins/auth';
import type { EventBus } from '@/plugins/events';
import { listQuery, zIdFilter } from '@/lib/list';
import { ZIdParams } from '@/lib/params';
import { REVIEW_ROLES, REVIEW_SETTINGS_WRITE } from '../access';
import { startAutoReviewQueue } from './auto-review-queue';
import {
  autoReviewOne,
  autoReviewSurvey,
  batchAutoReview,
  bulkDecide,
  decideReview,
  queueCounts,
  readSettings,
  reviewAnswer,
  reviewDetail,
  reviewQueue,
  saveSettings,
} from './text-reviews.service';

/**
 * Free-text review (issue 6, spec section 7 "Reviews"). Every route is ADMIN and QUALITY_ASSURANCE
 * only: nobody else may read a pending or rejected text; teachers see approved texts through the
 * results calls. The auto-review setting is written by ADMIN.
 */
const tags = ['text-reviews'];
const filters = {
  status: ZReviewStatus.optional(),
  surveyId: zIdFilter,
  moduleId: zIdFilter,
  courseClassId: zIdFilter,
  reason: z.string().trim().max(50).optional(),
  decidedBy: z.enum(['auto', 'person', 'none']).optional(),
};
const ZQueueQuery = listQuery(REVIEW_SORT_KEYS, filters);
const ZCountsQuery = z.object({ ...filters, search: z.string().trim().max(200).optional() });
const ZCounts = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  byReason: z.record(z.string(), z.number().int()),
});

export function textReviewRoutes(
  app: FastifyInstance,
  deps: { db: Db; events: EventBus; results: { minGroupSize: number }; autoReview?: { sweepSeconds: number } },
) {
  // New responses' free texts are auto-reviewed off the submission, and swept when a crash left them undecided.
  startAutoReviewQueue(app, { ...deps, sweepSeconds: deps.autoReview?.sweepSeconds ?? 0 });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // An open survey's texts reach readers other than ADMIN in steps of k, the school's minimum group size
  // (core/live-release.repository.ts); read per request, since the settings page may change it.
  const k = () => deps.results.minGroupSize;
  const config = { roles: REVIEW_ROLES };
  // A decision can make a closed survey publishable (results/publication.service.ts listens).
  const reviewed = <T>(data: T, surveyId: number | null = null): T => (deps.events.emit('survey.texts.reviewed', { surveyId }), data);

  r.get(
    '/surveys/responses/reviews',
    {
      config,
      schema: { tags, querystring: ZQueueQuery, response: { 200: ZOk(ZPage(ZTextReview)) } },
    },
    async (req) => ({ success: true as const, data: await reviewQueue(db, actorOf(req), req.query, k()) }),
  );

  r.get(
    '/surveys/responses/reviews/counts',
    {
      config,
      schema: { tags, querystring: ZCountsQuery, response: { 200: ZOk(ZCounts) } },
    },
    async (req) => ({ success: true as const, data: await queueCounts(db, actorOf(req), req.query, k()) }),
  );

  r.post(
    '/surveys/responses/reviews',
    {
      config,
      schema: { tags, body: ZCreateReviewInput, response: { 200: ZOk(ZTextReviewDetail) } },
    },
    async (req) => {
      const { responseDetailId, ...decision } = req.body;
      return {
        success: true as const,
        message: TEXT_REVIEW_MSG.saved,
        data: reviewed(await reviewAnswer(db, actorOf(req), responseDetailId, decision, k())),
      };
    },
  );

  r.post(
    '/surveys/responses/reviews/bulk',
    {
      config,
      schema: { tags, body: ZBulkReviewInput, response: { 200: ZOk(z.object({ updated: z.number().int() })) } },
    },
    async (req) => {
      const data = reviewed(await bulkDecide(db, actorOf(req), req.body));
      return { success: true as const, message: TEXT_REVIEW_MSG.decided(data.updated, req.body.status), data };
    },
  );

  r.get(
    '/surveys/responses/reviews/:id',
    {
      config,
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZTextReviewDetail) } },
    },
    async (req) => ({ success: true as const, data: await reviewDetail(db, actorOf(req), req.params.id, k()) }),
  );

  r.put(
    '/surveys/responses/reviews/:id',
    {
      config,
      schema: { tags, params: ZIdParams, body: ZReviewDecisionInput, response: { 200: ZOk(ZTextReviewDetail) } },
    },
    async (req) => ({
      success: true as const,
      message: TEXT_REVIEW_MSG.saved,
      data: reviewed(await decideReview(db, actorOf(req), req.params.id, req.body, k())),
    }),
  );

  r.post(
    '/surveys/responses/auto-review',
    {
      config,
      schema: { tags, body: ZAutoReviewInput, response: { 200: ZOk(ZAutoReviewResult) } },
    },
    async (req) => {
      const data = reviewed(await autoReviewOne(db, actorOf(req), req.body));
      return {
        success: true as const,
        message: req.body.responseDetailId !== undefined && !data.applied ? TEXT_REVIEW_MSG.humanKept : undefined,
        data,
      };
    },
  );

  r.post(
    '/surveys/responses/batch-auto-review',
    {
      config,
      schema: { tags, body: ZBatchAutoReviewInput, response: { 200: ZOk(ZAutoReviewRun) } },
    },
    async (req) => {
      const data = reviewed(await batchAutoReview(db, actorOf(req), req.body));
      return { success: true as const, message: TEXT_REVIEW_MSG.autoDone(data.checked, data.flagged, data.approved), data };
    },
  );

  r.post(
    '/surveys/:id/auto-review-text-responses',
    {
      config,
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZAutoReviewRun) } },
    },
    async (req) => {
      const data = reviewed(await autoReviewSurvey(db, actorOf(req), req.params.id), req.params.id);
      return { success: true as const, message: TEXT_REVIEW_MSG.autoDone(data.checked, data.flagged, data.approved), data };
    },
  );

  r.get(
    '/surveys/responses/review-settings',
    {
      config,
      schema: { tags, response: { 200: ZOk(ZTextReviewSettings) } },
    },
    async () => ({ success: true as const, data: await readSettings(db) }),
  );

  r.put(
    '/surveys/responses/review-settings',
    {
      config: { roles: REVIEW_SETTINGS_WRITE },
      schema: { tags, body: ZTextReviewSettings, response: { 200: ZOk(ZTextReviewSettings) } },
    },
    async (req) => ({
      success: true as const,
      message: TEXT_REVIEW_MSG.settingsSaved,
      data: await saveSettings(db, actorOf(req), req.body),
    }),
  );
}
