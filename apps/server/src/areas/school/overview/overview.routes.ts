import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOk } from '@app/shared/api';
import { ZAcademicQueue, ZFacilitySummary, ZOverviewQuery, ZTeachingLoad } from '@app/shared/school-overview';
import type { Db } from '@/db/client';
import { COURSE_CLASS_OVERSEERS, FACILITY_EXPORTERS, TEACHING_LOAD_READERS } from '../access';
import { academicQueue, facilitySummary, teachingLoadOf } from './overview.service';

/**
 * The offices' overview figures (issue 12; shapes in packages/shared/src/school-overview.ts). The
 * academic queue lists course classes, homeroom classes and students: the roles that already see all
 * three (course-class overseers are also wide readers of homeroom classes and students).
 */
export function schoolOverviewRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['school-overview'];

  r.get(
    '/academic-queue',
    { config: { roles: COURSE_CLASS_OVERSEERS }, schema: { tags, querystring: ZOverviewQuery, response: { 200: ZOk(ZAcademicQueue) } } },
    async (req) => ({ success: true as const, data: await academicQueue(db, req.query.moduleId) }),
  );

  r.get(
    '/facilities/summary',
    { config: { roles: FACILITY_EXPORTERS }, schema: { tags, querystring: ZOverviewQuery, response: { 200: ZOk(ZFacilitySummary) } } },
    async (req) => ({ success: true as const, data: await facilitySummary(db, req.query.moduleId) }),
  );

  r.get(
    '/teachers/teaching-load',
    { config: { roles: TEACHING_LOAD_READERS }, schema: { tags, querystring: ZOverviewQuery, response: { 200: ZOk(ZTeachingLoad) } } },
    async (req) => ({ success: true as const, data: await teachingLoadOf(db, req.query.moduleId) }),
  );
}
