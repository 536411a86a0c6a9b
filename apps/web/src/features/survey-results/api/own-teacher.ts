import { queryOptions } from '@tanstack/react-query';
import { ZPage } from '@app/shared/api';
import { ZCourseClass, type TCourseClass } from '@app/shared/school';
import { apiClient, unwrap } from '../../../lib/api-client';

/**
 * The caller's own teacher id, which `GET /surveys/modules/{m}/teachers/{t}/course-results` needs.
 * No call answers it directly (see the report of issue 5): the teacher is the one person on every
 * class `GET /course-classes/mine` lists; co-teachers of all the same classes are told apart by name.
 */
export function ownTeacherId(classes: readonly TCourseClass[], displayName: string | null): number | null {
  if (!classes.length) return null;
  let common = classes[0].teachers.map((t) => t.id);
  for (const c of classes.slice(1)) {
    const ids = new Set(c.teachers.map((t) => t.id));
    common = common.filter((id) => ids.has(id));
  }
  if (common.length === 1) return common[0];
  const candidates = classes[0].teachers.filter((t) => common.includes(t.id));
  const name = displayName?.trim().toLocaleLowerCase('vi');
  return candidates.find((t) => t.fullName.trim().toLocaleLowerCase('vi') === name)?.id ?? null;
}

export const ownTeacherQuery = (userId: number | undefined, displayName: string | null) =>
  queryOptions({
    queryKey: ['own-teacher', userId ?? null] as const,
    enabled: userId !== undefined,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      // Every module: a teacher's classes of one year fit one page of 100; one class is enough to know them.
      const res = await apiClient.get('/v1/course-classes/mine', { params: { page: 1, limit: 100 } });
      const classes = unwrap(ZPage(ZCourseClass), res.data).items;
      return { teacherId: ownTeacherId(classes, displayName), classCount: classes.length };
    },
  });
