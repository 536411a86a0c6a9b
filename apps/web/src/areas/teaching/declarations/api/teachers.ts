import { useQuery } from '@tanstack/react-query';
import { ZPage } from '@app/shared/api';
import { ZTeacher, type TTeacher } from '@app/shared/school';
import { apiClient, unwrap } from '@/lib/api-client';

/**
 * GET /teachers?departmentId=: the department's teachers (100 at most), to offer "Tạo kê khai" to those
 * without a declaration and to name the absent teacher of a substitution. Readable by heads and the
 * offices; a declaration-role holder without those roles is refused (the page then lists declarations only).
 */
export function useDepartmentTeachers(departmentId: number | null) {
  return useQuery({
    queryKey: ['declarations', '/v1/teachers', { departmentId }],
    queryFn: async (): Promise<TTeacher[]> => {
      const res = await apiClient.get('/v1/teachers', { params: { departmentId: String(departmentId), limit: '100', sort: 'fullName' } });
      return unwrap(ZPage(ZTeacher), res.data).items;
    },
    enabled: departmentId !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
