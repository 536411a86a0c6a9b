import { useQuery } from '@tanstack/react-query';
import { ZCourseClass, type TCourseClass } from '@app/shared/school';
import { fetchPage } from '@/components/data/use-list-query';

const COURSE_CLASSES = '/v1/course-classes';

/** GET /course-classes?moduleId=: every course class of the module (100 a page), to offer in a round. */
export async function moduleCourseClasses(moduleId: number): Promise<TCourseClass[]> {
  const rows: TCourseClass[] = [];
  for (let page = 1; ; page++) {
    const res = await fetchPage(COURSE_CLASSES, ZCourseClass, {
      moduleId: String(moduleId),
      sort: 'code',
      limit: '100',
      page: String(page),
    });
    rows.push(...res.items);
    if (res.items.length === 0 || rows.length >= res.total) return rows;
  }
}

export function useModuleCourseClasses(moduleId: number | null, enabled = true) {
  return useQuery({
    queryKey: ['registration', COURSE_CLASSES, { moduleId }],
    queryFn: () => moduleCourseClasses(moduleId as number),
    enabled: moduleId !== null && enabled,
    staleTime: 60_000,
  });
}
