import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDashboard, type TDashboard } from '@app/shared/auth';
import { apiClient, unwrap } from '@/lib/api-client';

/** GET /dashboard: greeting, figures and notes for the caller's primary role. */
export async function getDashboard(): Promise<TDashboard> {
  const res = await apiClient.get('/v1/dashboard');
  return unwrap(ZDashboard, res.data);
}

/** Keyed by user so a different account signing in on the same tab never sees the previous one. */
export function dashboardQuery(userId: number | undefined) {
  return queryOptions({ queryKey: ['dashboard', userId], queryFn: getDashboard, enabled: userId !== undefined });
}

export function useDashboard(userId: number | undefined) {
  return useQuery(dashboardQuery(userId));
}
