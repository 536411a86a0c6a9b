import { useQuery } from '@tanstack/react-query';
import { ZNotificationCount } from '@app/shared/notifications';
import { apiClient, unwrap } from '@/lib/api-client';
import { COUNT_PATH, countKey } from './keys';

/** While the live stream is down, the count is asked for this often instead. */
export const POLL_MS = 30_000;

/** GET /notifications/unread-count. */
export async function getUnreadCount(): Promise<number> {
  const res = await apiClient.get(COUNT_PATH);
  return unwrap(ZNotificationCount, res.data).unread;
}

/** The bell's count: pushed by the stream when it is live (`live`), else polled. */
export function useUnreadCount(live: boolean) {
  return useQuery({ queryKey: countKey, queryFn: getUnreadCount, refetchInterval: live ? false : POLL_MS });
}
