import type { FastifyInstance } from 'fastify';
import { authRoutes, type AuthRouteDeps } from './areas/auth/auth.routes';
import { dashboardRoutes } from './areas/dashboard/dashboard.routes';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { EventBus } from './plugins/events';
import { importRoutes } from './areas/school/imports/imports.routes';
import { studentsImport } from './areas/school/students/students.import';
import { teachersImport } from './areas/school/teachers/teachers.import';
import { usersImport } from './areas/school/users/users.import';
import { courseClassesImport } from './areas/school/course-classes/course-classes.import';
import { enrolmentsImport } from './areas/school/course-classes/enrolments.import';
import { userRoutes } from './areas/school/users/users.routes';
import { studentRoutes } from './areas/school/students/students.routes';
import { teacherRoutes } from './areas/school/teachers/teachers.routes';
import { academicRoutes } from './areas/school/academic/academic.routes';
import { departmentRoutes } from './areas/school/departments/departments.routes';
import { subjectRoutes } from './areas/school/subjects/subjects.routes';
import { facilityRoutes } from './areas/school/facilities/facilities.routes';
import { homeroomClassRoutes } from './areas/school/homeroom-classes/homeroom-classes.routes';
import { systemLogRoutes } from './areas/system-logs/system-logs.routes';
import { courseClassRoutes } from './areas/school/course-classes/course-classes.routes';
import { schoolOverviewRoutes } from './areas/school/overview/overview.routes';
import { coverFileRoutes, surveyRoutes } from './areas/surveys/authoring/surveys.routes';
import { templateRoutes } from './areas/surveys/authoring/templates.routes';
import { surveyResponseRoutes } from './areas/surveys/responses/survey-responses.routes';
import { surveyMonitoringRoutes } from './areas/surveys/monitoring/survey-monitoring.routes';
import { themeCodeRoutes } from './areas/surveys/themes/theme-codes.routes';
import { textReviewRoutes } from './areas/surveys/text-reviews/text-reviews.routes';
import { surveyResultRoutes } from './areas/surveys/results/survey-results.routes';
import { registrationRoutes } from './areas/registration/registration.routes';
import { timetableRoutes } from './areas/timetables/timetables.routes';
import { teachingRuleRoutes } from './areas/teaching/rules/rules.routes';
import { teachingAssignmentRoutes } from './areas/teaching/assignments/assignments.routes';
import { tutoringRoutes } from './areas/tutoring/tutoring.routes';
import { declarationRoutes } from './areas/teaching/declarations/declarations.routes';
import { payReportRoutes } from './areas/pay/reports/reports.routes';
import { payRunRoutes } from './areas/pay/runs/runs.routes';
import { paySettingsRoutes } from './areas/pay/coefficients/settings.routes';
import { payCoefficientRoutes } from './areas/pay/coefficients/coefficients.routes';
import { formKindRoutes } from './areas/forms/kinds/kinds.routes';
import { formRequestRoutes } from './areas/forms/requests/requests.routes';
import { regulationsRoutes } from './areas/forms/regulations/regulations.routes';
import { profileRoutes } from './areas/profile/profile.routes';
import { teacherCoefficientsImport } from './areas/pay/coefficients/coefficients.import';
import { notificationRoutes } from './areas/notifications/notifications.routes';
import { settingsRoutes } from './areas/settings/settings.routes';
import type { FirstStartDefaults, SettingsStore } from './areas/settings/settings.service';
import { ensureAdmins } from './seed/admins';

export interface AreaDeps {
  db: Db;
  /** The in-process event bus (plugins/events.ts): areas emit and subscribe through it. */
  events: EventBus;
  /** Survey results: cache (REDIS_URL), MIN_GROUP_SIZE, auto-calculate delay (their defaults: config.ts). */
  results: AppConfig['results'];
  /** The auto-review sweep (AUTO_REVIEW_SWEEP_SECONDS); none when left out. */
  autoReview?: AppConfig['autoReview'];
  /** Import limits: unpacked size and rows (IMPORT_MAX_UNPACKED_MB, IMPORT_MAX_ROWS). */
  imports: AppConfig['imports'];
  /** Where uploaded files live (`<DATA_DIR>/uploads`). */
  dataDir?: string;
  /** Notifications (issue 17): SMTP, sender, the app's address, the sweep's period; defaults (e-mail off) when left out. */
  notifications?: AppConfig['notifications'];
  /** The school's settings (issue 17): the process's copy, reloaded on every save in any process. */
  settings: SettingsStore;
  /** SCHOOL_NAME, MIN_GROUP_SIZE, ALLOWED_EMAIL_DOMAINS, ADMIN_EMAILS: the first start's values of the settings. */
  settingsDefaults: FirstStartDefaults;
}

/**
 * Every area's routes; each area adds one line. Registered by app.ts under the `/api/v1` prefix, so
 * route files name their paths without it.
 */
export async function apiRoutes(app: FastifyInstance, deps: AreaDeps & { auth: AuthRouteDeps & { db: Db } }) {
  // Not spread: the school name and sign-in domains are getters over the settings in force.
  authRoutes(app, deps.auth);
  dashboardRoutes(app, deps);
  // Each importer lives beside its table; the import mechanism gets them here, in the order the import pages list them.
  importRoutes(app, {
    ...deps,
    importKinds: [studentsImport, teachersImport, usersImport, courseClassesImport, enrolmentsImport, teacherCoefficientsImport],
  });
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
  schoolOverviewRoutes(app, deps);
  surveyRoutes(app, deps);
  templateRoutes(app, deps);
  surveyResponseRoutes(app, deps);
  surveyResultRoutes(app, deps);
  surveyMonitoringRoutes(app, deps);
  themeCodeRoutes(app, deps);
  textReviewRoutes(app, deps);
  timetableRoutes(app, deps);
  registrationRoutes(app, deps);
  teachingRuleRoutes(app, deps);
  teachingAssignmentRoutes(app, deps);
  tutoringRoutes(app, deps);
  declarationRoutes(app, deps);
  payReportRoutes(app, deps);
  const { settings } = deps;
  // The school's name as the settings say at each use (getters: a save applies without a restart).
  payRunRoutes(app, {
    ...deps,
    get schoolName() {
      return settings.schoolSettings().school.name;
    },
  });
  paySettingsRoutes(app, deps);
  payCoefficientRoutes(app, deps);
  notificationRoutes(app, {
    ...deps,
    get schoolName() {
      return settings.schoolSettings().school.name;
    },
    notifications: deps.notifications ?? { smtpUrl: null, emailFrom: '', appUrl: '', sweepMinutes: 0 },
  });
  formKindRoutes(app, deps);
  formRequestRoutes(app, deps);
  regulationsRoutes(app, deps);
  profileRoutes(app, deps);
  settingsRoutes(app, { db: deps.db, events: deps.events, store: settings, defaults: deps.settingsDefaults, ensureAdmins });
}

/** Routes outside the API prefix. */
export function publicRoutes(app: FastifyInstance, deps: Pick<AreaDeps, 'dataDir'>) {
  coverFileRoutes(app, deps);
}
