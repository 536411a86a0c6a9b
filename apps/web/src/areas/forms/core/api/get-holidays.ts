import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, unwrap } from '@/lib/api-client';
import { HOLIDAYS_PATH, holidaysKey } from './keys';

const NO_DAYS: ReadonlySet<string> = new Set();

/** GET /forms/holidays: the school's days off, which a leave's session count leaves out (empty until read). */
export function useSchoolHolidays(): ReadonlySet<string> {
  const q = useQuery({
    queryKey: holidaysKey,
    queryFn: async () => new Set(unwrap(z.array(z.string()), (await apiClient.get(HOLIDAYS_PATH)).data)),
    staleTime: 10 * 60_000,
  });
  return q.data ?? NO_DAYS;
}
