import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDepartmentsCompletion, type TDepartmentsCompletion } from '@app/shared/survey-monitoring';
import { apiClient, unwrap } from '@/lib/api-client';

const PATH = '/v1/surveys/department-completion';

/** GET /surveys/department-completion?moduleId=: each department the caller heads — in all, per open survey, per teacher (counts only). */
async function getDepartmentCompletion(moduleId: number): Promise<TDepartmentsCompletion> {
  return unwrap(ZDepartmentsCompletion, (await apiClient.get(PATH, { params: { moduleId } })).data);
}

const departmentCompletionQuery = (moduleId: number | null) =>
  queryOptions({
    queryKey: ['survey-monitoring', PATH, moduleId],
    queryFn: () => getDepartmentCompletion(moduleId!),
    enabled: moduleId !== null,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export const useDepartmentCompletion = (moduleId: number | null) => useQuery(departmentCompletionQuery(moduleId));
