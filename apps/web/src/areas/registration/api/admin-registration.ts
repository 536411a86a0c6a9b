import { z } from 'zod';
import { ZRegistration, type TRegistration, type ZAdminRegistration } from '@app/shared/registration';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';

type Input = z.output<typeof ZAdminRegistration>;
const url = (roundId: number) => `/v1/registration/rounds/${roundId}/admin-registrations`;

/** POST …/admin-registrations: the admin adds a student to a class, with a reason (and past the rules only when asked). */
export async function addStudent(roundId: number, input: Input): Promise<{ data: TRegistration; message?: string }> {
  const res = await apiClient.post(url(roundId), input);
  return unwrapWithMessage(ZRegistration, res.data);
}

/** DELETE …/admin-registrations with the same body: the admin removes a student from a class. */
export async function removeStudent(roundId: number, input: Input): Promise<{ message?: string }> {
  const res = await apiClient.delete(url(roundId), { data: input });
  return unwrapWithMessage(z.unknown(), res.data);
}
