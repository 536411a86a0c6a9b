import { useApiMutation } from '@/components/data/use-api-mutation';
import { NOTIFICATIONS_ROOT } from './keys';

/** POST /notifications/read-all: the server's message ("Đã đánh dấu 3 thông báo là đã đọc."). */
export function useMarkAllRead() {
  return useApiMutation<void>({
    method: 'post',
    url: `${NOTIFICATIONS_ROOT}/read-all`,
    body: () => ({}),
    invalidate: [NOTIFICATIONS_ROOT],
    toastError: true,
  });
}
