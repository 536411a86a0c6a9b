import { createElement } from 'react';
import type { DashboardCard } from '@/areas/dashboard/public';
import { MyCourseClassesCard } from '@/areas/school/course-classes/public';
import { HomeroomDashboardCard } from '@/areas/school/homeroom/public';
import { DepartmentSurveysCard, MyClassesSurveysCard } from '@/areas/surveys/monitoring/public';
import { DepartmentResultsCard, TeacherResultsCard } from '@/areas/surveys/results/public';
import { StudentSurveysCard } from '@/areas/surveys/student/public';

// The department results page has two paths (spec section 2): /department/… on the head's dashboard,
// /teacher/… on the dashboard of a teacher who is head (their menu names that one).
function HeadResultsCard() {
  return createElement(DepartmentResultsCard, { resultsLink: '/department/survey-results' });
}
function TeacherHeadResultsCard() {
  return createElement(DepartmentResultsCard, { resultsLink: '/teacher/survey-results' });
}

const departmentSurveys: DashboardCard = { key: 'department-surveys', roles: ['HEAD_DEPARTMENT'], component: DepartmentSurveysCard };

/** Dashboards of the people who teach and learn: student, teacher (with homeroom), head of department. */
export const TEACHING_DASHBOARD_CARDS: Readonly<Record<string, readonly DashboardCard[]>> = {
  '/student/dashboard': [{ key: 'student-surveys', roles: ['STUDENT'], component: StudentSurveysCard }],
  '/teacher/dashboard': [
    { key: 'homeroom-surveys', roles: ['HOMEROOM_TEACHER'], component: HomeroomDashboardCard },
    { key: 'my-classes-surveys', roles: ['TEACHER'], component: MyClassesSurveysCard },
    { key: 'my-course-classes', roles: ['TEACHER'], component: MyCourseClassesCard },
    { key: 'teacher-results', roles: ['TEACHER'], component: TeacherResultsCard },
    departmentSurveys,
    { key: 'department-results', roles: ['HEAD_DEPARTMENT'], component: TeacherHeadResultsCard },
  ],
  '/department/dashboard': [departmentSurveys, { key: 'department-results', roles: ['HEAD_DEPARTMENT'], component: HeadResultsCard }],
};
