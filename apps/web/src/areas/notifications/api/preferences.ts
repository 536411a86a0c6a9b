import { useQuery } from '@tanstack/react-query';
import { ZNotificationPreferences, type TNotificationPreferences, type TNotificationPreferencesInput } from '@app/shared/notifications';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { apiClient, unwrap } from '@/lib/api-client';
import { PREFERENCES_PATH, preferencesKey } from './keys';

/** GET /notifications/preferences: every kind with the user's choice or the school's default. */
export async function getPreferences(): Promise<TNotificationPreferences> {
  const res = await apiClient.get(PREFERENCES_PATH);
  return unwrap(ZNotificationPreferences, res.data);
}

export function usePreferences() {
  return useQuery({ queryKey: preferencesKey, queryFn: getPreferences });
}

/** PUT /notifications/preferences (audited): one kind's switches at a time. */
export function useSavePreferences() {
  return useApiMutation<TNotificationPreferencesInput>({
    method: 'put',
    url: PREFERENCES_PATH,
    invalidate: [PREFERENCES_PATH],
    toastError: true,
  });
}
