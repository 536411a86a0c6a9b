import type { DashboardCard } from '@/areas/dashboard/public';
import { TEACHING_DASHBOARD_CARDS } from './teaching';
import { OFFICE_DASHBOARD_CARDS } from './office';

/** The cards of each dashboard route, in order (each area adds its card with one line in teaching.ts or office.ts). */
export const DASHBOARD_CARDS: Readonly<Record<string, readonly DashboardCard[]>> = {
  ...TEACHING_DASHBOARD_CARDS,
  ...OFFICE_DASHBOARD_CARDS,
};
