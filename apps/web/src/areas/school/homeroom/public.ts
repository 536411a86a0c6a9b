// What other areas use of homeroom classes: the homeroom teacher's dashboard card.
export { HomeroomDashboardCard } from './components/homeroom-dashboard-card';
