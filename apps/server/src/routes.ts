import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { importRoutes } from './modules/imports/imports.routes';
import { userRoutes } from './modules/users/users.routes';
import { studentRoutes } from './modules/students/students.routes';
import { teacherRoutes } from './modules/teachers/teachers.routes';
import { academicRoutes } from './modules/academic/academic.routes';
import { departmentRoutes } from './modules/departments/departments.routes';
import { subjectRoutes } from './modules/subjects/subjects.routes';
import { facilityRoutes } from './modules/facilities/facilities.routes';
import { homeroomClassRoutes } from './modules/homeroom-classes/homeroom-classes.routes';
import { systemLogRoutes } from './modules/system-logs/system-logs.routes';
import { courseClassRoutes } from './modules/course-classes/course-classes.routes';
import { surveyRoutes } from './modules/surveys/surveys.routes';
import { templateRoutes } from './modules/surveys/templates.routes';
import { surveyResponseRoutes } from './modules/survey-responses/survey-responses.routes';
import { surveyMonitoringRoutes } from './modules/survey-monitoring/survey-monitoring.routes';
import { themeCodeRoutes } from './modules/theme-codes/theme-codes.routes';
import { textReviewRoutes } from './modules/text-reviews/text-reviews.routes';
import { surveyResultRoutes } from './modules/survey-results/survey-results.routes';

export interface AreaDeps {
  db: Db;
  /** Survey results: cache (REDIS_URL), MIN_GROUP_SIZE, auto-calculate delay. */
  results?: AppConfig['results'];
  /** Where uploaded files live (`<DATA_DIR>/uploads`). */
  dataDir?: string;
}

/** Every area's /api/v1 routes; each area adds one line. */
export function areaRoutes(app: FastifyInstance, deps: AreaDeps) {
  importRoutes(app, deps);
  userRoutes(app, deps);
  studentRoutes(app, deps);
  teacherRoutes(app, deps);
  academicRoutes(app, deps);
  departmentRoutes(app, deps);
  subjectRoutes(app, deps);
  facilityRoutes(app, deps);
  homeroomClassRoutes(app, deps);
  systemLogRoutes(app, deps);
  courseClassRoutes(app, deps);
  surveyRoutes(app, deps);
  templateRoutes(app, deps);
  surveyResponseRoutes(app, deps);
  surveyResultRoutes(app, deps);
  surveyMonitoringRoutes(app, deps);
  themeCodeRoutes(app, deps);
  textReviewRoutes(app, deps);
}
