// What other areas mount of the pay runs: the principal's dashboard card (runs waiting for approval) and
// the teacher's own statements (on their declaration results page).
export { WaitingPayRunsCard } from './components/waiting-runs-card';
export { MyPayStatements } from './components/my-statements';
