import { useQuery } from '@tanstack/react-query';
import { ZMyRegistration, type TMyRegistration } from '@app/shared/registration';
import { apiClient, unwrap } from '@/lib/api-client';
import { myRegistrationKey } from './keys';

/** GET /registration/me: the rounds of the student's grade, their offers and the student's own choices. */
export async function getMyRegistration(): Promise<TMyRegistration> {
  const res = await apiClient.get('/v1/registration/me');
  return unwrap(ZMyRegistration, res.data);
}

export function useMyRegistration() {
  return useQuery({ queryKey: myRegistrationKey, queryFn: getMyRegistration });
}
