import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppRoute } from '@app/shared/routes';

type Page = LazyExoticComponent<ComponentType>;

/**
 * Each page module is its own chunk, loaded when its route is first opened, so the sign-in bundle
 * stays small as feature pages grow. Later issues register their pages in PAGES by path; a route
 * without an entry is a dashboard (no `planned` marker) or an honest "not yet" page.
 */
const DashboardPage = lazy(() => import('./dashboards'));
const PlannedPage = lazy(() => import('@/areas/planned/pages/planned-page'));

const PAGES: Partial<Record<string, Page>> = {
  '/admin/academic': lazy(() => import('@/areas/school/academic/pages/academic-page')),
  '/admin/users': lazy(() => import('@/areas/school/users/pages/users-page')),
  '/admin/students': lazy(() => import('@/areas/school/people/pages/admin-students-page')),
  '/admin/system-logs': lazy(() => import('@/areas/system-logs/pages/system-logs-page')),
  '/admin/settings': lazy(() => import('@/areas/settings/pages/settings-page')),
  '/admin/text-reviews': lazy(() => import('@/areas/surveys/text-reviews/pages/text-reviews-page')),
  '/quality/text-reviews': lazy(() => import('@/areas/surveys/text-reviews/pages/text-reviews-page')),
  '/admin/themes': lazy(() => import('@/areas/surveys/themes/pages/theme-codes-page')),
  '/quality/themes': lazy(() => import('@/areas/surveys/themes/pages/theme-codes-page')),
  '/department/teachers': lazy(() => import('@/areas/school/people/pages/department-teachers-page')),
  '/admin/course-classes': lazy(() => import('@/areas/school/course-classes/pages/course-classes-page')),
  '/admin/facilities': lazy(() => import('@/areas/school/facilities/pages/facilities-page')),
  '/facility/campus': lazy(() => import('@/areas/school/facilities/pages/campus-page')),
  '/facility/classrooms': lazy(() => import('@/areas/school/facilities/pages/classrooms-page')),
  '/teacher/homeroom-class': lazy(() => import('@/areas/school/homeroom/pages/homeroom-class-page')),
  '/quality/surveys': lazy(() => import('@/areas/surveys/monitoring/pages/monitoring-surveys-page')),
  '/principal/surveys': lazy(() => import('@/areas/surveys/monitoring/pages/monitoring-surveys-page')),
  '/teacher/personal-survey-results': lazy(() => import('@/areas/surveys/results/pages/personal-results-page')),
  '/department/survey-results': lazy(() => import('@/areas/surveys/results/pages/department-results-page')),
  '/teacher/survey-results': lazy(() => import('@/areas/surveys/results/pages/department-results-page')),
  '/principal/reports': lazy(() => import('@/areas/surveys/results/pages/school-reports-page')),
  '/quality/reports': lazy(() => import('@/areas/surveys/results/pages/school-reports-page')),
  '/admin/reports': lazy(() => import('@/areas/surveys/results/pages/school-reports-page')),
  '/admin/surveys': lazy(() => import('@/areas/surveys/admin/pages/admin-surveys-page')),
  // The admin's survey page with every part's tab (the tab list lives in the app layer).
  '/admin/surveys/:id': lazy(() => import('./survey-detail-tabs')),
  '/teacher/homeroom-surveys': lazy(() => import('@/areas/surveys/teacher/pages/teacher-surveys-page')),
  '/teacher/survey-preview/:surveyId': lazy(() => import('@/areas/surveys/teacher/pages/survey-preview-page')),
  '/student/surveys': lazy(() => import('@/areas/surveys/student/pages/student-surveys-page')),
  '/student/surveys/form': lazy(() => import('@/areas/surveys/student/pages/survey-form-page')),
  // The admin's timetable editor exports a named component.
  '/admin/schedule': lazy(() => import('@/areas/timetables/editor/admin-schedule-page').then((m) => ({ default: m.AdminSchedulePage }))),
  '/student/schedule': lazy(() => import('@/areas/timetables/pages/student-schedule-page')),
  '/teacher/schedule': lazy(() => import('@/areas/timetables/pages/teacher-schedule-page')),
  '/department/schedule': lazy(() => import('@/areas/timetables/pages/department-schedule-page')),
  '/teacher/department-schedule': lazy(() => import('@/areas/timetables/pages/department-schedule-page')),
  '/principal/schedule': lazy(() => import('@/areas/timetables/pages/principal-schedule-page')),
  '/student/surveys/:id': lazy(() => import('@/areas/surveys/student/pages/survey-response-page')),
  '/student/course-registration': lazy(() => import('@/areas/registration/pages/student-registration-page')),
  '/admin/student-registration': lazy(() => import('@/areas/registration/pages/admin-registration-page')),
  '/quality/student-registration': lazy(() => import('@/areas/registration/pages/quality-registration-page')),
  '/academic/tutoring': lazy(() => import('@/areas/tutoring/pages/tutoring-page')),
  '/admin/tutoring': lazy(() => import('@/areas/tutoring/pages/tutoring-page')),
  '/teacher/tutoring': lazy(() => import('@/areas/tutoring/pages/my-tutoring-page')),
  '/department/teaching-assignments': lazy(() => import('@/areas/teaching/assignments/pages/teaching-assignments-page')),
  '/teacher/department-teaching-declaration': lazy(() => import('@/areas/teaching/declarations/pages/department-declaration-page')),
  '/department/teaching-declaration': lazy(() => import('@/areas/teaching/declarations/pages/head-declaration-page')),
  '/teacher/teaching-declaration-results': lazy(() => import('@/areas/teaching/declarations/pages/my-declarations-page')),
  '/academic/teaching-declaration': lazy(() => import('@/areas/teaching/declarations/pages/academic-declaration-page')),
  '/admin/teaching-declaration': lazy(() => import('@/areas/teaching/declarations/pages/admin-declaration-page')),
  '/admin/declaration-history': lazy(() => import('@/areas/teaching/declarations/pages/declaration-history-page')),
  '/principal/declaration-history': lazy(() => import('@/areas/teaching/declarations/pages/declaration-history-page')),
  '/accountant/reports': lazy(() => import('@/areas/pay/reports/pages/reports-page')),
  '/accountant/salary': lazy(() => import('@/areas/pay/runs/pages/salary-page')),
  '/accountant/coefficients': lazy(() => import('@/areas/pay/coefficients/pages/coefficients-page')),
  '/principal/pay-runs/:id': lazy(() => import('@/areas/pay/runs/pages/principal-run-page')),
  '/student/forms': lazy(() => import('@/areas/forms/requests/pages/student-forms-page')),
  '/admin/student-forms': lazy(() => import('@/areas/forms/requests/pages/admin-student-forms-page')),
  '/profile': lazy(() => import('@/areas/profile/pages/profile-page')),
  '/notifications': lazy(() => import('@/areas/notifications/pages/notifications-page')),
};

export function pageFor(route: AppRoute): Page {
  return PAGES[route.path] ?? (route.planned ? PlannedPage : DashboardPage);
}
