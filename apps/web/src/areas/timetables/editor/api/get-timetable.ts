import { useQuery } from '@tanstack/react-query';
import { ZTimetableDetail, type TTimetableDetail } from '@app/shared/timetables';
import { apiClient, unwrap } from '@/lib/api-client';
import { TIMETABLES_PATH } from './list-timetables';

/** GET /timetables/{id}: the version with its lessons, hard clashes and soft score. */
export async function getTimetable(id: number): Promise<TTimetableDetail> {
  const res = await apiClient.get(`${TIMETABLES_PATH}/${id}`);
  return unwrap(ZTimetableDetail, res.data);
}

export function timetableQueryKey(id: number | null) {
  return ['timetables', TIMETABLES_PATH, 'detail', id] as const;
}

export function useTimetable(id: number | null) {
  return useQuery({ queryKey: timetableQueryKey(id), queryFn: () => getTimetable(id as number), enabled: id !== null });
}
