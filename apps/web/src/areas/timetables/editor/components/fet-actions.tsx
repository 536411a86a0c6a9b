import { useRef, useState } from 'react';
import { Download, LoaderCircle, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { blobErrorMessage } from '@/lib/download';
import { errorMessage } from '@/lib/api-client';
import { downloadFet, importFetResult } from '../api/fet';

/** "Xuất FET" (the version as a .fet file) and, on a draft, "Nhập kết quả FET" (FET's result placed into it). */
export function FetActions({ timetableId, readOnly, onImported }: { timetableId: number; readOnly: boolean; onImported: () => void }) {
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const exportFet = async () => {
    setBusy('export');
    try {
      await downloadFet(timetableId);
    } catch (err) {
      toast.error(await blobErrorMessage(err, 'Không thể xuất tệp FET. Vui lòng thử lại sau.'));
    } finally {
      setBusy(null);
    }
  };

  const importFet = async (file: File) => {
    setBusy('import');
    try {
      const res = await importFetResult(timetableId, file);
      toast.success(res.message ?? 'Đã nhập kết quả FET vào bản nháp.');
      onImported();
    } catch (err) {
      toast.error(errorMessage(err, 'Không thể nhập kết quả FET. Vui lòng thử lại sau.'));
    } finally {
      setBusy(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => void exportFet()} disabled={busy !== null}>
        {busy === 'export' ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Download aria-hidden="true" className="size-4" />
        )}
        Xuất FET
      </Button>
      {readOnly ? null : (
        <>
          <Button variant="secondary" onClick={() => fileRef.current?.click()} disabled={busy !== null}>
            {busy === 'import' ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Upload aria-hidden="true" className="size-4" />
            )}
            Nhập kết quả FET
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept=".fet,.xml,application/xml,text/xml"
            aria-label="Tệp kết quả FET"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void importFet(f);
            }}
          />
        </>
      )}
    </div>
  );
}
