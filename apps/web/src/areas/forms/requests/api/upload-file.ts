import { ZFormFile, type TFormFile } from '@app/shared/forms';
import { apiClient, unwrap } from '@/lib/api-client';
import { formPath } from '@/areas/forms/core/api/keys';

/** POST /forms/requests/{id}/files?field=: a PDF or an image (≤ 5 MB) for an attachment field of a draft. */
export async function uploadFormFile(formId: number, field: string, file: File): Promise<TFormFile> {
  const body = new FormData();
  body.append('file', file);
  const res = await apiClient.post(`${formPath(formId)}/files`, body, { params: { field } });
  return unwrap(ZFormFile, res.data);
}
