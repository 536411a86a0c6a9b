import { useQuery } from '@tanstack/react-query';
import { ZPage } from '@app/shared/api';
import { ZStudentForm, type TFormStatus } from '@app/shared/forms';
import { useListQuery } from '@/components/data/use-list-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { REQUESTS_PATH } from '@/areas/forms/core/api/keys';

/** GET /forms/requests with the list's filters in the address (admin's "Đơn của học sinh"). */
export function useFormList(opts: { prefix?: string; defaults?: { filters?: Record<string, string> } } = {}) {
  return useListQuery({
    path: REQUESTS_PATH,
    schema: ZStudentForm,
    filterKeys: ['status', 'kindId', 'classId'] as const,
    prefix: opts.prefix,
    defaults: { limit: 10, ...opts.defaults },
  });
}

/** GET /forms/requests?classId=&status=: a class's forms in one state (the homeroom teacher's section), at most 100. */
export function useClassForms(classId: number | null, status: TFormStatus | null) {
  return useQuery({
    queryKey: ['forms', REQUESTS_PATH, { classId, status }],
    enabled: classId !== null || status === 'escalated',
    queryFn: async () => {
      const params: Record<string, string> = { limit: '100' };
      if (classId !== null) params.classId = String(classId);
      if (status) params.status = status;
      const res = await apiClient.get(REQUESTS_PATH, { params });
      return unwrap(ZPage(ZStudentForm), res.data);
    },
  });
}
