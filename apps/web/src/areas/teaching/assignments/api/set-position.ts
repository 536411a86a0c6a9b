import type { TPosition } from '@app/shared/workload';
import { apiClient } from '@/lib/api-client';

/** PUT /teaching/teachers/{id}/position. */
export async function setPosition(teacherId: number, position: TPosition): Promise<void> {
  await apiClient.put(`/v1/teaching/teachers/${teacherId}/position`, { position });
}
