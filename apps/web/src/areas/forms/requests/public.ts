// What other areas mount of student forms: the homeroom teacher's section of their class page and the
// principal's dashboard card.
export { HomeroomForms } from './components/homeroom-forms';
export { EscalatedFormsCard } from './components/escalated-forms-card';
