import { apiClient } from '@/lib/api-client';

/** DELETE /teaching/duties/{id}. */
export async function deleteDuty(id: number): Promise<void> {
  await apiClient.delete(`/v1/teaching/duties/${id}`);
}
