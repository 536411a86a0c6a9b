import { useQuery } from '@tanstack/react-query';
import { ZPaySettingsList, ZPaySettingsVersion, type TPaySettings, type TPaySettingsList, type TPaySettingsVersion } from '@app/shared/pay';
import { apiClient, unwrap, unwrapWithMessage } from '@/lib/api-client';

/** The settings' query key; its path lets the kit's writes (and imports) refresh it too. */
export const PAY_SETTINGS_KEY = ['pay-settings', '/v1/pay/settings'] as const;

/** GET /pay/settings: every version, the one in force today, the workload rule set pay reads. */
export async function getPaySettings(): Promise<TPaySettingsList> {
  return unwrap(ZPaySettingsList, (await apiClient.get('/v1/pay/settings')).data);
}

export const usePaySettings = () => useQuery({ queryKey: PAY_SETTINGS_KEY, queryFn: getPaySettings });

/** POST /pay/settings, or PUT /pay/settings/{id} when editing. */
export async function savePaySettings(id: number | null, input: TPaySettings): Promise<{ data: TPaySettingsVersion; message?: string }> {
  const res = id === null ? await apiClient.post('/v1/pay/settings', input) : await apiClient.put(`/v1/pay/settings/${id}`, input);
  return unwrapWithMessage(ZPaySettingsVersion, res.data);
}

/** DELETE /pay/settings/{id} (refused for the version in force). */
export async function deletePaySettings(id: number): Promise<void> {
  await apiClient.delete(`/v1/pay/settings/${id}`);
}
