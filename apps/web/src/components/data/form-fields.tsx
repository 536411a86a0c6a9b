import { useEffect, useState, type ReactNode } from 'react';
import { Switch } from '@headlessui/react';
import { CalendarDays } from 'lucide-react';
import { displayToIso, isoToDisplay, maskDateInput } from '@app/shared/format';
import type { Option } from './filter-select';
import { useField } from './form-context';

export const inputClass =
  'w-full rounded-lg border bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60';

function borderOf(error?: string) {
  return error ? 'border-danger' : 'border-border';
}

export interface FieldProps {
  /** The input's key in the schema ("name", "campusId" …). */
  name: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
}

/** Label, control, hint and the field's Vietnamese error, wired for screen readers. */
export function FieldShell({
  id,
  label,
  required,
  hint,
  error,
  className = '',
  children,
  asGroup,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
  /** Checkbox-like controls carry their own label. */
  asGroup?: boolean;
}) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      {asGroup ? null : (
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
          {required ? (
            <span className="text-danger" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </label>
      )}
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes linking a control to its hint and error. */
export function describedBy(id: string, error?: string, hint?: ReactNode) {
  const ids = [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean);
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids.length ? ids.join(' ') : undefined };
}

/** Remembers the field's label for the form's "… là bắt buộc." message. */
function useLabel(name: string, label: string, register: (n: string, l: string) => void) {
  useEffect(() => register(name, label), [name, label, register]);
}

export function TextField({
  name,
  label,
  required,
  hint,
  className,
  placeholder,
  type = 'text',
  autoFocus,
  multiline,
  autoComplete = 'off',
}: FieldProps & { placeholder?: string; type?: 'text' | 'email' | 'tel' | 'url'; autoFocus?: boolean; multiline?: boolean; autoComplete?: string }) {
  const f = useField<string | null | undefined>(name);
  useLabel(name, label, f.registerLabel);
  const common = {
    id: f.id,
    name,
    value: f.value ?? '',
    disabled: f.disabled,
    placeholder,
    autoFocus,
    required,
    className: `${inputClass} ${borderOf(f.error)}`,
    ...describedBy(f.id, f.error, hint),
  };
  return (
    <FieldShell id={f.id} label={label} required={required} hint={hint} error={f.error} className={className}>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => f.setValue(e.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} onChange={(e) => f.setValue(e.target.value)} />
      )}
    </FieldShell>
  );
}

