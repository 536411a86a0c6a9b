import { ZFormKind, type TFormKind, type TFormKindInput } from '@app/shared/forms';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { KINDS_PATH } from '@/areas/forms/core/api/keys';

/** POST /forms/kinds, or PUT /forms/kinds/{id} at the version read. */
export async function saveKind(
  input: TFormKindInput,
  edit?: { id: number; version: number },
): Promise<{ data: TFormKind; message?: string }> {
  const res = edit
    ? await apiClient.put(`${KINDS_PATH}/${edit.id}`, { ...input, version: edit.version })
    : await apiClient.post(KINDS_PATH, input);
  return unwrapWithMessage(ZFormKind, res.data);
}
