import { ZTimetableDetail, type TTimetableDetail } from '@app/shared/timetables';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { TIMETABLES_PATH } from './list-timetables';

/** POST /timetables: a new draft of the module, a copy of its published version (or all lessons unplaced). */
export async function createDraft(moduleId: number): Promise<{ data: TTimetableDetail; message?: string }> {
  const res = await apiClient.post(TIMETABLES_PATH, { moduleId });
  return unwrapWithMessage(ZTimetableDetail, res.data);
}
