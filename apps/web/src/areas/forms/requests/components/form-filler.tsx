import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDateTime } from '@app/shared/format';
import {
  FORM_FILE_MAX_BYTES,
  validateFormValues,
  type TFormKind,
  type TFormValue,
  type TFormValues,
  type TStudentFormDetail,
} from '@app/shared/forms';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { Button } from '@/components/ui/button';
import { errorMessage, httpStatus } from '@/lib/api-client';
import { FORMS_ROOT } from '@/areas/forms/core/api/keys';
import { saveForm } from '../api/save-form';
import { uploadFormFile } from '../api/upload-file';
import { clearLocalDraft, saveLocalDraft } from '../lib/draft';
import { FieldInput } from './field-input';

/** How long after the last keystroke the draft is saved on the server. */
const SERVER_SAVE_MS = 1500;

export interface FillerStart {
  kind: Pick<TFormKind, 'id' | 'name' | 'description' | 'fields'>;
  clientKey: string;
  values: TFormValues;
  /** Shown when the values came back from the browser's draft. */
  restoredAt?: string;
  /** The returned form's comment, when editing one. */
  comment?: string | null;
}

const fieldErrorsOf = (err: unknown): Record<string, string> | null => {
  const details = (err as { response?: { data?: { details?: { fields?: Record<string, string> } } } }).response?.data?.details;
  return details?.fields ?? null;
};

/**
 * A student filling a form: every change is kept in the browser at once and on the server shortly after
 * (a draft, by the page's client key), so a lost connection or an error loses nothing; submitting runs
 * the shared validator first (the server runs the same), shows its Vietnamese messages under the fields,
 * and a retried submission lands once.
 */
export function FormFiller({
  start,
  userId,
  onDone,
  onCancel,
}: {
  start: FillerStart;
  userId: number | null | undefined;
  onDone: (form: TStudentFormDetail) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const { kind, clientKey } = start;
  const [values, setValues] = useState<TFormValues>(start.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formId, setFormId] = useState<number | null>(null);
  const [serverSavedAt, setServerSavedAt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  // One write at a time: a draft save and a submission never cross.
  const queue = <T,>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.current.then(fn, fn);
    chain.current = next.catch(() => undefined);
    return next;
  };

  const saveDraft = (v: TFormValues) =>
    queue(async () => {
      const res = await saveForm({ kindId: kind.id, clientKey, values: v, submit: false });
      setFormId(res.data.id);
      setServerSavedAt(res.data.updatedAt);
      return res.data;
    });

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const change = (key: string, v: TFormValue) => {
    const next = { ...values, [key]: v };
    setValues(next);
    saveLocalDraft(userId, { kindId: kind.id, clientKey, values: next });
    if (tried) setErrors(validateFormValues(kind.fields, next));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveDraft(next).catch(() => undefined), SERVER_SAVE_MS);
  };

  const attach = async (key: string, file: File) => {
    if (file.size > FORM_FILE_MAX_BYTES) {
      setErrors((e) => ({ ...e, [key]: 'Tệp đính kèm tối đa 5 MB.' }));
      return;
    }
    setUploading(key);
    try {
      const id = formId ?? (await saveDraft(values)).id;
      const f = await uploadFormFile(id, key, file);
      change(key, { fileId: f.id, name: f.fileName, size: f.size, mimeType: f.mimeType });
      setErrors(({ [key]: _, ...rest }) => rest);
    } catch (err) {
      setErrors((e) => ({ ...e, [key]: errorMessage(err, 'Không tải tệp lên được. Hãy thử lại.') }));
    } finally {
      setUploading(null);
    }
  };

  const focusFirst = (errs: Record<string, string>) => {
    const first = kind.fields.find((f) => errs[f.key]);
    if (first) document.getElementById(`field-${first.key}`)?.focus();
  };

  const submit = async () => {
    setTried(true);
    if (timer.current) clearTimeout(timer.current);
    const errs = validateFormValues(kind.fields, values);
    setErrors(errs);
    if (Object.keys(errs).length) {
      focusFirst(errs);
      return;
    }
    setBusy(true);
    try {
      const res = await queue(() => saveForm({ kindId: kind.id, clientKey, values, submit: true }));
      clearLocalDraft(userId);
      toast.success(res.message ?? 'Đã gửi đơn.');
      await invalidatePaths(client, [FORMS_ROOT]);
      onDone(res.data);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) {
        setErrors(fields);
        focusFirst(fields);
      }
      const offline = httpStatus(err) === undefined;
      toast.error(
        offline
          ? 'Không gửi được vì mất kết nối. Đơn vẫn được giữ trên máy này; hãy bấm Gửi đơn lại khi có mạng.'
          : errorMessage(err, 'Không gửi được đơn. Nội dung vẫn được giữ, hãy thử lại.'),
      );
    } finally {
      setBusy(false);
    }
  };

  const saveNow = async () => {
    if (timer.current) clearTimeout(timer.current);
    try {
      await saveDraft(values);
      toast.success('Đã lưu nháp.');
    } catch (err) {
      toast.error(errorMessage(err, 'Chưa lưu được lên máy chủ; bản nháp vẫn được giữ trên máy này.'));
    }
  };

  return (
    <form
      noValidate
      aria-label={kind.name}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-6"
    >
      <div>
        <h2 className="text-lg font-semibold">{kind.name}</h2>
        {kind.description ? <p className="text-sm text-muted">{kind.description}</p> : null}
      </div>
      {start.restoredAt ? (
        <p role="status" className="rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm">
          Đã khôi phục bản nháp chưa gửi lúc {formatDateTime(start.restoredAt)}.
        </p>
      ) : null}
      {start.comment ? (
        <p className="rounded-lg border border-danger/40 bg-danger/5 p-3 text-sm">
          <span className="font-medium">Đơn được trả lại để sửa:</span> {start.comment}
        </p>
      ) : null}
      {kind.fields.map((f) => (
        <FieldInput
          key={f.key}
          field={f}
          value={values[f.key]}
          error={errors[f.key]}
          onChange={(v) => change(f.key, v)}
          onFile={(file) => void attach(f.key, file)}
          uploading={uploading === f.key}
        />
      ))}
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border pt-4">
        <span className="mr-auto text-xs text-muted">
          {serverSavedAt ? `Đã lưu nháp lúc ${formatDateTime(serverSavedAt)}` : 'Bản nháp được lưu tự động.'}
        </span>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          Đóng
        </Button>
        <Button type="button" variant="secondary" onClick={() => void saveNow()} disabled={busy}>
          Lưu nháp
        </Button>
        <Button type="submit" disabled={busy || uploading !== null}>
          {busy ? 'Đang gửi...' : 'Gửi đơn'}
        </Button>
      </div>
    </form>
  );
}
