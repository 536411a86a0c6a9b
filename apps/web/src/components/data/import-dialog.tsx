import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { CircleAlert, CircleCheck, Download, FileSpreadsheet, FileUp, Info, LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { ZImportResult, type TImportResult } from '@app/shared/school';
import { apiClient, errorMessage, unwrapWithMessage } from '@/lib/api-client';
import { blobErrorMessage, filenameFromDisposition, saveBlob } from '@/lib/download';
import { formatValue } from '@/lib/format';
import { Button } from '../ui/button';
import { downloadFile } from './export-button';
import { ImportPreview, ImportProblems, importSummary } from './import-preview';
import { Modal } from './modal';
import { invalidatePaths } from './use-api-mutation';

export type ImportKind = 'students' | 'teachers' | 'users' | 'course-classes' | 'enrolments' | 'teacher-coefficients';

const KIND_TITLES: Record<ImportKind, string> = {
  students: 'Nhập danh sách học sinh',
  teachers: 'Nhập danh sách giáo viên',
  users: 'Nhập danh sách người dùng',
  'course-classes': 'Nhập lớp học phần',
  enrolments: 'Nhập danh sách ghi danh',
  'teacher-coefficients': 'Nhập hệ số lương giáo viên',
};

/** The kind's part of the file names the server gives (mau-nhap-hoc-sinh.xlsx), used if its header is unreadable. */
const KIND_FILES: Record<ImportKind, string> = {
  students: 'hoc-sinh',
  teachers: 'giao-vien',
  users: 'tai-khoan',
  'course-classes': 'lop-hoc-phan',
  enrolments: 'ghi-danh',
  'teacher-coefficients': 'he-so-luong-giao-vien',
};

const ACCEPT = '.xlsx,.csv';

type Step =
  | { name: 'choose'; error?: string }
  | { name: 'checking'; file: File; progress: number | null }
  | { name: 'preview'; file: File; result: TImportResult; error?: string }
  | { name: 'importing'; file: File; result: TImportResult; progress: number | null; validOnly: boolean }
  /** After a run of the valid rows only, the file and its check stay, so the bad rows can still be downloaded. */
  | { name: 'done'; message: string; file?: File; result?: TImportResult };

/** What to send: a dry run, or a run of every row / of the valid rows only, for the check the person saw. */
type Run = { dryRun: true } | { dryRun: false; validOnly: boolean; fingerprint: string };

function upload(kind: ImportKind, file: File, run: Run, onProgress: (p: number | null) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file);
  return apiClient.post(`/v1/imports/${kind}`, form, {
    params: run.dryRun
      ? { dryRun: 'true' }
      : { ...(run.validOnly ? { validOnly: 'true' } : {}), fingerprint: run.fingerprint },
    // Not JSON: axios would otherwise turn the FormData into a JSON object; the browser adds the boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (e) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : null),
    signal,
  });
}

/** A refused real run answers 400 IMPORT_INVALID with the checked rows in `details`. */
function resultOfError(err: unknown): TImportResult | null {
  if (!isAxiosError(err)) return null;
  const body = err.response?.data as { code?: string; details?: unknown } | undefined;
  if (body?.code !== 'IMPORT_INVALID') return null;
  const parsed = ZImportResult.safeParse(body.details);
  return parsed.success ? parsed.data : null;
}

function hasValidExtension(name: string) {
  return /\.(xlsx|csv)$/i.test(name);
}

/**
 * Import from a spreadsheet in three steps: choose a file (template offered), see the server's dry
 * run (every problem of every row at once, grouped by row; every row on demand), then import the
 * whole file — or, when some rows have problems, only the valid ones, with the bad ones offered as
 * a file to fix ("Lỗi" column) and import again.
 */
export function ImportDialog({
  open,
  onClose,
  kind,
  title,
  invalidate,
}: {
  open: boolean;
  onClose: () => void;
  kind: ImportKind;
  title?: string;
  /** Lists refreshed after a successful import, e.g. ['/v1/students']. */
  invalidate: readonly string[];
}) {
  if (!open) return null;
  return <ImportBody onClose={onClose} kind={kind} title={title ?? KIND_TITLES[kind]} invalidate={invalidate} />;
}

