import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZPage } from '@app/shared/api';
import { ZDeclarationHistoryRow, type TDeclarationHistoryRow } from '@app/shared/declarations';
import { apiClient, unwrap } from '@/lib/api-client';
import { DECLARATIONS_ROOT, historySearchKey } from './keys';

export type HistoryPage = { items: TDeclarationHistoryRow[]; total: number; page: number; limit: number };

/** GET /teaching/declarations/history?teacherId=&departmentId=&periodId=&actorId=&from=&to=&action=&page=&limit= (admin, principal). */
export async function searchHistory(params: Record<string, string>): Promise<HistoryPage> {
  const res = await apiClient.get(`${DECLARATIONS_ROOT}/history`, { params });
  return unwrap(ZPage(ZDeclarationHistoryRow), res.data) as HistoryPage;
}

export function useHistorySearch(params: Record<string, string>) {
  return useQuery({ queryKey: historySearchKey(params), queryFn: () => searchHistory(params), placeholderData: keepPreviousData });
}
