import { useState } from 'react';
import { Download, LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { downloadFile } from '@/components/data/export-button';
import { Button } from '@/components/ui/button';
import { blobErrorMessage } from '@/lib/download';
import { exportExcel } from '../api/results-api';

/**
 * "Xuất Excel" of one survey's results (`GET /surveys/{id}/export-excel`): a summary sheet and a
 * responses sheet, filtered like the figures on screen. Downloaded with the token by the shared helper.
 */
export function SurveyExportButton({
  surveyId,
  filtered,
  label = 'Xuất Excel',
  name,
  compact = false,
}: {
  surveyId: number;
  filtered: boolean;
  label?: string;
  name?: string;
  compact?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { path, params } = exportExcel(surveyId, filtered);
      await downloadFile(path, params, `ket-qua-khao-sat-${surveyId}.xlsx`);
    } catch (err) {
      toast.error(await blobErrorMessage(err, 'Không thể xuất kết quả khảo sát. Vui lòng thử lại sau.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      className={compact ? 'px-3 py-1.5' : ''}
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy}
      aria-label={name ? `${label}: ${name}` : undefined}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Download aria-hidden="true" className="size-4" />}
      {busy ? 'Đang xuất...' : label}
    </Button>
  );
}
