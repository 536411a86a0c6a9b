import { z } from 'zod';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { KINDS_PATH } from '@/areas/forms/core/api/keys';

/** DELETE /forms/kinds/{id}: refused while forms use it (deactivate it instead). */
export async function deleteKind(id: number): Promise<{ message?: string }> {
  const res = await apiClient.delete(`${KINDS_PATH}/${id}`);
  return unwrapWithMessage(z.null(), res.data);
}
