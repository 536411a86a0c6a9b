import { ZStudentFormDetail, type TStudentFormDetail } from '@app/shared/forms';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { formPath } from '@/areas/forms/core/api/keys';

/** POST /forms/requests/{id}/withdraw: before a decision, at the version read. */
export async function withdrawForm(id: number, version: number): Promise<{ data: TStudentFormDetail; message?: string }> {
  const res = await apiClient.post(`${formPath(id)}/withdraw`, { version });
  return unwrapWithMessage(ZStudentFormDetail, res.data);
}
