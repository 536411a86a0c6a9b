import { useQuery } from '@tanstack/react-query';
import { ZPage } from '@app/shared/api';
import { ZNotification, type TNotification } from '@app/shared/notifications';
import { apiClient, unwrap } from '@/lib/api-client';
import { latestKey, NOTIFICATIONS_ROOT } from './keys';

/** How many the bell's panel shows. */
export const LATEST_COUNT = 6;

/** GET /notifications?limit=6: the newest, for the bell's panel. */
export async function listLatest(): Promise<TNotification[]> {
  const res = await apiClient.get(NOTIFICATIONS_ROOT, { params: { limit: String(LATEST_COUNT) } });
  return unwrap(ZPage(ZNotification), res.data).items;
}

/** Read when the panel opens (`enabled`), and again after each push. */
export function useLatestNotifications(enabled: boolean) {
  return useQuery({ queryKey: latestKey, queryFn: listLatest, enabled });
}
