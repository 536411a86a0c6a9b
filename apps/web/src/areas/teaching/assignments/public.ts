// What other pages mount of teaching assignments: the board of a department for a module (admin and
// academic affairs pages show it for every department).
export { AssignmentBoard } from './components/assignment-board';
