import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZAssignmentBoard, type TAssignmentBoard } from '@app/shared/teaching';
import { apiClient, unwrap } from '@/lib/api-client';
import { boardKey } from './keys';

/** GET /teaching/assignments?moduleId=&departmentId=: a department's classes and teachers with their load. */
export async function getBoard(moduleId: number, departmentId: number | null): Promise<TAssignmentBoard> {
  const params: Record<string, string> = { moduleId: String(moduleId) };
  if (departmentId !== null) params.departmentId = String(departmentId);
  const res = await apiClient.get('/v1/teaching/assignments', { params });
  return unwrap(ZAssignmentBoard, res.data);
}

export function useBoard(moduleId: number | null, departmentId: number | null) {
  return useQuery({
    queryKey: boardKey(moduleId, departmentId),
    queryFn: () => getBoard(moduleId as number, departmentId),
    enabled: moduleId !== null,
    placeholderData: keepPreviousData,
  });
}