/** Keeps '' while empty and a number otherwise; the schemas' z.coerce reads both. */
export function NumberField({ name, label, required, hint, className, min, max, step = 1 }: FieldProps & { min?: number; max?: number; step?: number }) {
  const f = useField<number | string | null | undefined>(name);
  useLabel(name, label, f.registerLabel);
  return (
    <FieldShell id={f.id} label={label} required={required} hint={hint} error={f.error} className={className}>
      <input
        id={f.id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={f.value ?? ''}
        disabled={f.disabled}
        required={required}
        onChange={(e) => f.setValue(e.target.value === '' ? '' : Number(e.target.value))}
        className={`${inputClass} ${borderOf(f.error)}`}
        {...describedBy(f.id, f.error, hint)}
      />
    </FieldShell>
  );
}

/**
 * Shows and accepts dd/mm/yyyy; the form holds YYYY-MM-DD (what the API takes), or the raw text
 * while it is not a real day (so the schema reports it). The calendar button opens the browser's
 * own date picker.
 */
export function DateField({ name, label, required, hint, className }: FieldProps) {
  const f = useField<string | null | undefined>(name);
  useLabel(name, label, f.registerLabel);
  const [text, setText] = useState(() => isoToDisplay(f.value) || (f.value ?? ''));
  const iso = displayToIso(text);

  const onText = (raw: string) => {
    const t = maskDateInput(raw);
    setText(t);
    f.setValue(t.trim() === '' ? '' : (displayToIso(t) ?? t));
  };

  return (
    <FieldShell id={f.id} label={label} required={required} hint={hint} error={f.error} className={className}>
      <div className="relative">
        <input
          id={f.id}
          name={name}
          type="text"
          inputMode="numeric"
          placeholder="dd/mm/yyyy"
          autoComplete="off"
          value={text}
          disabled={f.disabled}
          required={required}
          onChange={(e) => onText(e.target.value)}
          onBlur={() => {
            // "5/9/2025" is tidied to "05/09/2025" once the person moves on.
            if (iso) setText(isoToDisplay(iso));
          }}
          className={`${inputClass} pr-10 ${borderOf(f.error)}`}
          {...describedBy(f.id, f.error, hint)}
        />
        <label className="absolute top-1/2 right-1 flex -translate-y-1/2 cursor-pointer rounded-md p-1.5 text-muted focus-within:outline-2 focus-within:outline-primary hover:text-fg">
          <span className="sr-only">Chọn {label.toLowerCase()} từ lịch</span>
          <CalendarDays aria-hidden="true" className="size-4" />
          <input
            type="date"
            tabIndex={-1}
            value={iso ?? ''}
            disabled={f.disabled}
            onChange={(e) => {
              const v = e.target.value;
              setText(isoToDisplay(v));
              f.setValue(v);
            }}
            onClick={(e) => {
              try {
                (e.currentTarget as HTMLInputElement & { showPicker?: () => void }).showPicker?.();
              } catch {
                // Some browsers refuse showPicker outside a direct gesture; the native click still works.
              }
            }}
            className="absolute inset-0 size-full cursor-pointer opacity-0"
          />
        </label>
      </div>
    </FieldShell>
  );
}

/**
 * A choice among options whose values may be numbers (ids) or strings (enums). The empty entry
 * holds `emptyValue` (null for a nullable id, undefined for a required one).
 */
export function SelectField({
  name,
  label,
  required,
  hint,
  className,
  options,
  placeholder = '— Chọn —',
  emptyValue = undefined,
  allowEmpty = true,
  onChanged,
}: FieldProps & {
  options: ReadonlyArray<Option>;
  placeholder?: string;
  emptyValue?: null | undefined | '';
  /** Offer the empty entry even once a value is chosen (nullable fields). */
  allowEmpty?: boolean;
  /** Runs after a choice (clear a dependent field …). */
  onChanged?: (value: string | number | null | undefined) => void;
}) {
  const f = useField<string | number | null | undefined>(name);
  useLabel(name, label, f.registerLabel);
  const index = options.findIndex((o) => o.value === f.value || String(o.value) === String(f.value));
  return (
    <FieldShell id={f.id} label={label} required={required} hint={hint} error={f.error} className={className}>
      <select
        id={f.id}
        name={name}
        value={index >= 0 ? String(index) : ''}
        disabled={f.disabled}
        required={required}
        onChange={(e) => {
          const v = e.target.value === '' ? emptyValue : options[Number(e.target.value)]?.value;
          f.setValue(v);
          onChanged?.(v);
        }}
        className={`${inputClass} ${borderOf(f.error)}`}
        {...describedBy(f.id, f.error, hint)}
      >
        {allowEmpty || index < 0 ? <option value="">{placeholder}</option> : null}
        {options.map((o, i) => (
          <option key={`${o.value}`} value={String(i)}>
            {o.hint ? `${o.label} (${o.hint})` : o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function SwitchField({ name, label, hint, className }: Omit<FieldProps, 'required'>) {
  const f = useField<boolean | undefined>(name);
  useLabel(name, label, f.registerLabel);
  const on = Boolean(f.value);
  return (
    <FieldShell id={f.id} label={label} hint={hint} error={f.error} className={className} asGroup>
      <div className="flex items-center gap-3">
        <Switch
          id={f.id}
          checked={on}
          disabled={f.disabled}
          onChange={(v: boolean) => f.setValue(v)}
          aria-label={label}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60 ${
            on ? 'bg-primary' : 'bg-surface-2 ring-1 ring-border'
          }`}
        >
          <span className={`inline-block size-4 rounded-full bg-surface shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`} />
        </Switch>
        <span className="text-sm text-fg">{label}</span>
      </div>
    </FieldShell>
  );
}
