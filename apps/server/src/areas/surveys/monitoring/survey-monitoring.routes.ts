import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk, ZPage } from '@app/shared/api';
import { formatDateTime } from '@app/shared/format';
import {
  ZAllClassesQuery,
  ZAllStudentsQuery,
  ZClassCompletion,
  ZCompletionScopeQuery,
  ZDepartmentsCompletion,
  ZGradeCampusCompletion,
  ZHomeroomSurveyStatus,
  ZHomeroomSurveyStatusQuery,
  ZMyClassesCompletion,
  ZStudentSurveyStatus,
  ZSurveyCompletion,
  ZSurveyCompletionListQuery,
  ZSurveyStats,
  ZSurveyStudentsQuery,
  ZSurveyStudentStatus,
  ZTeachingCompletionQuery,
} from '@app/shared/survey-monitoring';
import type { Db } from '@/db/client';
import { sendXlsx, xlsxBuffer } from '@/lib/xlsx';
import { actorOf } from '@/plugins/auth';
import { ZIdParams } from '@/lib/params';
import { MONITOR_CLASS_READERS, MONITOR_DEPARTMENT, MONITOR_OWN_CLASSES, MONITOR_READERS } from '../access';
import {
  allClassesStatus,
  allStudentsStatusPage,
  classStatusOfSurvey,
  completionByClassOf,
  completionByGradeCampusOf,
  homeroomSurveyStatus,
  stats,
  surveyCompletionList,
  surveyStudentsExport,
  surveyStudentsPage,
} from './survey-monitoring.service';
import { departmentsCompletion, myClassesCompletion } from './teaching-completion.service';

/**
 * Monitoring routes (issue 5, spec section 7 "Status and stats"). The static paths
 * (/surveys/stats, /surveys/all-…) are matched before /surveys/:id by Fastify's router whatever
 * the registration order; the tests check it.
 *
 * Roles: MONITOR_READERS (ADMIN, QUALITY_ASSURANCE, PRINCIPAL, ACADEMIC_AFFAIR) everywhere;
 * HOMEROOM_TEACHER also on the per-student status list and the class's survey status, narrowed to
 * their own class by the service. Submission times beside names: ADMIN only (the service).
 * TEACHER and HEAD_DEPARTMENT read counts only: their own course classes, the departments they head.
 */
const tags = ['survey-monitoring'];

