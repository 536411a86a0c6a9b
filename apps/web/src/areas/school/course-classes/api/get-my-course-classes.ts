import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPage } from '@app/shared/api';
import { ZCourseClass, type TCourseClass } from '@app/shared/school';
import { apiClient, unwrap } from '@/lib/api-client';

const PAGE = 100;
/** More than any teacher's classes in a module; stops a runaway loop if the server keeps answering. */
const MAX_PAGES = 20;

/** GET /course-classes/mine?moduleId=: every course class the caller teaches in the module, by name (all pages of 100). */
export async function getMyCourseClasses(moduleId: number): Promise<TCourseClass[]> {
  const out: TCourseClass[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await apiClient.get('/v1/course-classes/mine', { params: { moduleId, page, limit: PAGE, sort: 'name', order: 'asc' } });
    const data = unwrap(ZPage(ZCourseClass), res.data);
    out.push(...data.items);
    if (data.items.length < PAGE || out.length >= data.total) break;
  }
  return out;
}

const myCourseClassesQuery = (moduleId: number | null) =>
  queryOptions({
    queryKey: ['course-classes', 'mine', moduleId],
    queryFn: () => getMyCourseClasses(moduleId!),
    enabled: moduleId !== null,
    staleTime: 60_000,
  });

export const useMyCourseClasses = (moduleId: number | null) => useQuery(myCourseClassesQuery(moduleId));
