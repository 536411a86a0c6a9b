import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZOk } from '@app/shared/api';
import {
  RESULTS_MSG,
  ZAutoCalculate,
  ZCacheStatus,
  ZCalculateResult,
  ZCourseResults,
  ZDepartmentAverage,
  ZEnabledInput,
  ZFilteredQuery,
  ZGradeCampusResults,
  ZGridQuestions,
  ZModuleResults,
  ZPublication,
  ZPublicationOverview,
  ZPublicationSettings,
  ZQuestionResultsDetail,
  ZResultsQuery,
  ZScoreConfig,
  ZScoreConfigDeleteQuery,
  ZScoreConfigInput,
  ZSubjectCourseResults,
  ZSurveyResults,
  ZTeacherCourseResults,
  ZTextResponses,
  ZTextResponsesQuery,
} from '@app/shared/survey-results';
import type { Db } from '@/db/client';
import { actorOf } from '@/plugins/auth';
import type { EventBus } from '@/plugins/events';
import { sendXlsx } from '@/lib/xlsx';
import { ZIdParams } from '@/lib/params';
import { ADMIN_ONLY, RESULTS_MODULE, RESULTS_READ, RESULTS_SCHOOL, RESULTS_WRITE } from '../access';
import { exportExcel } from './export';
import {
  publicationOf,
  publicationOverview,
  publicationSettings,
  publishSurvey,
  savePublicationSettings,
  startAutoPublish,
  unpublishSurvey,
} from './publication.service';
import { calculateModule, departmentAverage, moduleResults, subjectCourseResults, teacherCourseResults } from './module-results.service';
import { startResultsRuntime, type ResultsConfig } from './runtime';
import { changeScoreConfig, gridQuestions, scoreConfig, toggleAutoCalculate, toggleCache } from './score-config';
import {
  calculateSurvey,
  courseResults,
  gradeCampusResults,
  orGradeCampusFailure,
  questionResults,
  surveyOr404,
  surveyResults,
  type Ctx,
} from './survey-results.service';
import { readStored } from './survey-results.repository';
import { textResponses } from './text-responses.service';

/**
 * Survey results (issue 5; spec section 7 "Results" and "Cache"). Shapes and the route list with
 * roles: packages/shared/src/survey-results.ts. RESULTS_READ = school-wide roles + HEAD_DEPARTMENT
 * (their department) + TEACHER (own classes); writes by ADMIN and QUALITY_ASSURANCE, audited.
 */
const tags = ['survey-results'];
const pos = ZIdText;
const ZQuestionParams = z.object({ id: pos, questionId: pos });
const ZModule = z.object({ moduleId: pos });
/** `me` = the caller's own teacher record (the personal page has no other way to know it). */
const ZModuleTeacher = z.object({ moduleId: pos, teacherId: z.union([z.literal('me'), pos]) });
const ZModuleSubject = z.object({ moduleId: pos, subjectId: pos });
const ZModuleDepartment = z.object({ moduleId: pos, departmentId: pos });
const ok = <T extends z.ZodType>(t: T) => ({ 200: ZOk(t) });
const P = '/surveys';

