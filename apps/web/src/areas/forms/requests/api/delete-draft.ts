import { z } from 'zod';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { formPath } from '@/areas/forms/core/api/keys';

/** DELETE /forms/requests/{id}: a draft never sent. */
export async function deleteDraft(id: number): Promise<{ message?: string }> {
  const res = await apiClient.delete(formPath(id));
  return unwrapWithMessage(z.null(), res.data);
}
