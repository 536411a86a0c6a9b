// What other areas use of the student's surveys: the dashboard card (surveys to do, one-click start).
export { StudentSurveysCard } from './cards/student-surveys-card';
