import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ZFreeRoom, type TFreeRoom } from '@app/shared/timetables';
import type { CLASSROOM_KINDS } from '@app/shared/school';
import { apiClient, unwrap } from '@/lib/api-client';

export interface FreeRoomsQuery {
  campusId?: number;
  date?: string;
  day: number;
  period: number;
  length: number;
  capacity: number;
  kind?: (typeof CLASSROOM_KINDS)[number];
}

/** GET /timetables/free-rooms: rooms with no lesson in the slot (the published version in force on that date). */
export async function findFreeRooms(q: FreeRoomsQuery): Promise<TFreeRoom[]> {
  const params: Record<string, string> = {
    day: String(q.day),
    period: String(q.period),
    length: String(q.length),
    capacity: String(q.capacity),
  };
  if (q.campusId) params.campusId = String(q.campusId);
  if (q.date) params.date = q.date;
  if (q.kind) params.kind = q.kind;
  const res = await apiClient.get('/v1/timetables/free-rooms', { params });
  return unwrap(z.array(ZFreeRoom), res.data);
}

/** A search run on demand (the form's button), not on every keystroke. */
export function useFreeRoomSearch() {
  return useMutation({ mutationFn: findFreeRooms });
}
