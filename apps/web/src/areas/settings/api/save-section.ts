import { isAxiosError } from 'axios';
import { ZSettingsConflict, ZSettingsSection, type TSettingsSection, type TSettingsSectionName } from '@app/shared/settings';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';

/** PUT /settings/{section} with the version the values were read at. */
export async function saveSection(section: TSettingsSectionName, version: number, value: unknown) {
  return unwrapWithMessage(ZSettingsSection, (await apiClient.put(`/v1/settings/${section}`, { version, value })).data);
}

/** The section as it is now, when a save was refused as stale (409); null for any other error. */
export function staleSection(error: unknown): TSettingsSection | null {
  if (!isAxiosError(error) || error.response?.status !== 409) return null;
  const parsed = ZSettingsConflict.safeParse((error.response.data as { details?: unknown } | undefined)?.details);
  return parsed.success ? (parsed.data.current as TSettingsSection) : null;
}
