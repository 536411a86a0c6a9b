import { useNavigate } from 'react-router';
import type { TNotification } from '@app/shared/notifications';
import { useMarkRead } from '../api/mark-read';

/** Opening a notification marks it read and goes to its page (the list of all when it has none). */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  return (n: TNotification) => {
    if (n.readAt === null) markRead.mutate(n.id);
    after?.();
    void navigate(n.link ?? '/notifications');
  };
}
