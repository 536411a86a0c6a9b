import { z } from 'zod';
import { downloadFile } from '@/components/data/export-button';
import { apiClient, unwrapWithMessage } from '@/lib/api-client';
import { TIMETABLES_PATH } from './list-timetables';

// FET interchange of one version: the export (a download) and the import of FET's result into a draft.

/** GET /timetables/{id}/fet: the version's problem as a .fet file, saved under the server's name. */
export function downloadFet(id: number): Promise<void> {
  return downloadFile(`${TIMETABLES_PATH}/${id}/fet`, undefined, `thoi-khoa-bieu-${id}.fet`);
}

/**
 * POST /timetables/{id}/fet-import (multipart, field "file"): FET's result placed into the draft. The
 * page reloads the version afterwards, so only the server's message is kept from the answer.
 */
export async function importFetResult(id: number, file: File): Promise<{ message?: string }> {
  const form = new FormData();
  form.append('file', file);
  // Not JSON: axios would otherwise turn the FormData into a JSON object; the browser adds the boundary.
  const res = await apiClient.post(`${TIMETABLES_PATH}/${id}/fet-import`, form, { headers: { 'Content-Type': 'multipart/form-data' } });
  return { message: unwrapWithMessage(z.unknown(), res.data).message };
}
