import { useQuery } from '@tanstack/react-query';
import { ZPage } from '@app/shared/api';
import { ZPayRunSummary, type TPayRunSummary } from '@app/shared/pay';
import { useListQuery } from '@/components/data/use-list-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { PAY_RUNS_ROOT, waitingRunsKey } from './keys';

/** GET /pay/runs?academicYearId=&status=&page=&limit=: the runs, newest first, filters in the address. */
export function usePayRunList() {
  return useListQuery({
    path: PAY_RUNS_ROOT,
    schema: ZPayRunSummary,
    filterKeys: ['academicYearId', 'status'] as const,
    defaults: { limit: 10 },
  });
}

/** GET /pay/runs?status=submitted: the runs waiting for the principal (the dashboard's card). */
export async function listWaitingRuns(): Promise<TPayRunSummary[]> {
  const res = await apiClient.get(PAY_RUNS_ROOT, { params: { status: 'submitted', limit: '100' } });
  return unwrap(ZPage(ZPayRunSummary), res.data).items;
}

export function useWaitingRuns() {
  return useQuery({ queryKey: waitingRunsKey, queryFn: listWaitingRuns });
}

/** Every paid run (for an adjustment's choice). */
export async function listPaidRuns(): Promise<TPayRunSummary[]> {
  const res = await apiClient.get(PAY_RUNS_ROOT, { params: { status: 'paid', limit: '100' } });
  return unwrap(ZPage(ZPayRunSummary), res.data).items;
}

export function usePaidRuns(enabled: boolean) {
  return useQuery({ queryKey: ['pay-runs', PAY_RUNS_ROOT, { status: 'paid' }], queryFn: listPaidRuns, enabled });
}
