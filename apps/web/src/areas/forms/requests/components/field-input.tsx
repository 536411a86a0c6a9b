import { useState } from 'react';
import { displayToIso, isoToDisplay, maskDateInput } from '@app/shared/format';
import {
  FORM_FILE_MAX_BYTES,
  SESSION_LABELS,
  SESSIONS,
  rangeSessions,
  type TDateRangeValue,
  type TFormField,
  type TFormValue,
  type TSession,
} from '@app/shared/forms';
import { useSchoolHolidays } from '@/areas/forms/core/api/get-holidays';
import { FieldShell, describedBy, inputClass } from '@/components/data/form-fields';

const border = (error?: string) => (error ? 'border-danger' : '');

/** dd/mm/yyyy typed (masked); the value is the ISO date once complete, else what was typed (the validator says it is not a date). */
function DateText({
  id,
  value,
  onChange,
  label,
  error,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  label: string;
  error?: string;
}) {
  const [text, setText] = useState(() => isoToDisplay(value) || value);
  return (
    <input
      id={id}
      type="text"
      inputMode="numeric"
      placeholder="dd/mm/yyyy"
      autoComplete="off"
      aria-label={label}
      value={text}
      onChange={(e) => {
        const t = maskDateInput(e.target.value);
        setText(t);
        onChange(t.trim() === '' ? '' : (displayToIso(t) ?? t));
      }}
      className={`${inputClass} ${border(error)}`}
      {...describedBy(id, error)}
    />
  );
}

function SessionSelect({ id, value, onChange, label }: { id: string; value: TSession; onChange: (v: TSession) => void; label: string }) {
  return (
    <div className="w-24 shrink-0">
      <select id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value as TSession)} className={inputClass}>
        {SESSIONS.map((s) => (
          <option key={s} value={s}>
            {SESSION_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

const EMPTY_RANGE: TDateRangeValue = { from: '', fromSession: 'morning', to: '', toSession: 'afternoon' };

/**
 * One field of a form as the student fills it: text, long text, date (dd/mm/yyyy), date range with the
 * first and last day's session (sáng/chiều, the sessions counted live), a choice, an attachment.
 */
export function FieldInput({
  field,
  value,
  error,
  onChange,
  onFile,
  uploading,
}: {
  field: TFormField;
  value: TFormValue | undefined;
  error?: string;
  onChange: (v: TFormValue) => void;
  onFile: (file: File) => void;
  uploading: boolean;
}) {
  const id = `field-${field.key}`;
  const holidays = useSchoolHolidays();
  const shell = (children: React.ReactNode) => (
    <FieldShell id={id} label={field.label} required={field.required} hint={field.help} error={error}>
      {children}
    </FieldShell>
  );
  switch (field.type) {
    case 'text':
      return shell(
        <input
          id={id}
          type="text"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass} ${border(error)}`}
          {...describedBy(id, error, field.help)}
        />,
      );
    case 'longText':
      return shell(
        <textarea
          id={id}
          rows={4}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass} ${border(error)}`}
          {...describedBy(id, error, field.help)}
        />,
      );
    case 'date':
      return shell(
        <DateText id={id} label={field.label} value={typeof value === 'string' ? value : ''} onChange={onChange} error={error} />,
      );
    case 'choice':
      return shell(
        <select
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value || null)}
          className={`${inputClass} ${border(error)}`}
          {...describedBy(id, error, field.help)}
        >
          <option value="">— Chọn —</option>
          {(field.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>,
      );
    case 'dateRange': {
      const r: TDateRangeValue = value && typeof value === 'object' && 'from' in value ? value : EMPTY_RANGE;
      const set = (patch: Partial<TDateRangeValue>) => onChange({ ...r, ...patch });
      const sessions = rangeSessions(r, holidays);
      return (
        <fieldset className="flex flex-col gap-1.5" {...describedBy(id, error, field.help)}>
          <legend className="mb-1.5 text-sm font-medium text-fg">
            {field.label}
            {field.required ? <span className="text-danger"> *</span> : null}
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            <div className="flex items-center gap-2">
              <span className="w-10 text-sm text-muted">Từ</span>
              <DateText id={id} label={`${field.label}: từ ngày`} value={r.from} onChange={(v) => set({ from: v })} error={error} />
              <SessionSelect
                id={`${id}-from-session`}
                label="Buổi bắt đầu"
                value={r.fromSession}
                onChange={(v) => set({ fromSession: v })}
              />
            </div>
            <div className="flex items-center gap-2">
              <span className="w-10 text-sm text-muted">Đến</span>
              <DateText id={`${id}-to`} label={`${field.label}: đến ngày`} value={r.to} onChange={(v) => set({ to: v })} error={error} />
              <SessionSelect id={`${id}-to-session`} label="Buổi kết thúc" value={r.toSession} onChange={(v) => set({ toSession: v })} />
            </div>
          </div>
          {sessions > 0 ? <p className="text-xs text-muted">Tổng cộng {sessions} buổi học (Chủ nhật và ngày nghỉ lễ không tính).</p> : null}
          {field.help && !error ? (
            <p id={`${id}-hint`} className="text-xs text-muted">
              {field.help}
            </p>
          ) : null}
          {error ? (
            <p id={`${id}-error`} className="text-xs font-medium text-danger">
              {error}
            </p>
          ) : null}
        </fieldset>
      );
    }
    case 'attachment': {
      const file = value && typeof value === 'object' && 'fileId' in value ? value : null;
      return shell(
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label className="inline-flex cursor-pointer items-center rounded-lg border border-border px-3 py-1.5 font-medium focus-within:outline-2 focus-within:outline-primary hover:bg-surface-2">
            {file ? 'Chọn tệp khác' : 'Chọn tệp'}
            <input
              id={id}
              type="file"
              accept="application/pdf,image/png,image/jpeg,image/webp"
              disabled={uploading}
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) onFile(f);
              }}
              className="sr-only"
              {...describedBy(id, error, field.help)}
            />
          </label>
          {uploading ? <span className="text-muted">Đang tải lên...</span> : null}
          {file ? (
            <span>
              Đã đính kèm: <span className="font-medium">{file.name}</span>{' '}
              <button type="button" className="text-primary underline" onClick={() => onChange(null)}>
                Bỏ tệp
              </button>
            </span>
          ) : (
            <span className="text-xs text-muted">PDF hoặc ảnh, tối đa {FORM_FILE_MAX_BYTES / 1024 / 1024} MB.</span>
          )}
        </div>,
      );
    }
  }
}
