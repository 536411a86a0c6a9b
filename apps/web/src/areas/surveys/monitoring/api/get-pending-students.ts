import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPage } from '@app/shared/api';
import { ZStudentSurveyStatus } from '@app/shared/survey-monitoring';
import { apiClient, unwrap } from '@/lib/api-client';

const PATH = '/v1/surveys/all-students-survey-status';

/**
 * The first `limit` students of a homeroom class who have not finished the module's open surveys, with
 * what each still has to do, and how many there are in all (the homeroom teacher's dashboard card; the
 * full, searchable list is on /teacher/homeroom-class).
 */
async function getPendingStudents(o: { homeroomClassId: number; moduleId: number | undefined; limit: number }) {
  const res = await apiClient.get(PATH, {
    params: { homeroomClassId: o.homeroomClassId, moduleId: o.moduleId, status: 'not_done', page: 1, limit: o.limit },
  });
  return unwrap(ZPage(ZStudentSurveyStatus), res.data);
}

const pendingStudentsQuery = (o: { homeroomClassId: number; moduleId: number | undefined; limit: number }) =>
  queryOptions({
    queryKey: ['survey-monitoring', PATH, 'pending', o],
    queryFn: () => getPendingStudents(o),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export const usePendingStudents = (o: { homeroomClassId: number; moduleId: number | undefined; limit: number }) =>
  useQuery(pendingStudentsQuery(o));
