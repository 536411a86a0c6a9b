import { ZTeacherDuty, type TTeacherDuty, type TTeacherDutyInput } from '@app/shared/teaching';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';

/** POST /teaching/duties: a duty of a teacher in a school year. */
export async function createDuty(input: TTeacherDutyInput): Promise<{ data: TTeacherDuty; message?: string }> {
  const res = await apiClient.post('/v1/teaching/duties', input);
  return unwrapWithMessage(ZTeacherDuty, res.data);
}
