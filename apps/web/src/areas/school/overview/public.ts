// What the app puts on the offices' dashboards from the school's records: the academic office's work
// queue, the facility summary and the teachers' teaching load.
export { AcademicQueueCard } from './components/academic-queue-card';
export { FacilitySummaryCard } from './components/facility-summary-card';
export { TeachingLoadCard } from './components/teaching-load-card';
