import { z } from 'zod';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';

/** DELETE /registration/rounds/{id}: refused once anyone has registered. */
export async function deleteRound(id: number): Promise<{ message?: string }> {
  const res = await apiClient.delete(`/v1/registration/rounds/${id}`);
  return unwrapWithMessage(z.unknown(), res.data);
}
