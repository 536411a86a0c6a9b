import { ZStudentFormDetail, type TFormDecision, type TStudentFormDetail } from '@app/shared/forms';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { formPath } from './keys';

/** POST /forms/requests/{id}/decide: approve, reject or return (a comment required for the last two), at the version read. */
export async function decideForm(id: number, input: TFormDecision): Promise<{ data: TStudentFormDetail; message?: string }> {
  const res = await apiClient.post(`${formPath(id)}/decide`, input);
  return unwrapWithMessage(ZStudentFormDetail, res.data);
}
