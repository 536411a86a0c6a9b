// What other parts use of survey results: the publication state and its buttons (the quality office's survey page).
export { PublicationBar } from './components/publication-bar';
