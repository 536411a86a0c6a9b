import { ZEditResult, type TEditResult, type TLessonEdit } from '@app/shared/timetables';
import { apiClient, unwrap } from '@/lib/api-client';
import { TIMETABLES_PATH } from './list-timetables';

/** POST /timetables/{id}/edits: one edit naming the lesson's version; 409 when someone changed it first. */
export async function editLesson(timetableId: number, edit: TLessonEdit): Promise<TEditResult> {
  const res = await apiClient.post(`${TIMETABLES_PATH}/${timetableId}/edits`, edit);
  return unwrap(ZEditResult, res.data);
}
