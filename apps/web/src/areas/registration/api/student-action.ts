import { ZActionResult, type TActionResult } from '@app/shared/registration';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';

export type StudentAction = 'register' | 'drop' | 'swap';

/**
 * POST /registration/me/rounds/{id}/{action}: the body with a fresh `requestId`; the server answers a
 * repeated id (a retry after a lost answer) with the first result and changes nothing.
 */
export async function postStudentAction(
  roundId: number,
  action: StudentAction,
  body: object,
): Promise<{ data: TActionResult; message?: string }> {
  const res = await apiClient.post(`/v1/registration/me/rounds/${roundId}/${action}`, { ...body, requestId: crypto.randomUUID() });
  return unwrapWithMessage(ZActionResult, res.data);
}
