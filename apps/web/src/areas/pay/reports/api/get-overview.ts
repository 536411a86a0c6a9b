import { useQuery } from '@tanstack/react-query';
import { ZPayOverview, type TPayOverview } from '@app/shared/pay';
import { apiClient, unwrap } from '@/lib/api-client';
import { PAY_OVERVIEW_PATH, overviewKey } from './keys';

/** GET /pay/overview: the run at hand, what blocks it, runs waiting for the principal, teachers without coefficients. */
export async function getPayOverview(): Promise<TPayOverview> {
  const res = await apiClient.get(PAY_OVERVIEW_PATH);
  return unwrap(ZPayOverview, res.data);
}

/** Both dashboard cards read it: one request, shared by the query key. */
export function usePayOverview() {
  return useQuery({ queryKey: overviewKey, queryFn: getPayOverview });
}