export function surveyResultRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus; results: ResultsConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const runtime = startResultsRuntime(app, deps, async (surveyId) => {
    // Auto-calculate: the survey's stored figures, and its module's when they were ever stored.
    const ctx = await getCtx();
    await calculateSurvey(ctx, null, surveyId, ['questions', 'course_classes', 'grade_campus']);
    const meta = await surveyOr404(db, surveyId);
    if (meta.moduleId && (await hasStoredModule(meta.moduleId))) await calculateModule(ctx, null, meta.moduleId);
  });
  const getCtx = async (): Promise<Ctx> => ({ db, rt: await runtime });
  startAutoPublish(app, deps);
  const hasStoredModule = async (moduleId: number) => (await readStored(db, { kind: 'module', moduleId, filtered: false })) !== null;

  // ---- Publication (issue 11): teachers and heads read a survey's results once it is published ----
  r.get(
    `${P}/:id/publication`,
    { config: { roles: RESULTS_SCHOOL }, schema: { tags, params: ZIdParams, response: ok(ZPublication) } },
    async (req) => ({ success: true as const, data: await publicationOf(db, req.params.id) }),
  );
  r.post(
    `${P}/:id/publish`,
    { config: { roles: RESULTS_WRITE }, schema: { tags, params: ZIdParams, response: ok(ZPublication) } },
    async (req) => ({
      success: true as const,
      message: RESULTS_MSG.published,
      data: await publishSurvey(db, actorOf(req), req.params.id, deps.events),
    }),
  );
  r.post(
    `${P}/:id/unpublish`,
    { config: { roles: RESULTS_WRITE }, schema: { tags, params: ZIdParams, response: ok(ZPublication) } },
    async (req) => ({
      success: true as const,
      message: RESULTS_MSG.unpublished,
      data: await unpublishSurvey(db, deps.events, actorOf(req), req.params.id),
    }),
  );
  r.get(
    `${P}/publication-overview`,
    { config: { roles: RESULTS_SCHOOL }, schema: { tags, response: ok(ZPublicationOverview) } },
    async () => ({ success: true as const, data: await publicationOverview(db) }),
  );
  r.get(
    `${P}/settings/publication`,
    { config: { roles: RESULTS_SCHOOL }, schema: { tags, response: ok(ZPublicationSettings) } },
    async () => ({
      success: true as const,
      data: await publicationSettings(db),
    }),
  );
  r.put(
    `${P}/settings/publication`,
    { config: { roles: ADMIN_ONLY }, schema: { tags, body: ZPublicationSettings, response: ok(ZPublicationSettings) } },
    async (req) => {
      // The variant is part of every cache key, so teachers and heads read the new one at once.
      const data = await savePublicationSettings(db, deps.events, actorOf(req), req.body);
      return { success: true as const, message: RESULTS_MSG.publicationSaved, data };
    },
  );

  // ---- Survey figures ----
  r.post(
    `${P}/:id/calculate-results`,
    { config: { roles: RESULTS_WRITE }, schema: { tags, params: ZIdParams, response: ok(ZCalculateResult) } },
    async (req) => ({
      success: true as const,
      message: RESULTS_MSG.calculated,
      data: await calculateSurvey(await getCtx(), actorOf(req), req.params.id, ['questions', 'course_classes', 'grade_campus']),
    }),
  );

  r.get(
    `${P}/:id/results`,
    { config: { roles: RESULTS_READ }, schema: { tags, params: ZIdParams, querystring: ZResultsQuery, response: ok(ZSurveyResults) } },
    async (req) => ({ success: true as const, data: await surveyResults(await getCtx(), actorOf(req), req.params.id, req.query) }),
  );

  r.get(
    `${P}/:id/questions/:questionId/results`,
    {
      config: { roles: RESULTS_READ },
      schema: { tags, params: ZQuestionParams, querystring: ZResultsQuery, response: ok(ZQuestionResultsDetail) },
    },
    async (req) => ({
      success: true as const,
      data: await questionResults(await getCtx(), actorOf(req), req.params.id, req.params.questionId, req.query),
    }),
  );

  r.get(
    `${P}/:id/grid-questions`,
    { config: { roles: RESULTS_SCHOOL }, schema: { tags, params: ZIdParams, response: ok(ZGridQuestions) } },
    async (req) => ({ success: true as const, data: await gridQuestions(await getCtx(), req.params.id) }),
  );

  // ---- Score config ----
  r.get(
    `${P}/:id/score-config`,
    { config: { roles: RESULTS_READ }, schema: { tags, params: ZIdParams, response: ok(ZScoreConfig) } },
    async (req) => ({ success: true as const, data: await scoreConfig(db, req.params.id) }),
  );

  r.post(
    `${P}/:id/score-config`,
    { config: { roles: RESULTS_WRITE }, schema: { tags, params: ZIdParams, body: ZScoreConfigInput, response: ok(ZScoreConfig) } },
    async (req) => ({
      success: true as const,
      message: 'Đã cập nhật cấu hình tính điểm.',
      data: await changeScoreConfig(await getCtx(), actorOf(req), req.params.id, { add: req.body }),
    }),
  );

  r.delete(
    `${P}/:id/score-config`,
    {
      config: { roles: RESULTS_WRITE },
      schema: { tags, params: ZIdParams, querystring: ZScoreConfigDeleteQuery, response: ok(ZScoreConfig) },
    },
    async (req) => ({
      success: true as const,
      message: 'Đã cập nhật cấu hình tính điểm.',
      data: await changeScoreConfig(await getCtx(), actorOf(req), req.params.id, { removeId: req.query.questionId ?? null }),
    }),
  );

  // ---- Course classes ----
  r.get(
    `${P}/:id/course-results`,
    { config: { roles: RESULTS_READ }, schema: { tags, params: ZIdParams, querystring: ZFilteredQuery, response: ok(ZCourseResults) } },
    async (req) => ({
      success: true as const,
      data: await courseResults(await getCtx(), actorOf(req), req.params.id, { filtered: req.query.filtered ?? false, active: false }),
    }),
  );

  r.post(
    `${P}/:id/calculate-active-courses-results`,
    { config: { roles: RESULTS_WRITE }, schema: { tags, params: ZIdParams, response: ok(ZCalculateResult) } },
    async (req) => ({
      success: true as const,
      message: RESULTS_MSG.calculated,
      data: await calculateSurvey(await getCtx(), actorOf(req), req.params.id, ['course_classes']),
    }),
  );

  r.get(
    `${P}/:id/active-courses-results`,
    { config: { roles: RESULTS_READ }, schema: { tags, params: ZIdParams, response: ok(ZCourseResults) } },
    async (req) => ({
      success: true as const,
      data: await courseResults(await getCtx(), actorOf(req), req.params.id, { filtered: false, active: true }),
    }),
  );

  r.get(
    `${P}/:id/active-courses-results-filtered`,
    { config: { roles: RESULTS_READ }, schema: { tags, params: ZIdParams, response: ok(ZCourseResults) } },
    async (req) => ({
      success: true as const,
      data: await courseResults(await getCtx(), actorOf(req), req.params.id, { filtered: true, active: true }),
    }),
  );

  r.get(
    `${P}/modules/:moduleId/subjects/:subjectId/active-courses-results`,
    {
      config: { roles: RESULTS_READ },
      schema: { tags, params: ZModuleSubject, querystring: ZFilteredQuery, response: ok(ZSubjectCourseResults) },
    },
    async (req) => ({
      success: true as const,
      data: await subjectCourseResults(
        await getCtx(),
        actorOf(req),
        req.params.moduleId,
        req.params.subjectId,
        req.query.filtered ?? false,
      ),
    }),
  );

  const teacherRoute = (suffix: string, filtered: boolean | null) =>
    r.get(
      `${P}/modules/:moduleId/teachers/:teacherId/${suffix}`,
      {
        config: { roles: RESULTS_READ },
        schema: { tags, params: ZModuleTeacher, querystring: ZFilteredQuery, response: ok(ZTeacherCourseResults) },
      },
      async (req) => ({
        success: true as const,
        data: await teacherCourseResults(
          await getCtx(),
          actorOf(req),
          req.params.moduleId,
          req.params.teacherId,
          filtered ?? req.query.filtered ?? false,
        ),
      }),
    );
  teacherRoute('course-results', null);
  teacherRoute('course-results/unfiltered', false);
  teacherRoute('course-results-filtered', true);

  // ---- Module, department, grade×campus ----
  r.post(
    `${P}/modules/:moduleId/calculate-results`,
    { config: { roles: RESULTS_WRITE }, schema: { tags, params: ZModule, response: ok(ZCalculateResult) } },
    async (req) => ({
      success: true as const,
      message: RESULTS_MSG.calculated,
      data: await calculateModule(await getCtx(), actorOf(req), req.params.moduleId),
    }),
  );

  for (const [suffix, filtered] of [
    ['results', false],
    ['results-filtered', true],
  ] as const)
    r.get(
      `${P}/modules/:moduleId/${suffix}`,
      { config: { roles: RESULTS_MODULE }, schema: { tags, params: ZModule, response: ok(ZModuleResults) } },
      async (req) => ({ success: true as const, data: await moduleResults(await getCtx(), actorOf(req), req.params.moduleId, filtered) }),
    );

  r.get(
    `${P}/modules/:moduleId/departments/:departmentId/average-score`,
    {
      config: { roles: RESULTS_READ },
      schema: { tags, params: ZModuleDepartment, querystring: ZFilteredQuery, response: ok(ZDepartmentAverage) },
    },
    async (req) => ({
      success: true as const,
      data: await departmentAverage(
        await getCtx(),
        actorOf(req),
        req.params.moduleId,
        req.params.departmentId,
        req.query.filtered ?? false,
      ),
    }),
  );

  r.post(
    `${P}/:id/calculate-grade-campus-results`,
    { config: { roles: RESULTS_WRITE }, schema: { tags, params: ZIdParams, response: ok(ZCalculateResult) } },
    async (req) => ({
      success: true as const,
      message: RESULTS_MSG.calculated,
      data: await orGradeCampusFailure(
        async () => calculateSurvey(await getCtx(), actorOf(req), req.params.id, ['grade_campus']),
        RESULTS_MSG.gradeCampusFailed,
      ),
    }),
  );

  r.get(
    `${P}/:id/grade-campus-results`,
    {
      config: { roles: RESULTS_SCHOOL },
      schema: { tags, params: ZIdParams, querystring: ZFilteredQuery, response: ok(ZGradeCampusResults) },
    },
    async (req) => ({
      success: true as const,
      data: await orGradeCampusFailure(
        async () => gradeCampusResults(await getCtx(), req.params.id, req.query.filtered ?? false),
        RESULTS_MSG.gradeCampusReadFailed,
      ),
    }),
  );

  // ---- Switches, cache ----
  r.post(
    `${P}/:id/toggle-auto-calculate`,
    { config: { roles: RESULTS_WRITE }, schema: { tags, params: ZIdParams, body: ZEnabledInput, response: ok(ZAutoCalculate) } },
    async (req) => ({
      success: true as const,
      message: req.body.enabled ? RESULTS_MSG.autoOn : RESULTS_MSG.autoOff,
      data: await toggleAutoCalculate(await getCtx(), actorOf(req), req.params.id, req.body.enabled),
    }),
  );

  r.get(`${P}/cache/status`, { config: { roles: RESULTS_SCHOOL }, schema: { tags, response: ok(ZCacheStatus) } }, async () => ({
    success: true as const,
    data: await (await runtime).cache.status(),
  }));

  r.post(
    `${P}/cache/toggle`,
    { config: { roles: RESULTS_WRITE }, schema: { tags, body: ZEnabledInput, response: ok(ZCacheStatus) } },
    async (req) => ({
      success: true as const,
      message: req.body.enabled ? RESULTS_MSG.cacheOn : RESULTS_MSG.cacheOff,
      data: await toggleCache(await getCtx(), actorOf(req), req.body.enabled),
    }),
  );

  // ---- Export, texts ----
  r.get(
    `${P}/:id/export-excel`,
    { config: { roles: RESULTS_SCHOOL }, schema: { tags, params: ZIdParams, querystring: ZFilteredQuery } },
    async (req, reply) => {
      const x = await exportExcel(await getCtx(), actorOf(req), req.params.id, req.query.filtered ?? false);
      return sendXlsx(reply, `Kết quả khảo sát - ${x.title}`.slice(0, 120), x.buf);
    },
  );

  r.get(
    `${P}/:id/text-questions-responses`,
    {
      config: { roles: RESULTS_READ },
      schema: { tags, params: ZIdParams, querystring: ZTextResponsesQuery, response: ok(ZTextResponses) },
    },
    async (req) => ({ success: true as const, data: await textResponses(await getCtx(), actorOf(req), req.params.id, req.query) }),
  );
}
