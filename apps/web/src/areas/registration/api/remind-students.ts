import { z } from 'zod';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';

/** POST /registration/rounds/{id}/remind: tells every student who has not met the rules yet. */
export async function remindStudents(id: number): Promise<{ data: { reminded: number }; message?: string }> {
  const res = await apiClient.post(`/v1/registration/rounds/${id}/remind`);
  return unwrapWithMessage(z.object({ reminded: z.number().int() }), res.data);
}
