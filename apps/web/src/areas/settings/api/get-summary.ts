import { useQuery } from '@tanstack/react-query';
import { ZSettingsSummary, type TSettingsSummary } from '@app/shared/settings';
import { apiClient, unwrap } from '@/lib/api-client';

/** GET /settings/summary (ADMIN): holidays, period grids, the rule set and pay values, read from their areas. */
export async function getSettingsSummary(): Promise<TSettingsSummary> {
  return unwrap(ZSettingsSummary, (await apiClient.get('/v1/settings/summary')).data);
}

export const useSettingsSummary = () => useQuery({ queryKey: ['settings', 'summary'], queryFn: getSettingsSummary });
