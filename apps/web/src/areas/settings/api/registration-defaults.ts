import { useQuery } from '@tanstack/react-query';
import type { TRegistrationSection } from '@app/shared/settings';
import { getSettings, SETTINGS_KEY } from './get-settings';

/** The settings page's registration defaults (ADMIN, who alone creates rounds); undefined until read or when unreadable. */
export function useRegistrationDefaults(): TRegistrationSection | undefined {
  const q = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: getSettings,
    select: (v) => v.sections.find((s) => s.section === 'registration')?.value as TRegistrationSection | undefined,
    retry: false,
  });
  return q.data;
}
