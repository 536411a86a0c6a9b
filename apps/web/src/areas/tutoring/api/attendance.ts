import { useQuery } from '@tanstack/react-query';
import { ZAttendanceSheet, type TAttendanceInput, type TAttendanceSheet } from '@app/shared/tutoring';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { apiClient, unwrap } from '@/lib/api-client';
import { TUTORING_ROOT, attendanceKey } from './keys';

/** GET /tutoring/sessions/{id}/attendance: every student of the group with their mark (null: not marked yet). */
export function useAttendance(sessionId: number) {
  return useQuery({
    queryKey: attendanceKey(sessionId),
    queryFn: async (): Promise<TAttendanceSheet> =>
      unwrap(ZAttendanceSheet, (await apiClient.get(`${TUTORING_ROOT}/sessions/${sessionId}/attendance`)).data),
  });
}

/** PUT /tutoring/sessions/{id}/attendance: every student at once; marks the session taught. */
export function useSaveAttendance(sessionId: number, onSuccess?: () => void) {
  return useApiMutation<TAttendanceInput>({
    method: 'put',
    url: `${TUTORING_ROOT}/sessions/${sessionId}/attendance`,
    invalidate: [TUTORING_ROOT],
    onSuccess,
  });
}
