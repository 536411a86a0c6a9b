import { useQuery } from '@tanstack/react-query';
import { ZSchoolInfo, type TSchoolInfo } from '@app/shared/settings';
import { apiClient, unwrap } from '@/lib/api-client';

/** The one query the shell, the login page and the document title read the school's name and logo from. */
export const SCHOOL_INFO_KEY = ['school-info'] as const;

/** GET /school (public): the school's name, address and logo URL. */
export async function getSchoolInfo(): Promise<TSchoolInfo> {
  return unwrap(ZSchoolInfo, (await apiClient.get('/v1/school')).data);
}

export const useSchoolInfo = () => useQuery({ queryKey: SCHOOL_INFO_KEY, queryFn: getSchoolInfo, staleTime: 5 * 60_000 });
