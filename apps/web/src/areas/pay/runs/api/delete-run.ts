import { z } from 'zod';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { runPath } from './keys';

/** DELETE /pay/runs/{id}: a draft only. */
export async function deleteRun(id: number): Promise<{ message?: string }> {
  const res = await apiClient.delete(runPath(id));
  return unwrapWithMessage(z.unknown(), res.data);
}
