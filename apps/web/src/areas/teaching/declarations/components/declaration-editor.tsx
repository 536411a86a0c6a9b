import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Download, Paperclip, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MIME_TYPES,
  DECLARATION_ENTRY_KIND_LABELS,
  DECLARATION_LINE_SOURCE_LABELS,
  DECLARATION_TRANSITION_NAMES,
  type TDeclarationAttachment,
  type TDeclarationDetail,
  type TDeclarationTransition,
} from '@app/shared/declarations';
import { isoToDisplay } from '@app/shared/format';
import { POSITION_LABELS, formatFactor, type TWorkloadRules } from '@app/shared/workload';
import { formatPeriods } from '@app/shared/workload-calc';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import type { Option } from '@/components/data/filter-select';
import { Modal } from '@/components/data/modal';
import { IconAction } from '@/components/data/row-actions';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { SectionSpinner } from '@/components/ui/spinner';
import { errorMessage, httpStatus } from '@/lib/api-client';
import { deleteAttachment, downloadAttachment, saveLines, transition, uploadAttachment, useDeclaration } from '../api/declarations';
import { DECLARATIONS_ROOT, declarationKey } from '../api/keys';
import { draftOf, emptyLine, groupByKind, liveFigures, toLineInput, type DraftLine } from '../lib/lines';
import { HistoryList } from './history-list';
import { LineDialog } from './line-dialog';
import { PeriodsInput } from './periods-input';
import { DeclarationStatusBadge } from './status-badge';
import { TRANSITION_TEXT, TransitionDialog } from './transition-dialog';
import { WorkloadSteps, WorkloadTotals } from './workload-figures';

/**
 * A declaration in a dialog (opened from every declaration page by `?id=`): its lines grouped by kind,
 * the figures computed live with the server's calculator while lines are edited, attachments, the
 * allowed state changes and the history. Read-only unless `can.edit`; only the `can` actions are shown.
 */
export function DeclarationEditorDialog({ id, onClose, teachers = [] }: { id: number | null; onClose: () => void; teachers?: Option[] }) {
  const [dirty, setDirty] = useState(false);
  const [askClose, setAskClose] = useState(false);
  const [title, setTitle] = useState('Bản kê khai');
  if (id === null) return null;
  const close = () => (dirty ? setAskClose(true) : onClose());
  return (
    <Modal open onClose={close} title={title} size="xl">
      <DeclarationEditor id={id} teachers={teachers} onDirtyChange={setDirty} onTitle={setTitle} />
      <ConfirmDialog
        open={askClose}
        onClose={() => setAskClose(false)}
        title="Bỏ các thay đổi chưa lưu?"
        message="Các dòng bạn vừa sửa chưa được lưu và sẽ mất."
        confirmLabel="Bỏ thay đổi"
        onConfirm={async () => onClose()}
      />
    </Modal>
  );
}

function lineDetails(l: DraftLine, rules: TWorkloadRules | null): string {
  const parts: string[] = [];
  if (l.kind === 'substitution') {
    if (l.onDate) parts.push(isoToDisplay(l.onDate));
    if (l.forTeacherName) parts.push(`dạy thay cho ${l.forTeacherName}`);
  }
  if (l.kind === 'leave' && l.onDate)
    parts.push(l.untilDate ? `${isoToDisplay(l.onDate)} – ${isoToDisplay(l.untilDate)}` : isoToDisplay(l.onDate));
  if (l.kind === 'activity' && l.activityCode) {
    const k = rules?.activityKinds.find((a) => a.code === l.activityCode);
    parts.push(k ? `${k.name}, hệ số ${formatFactor(k.factor)}` : l.activityCode);
  }
  if (l.kind === 'duty') {
    const d = rules?.duties.find((x) => x.code === l.dutyCode);
    parts.push(d ? `${d.name}, giảm ${formatPeriods(d.reduction)} tiết/tuần` : (l.dutyCode ?? ''));
    parts.push(l.weeks === null ? 'cả kỳ' : `${l.weeks} tuần`);
  }
  if (l.source !== 'manual') parts.push(DECLARATION_LINE_SOURCE_LABELS[l.source]);
  if (l.note) parts.push(l.note);
  return parts.filter(Boolean).join(' · ');
}

const ACCEPT = ATTACHMENT_MIME_TYPES.join(',');

