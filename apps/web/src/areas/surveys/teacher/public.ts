// What other survey parts use of the teacher's surveys: every survey of a module (the personal results page).
export { getModuleSurveys } from './api/teacher-surveys-api';
