// What other areas mount of the pay reports: the accountant's dashboard cards (the run at hand; what needs doing).
export { CurrentPayRunCard, PayTodoCard } from './components/overview-cards';
