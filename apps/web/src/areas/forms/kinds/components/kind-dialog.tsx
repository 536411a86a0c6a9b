import { useState } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import {
  FORM_FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  TEMPLATE_BUILTINS,
  ZFormKindInput,
  type TFormField,
  type TFormFieldType,
  type TFormKind,
  type TFormKindInput,
} from '@app/shared/forms';
import { inputClass } from '@/components/data/form-fields';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

type Draft = Omit<TFormKindInput, 'fields'> & { fields: Array<TFormField & { optionsText: string }> };

const fromKind = (k: TFormKind | null): Draft => ({
  code: k?.code ?? '',
  name: k?.name ?? '',
  description: k?.description ?? '',
  fields: (k?.fields ?? [{ key: 'reason', label: 'Lý do', type: 'longText' as const, required: true }]).map((f) => ({
    ...f,
    optionsText: (f.options ?? []).join('\n'),
  })),
  escalation: k?.escalation ?? null,
  countsAbsence: k?.countsAbsence ?? false,
  template: k?.template ?? '',
  active: k?.active ?? true,
  sortOrder: k?.sortOrder ?? 0,
});

const toInput = (d: Draft): TFormKindInput => ({
  ...d,
  fields: d.fields.map(({ optionsText, ...f }) => ({
    ...f,
    help: f.help?.trim() ? f.help : undefined,
    options:
      f.type === 'choice'
        ? optionsText
            .split('\n')
            .map((o) => o.trim())
            .filter(Boolean)
        : undefined,
  })),
});

const BUILTIN_TEXT: Record<(typeof TEMPLATE_BUILTINS)[number], string> = {
  hoTen: 'họ tên',
  maHocSinh: 'mã học sinh',
  lop: 'lớp',
  ngayGui: 'ngày gửi',
  trangThai: 'trạng thái',
  nguoiDuyet: 'người quyết định',
  ngayDuyet: 'ngày quyết định',
  yKien: 'ý kiến',
  truong: 'tên trường',
};

/**
 * Admin's editor of a form kind: name, fields (type, required, options), when it goes on to the principal
 * (a date-range field covering at least N school days), whether approved ones count as absence, the
 * printable template with {{placeholders}}. Checked with the same schema as the server.
 */
