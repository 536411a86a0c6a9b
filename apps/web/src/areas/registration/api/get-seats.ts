import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZSeat, type TSeat } from '@app/shared/registration';
import { apiClient, unwrap } from '@/lib/api-client';
import { SEATS_POLL_MS, seatsKey } from './keys';

/** GET /registration/rounds/{id}/seats: capacity, taken and waiting per offered class, cheap enough to poll. */
export async function getSeats(roundId: number): Promise<TSeat[]> {
  const res = await apiClient.get(`/v1/registration/rounds/${roundId}/seats`);
  return unwrap(z.array(ZSeat), res.data);
}

/** The round's seats, read again every 5 s while `live` and the page is visible (a hidden tab stops polling). */
export function useSeats(roundId: number | null, live: boolean) {
  return useQuery({
    queryKey: seatsKey(roundId),
    queryFn: () => getSeats(roundId as number),
    enabled: roundId !== null && live,
    refetchInterval: live ? SEATS_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}

/** courseClassId → its seat, for merging into the offers the page already holds. */
export function seatMap(seats: readonly TSeat[] | undefined): Map<number, TSeat> {
  return new Map((seats ?? []).map((s) => [s.courseClassId, s]));
}
