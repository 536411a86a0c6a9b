import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZCoefficientVersion, type TCoefficient, type TCoefficientVersion } from '@app/shared/pay';
import { apiClient, unwrap, unwrapWithMessage } from '@/lib/api-client';

/** The list's path: the kit's list queries start with ['list', path], so writes refresh it by path. */
export const COEFFICIENTS_PATH = '/v1/pay/coefficients';

export const teacherVersionsKey = (teacherId: number) => ['pay-coefficients', COEFFICIENTS_PATH, 'teacher', teacherId] as const;

/** GET /pay/coefficients/teachers/{teacherId}: the teacher's versions, latest first. */
export async function getTeacherVersions(teacherId: number): Promise<TCoefficientVersion[]> {
  return unwrap(z.array(ZCoefficientVersion), (await apiClient.get(`${COEFFICIENTS_PATH}/teachers/${teacherId}`)).data);
}

export const useTeacherVersions = (teacherId: number) =>
  useQuery({ queryKey: teacherVersionsKey(teacherId), queryFn: () => getTeacherVersions(teacherId) });

/** POST /pay/coefficients, or PUT /pay/coefficients/{id} when editing. */
export async function saveCoefficient(id: number | null, input: TCoefficient): Promise<{ data: TCoefficientVersion; message?: string }> {
  const res = id === null ? await apiClient.post(COEFFICIENTS_PATH, input) : await apiClient.put(`${COEFFICIENTS_PATH}/${id}`, input);
  return unwrapWithMessage(ZCoefficientVersion, res.data);
}

/** DELETE /pay/coefficients/{id}. */
export async function deleteCoefficient(id: number): Promise<void> {
  await apiClient.delete(`${COEFFICIENTS_PATH}/${id}`);
}