export function KindDialog({
  kind,
  open,
  onClose,
  onSave,
}: {
  kind: TFormKind | null;
  open: boolean;
  onClose: () => void;
  onSave: (input: TFormKindInput) => Promise<unknown>;
}) {
  const [d, setD] = useState<Draft>(() => fromKind(kind));
  const [issues, setIssues] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const setField = (i: number, patch: Partial<Draft['fields'][number]>) =>
    setD((x) => ({ ...x, fields: x.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) }));
  const move = (i: number, by: number) =>
    setD((x) => {
      const fields = [...x.fields];
      const [f] = fields.splice(i, 1);
      fields.splice(i + by, 0, f);
      return { ...x, fields };
    });
  const ranges = d.fields.filter((f) => f.type === 'dateRange');

  const save = async () => {
    const input = toInput(d);
    const parsed = ZFormKindInput.safeParse(input);
    if (!parsed.success) {
      setIssues([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    setBusy(true);
    try {
      await onSave(input);
    } catch (err) {
      setIssues([errorMessage(err, 'Không lưu được loại đơn.')]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={kind ? `Sửa loại đơn: ${kind.name}` : 'Thêm loại đơn'}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Hủy
          </Button>
          <Button onClick={() => void save()} disabled={busy}>
            {busy ? 'Đang lưu...' : 'Lưu'}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm">
        {issues.length ? (
          <ul role="alert" className="list-disc rounded-lg border border-danger/40 bg-danger/5 p-3 pl-7 text-danger">
            {issues.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-[1fr_2fr_6rem]">
          <label className="flex flex-col gap-1">
            <span className="font-medium">Mã</span>
            <input className={inputClass} value={d.code} onChange={(e) => set({ code: e.target.value })} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">Tên loại đơn</span>
            <input className={inputClass} value={d.name} onChange={(e) => set({ name: e.target.value })} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">Thứ tự</span>
            <input
              type="number"
              min={0}
              className={inputClass}
              value={d.sortOrder}
              onChange={(e) => set({ sortOrder: Number(e.target.value) || 0 })}
            />
          </label>
        </div>
        <label className="flex flex-col gap-1">
          <span className="font-medium">Mô tả</span>
          <textarea rows={2} className={inputClass} value={d.description} onChange={(e) => set({ description: e.target.value })} />
        </label>

        <fieldset className="space-y-2">
          <legend className="font-medium">Các trường của đơn</legend>
          {d.fields.map((f, i) => (
            <div key={i} className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[8rem_1fr_12rem_auto]">
              <input
                aria-label={`Mã trường ${i + 1}`}
                className={inputClass}
                value={f.key}
                onChange={(e) => setField(i, { key: e.target.value })}
              />
              <input
                aria-label={`Tên trường ${i + 1}`}
                className={inputClass}
                value={f.label}
                onChange={(e) => setField(i, { label: e.target.value })}
              />
              <select
                aria-label={`Loại trường ${i + 1}`}
                className={inputClass}
                value={f.type}
                onChange={(e) => setField(i, { type: e.target.value as TFormFieldType })}
              >
                {FORM_FIELD_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {FORM_FIELD_TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
              <div className="flex items-center gap-1">
                <label className="flex items-center gap-1 whitespace-nowrap">
                  <input type="checkbox" checked={f.required} onChange={(e) => setField(i, { required: e.target.checked })} /> Bắt buộc
                </label>
                <Button variant="ghost" aria-label="Lên" disabled={i === 0} onClick={() => move(i, -1)}>
                  <ArrowUp aria-hidden="true" className="size-4" />
                </Button>
                <Button variant="ghost" aria-label="Xuống" disabled={i === d.fields.length - 1} onClick={() => move(i, 1)}>
                  <ArrowDown aria-hidden="true" className="size-4" />
                </Button>
                <Button variant="ghost" aria-label="Xóa trường" onClick={() => set({ fields: d.fields.filter((_, j) => j !== i) })}>
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
              {f.type === 'choice' ? (
                <textarea
                  aria-label={`Các lựa chọn của trường ${i + 1} (mỗi dòng một lựa chọn)`}
                  placeholder="Mỗi dòng một lựa chọn"
                  rows={3}
                  className={`${inputClass} sm:col-span-4`}
                  value={f.optionsText}
                  onChange={(e) => setField(i, { optionsText: e.target.value })}
                />
              ) : null}
              <input
                aria-label={`Hướng dẫn của trường ${i + 1}`}
                placeholder="Hướng dẫn (không bắt buộc)"
                className={`${inputClass} sm:col-span-4`}
                value={f.help ?? ''}
                onChange={(e) => setField(i, { help: e.target.value })}
              />
            </div>
          ))}
          <Button
            variant="secondary"
            onClick={() =>
              set({
                fields: [...d.fields, { key: `field${d.fields.length + 1}`, label: '', type: 'text', required: false, optionsText: '' }],
              })
            }
          >
            <Plus aria-hidden="true" className="size-4" />
            Thêm trường
          </Button>
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={d.countsAbsence} onChange={(e) => set({ countsAbsence: e.target.checked })} />
            Đơn được duyệt tính vào số buổi nghỉ học
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={d.active} onChange={(e) => set({ active: e.target.checked })} />
            Đang sử dụng (học sinh thấy loại đơn này)
          </label>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1">
            <span className="font-medium">Chuyển Hiệu trưởng khi</span>
            <select
              className={inputClass}
              value={d.escalation?.field ?? ''}
              onChange={(e) => set({ escalation: e.target.value ? { field: e.target.value, minDays: d.escalation?.minDays ?? 4 } : null })}
            >
              <option value="">Không chuyển (GVCN quyết định)</option>
              {ranges.map((f) => (
                <option key={f.key} value={f.key}>
                  {f.label || f.key}
                </option>
              ))}
            </select>
          </label>
          {d.escalation ? (
            <label className="flex flex-col gap-1">
              <span className="font-medium">kéo dài từ (ngày học)</span>
              <input
                type="number"
                min={1}
                className={`${inputClass} w-24`}
                value={d.escalation.minDays ?? 4}
                onChange={(e) => set({ escalation: { field: d.escalation!.field, minDays: Number(e.target.value) || 1 } })}
              />
            </label>
          ) : null}
        </div>
        <label className="flex flex-col gap-1">
          <span className="font-medium">Mẫu in</span>
          <textarea rows={8} className={`${inputClass} font-mono`} value={d.template} onChange={(e) => set({ template: e.target.value })} />
          <span className="text-xs text-muted">
            Dùng {'{{mã trường}}'} để chèn nội dung đơn, và {TEMPLATE_BUILTINS.map((b) => `{{${b}}} (${BUILTIN_TEXT[b]})`).join(', ')}.
          </span>
        </label>
      </div>
    </Modal>
  );
}
