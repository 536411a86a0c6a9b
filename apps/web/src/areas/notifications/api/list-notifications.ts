import { ZNotification } from '@app/shared/notifications';
import { useListQuery } from '@/components/data/use-list-query';
import { NOTIFICATIONS_ROOT } from './keys';

/** GET /notifications?unread=&kind=&page=&limit=: the page's list, filters in the address. */
export function useNotificationList() {
  return useListQuery({
    path: NOTIFICATIONS_ROOT,
    schema: ZNotification,
    filterKeys: ['unread', 'kind'] as const,
    defaults: { limit: 20 },
  });
}
