import { downloadFile } from '@/components/data/export-button';
import { formPath } from './keys';

/** GET /forms/requests/{id}/files/{fileId}: an attachment, under its own name. */
export const downloadFormFile = (formId: number, fileId: number, name: string) =>
  downloadFile(`${formPath(formId)}/files/${fileId}`, undefined, name);
