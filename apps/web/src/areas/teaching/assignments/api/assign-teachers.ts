import { ZAssignmentBoard, type TAssignmentBoard } from '@app/shared/teaching';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';

/** PUT /teaching/assignments/course-classes/{id}/teachers: answers the refreshed board. */
export async function assignTeachers(courseClassId: number, teacherIds: number[]): Promise<{ data: TAssignmentBoard; message?: string }> {
  const res = await apiClient.put(`/v1/teaching/assignments/course-classes/${courseClassId}/teachers`, { teacherIds });
  return unwrapWithMessage(ZAssignmentBoard, res.data);
}
