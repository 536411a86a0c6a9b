// Tests only. dashboard-page.test.tsx still imports this path; once it imports
// '@/areas/surveys/core/test/render-survey-page' directly, this file goes.
export { renderSurveyPage as renderStudentPage } from '@/areas/surveys/core/test/render-survey-page';
