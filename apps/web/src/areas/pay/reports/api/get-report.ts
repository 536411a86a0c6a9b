import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZPayReport, type TPayReport } from '@app/shared/pay';
import { apiClient, unwrap } from '@/lib/api-client';
import { PAY_REPORTS_PATH, reportKey } from './keys';

/** GET /pay/reports?academicYearId=: a school year's pay figures (the current year when none is given). */
export async function getPayReport(academicYearId: number | null): Promise<TPayReport> {
  const res = await apiClient.get(PAY_REPORTS_PATH, { params: academicYearId ? { academicYearId } : undefined });
  return unwrap(ZPayReport, res.data);
}

/** The previous year's figures stay on screen while another year loads (the picker does not blink away). */
export function usePayReport(academicYearId: number | null) {
  return useQuery({ queryKey: reportKey(academicYearId), queryFn: () => getPayReport(academicYearId), placeholderData: keepPreviousData });
}
