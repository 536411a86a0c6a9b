import { useQuery } from '@tanstack/react-query';
import { ZClassroom, ZCourseClass, ZHomeroomClass, type TClassroom, type TCourseClass, type THomeroomClass } from '@app/shared/school';
import { fetchAll } from './fetch-all';

// The school's names the editor shows around lessons: the module's course classes (subject, teachers),
// the rooms and the homeroom classes of the module's year (which course classes a homeroom class's
// students take comes with the timetable). Keyed under their list paths, so writes elsewhere refresh them.

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
