// What other areas use of survey monitoring: the homeroom teacher's class status and the dashboards' survey cards.
export { HomeroomSurveyStatus } from './components/homeroom-survey-status';
export { AdminSurveyStatsCard, ModuleCompletionCard, PrincipalSurveyStatsCard, QualitySurveyStatsCard } from './components/dashboard-cards';
// The teaching dashboards' completion cards (issue 12): the teacher's classes, the head's departments, the homeroom class.
export { DepartmentSurveysCard, MyClassesSurveysCard } from './components/teaching-completion-cards';
export { HomeroomSurveyDigest } from './components/homeroom-survey-digest';
