import { createElement } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '@/areas/auth/public';
import { DashboardPage } from '@/areas/dashboard/public';
import { DASHBOARD_CARDS } from './dashboard-cards';

/** Every /<role>/dashboard: the dashboard page with the cards of that dashboard the user's roles call for. */
export default function DashboardRoute() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const held = new Set((user?.roles ?? []).map((r) => r.role));
  const cards = (DASHBOARD_CARDS[pathname] ?? []).filter((c) => c.roles.some((r) => held.has(r)));
  return createElement(DashboardPage, { cards });
}
