// What other areas use of survey monitoring: the homeroom teacher's class status and the dashboard's survey card.
export { HomeroomSurveyStatus } from './components/homeroom-survey-status';
export { SurveyStatsCard } from './components/survey-stats-card';
