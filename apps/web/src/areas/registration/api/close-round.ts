import { ZCloseReport, type TCloseReport } from '@app/shared/registration';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';

/** POST /registration/rounds/{id}/close: registrations become enrolments in one step; answers what it did. */
export async function closeRound(id: number): Promise<{ data: TCloseReport; message?: string }> {
  const res = await apiClient.post(`/v1/registration/rounds/${id}/close`);
  return unwrapWithMessage(ZCloseReport, res.data);
}
