import { ZSchoolInfo, type TSchoolInfo } from '@app/shared/settings';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';

/** PUT /settings/logo (multipart "file"). */
export async function uploadLogo(file: File): Promise<{ data: TSchoolInfo; message?: string }> {
  const form = new FormData();
  form.append('file', file);
  return unwrapWithMessage(ZSchoolInfo, (await apiClient.put('/v1/settings/logo', form)).data);
}

/** DELETE /settings/logo. */
export async function removeLogo(): Promise<{ data: TSchoolInfo; message?: string }> {
  return unwrapWithMessage(ZSchoolInfo, (await apiClient.delete('/v1/settings/logo')).data);
}
