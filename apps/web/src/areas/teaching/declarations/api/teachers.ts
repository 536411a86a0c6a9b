import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZPeriodTeacher, type TPeriodTeacher } from '@app/shared/declarations';
import { apiClient, unwrap } from '@/lib/api-client';
import { DECLARATIONS_ROOT } from './keys';

/**
 * GET /teaching/declarations/periods/{id}/teachers: the teachers in the caller's scope for the period
 * (a clerk's or head's department, a teacher themself), each with their declaration if they have one —
 * who still needs "Tạo kê khai", and whom a substitution may name.
 */
export function usePeriodTeachers(periodId: number | null) {
  return useQuery({
    queryKey: ['declarations', `${DECLARATIONS_ROOT}/periods/${periodId}/teachers`],
    queryFn: async (): Promise<TPeriodTeacher[]> => {
      const res = await apiClient.get(`${DECLARATIONS_ROOT}/periods/${periodId}/teachers`);
      return unwrap(z.array(ZPeriodTeacher), res.data);
    },
    enabled: periodId !== null,
  });
}
