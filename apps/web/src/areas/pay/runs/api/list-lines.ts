import { useQuery } from '@tanstack/react-query';
import { ZPage } from '@app/shared/api';
import { ZPayLine, type TPayLine } from '@app/shared/pay';
import { useListQuery } from '@/components/data/use-list-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { allLinesKey, runPath } from './keys';

/**
 * GET /pay/runs/{id}/lines?departmentId=&search=&sort=&order=&page=&limit=: one page of the run's lines;
 * its state in the address under "l_" (the runs list shares the page's address).
 */
export function usePayLines(runId: number) {
  return useListQuery({
    path: `${runPath(runId)}/lines`,
    schema: ZPayLine,
    filterKeys: ['departmentId'] as const,
    defaults: { limit: 20 },
    prefix: 'l_',
    rankSearch: true,
  });
}

/** Every line of the run (100 a page), for the printable payroll sheets of the departments. */
export async function listAllLines(runId: number): Promise<TPayLine[]> {
  const rows: TPayLine[] = [];
  for (let page = 1; ; page++) {
    const params = { limit: '100', page: String(page), sort: 'fullName', order: 'asc' };
    const res = await apiClient.get(`${runPath(runId)}/lines`, { params });
    const data = unwrap(ZPage(ZPayLine), res.data);
    rows.push(...data.items);
    if (data.items.length === 0 || rows.length >= data.total) return rows;
  }
}

export function useAllLines(runId: number, enabled: boolean) {
  return useQuery({ queryKey: allLinesKey(runId), queryFn: () => listAllLines(runId), enabled });
}
