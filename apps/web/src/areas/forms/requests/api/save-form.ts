import { ZStudentFormDetail, type TFormSave, type TStudentFormDetail } from '@app/shared/forms';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { MINE_PATH } from '@/areas/forms/core/api/keys';

/** POST /forms/mine: saves the draft or submits it, by the page's client key (a retried submission lands once). */
export async function saveForm(input: TFormSave): Promise<{ data: TStudentFormDetail; message?: string }> {
  const res = await apiClient.post(MINE_PATH, input);
  return unwrapWithMessage(ZStudentFormDetail, res.data);
}
