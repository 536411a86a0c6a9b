import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZTutoringReport, type TTutoringReport } from '@app/shared/tutoring';
import { apiClient, unwrap } from '@/lib/api-client';
import { TUTORING_ROOT, reportKey } from './keys';

/** GET /tutoring/report?from=&to=&semesterId=: sessions and periods per teacher and kind, attendance per group and student. */
export function useTutoringReport(params: { from: string; to: string; semesterId?: string }, enabled: boolean) {
  const clean: Record<string, string> = {
    from: params.from,
    to: params.to,
    ...(params.semesterId ? { semesterId: params.semesterId } : {}),
  };
  return useQuery({
    queryKey: reportKey(clean),
    queryFn: async (): Promise<TTutoringReport> =>
      unwrap(ZTutoringReport, (await apiClient.get(`${TUTORING_ROOT}/report`, { params: clean })).data),
    enabled,
    placeholderData: keepPreviousData,
  });
}