function ImportBody({ onClose, kind, title, invalidate }: { onClose: () => void; kind: ImportKind; title: string; invalidate: readonly string[] }) {
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [dragging, setDragging] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);
  const [errorsBusy, setErrorsBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const check = async (file: File) => {
    if (!hasValidExtension(file.name)) {
      setStep({ name: 'choose', error: 'Chỉ nhận tệp Excel (.xlsx) hoặc CSV (.csv).' });
      return;
    }
    abort.current = new AbortController();
    setStep({ name: 'checking', file, progress: 0 });
    try {
      const res = await upload(kind, file, { dryRun: true }, (p) => setStep({ name: 'checking', file, progress: p }), abort.current.signal);
      const { data } = unwrapWithMessage(ZImportResult, res.data);
      setStep({ name: 'preview', file, result: data });
    } catch (err) {
      if (isAxiosError(err) && err.code === 'ERR_CANCELED') return;
      setStep({ name: 'choose', error: errorMessage(err, 'Không thể kiểm tra tệp. Vui lòng thử lại sau.') });
    }
  };

  const runImport = async (file: File, checked: TImportResult, validOnly: boolean) => {
    setStep({ name: 'importing', file, result: checked, progress: 0, validOnly });
    try {
      const res = await upload(kind, file, { dryRun: false, validOnly, fingerprint: checked.fingerprint }, (p) =>
        setStep({ name: 'importing', file, result: checked, progress: p, validOnly }),
      );
      const { data, message } = unwrapWithMessage(ZImportResult, res.data);
      const text = message ?? `Đã nhập ${data.valid} dòng (${data.created} mới, ${data.updated} cập nhật).`;
      toast.success(text);
      await invalidatePaths(client, invalidate);
      setStep(data.invalid ? { name: 'done', message: text, file, result: data } : { name: 'done', message: text });
    } catch (err) {
      // The file changed on the server's side since the check (a code now taken …): show the new check.
      const result = resultOfError(err);
      setStep({ name: 'preview', file, result: result ?? checked, error: errorMessage(err, 'Không thể nhập dữ liệu. Vui lòng thử lại sau.') });
    }
  };

  const chooseAgain = () => {
    setStep({ name: 'choose' });
    // Let the same file be chosen again after it was fixed.
    if (fileInput.current) fileInput.current.value = '';
    setTimeout(() => fileInput.current?.click(), 0);
  };

  const template = async () => {
    setTemplateBusy(true);
    try {
      await downloadFile(`/v1/imports/templates/${kind}`, undefined, `mau-nhap-${KIND_FILES[kind]}.xlsx`);
    } catch (err) {
      toast.error(await blobErrorMessage(err, 'Không thể tải tệp mẫu. Vui lòng thử lại sau.'));
    } finally {
      setTemplateBusy(false);
    }
  };

  // The bad rows as a sheet with their messages: the server checks the file again and answers the rows that fail.
  const downloadErrors = async (file: File) => {
    setErrorsBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const res = await apiClient.post<Blob>(`/v1/imports/${kind}/errors`, form, {
        headers: { 'Content-Type': 'multipart/form-data' },
        responseType: 'blob',
      });
      saveBlob(res.data, filenameFromDisposition(res.headers['content-disposition'] as string | undefined, `loi-nhap-${KIND_FILES[kind]}.xlsx`));
    } catch (err) {
      toast.error(await blobErrorMessage(err, 'Không thể tải các dòng lỗi. Vui lòng thử lại sau.'));
    } finally {
      setErrorsBusy(false);
    }
  };

  const busy = step.name === 'importing';
  const checked = step.name === 'preview' || step.name === 'importing' ? step : null;
  const partial = checked !== null && checked.result.invalid > 0;
  const errorsButton = (file: File) => (
    <Button variant="secondary" onClick={() => void downloadErrors(file)} disabled={errorsBusy || busy}>
      {errorsBusy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Download aria-hidden="true" className="size-4" />}
      Tải các dòng lỗi
    </Button>
  );
  const close = () => {
    if (busy) return;
    abort.current?.abort();
    onClose();
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) void check(file);
  };

  return (
    <Modal
      open
      onClose={close}
      title={title}
      size={step.name === 'preview' || step.name === 'importing' ? 'xl' : 'md'}
      footer={
        <>
          {step.name === 'preview' ? (
            <Button variant="secondary" onClick={chooseAgain}>
              Chọn tệp khác
            </Button>
          ) : null}
          <Button variant="secondary" onClick={close} disabled={busy}>
            {step.name === 'done' ? 'Đóng' : 'Hủy'}
          </Button>
          {step.name === 'done' && step.file ? errorsButton(step.file) : null}
          {checked && partial ? errorsButton(checked.file) : null}
          {checked && partial ? (
            <Button
              onClick={() => step.name === 'preview' && void runImport(step.file, step.result, true)}
              disabled={busy || checked.result.valid === 0}
            >
              {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              {busy ? 'Đang nhập...' : `Nhập các dòng hợp lệ (${formatValue(checked.result.valid)})`}
            </Button>
          ) : null}
          {checked && !partial ? (
            <Button
              onClick={() => step.name === 'preview' && void runImport(step.file, step.result, false)}
              disabled={busy || checked.result.total === 0}
            >
              {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              {busy ? 'Đang nhập...' : 'Nhập dữ liệu'}
            </Button>
          ) : null}
        </>
      }
    >
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Chọn tệp dữ liệu"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void check(file);
        }}
      />
      {step.name === 'choose' ? (
        <div className="space-y-4">
          <p className="text-sm text-muted">
            Chọn tệp Excel (.xlsx) hoặc CSV theo đúng mẫu. Hệ thống sẽ kiểm tra từng dòng trước khi nhập; chưa có dữ liệu nào được
            ghi ở bước này.
          </p>
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`flex w-full flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-sm text-fg transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary ${
              dragging ? 'border-primary bg-surface-2' : 'border-border'
            }`}
          >
            <FileUp aria-hidden="true" className="size-8 text-primary" />
            <span className="font-medium">Chọn tệp</span>
            <span className="text-xs text-muted">hoặc kéo thả tệp .xlsx / .csv vào đây</span>
          </button>
          <button
            type="button"
            onClick={() => void template()}
            disabled={templateBusy}
            className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60"
          >
            {templateBusy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <FileSpreadsheet aria-hidden="true" className="size-4" />}
            Tải tệp mẫu ({`mau-nhap-${KIND_FILES[kind]}.xlsx`})
          </button>
          <p className="text-xs text-muted">
            Tệp mẫu có một dòng ví dụ (được bỏ qua nếu giữ nguyên), ghi chú từng cột và danh sách chọn lấy từ dữ liệu của trường.
          </p>
          {step.error ? <ErrorBox message={step.error} /> : null}
        </div>
      ) : null}

      {step.name === 'checking' ? <Progress file={step.file} progress={step.progress} label="Đang tải tệp lên và kiểm tra..." /> : null}

      {step.name === 'preview' || step.name === 'importing' ? (
        <div className="space-y-3">
          {step.name === 'importing' ? <Progress file={step.file} progress={step.progress} label="Đang nhập dữ liệu..." /> : null}
          <p className="text-sm text-muted">
            Tệp: <span className="font-medium text-fg">{step.file.name}</span>
          </p>
          <p role="status" className={`text-sm font-medium ${step.result.invalid ? 'text-danger' : 'text-fg'}`}>
            {importSummary(step.result)}
          </p>
          {step.name === 'preview' && step.error ? <ErrorBox message={step.error} /> : null}
          {step.result.skipped.length ? (
            <ul className="space-y-1 rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-muted">
              {step.result.skipped.map((x) => (
                <li key={x.row} className="flex items-start gap-2">
                  <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>
                    Dòng {x.row} đã được bỏ qua: {x.reason}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {step.result.invalid > 0 ? (
            <>
              <ErrorBox
                message={
                  step.result.valid > 0
                    ? `Tệp còn ${formatValue(step.result.invalid)} dòng lỗi. Hãy sửa rồi bấm “Chọn tệp khác” để kiểm tra lại, hoặc bấm “Nhập các dòng hợp lệ” để nhập ngay ${formatValue(step.result.valid)} dòng không có lỗi (các dòng lỗi được bỏ qua) và “Tải các dòng lỗi” để sửa sau.`
                    : 'Mọi dòng của tệp đều có lỗi nên chưa thể nhập. Hãy sửa rồi bấm “Chọn tệp khác” để kiểm tra lại; “Tải các dòng lỗi” cho tệp có cột “Lỗi” để sửa.'
                }
              />
              <ImportProblems result={step.result} />
              <details className="group rounded-lg border border-border">
                <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-fg">Xem tất cả các dòng của tệp</summary>
                <div className="border-t border-border p-3">
                  <ImportPreview result={step.result} />
                </div>
              </details>
            </>
          ) : (
            <ImportPreview result={step.result} />
          )}
        </div>
      ) : null}

      {step.name === 'done' ? (
        <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
          <CircleCheck aria-hidden="true" className="size-10 text-primary" />
          <p className="text-base font-medium text-fg">{step.message}</p>
          {step.file ? <p className="text-sm text-muted">Các dòng lỗi chưa được nhập: tải về, sửa theo cột “Lỗi” rồi nhập lại tệp đó.</p> : null}
        </div>
      ) : null}
    </Modal>
  );
}

function ErrorBox({ message }: { message: string }) {
  return (
    <div role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </div>
  );
}

function Progress({ file, progress, label }: { file: File; progress: number | null; label: string }) {
  const pct = progress === null ? null : Math.round(progress * 100);
  // Once the bytes are sent the server is still reading the file: say so instead of a stuck 100 %.
  const text = pct === 100 ? 'Đã tải lên, đang xử lý...' : label;
  return (
    <div className="space-y-2 py-2">
      <p className="flex items-center gap-2 text-sm text-fg">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
        {text}
      </p>
      <p className="truncate text-xs text-muted">{file.name}</p>
      <div
        role="progressbar"
        aria-label="Tiến độ tải tệp lên"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct ?? undefined}
        className="h-2 overflow-hidden rounded-full bg-surface-2"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${pct ?? 100}%` }} />
      </div>
    </div>
  );
}
