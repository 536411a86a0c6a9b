import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppRoute } from '@app/shared/routes';

type Page = LazyExoticComponent<ComponentType>;

/**
 * Each page module is its own chunk, loaded when its route is first opened, so the sign-in bundle
 * stays small as feature pages grow. Later issues register their pages in PAGES by path; a route
 * without an entry is a dashboard (no `planned` marker) or an honest "not yet" page.
 */
const DashboardPage = lazy(() => import('../features/dashboard/pages/dashboard-page'));
const PlannedPage = lazy(() => import('../features/planned/pages/planned-page'));

const PAGES: Partial<Record<string, Page>> = {
  '/admin/academic': lazy(() => import('../features/academic/pages/academic-page')),
  '/admin/users': lazy(() => import('../features/users/pages/users-page')),
  '/admin/students': lazy(() => import('../features/people/pages/admin-students-page')),
  '/admin/system-logs': lazy(() => import('../features/system-logs/pages/system-logs-page')),
  '/admin/text-reviews': lazy(() => import('../features/text-reviews/pages/text-reviews-page')),
  '/quality/text-reviews': lazy(() => import('../features/text-reviews/pages/text-reviews-page')),
  '/admin/themes': lazy(() => import('../features/theme-codes/pages/theme-codes-page')),
  '/quality/themes': lazy(() => import('../features/theme-codes/pages/theme-codes-page')),
  '/department/teachers': lazy(() => import('../features/people/pages/department-teachers-page')),
  '/admin/course-classes': lazy(() => import('../features/course-classes/pages/course-classes-page')),
  '/admin/facilities': lazy(() => import('../features/facilities/pages/facilities-page')),
  '/facility/campus': lazy(() => import('../features/facilities/pages/campus-page')),
  '/facility/classrooms': lazy(() => import('../features/facilities/pages/classrooms-page')),
  '/teacher/homeroom-class': lazy(() => import('../features/homeroom/pages/homeroom-class-page')),
  '/quality/dashboard': lazy(() => import('../features/survey-monitoring/pages/quality-dashboard-page')),
  '/quality/surveys': lazy(() => import('../features/survey-monitoring/pages/monitoring-surveys-page')),
  '/principal/surveys': lazy(() => import('../features/survey-monitoring/pages/monitoring-surveys-page')),
  '/teacher/personal-survey-results': lazy(() => import('../features/survey-results/pages/personal-results-page')),
  '/department/survey-results': lazy(() => import('../features/survey-results/pages/department-results-page')),
  '/teacher/survey-results': lazy(() => import('../features/survey-results/pages/department-results-page')),
  '/principal/reports': lazy(() => import('../features/survey-results/pages/school-reports-page')),
  '/quality/reports': lazy(() => import('../features/survey-results/pages/school-reports-page')),
  '/admin/reports': lazy(() => import('../features/survey-results/pages/school-reports-page')),
  '/admin/surveys': lazy(() => import('../features/admin-surveys/pages/admin-surveys-page')),
  '/admin/surveys/:id': lazy(() => import('../features/admin-surveys/pages/survey-detail-page')),
  '/teacher/homeroom-surveys': lazy(() => import('../features/teacher-surveys/pages/teacher-surveys-page')),
  '/teacher/survey-preview/:surveyId': lazy(() => import('../features/teacher-surveys/pages/survey-preview-page')),
  '/student/surveys': lazy(() => import('../features/student-surveys/pages/student-surveys-page')),
  '/student/surveys/form': lazy(() => import('../features/student-surveys/pages/survey-form-page')),
  '/student/surveys/:id': lazy(() => import('../features/student-surveys/pages/survey-response-page')),
};

export function pageFor(route: AppRoute): Page {
  return PAGES[route.path] ?? (route.planned ? PlannedPage : DashboardPage);
}
