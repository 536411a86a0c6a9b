import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCalendarFeed, type TCalendarFeed } from '@app/shared/timetables';
import { apiClient, unwrap } from '@/lib/api-client';

const PATH = '/v1/timetables/calendar-feed';
const KEY = ['timetables', 'calendar-feed'] as const;

/** GET /timetables/calendar-feed: whether the caller has a private link (its address is shown only when made). */
export async function getCalendarFeed(): Promise<TCalendarFeed> {
  return unwrap(ZCalendarFeed, (await apiClient.get(PATH)).data);
}
/** POST: make (or replace) the link; the answer carries its address, once. */
export async function createCalendarFeed(): Promise<TCalendarFeed> {
  return unwrap(ZCalendarFeed, (await apiClient.post(PATH)).data);
}
/** DELETE: revoke the link; it stops working at once. */
export async function revokeCalendarFeed(): Promise<void> {
  await apiClient.delete(PATH);
}

export function useCalendarFeed() {
  return useQuery({ queryKey: KEY, queryFn: getCalendarFeed, staleTime: 60_000 });
}

export function useCalendarFeedActions() {
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (feed) => client.setQueryData(KEY, feed),
  });
  const revoke = useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => client.setQueryData<TCalendarFeed>(KEY, { active: false, url: null, createdAt: null }),
  });
  return { create, revoke };
}
