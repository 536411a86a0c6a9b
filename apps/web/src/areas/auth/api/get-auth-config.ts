import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAuthConfig, type TAuthConfig } from '@app/shared/auth';
import { apiClient, unwrap } from '@/lib/api-client';

export async function getAuthConfig(): Promise<TAuthConfig> {
  const res = await apiClient.get('/v1/auth/config');
  return unwrap(ZAuthConfig, res.data);
}

export const authConfigQuery = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: getAuthConfig,
  // Fixed for the life of the server process.
  staleTime: Infinity,
});

export function useAuthConfig() {
  return useQuery(authConfigQuery);
}
