import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZDemoAccount, type TDemoAccount } from '@app/shared/auth';
import { apiClient, unwrap } from '@/lib/api-client';

export async function getDemoAccounts(): Promise<TDemoAccount[]> {
  const res = await apiClient.get('/v1/auth/demo-accounts');
  return unwrap(z.array(ZDemoAccount), res.data);
}

export const demoAccountsQuery = queryOptions({
  queryKey: ['auth', 'demo-accounts'],
  queryFn: getDemoAccounts,
  staleTime: 60_000,
});

/** Only asked for when the server says dev login is on; the route answers 404 otherwise. */
export function useDemoAccounts(enabled: boolean) {
  return useQuery({ ...demoAccountsQuery, enabled });
}
