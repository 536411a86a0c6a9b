import { useState } from 'react';
import { Download, LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { apiClient } from '@/lib/api-client';
import { blobErrorMessage, filenameFromDisposition, saveBlob } from '@/lib/download';
import { Button } from '../ui/button';

/** Downloads a file from the API with the bearer token (a plain link could not send it). */
export async function downloadFile(url: string, params: Record<string, string> | undefined, fallbackName: string) {
  const res = await apiClient.get<Blob>(url, { params, responseType: 'blob' });
  const header = res.headers['content-disposition'] as string | undefined;
  saveBlob(res.data, filenameFromDisposition(header, fallbackName));
}

/**
 * "Xuất Excel": `GET <path>/export` with the list's current filters, search and sort, saved under
 * the name the server gives.
 */
export function ExportButton({
  path,
  params,
  label = 'Xuất Excel',
  filename = 'du-lieu.xlsx',
}: {
  /** The list's path, e.g. '/v1/campuses' (the button adds /export). */
  path: string;
  params?: Record<string, string>;
  label?: string;
  filename?: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(`${path}/export`, params, filename);
    } catch (err) {
      toast.error(await blobErrorMessage(err, 'Không thể xuất dữ liệu. Vui lòng thử lại sau.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void run()} disabled={busy} aria-busy={busy}>
      {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Download aria-hidden="true" className="size-4" />}
      {busy ? 'Đang xuất...' : label}
    </Button>
  );
}
