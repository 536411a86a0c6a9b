// The card type lives in its own file: the dashboard page takes cards and this face exports the page.
export type { DashboardCard } from './dashboard-card';
export { default as DashboardPage } from './pages/dashboard-page';
