import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTimetable, type TTimetable } from '@app/shared/timetables';
import { apiClient, unwrap } from '@/lib/api-client';

export const TIMETABLES_PATH = '/v1/timetables';

/** GET /timetables?moduleId=: the versions of a module (drafts, published, replaced). */
export async function listTimetables(moduleId: number): Promise<TTimetable[]> {
  const res = await apiClient.get(TIMETABLES_PATH, { params: { moduleId: String(moduleId) } });
  return unwrap(z.array(ZTimetable), res.data);
}

export function timetablesQueryKey(moduleId: number | null) {
  return ['timetables', TIMETABLES_PATH, 'versions', moduleId] as const;
}

export function useTimetables(moduleId: number | null) {
  return useQuery({
    queryKey: timetablesQueryKey(moduleId),
    queryFn: () => listTimetables(moduleId as number),
    enabled: moduleId !== null,
  });
}
