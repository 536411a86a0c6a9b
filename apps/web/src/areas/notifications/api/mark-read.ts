import { useApiMutation } from '@/components/data/use-api-mutation';
import { NOTIFICATIONS_ROOT } from './keys';

/** POST /notifications/{id}/read: quiet (no toast), the count and lists refresh. */
export function useMarkRead() {
  return useApiMutation<number>({
    method: 'post',
    url: (id) => `${NOTIFICATIONS_ROOT}/${id}/read`,
    body: () => ({}),
    invalidate: [NOTIFICATIONS_ROOT],
    toastMessage: () => null,
  });
}
