import { useQuery } from '@tanstack/react-query';
import { ZClassAbsences, type TClassAbsences } from '@app/shared/forms';
import { apiClient, unwrap } from '@/lib/api-client';
import { FORMS_ROOT } from '@/areas/forms/core/api/keys';

const path = (classId: number) => `${FORMS_ROOT}/classes/${classId}/absences`;

/** GET /forms/classes/{id}/absences: each student's sessions of approved leave this school year, most first. */
export async function getAbsences(classId: number): Promise<TClassAbsences> {
  const res = await apiClient.get(path(classId));
  return unwrap(ZClassAbsences, res.data);
}

export const useAbsences = (classId: number) => useQuery({ queryKey: ['forms', path(classId)], queryFn: () => getAbsences(classId) });