function DeclarationEditor({
  id,
  teachers,
  onDirtyChange,
  onTitle,
}: {
  id: number;
  teachers: Option[];
  onDirtyChange: (dirty: boolean) => void;
  onTitle: (title: string) => void;
}) {
  const q = useDeclaration(id);
  const detail = q.data;
  if (q.isPending) return <SectionSpinner label="Đang tải bản kê khai..." />;
  if (!detail)
    return <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} fallback="Không thể tải bản kê khai." />;
  return <EditorBody detail={detail} refetch={q.refetch} teachers={teachers} onDirtyChange={onDirtyChange} onTitle={onTitle} />;
}

function EditorBody({
  detail,
  refetch,
  teachers,
  onDirtyChange,
  onTitle,
}: {
  detail: TDeclarationDetail;
  refetch: () => Promise<{ data?: TDeclarationDetail }>;
  teachers: Option[];
  onDirtyChange: (dirty: boolean) => void;
  onTitle: (title: string) => void;
}) {
  const client = useQueryClient();
  const rules: TWorkloadRules = detail.rules;
  // The lines being edited (null: none edited, the stored lines show) and the version they were read at.
  const [draft, setDraftState] = useState<DraftLine[] | null>(null);
  const [baseVersion, setBaseVersion] = useState(detail.version);
  const [conflict, setConflict] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [editing, setEditing] = useState<{ line: DraftLine; isNew: boolean } | null>(null);
  const [removing, setRemoving] = useState<DraftLine | null>(null);
  const [action, setAction] = useState<TDeclarationTransition | null>(null);
  const [detaching, setDetaching] = useState<TDeclarationAttachment | null>(null);
  const [uploadFor, setUploadFor] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const titleText = `Bản kê khai của ${detail.teacherName}`;
  useEffect(() => onTitle(titleText), [titleText, onTitle]);

  // Bumped when the stored lines replace the edited ones, so the in-place inputs show them again.
  const [resets, setResets] = useState(0);
  const setDraft = (next: DraftLine[] | null) => {
    if (next === null) setResets((n) => n + 1);
    setDraftState(next);
    onDirtyChange(next !== null);
  };
  const dirty = draft !== null;
  const stored = useMemo(() => draftOf(detail.lines), [detail.lines]);
  const lines = draft ?? stored;
  const edit = (change: (lines: DraftLine[]) => DraftLine[]) => {
    if (!dirty) setBaseVersion(detail.version);
    setDraft(change(lines));
  };

  const live = useMemo(
    () => (rules ? liveFigures({ rules, position: detail.position, weeks: detail.weeks, lines }) : null),
    [rules, detail.position, detail.weeks, lines],
  );
  const figures = live?.ok ? live.result : detail.result;
  const canEdit = detail.can.edit;
  const actions = DECLARATION_TRANSITION_NAMES.filter((a) => detail.can[a]);
  const who = `của ${detail.teacherName} (${detail.teacherCode}) – ${detail.semesterName} ${detail.academicYearName}`;

  // Every list, count and period figure of the part (the detail itself is set from the answer).
  const refreshLists = () => invalidatePaths(client, [DECLARATIONS_ROOT]);
  const adopt = (next: TDeclarationDetail) => {
    client.setQueryData(declarationKey(next.id), next);
    void refreshLists();
  };

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      const res = await saveLines(detail.id, { version: baseVersion, lines: lines.map(toLineInput) });
      setDraft(null);
      setConflict(null);
      adopt(res.data);
      toast.success(res.message ?? 'Đã lưu bản kê khai.');
    } catch (err) {
      // A 409 (changed by someone else, or locked meanwhile): the lines stay here; the person may reload and save again.
      if (httpStatus(err) === 409) setConflict(errorMessage(err, 'Bản kê khai đã được người khác thay đổi.'));
      else setSaveError(errorMessage(err, 'Không thể lưu bản kê khai. Vui lòng thử lại sau.'));
    } finally {
      setSaving(false);
    }
  };

  const reloadKeepingLines = async () => {
    const fresh = await refetch();
    if (!fresh.data) return;
    setBaseVersion(fresh.data.version);
    setConflict(null);
    toast.info('Đã tải bản mới nhất. Các dòng bạn đang sửa vẫn được giữ; hãy kiểm tra rồi lưu lại.');
  };
  const discard = async () => {
    setDraft(null);
    setConflict(null);
    setSaveError(null);
    await refetch();
  };

  const onFile = async (file: File | undefined) => {
    const lineId = uploadFor;
    if (fileRef.current) fileRef.current.value = '';
    if (!file || lineId === null) return;
    if (!(ATTACHMENT_MIME_TYPES as readonly string[]).includes(file.type)) {
      toast.error('Chỉ nhận tệp PDF hoặc ảnh (PNG, JPEG, WEBP).');
      return;
    }
    if (file.size > ATTACHMENT_MAX_BYTES) {
      toast.error('Tệp minh chứng tối đa 5 MB.');
      return;
    }
    try {
      const res = await uploadAttachment(detail.id, file, lineId);
      toast.success(res.message ?? `Đã thêm minh chứng ${res.data.fileName}.`);
      await refetch();
      void refreshLists();
    } catch (err) {
      toast.error(errorMessage(err, 'Không thể tải minh chứng lên.'));
    }
  };

  const download = async (a: TDeclarationAttachment) => {
    try {
      await downloadAttachment(detail.id, a);
    } catch {
      toast.error(`Không thể tải tệp ${a.fileName}.`);
    }
  };

  const attachments = detail.lines.flatMap((l) => l.attachments.map((a) => ({ ...a, lineLabel: l.label })));

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <DeclarationStatusBadge status={detail.status} />
        <span className="text-fg">
          {detail.teacherName} ({detail.teacherCode}) · {POSITION_LABELS[detail.position]}
        </span>
        <span className="text-muted">
          {detail.departmentName ?? 'Chưa thuộc tổ'} · {detail.semesterName} {detail.academicYearName} · {detail.weeks} tuần ·{' '}
          {detail.rulesName}
        </span>
      </div>

      {conflict ? (
        <div role="alert" className="space-y-2 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          <p className="flex items-start gap-2">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{conflict}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void reloadKeepingLines()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Tải bản mới nhất, giữ các dòng đang sửa
            </Button>
            <Button variant="ghost" onClick={() => void discard()}>
              Bỏ thay đổi của tôi
            </Button>
          </div>
        </div>
      ) : null}
      {saveError ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {saveError}
        </p>
      ) : null}

      <section aria-labelledby="decl-figures" className="space-y-2">
        <h3 id="decl-figures" className="text-base font-semibold text-fg">
          Số tiết {dirty ? '(tính theo các dòng đang sửa, chưa lưu)' : ''}
        </h3>
        <WorkloadTotals result={figures} live />
        {live && !live.ok ? (
          <p role="alert" className="text-sm text-danger">
            {live.error}
          </p>
        ) : null}
        <details open={!canEdit}>
          <summary className="cursor-pointer rounded text-sm text-primary focus-visible:outline-2 focus-visible:outline-primary">
            Cách tính
          </summary>
          <div className="mt-2">
            <WorkloadSteps result={figures} />
          </div>
        </details>
      </section>

      <section aria-labelledby="decl-lines" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="decl-lines" className="text-base font-semibold text-fg">
            Dòng kê khai
          </h3>
          {canEdit ? (
            <Button variant="secondary" onClick={() => setEditing({ line: emptyLine('class'), isNew: true })}>
              <Plus aria-hidden="true" className="size-4" />
              Thêm dòng
            </Button>
          ) : null}
        </div>
        {lines.length === 0 ? <p className="text-sm text-muted">Chưa có dòng kê khai nào.</p> : null}
        {groupByKind(lines).map((group) => (
          <div key={group.kind}>
            <h4 className="mb-1 text-sm font-medium text-muted">{DECLARATION_ENTRY_KIND_LABELS[group.kind]}</h4>
            <ul aria-label={DECLARATION_ENTRY_KIND_LABELS[group.kind]} className="divide-y divide-border rounded-lg border border-border">
              {group.lines.map((l) => (
                <li key={l.key} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 text-sm">
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="font-medium break-words text-fg">{l.label}</p>
                    {lineDetails(l, rules) ? <p className="text-xs break-words text-muted">{lineDetails(l, rules)}</p> : null}
                    {l.attachments.length ? (
                      <p className="text-xs text-muted">
                        <Paperclip aria-hidden="true" className="inline size-3" /> {l.attachments.length} minh chứng
                      </p>
                    ) : null}
                  </div>
                  {l.kind === 'duty' ? null : canEdit ? (
                    <label className="flex items-center gap-2 text-xs text-muted">
                      Số tiết
                      <PeriodsInput
                        key={`${l.key}-${resets}`}
                        value={l.periods}
                        label={`Số tiết của dòng ${l.label}`}
                        onChange={(n) => edit((ls) => ls.map((x) => (x.key === l.key ? { ...x, periods: n } : x)))}
                      />
                    </label>
                  ) : (
                    <span className="text-fg">{formatPeriods(l.periods)} tiết</span>
                  )}
                  {canEdit ? (
                    <div className="flex items-center">
                      {l.id !== null ? (
                        <IconAction
                          icon={Paperclip}
                          label={`Thêm minh chứng cho dòng ${l.label}`}
                          disabled={dirty}
                          onClick={() => {
                            setUploadFor(l.id);
                            fileRef.current?.click();
                          }}
                        />
                      ) : null}
                      <IconAction icon={Pencil} label={`Sửa dòng ${l.label}`} onClick={() => setEditing({ line: l, isNew: false })} />
                      <IconAction icon={Trash2} label={`Xóa dòng ${l.label}`} danger onClick={() => setRemoving(l)} />
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
        {canEdit && dirty ? <p className="text-xs text-muted">Lưu các dòng trước khi thêm minh chứng hoặc nộp.</p> : null}
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </section>

      <section aria-labelledby="decl-files" className="space-y-2">
        <h3 id="decl-files" className="text-base font-semibold text-fg">
          Minh chứng
        </h3>
        {attachments.length === 0 ? (
          <p className="text-sm text-muted">
            Chưa có minh chứng.{canEdit ? ' Dùng nút kẹp giấy ở một dòng để thêm tệp PDF hoặc ảnh (tối đa 5 MB).' : ''}
          </p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {attachments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="break-words text-fg">{a.fileName}</p>
                  <p className="text-xs text-muted">
                    {a.lineLabel} · {(a.size / 1024).toLocaleString('vi-VN', { maximumFractionDigits: 0 })} KB
                  </p>
                </div>
                <IconAction icon={Download} label={`Tải ${a.fileName}`} onClick={() => void download(a)} />
                {canEdit ? (
                  <IconAction
                    icon={Trash2}
                    label={`Xóa minh chứng ${a.fileName}`}
                    danger
                    disabled={dirty}
                    onClick={() => setDetaching(a)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {canEdit || actions.length ? (
        <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-3">
          {canEdit && dirty ? (
            <Button variant="ghost" onClick={() => void discard()} disabled={saving}>
              Hoàn tác
            </Button>
          ) : null}
          {canEdit ? (
            <Button onClick={() => void save()} disabled={saving || !dirty || (live !== null && !live.ok)}>
              {saving ? 'Đang lưu...' : 'Lưu'}
            </Button>
          ) : null}
          {actions.map((a) => (
            <Button
              key={a}
              variant={a === 'return' || a === 'unlock' ? 'secondary' : 'primary'}
              disabled={dirty}
              onClick={() => setAction(a)}
            >
              {TRANSITION_TEXT[a].button}
            </Button>
          ))}
        </div>
      ) : null}

      <section aria-labelledby="decl-history" className="space-y-2">
        <h3 id="decl-history" className="text-base font-semibold text-fg">
          Lịch sử
        </h3>
        <HistoryList entries={detail.history} />
      </section>

      <LineDialog
        line={editing?.line ?? null}
        isNew={editing?.isNew ?? false}
        rules={rules}
        teachers={teachers}
        onClose={() => setEditing(null)}
        onDone={(line) => {
          const isNew = editing?.isNew;
          edit((ls) => (isNew ? [...ls, line] : ls.map((x) => (x.key === line.key ? line : x))));
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Xóa dòng kê khai?"
        message={removing ? `Dòng “${removing.label}” sẽ bị xóa khỏi bản kê khai khi bạn lưu.` : null}
        confirmLabel="Xóa dòng"
        onConfirm={async () => {
          const key = removing?.key;
          edit((ls) => ls.filter((x) => x.key !== key));
        }}
      />
      <ConfirmDialog
        open={detaching !== null}
        onClose={() => setDetaching(null)}
        title="Xóa minh chứng?"
        message={detaching ? `Tệp “${detaching.fileName}” sẽ bị xóa.` : null}
        onConfirm={async () => {
          if (!detaching) return;
          const res = await deleteAttachment(detail.id, detaching.id);
          toast.success(res.message ?? 'Đã xóa minh chứng.');
          await refetch();
          void refreshLists();
        }}
      />
      <TransitionDialog
        action={action}
        who={who}
        onClose={() => setAction(null)}
        onConfirm={async (comment) => {
          if (!action) return;
          const res = await transition(detail.id, action, { version: detail.version, ...(comment ? { comment } : {}) });
          adopt(res.data);
          toast.success(res.message ?? TRANSITION_TEXT[action].done);
        }}
      />
    </div>
  );
}
