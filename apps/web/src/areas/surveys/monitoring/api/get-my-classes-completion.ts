import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyClassesCompletion, type TMyClassesCompletion } from '@app/shared/survey-monitoring';
import { apiClient, unwrap } from '@/lib/api-client';

const PATH = '/v1/surveys/my-classes-completion';

/** GET /surveys/my-classes-completion?moduleId=: the module's open subject surveys over the caller's own course classes (counts only). */
async function getMyClassesCompletion(moduleId: number): Promise<TMyClassesCompletion> {
  return unwrap(ZMyClassesCompletion, (await apiClient.get(PATH, { params: { moduleId } })).data);
}

// The key carries the API path second, like every monitoring read (an admin's response delete refreshes it too).
const myClassesCompletionQuery = (moduleId: number | null) =>
  queryOptions({
    queryKey: ['survey-monitoring', PATH, moduleId],
    queryFn: () => getMyClassesCompletion(moduleId!),
    enabled: moduleId !== null,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export const useMyClassesCompletion = (moduleId: number | null) => useQuery(myClassesCompletionQuery(moduleId));
