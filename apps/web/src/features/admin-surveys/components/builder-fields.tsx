import type { ReactNode } from 'react';
import { inputClass } from '../../../components/data/form-fields';

/** Plain inputs of the builder (sections, questions, columns): the kit's look, without a FormDialog. */
export function TextInput({ id, label, value, onChange, error, placeholder, labelHidden, className = '', numeric, onKeyDown, required }: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  placeholder?: string;
  labelHidden?: boolean;
  className?: string;
  /** A number typed as text (negative and decimal numbers allowed; the schema checks). */
  numeric?: boolean;
  onKeyDown?: (e: React.KeyboardEvent<HTMLInputElement>) => void;
  required?: boolean;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'text-xs font-medium text-muted'}>
        {label}
        {required ? <span aria-hidden="true" className="text-danger"> *</span> : null}
      </label>
      <input
        id={id}
        type="text"
        inputMode={numeric ? 'decimal' : undefined}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} ${error ? 'border-danger' : 'border-border'}`}
      />
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

export function Flag({ id, label, checked, onChange, hint }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  return (
    <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2 text-sm text-fg" title={hint}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 rounded border-border accent-primary focus-visible:outline-2 focus-visible:outline-primary"
      />
      {label}
    </label>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs font-medium text-danger">
      {children}
    </p>
  );
}

/** The message of a part (section, question, grid group) from the shared schema or the server. */
export function PartError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="rounded-md bg-danger/10 px-3 py-1.5 text-sm font-medium text-danger">
      {message}
    </p>
  );
}
