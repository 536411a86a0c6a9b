// What other pages mount of the workload rules: the panel of versions (the academic and admin pages).
export { RuleSetPanel } from './components/rule-set-panel';
