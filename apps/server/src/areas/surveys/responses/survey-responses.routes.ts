import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZOk, ZPage } from '@app/shared/api';
import { ZResponseDetails, ZResponseView } from '@app/shared/survey-responses';
import { ZStudentSurveyItem, ZSubmission } from '@app/shared/surveys';
import type { Db } from '@/db/client';
import { actorOf } from '@/plugins/auth';
import type { EventBus } from '@/plugins/events';
import { zIdFilter } from '@/lib/list';
import { ZIdParams } from '@/lib/params';
import {
  RESPONSE_MSG,
  removeStudentResponses,
  responseDetails,
  responsePage,
  studentResponses,
  studentSurveys,
  submitResponse,
} from './survey-responses.service';
import { ADMIN_ONLY, LIST_STAFF, RESPONSE_STAFF, STUDENT_ONLY } from '../access';

/**
 * Who must answer and the answers themselves (issue 4). The authoring routes (GET/POST/PUT
 * /surveys…) live in authoring/.
 *
 * Roles: the list — STUDENT (own only), ADMIN, PRINCIPAL, ACADEMIC_AFFAIR, QUALITY_ASSURANCE
 * (anyone's) and HOMEROOM_TEACHER (their class's), response id and time only for the student and
 * ADMIN; submit — STUDENT only, for themself; responses — RESPONSE_STAFF, anonymised for all but
 * ADMIN (staff-view.ts); one response's details — ADMIN; one student's responses — the student
 * themself and ADMIN; delete — ADMIN.
 */
const tags = ['survey-responses'];

const pos = ZIdText;
const ZStudentParams = z.object({ studentId: pos });
const ZSurveyStudentParams = z.object({ id: pos, studentId: pos });
const ZClassQuery = z.object({ courseClassId: zIdFilter });
const ZResponsesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  courseClassId: zIdFilter,
});

export const ZSubmitResult = z.object({ responseId: z.number().int(), alreadySubmitted: z.boolean(), submittedAt: z.string() });

/** `ZSubmission` as stored answers come back (plain strings: the response serializer cannot run its transforms backwards). */
const int = z.number().int();
export const ZStoredSubmission = z.object({
  studentId: int,
  courseClassId: int.nullable(),
  studentCourseClassId: int.nullish(),
  teacherCourseClassIds: z.array(int).nullish(),
  sections: z.array(
    z.object({
      sectionId: int,
      displayOrder: int,
      responses: z.array(
        z.object({
          questionId: int,
          displayOrder: int,
          answerText: z.string().nullish(),
          answerOptions: z.array(z.string()).nullish(),
          otherValue: z.string().nullish(),
          otherAnswers: z.object({ other: z.string() }).nullish(),
          questionType: z.string().nullish(),
          gridColumnValueNumber: z.number().nullish(),
        }),
      ),
    }),
  ),
});
export const ZStudentResponse = z.object({
  responseId: z.number().int(),
  surveyId: z.number().int(),
  courseClassId: z.number().int().nullable(),
  courseClassName: z.string().nullable(),
  teacherIds: z.array(z.number().int()),
  submittedAt: z.string(),
  submission: ZStoredSubmission,
});

export function surveyResponseRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus; results: { minGroupSize: number } }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/surveys/students/:studentId',
    {
      config: { roles: [...STUDENT_ONLY, ...LIST_STAFF] },
      schema: { tags, params: ZStudentParams, response: { 200: ZOk(z.array(ZStudentSurveyItem)) } },
    },
    async (req) => ({ success: true as const, data: await studentSurveys(db, actorOf(req), req.params.studentId) }),
  );

  r.post(
    '/surveys/:id/responses',
    {
      config: { roles: STUDENT_ONLY },
      schema: { tags, params: ZIdParams, body: ZSubmission, response: { 200: ZOk(ZSubmitResult) } },
    },
    async (req) => {
      const data = await submitResponse(deps, actorOf(req), req.params.id, req.body);
      return { success: true as const, message: data.alreadySubmitted ? RESPONSE_MSG.alreadySubmitted : RESPONSE_MSG.submitted, data };
    },
  );

  r.get(
    '/surveys/:id/responses',
    {
      config: { roles: RESPONSE_STAFF },
      schema: { tags, params: ZIdParams, querystring: ZResponsesQuery, response: { 200: ZOk(ZPage(ZResponseView)) } },
    },
    async (req) => ({
      success: true as const,
      data: await responsePage({ db, k: deps.results.minGroupSize }, actorOf(req), req.params.id, req.query),
    }),
  );

  r.get(
    '/surveys/responses/:id/details',
    {
      config: { roles: ADMIN_ONLY },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(ZResponseDetails) } },
    },
    async (req) => ({ success: true as const, data: await responseDetails(db, actorOf(req), req.params.id) }),
  );

  r.get(
    '/surveys/:id/responses/student/:studentId',
    {
      config: { roles: [...STUDENT_ONLY, ...ADMIN_ONLY] },
      schema: { tags, params: ZSurveyStudentParams, querystring: ZClassQuery, response: { 200: ZOk(z.array(ZStudentResponse)) } },
    },
    async (req) => ({
      success: true as const,
      data: await studentResponses(db, actorOf(req), req.params.id, req.params.studentId, req.query.courseClassId),
    }),
  );

  r.delete(
    '/surveys/:id/responses/student/:studentId',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags,
        params: ZSurveyStudentParams,
        querystring: ZClassQuery,
        response: { 200: ZOk(z.object({ deleted: z.number().int(), responseIds: z.array(z.number().int()) })) },
      },
    },
    async (req) => {
      const data = await removeStudentResponses(deps, actorOf(req), req.params.id, req.params.studentId, req.query.courseClassId);
      return { success: true as const, message: RESPONSE_MSG.deleted(data.deleted), data };
    },
  );
}
