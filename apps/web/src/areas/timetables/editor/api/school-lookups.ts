import { useQuery } from '@tanstack/react-query';
import {
  ZClassroom,
  ZCourseClass,
  ZEnrolment,
  ZHomeroomClass,
  type TClassroom,
  type TCourseClass,
  type THomeroomClass,
} from '@app/shared/school';
import { fetchAll } from './fetch-all';

// The school's names the editor shows around lessons: the module's course classes (subject, teachers),
// the rooms, the homeroom classes of the module's year, and which course classes a homeroom class's
// students take (through enrolment). Keyed under their list paths, so writes elsewhere refresh them.

const COURSE_CLASSES = '/v1/course-classes';
const CLASSROOMS = '/v1/classrooms';
const HOMEROOM_CLASSES = '/v1/homeroom-classes';

export function useModuleCourseClasses(moduleId: number | null) {
  return useQuery({
    queryKey: ['editor', COURSE_CLASSES, { moduleId }],
    queryFn: (): Promise<TCourseClass[]> => fetchAll(COURSE_CLASSES, ZCourseClass, { moduleId: String(moduleId), sort: 'code' }),
    enabled: moduleId !== null,
    staleTime: 60_000,
  });
}

export function useClassrooms() {
  return useQuery({
    queryKey: ['editor', CLASSROOMS],
    queryFn: (): Promise<TClassroom[]> => fetchAll(CLASSROOMS, ZClassroom, { sort: 'code' }),
    staleTime: 60_000,
  });
}

export function useHomeroomClasses(academicYearId: number | null) {
  return useQuery({
    queryKey: ['editor', HOMEROOM_CLASSES, { academicYearId }],
    queryFn: (): Promise<THomeroomClass[]> =>
      fetchAll(HOMEROOM_CLASSES, ZHomeroomClass, { academicYearId: String(academicYearId), sort: 'name' }),
    enabled: academicYearId !== null,
    staleTime: 60_000,
  });
}

/**
 * The course classes (among `candidates`) with at least one student of the homeroom class: read from
 * each candidate's enrolment list (GET /course-classes/{id}/students), matched on the class's name,
 * which the enrolment rows carry.
 */
export async function homeroomCourseClassIds(homeroom: THomeroomClass, candidates: TCourseClass[]): Promise<number[]> {
  const hits = await Promise.all(
    candidates.map(async (c) => {
      const students = await fetchAll(`${COURSE_CLASSES}/${c.id}/students`, ZEnrolment);
      return students.some((s) => s.homeroomClassName === homeroom.name) ? c.id : null;
    }),
  );
  return hits.filter((id): id is number => id !== null);
}

export function useHomeroomCourseClasses(homeroom: THomeroomClass | null, candidates: TCourseClass[] | undefined) {
  return useQuery({
    queryKey: ['editor', COURSE_CLASSES, 'homeroom', homeroom?.id ?? null, candidates?.map((c) => c.id) ?? []],
    queryFn: () => homeroomCourseClassIds(homeroom as THomeroomClass, candidates ?? []),
    enabled: homeroom !== null && candidates !== undefined,
    staleTime: 60_000,
  });
}