export function surveyMonitoringRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const ok = <T>(data: T) => ({ success: true as const, data });

  r.get(
    '/surveys/stats',
    {
      config: { roles: MONITOR_READERS },
      schema: { tags, response: { 200: ZOk(ZSurveyStats) } },
    },
    async () => ok(await stats(db)),
  );

  r.get(
    '/surveys/survey-completion-by-survey',
    {
      config: { roles: MONITOR_READERS },
      schema: { tags, querystring: ZSurveyCompletionListQuery, response: { 200: ZOk(ZPage(ZSurveyCompletion)) } },
    },
    async (req) => ok(await surveyCompletionList(db, req.query)),
  );

  r.get(
    '/surveys/:id/class-surveys-status',
    {
      config: { roles: MONITOR_READERS },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(z.array(ZClassCompletion)) } },
    },
    async (req) => ok(await classStatusOfSurvey(db, req.params.id)),
  );

  r.get(
    '/surveys/all-classes-surveys-status',
    {
      config: { roles: MONITOR_READERS },
      schema: { tags, querystring: ZAllClassesQuery, response: { 200: ZOk(ZPage(ZClassCompletion)) } },
    },
    async (req) => ok(await allClassesStatus(db, req.query)),
  );

  r.get(
    '/surveys/survey-completion-by-class',
    {
      config: { roles: MONITOR_READERS },
      schema: { tags, querystring: ZCompletionScopeQuery, response: { 200: ZOk(z.array(ZClassCompletion)) } },
    },
    async (req) => ok(await completionByClassOf(db, req.query)),
  );

  r.get(
    '/surveys/survey-completion-by-grade-campus',
    {
      config: { roles: MONITOR_READERS },
      schema: { tags, querystring: ZCompletionScopeQuery, response: { 200: ZOk(z.array(ZGradeCampusCompletion)) } },
    },
    async (req) => ok(await completionByGradeCampusOf(db, req.query)),
  );

  r.get(
    '/surveys/all-students-survey-status',
    {
      config: { roles: MONITOR_CLASS_READERS },
      schema: { tags, querystring: ZAllStudentsQuery, response: { 200: ZOk(ZPage(ZStudentSurveyStatus)) } },
    },
    async (req) => ok(await allStudentsStatusPage(db, actorOf(req), req.query)),
  );

  r.get(
    '/surveys/:id/students',
    {
      config: { roles: MONITOR_READERS },
      schema: { tags, params: ZIdParams, querystring: ZSurveyStudentsQuery, response: { 200: ZOk(ZPage(ZSurveyStudentStatus)) } },
    },
    async (req) => ok(await surveyStudentsPage(db, actorOf(req), req.params.id, req.query)),
  );

  // "Exports are GET <list>/export" with the list's filters: the web sends done=false for "not yet done".
  r.get(
    '/surveys/:id/students/export',
    {
      config: { roles: MONITOR_READERS },
      schema: { tags, params: ZIdParams, querystring: ZSurveyStudentsQuery.omit({ page: true, limit: true }) },
    },
    async (req, reply) => {
      const { survey, rows, withTimes } = await surveyStudentsExport(db, actorOf(req), req.params.id, req.query);
      const numbered = rows.map((s, i) => ({ ...s, no: i + 1 }));
      const subject = numbered.some((s) => s.courseClassId !== null);
      const buf = await xlsxBuffer({
        sheet: req.query.done === false ? 'Chưa làm khảo sát' : 'Tiến độ khảo sát',
        rows: numbered,
        columns: [
          { header: 'STT', width: 6, value: (s) => s.no },
          { header: 'Mã học sinh', value: (s) => s.studentCode },
          { header: 'Họ và tên', width: 28, value: (s) => s.fullName },
          { header: 'Lớp chủ nhiệm', width: 18, value: (s) => s.homeroomClassName },
          { header: 'Khối', value: (s) => s.grade },
          { header: 'Cơ sở', width: 24, value: (s) => s.campusName },
          ...(subject ? [{ header: 'Lớp học phần', width: 28, value: (s: (typeof numbered)[number]) => s.courseClassName }] : []),
          { header: 'Trạng thái', width: 16, value: (s) => (s.done ? 'Đã làm' : 'Chưa làm') },
          // The time only in ADMIN's file (issue 11).
          ...(withTimes
            ? [{ header: 'Thời điểm gửi', width: 18, value: (s: (typeof numbered)[number]) => formatDateTime(s.submittedAt) }]
            : []),
        ],
      });
      return sendXlsx(reply, `${req.query.done === false ? 'Chưa làm khảo sát' : 'Tiến độ khảo sát'} - ${survey.title}`, buf);
    },
  );

  r.get(
    '/homeroom-classes/:id/survey-status',
    {
      config: { roles: MONITOR_CLASS_READERS },
      schema: { tags, params: ZIdParams, querystring: ZHomeroomSurveyStatusQuery, response: { 200: ZOk(ZHomeroomSurveyStatus) } },
    },
    async (req) => ok(await homeroomSurveyStatus(db, actorOf(req), req.params.id, req.query.moduleId)),
  );

  r.get(
    '/surveys/my-classes-completion',
    {
      config: { roles: MONITOR_OWN_CLASSES },
      schema: { tags, querystring: ZTeachingCompletionQuery, response: { 200: ZOk(ZMyClassesCompletion) } },
    },
    async (req) => ok(await myClassesCompletion(db, actorOf(req), req.query.moduleId)),
  );

  r.get(
    '/surveys/department-completion',
    {
      config: { roles: MONITOR_DEPARTMENT },
      schema: { tags, querystring: ZTeachingCompletionQuery, response: { 200: ZOk(ZDepartmentsCompletion) } },
    },
    async (req) => ok(await departmentsCompletion(db, actorOf(req), req.query.moduleId)),
  );
}
