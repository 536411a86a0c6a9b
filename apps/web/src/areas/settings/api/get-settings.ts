import { useQuery } from '@tanstack/react-query';
import { ZSettingsView, type TSettingsView } from '@app/shared/settings';
import { apiClient, unwrap } from '@/lib/api-client';

export const SETTINGS_KEY = ['settings'] as const;

/** GET /settings (ADMIN): every section with its version, and the school's public info. */
export async function getSettings(): Promise<TSettingsView> {
  return unwrap(ZSettingsView, (await apiClient.get('/v1/settings')).data);
}

export const useSettings = () => useQuery({ queryKey: SETTINGS_KEY, queryFn: getSettings });
