import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LOGO_MAX_BYTES, LOGO_TYPES, SETTINGS_MSG, type TSchoolInfo } from '@app/shared/settings';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { SCHOOL_INFO_KEY } from '../api/get-school-info';
import { SETTINGS_KEY } from '../api/get-settings';
import { removeLogo, uploadLogo } from '../api/logo';
import { SchoolMark } from './school-mark';

/** The logo: shown as the shell shows it, replaced by a PNG, JPEG or WebP up to 512 KB (checked here and on the server). */
export function LogoField({ info }: { info: TSchoolInfo }) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: SETTINGS_KEY }), qc.invalidateQueries({ queryKey: SCHOOL_INFO_KEY })]);

  const run = async (fn: () => Promise<{ message?: string }>) => {
    setBusy(true);
    setError(null);
    try {
      const res = await fn();
      if (res.message) toast.success(res.message);
      await refresh();
    } catch (err) {
      const msg = errorMessage(err, 'Không thể cập nhật logo. Vui lòng thử lại sau.');
      setError(msg);
      toast.error(msg);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setError(SETTINGS_MSG.logoType);
    if (file.size > LOGO_MAX_BYTES) return setError(SETTINGS_MSG.logoSize);
    void run(() => uploadLogo(file));
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <SchoolMark logoUrl={info.logoUrl} className="size-16 rounded-lg border border-border p-1" title="Logo nhà trường" />
      <div className="space-y-2">
        <p className="text-sm text-muted">
          {info.logoUrl ? 'Logo đang dùng.' : 'Chưa có logo: đang dùng biểu tượng mặc định.'} PNG, JPEG hoặc WebP, tối đa 512 KB.
        </p>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={LOGO_TYPES.join(',')}
            className="sr-only"
            id="settings-logo"
            aria-label="Chọn tệp logo"
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
            {info.logoUrl ? 'Đổi logo' : 'Tải logo lên'}
          </Button>
          {info.logoUrl && (
            <Button variant="secondary" disabled={busy} onClick={() => void run(removeLogo)}>
              Xóa logo
            </Button>
          )}
        </div>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
