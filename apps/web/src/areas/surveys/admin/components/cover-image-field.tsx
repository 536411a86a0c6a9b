import { useRef, useState } from 'react';
import { ImageUp, LoaderCircle, Trash2 } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { uploadCover } from '../api/admin-surveys-api';
import { useSurveyEditorContext } from '../survey-editor';
import { FieldError } from './builder-fields';

/** Same limits as the server (decisions "Cover images"), so a wrong file is refused before it travels. */
const MAX_BYTES = 2 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Cover image: upload to POST /surveys/uploads/cover, preview, remove (the survey keeps the path once saved). */
export function CoverImageField() {
  const ed = useSurveyEditorContext();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = ed.draft.coverImageUrl;
  const shownError = error ?? ed.errors.fields.coverImageUrl;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_BYTES) return setError('Ảnh bìa tối đa 2 MB.');
    if (file.type && !TYPES.includes(file.type)) return setError('Ảnh bìa phải là tệp PNG, JPEG hoặc WebP.');
    setBusy(true);
    try {
      const path = await uploadCover(file);
      ed.setDraft((d) => ({ ...d, coverImageUrl: path }));
    } catch (err) {
      setError(errorMessage(err, 'Không thể tải ảnh bìa lên. Vui lòng thử lại.'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="space-y-2">
      <p id="survey-cover-label" className="text-sm font-medium text-fg">
        Ảnh bìa (không bắt buộc)
      </p>
      {url ? (
        <img src={url} alt="Ảnh bìa khảo sát" className="h-32 w-full max-w-xl rounded-lg border border-border object-cover sm:h-40" />
      ) : (
        <p className="text-sm text-muted">
          Chưa có ảnh bìa. PNG, JPEG hoặc WebP, tối đa 2 MB; ảnh ngang khoảng 1200 × 300 hiển thị đẹp nhất.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id="survey-coverImageUrl"
          type="file"
          accept={TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-labelledby="survey-cover-label"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <Button variant="secondary" className="px-3 py-1.5" disabled={busy || ed.saving} onClick={() => input.current?.click()}>
          {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <ImageUp aria-hidden="true" className="size-4" />}
          {busy ? 'Đang tải lên...' : url ? 'Đổi ảnh bìa' : 'Tải ảnh bìa lên'}
        </Button>
        {url ? (
          <Button
            variant="ghost"
            className="px-3 py-1.5"
            disabled={busy || ed.saving}
            onClick={() => ed.setDraft((d) => ({ ...d, coverImageUrl: null }))}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Xóa ảnh bìa
          </Button>
        ) : null}
      </div>
      {shownError ? (
        <div role="alert">
          <FieldError>{shownError}</FieldError>
        </div>
      ) : null}
    </div>
  );
}
