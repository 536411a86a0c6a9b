// What other parts use of survey results: the publication state and its buttons (the quality office's survey page).
export { PublicationBar } from './components/publication-bar';
// The dashboards' publication cards: surveys waiting for publication (the reviewing offices), published results (the principal).
export { AdminPublicationQueueCard, PublishedResultsCard, QualityPublicationQueueCard } from './components/publication-cards';
// The teaching dashboards' results cards (issue 12): published results only, as the server gives them.
export { DepartmentResultsCard, TeacherResultsCard } from './components/results-cards';
