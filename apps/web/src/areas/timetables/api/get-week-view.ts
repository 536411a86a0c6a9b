import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZWeekView, type TWeekView, type TWeekViewKind } from '@app/shared/timetables';
import { apiClient, unwrap } from '@/lib/api-client';

export interface WeekQuery {
  view: TWeekViewKind;
  /** The student, teacher, department, room, campus … shown; left out for one's own week. */
  id?: number | null;
  /** Any day of the week (YYYY-MM-DD); left out for this week. */
  date?: string | null;
}

/** GET /timetables/week: the published timetable in force for a week, seen one way. */
export async function getWeekView(q: WeekQuery): Promise<TWeekView> {
  const params: Record<string, string> = { view: q.view };
  if (q.id) params.id = String(q.id);
  if (q.date) params.date = q.date;
  const res = await apiClient.get('/v1/timetables/week', { params });
  return unwrap(ZWeekView, res.data);
}

export function useWeekView(q: WeekQuery, enabled = true) {
  return useQuery({
    queryKey: ['timetables', 'week', q.view, q.id ?? null, q.date ?? null],
    queryFn: () => getWeekView(q),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
