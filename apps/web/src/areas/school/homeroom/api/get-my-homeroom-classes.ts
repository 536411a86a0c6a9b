import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZHomeroomClass, type THomeroomClass } from '@app/shared/school';
import { apiClient, unwrap } from '@/lib/api-client';

/** GET /homeroom-classes/mine: the caller's own homeroom classes, newest year first (empty when none). */
export async function getMyHomeroomClasses(): Promise<THomeroomClass[]> {
  const res = await apiClient.get('/v1/homeroom-classes/mine');
  return unwrap(z.array(ZHomeroomClass), res.data);
}

/** Signing in or out drops every non-auth query, so the key needs no user id. */
export const myHomeroomClassesQuery = queryOptions({
  queryKey: ['homeroom-classes', 'mine'],
  queryFn: getMyHomeroomClasses,
  staleTime: 60_000,
});

export function useMyHomeroomClasses() {
  return useQuery(myHomeroomClassesQuery);
}
