import type { ReactNode } from 'react';
import { QUESTION_TYPES, QUESTION_TYPE_LABELS, type TQuestionType } from '@app/shared/surveys';
import { inputClass } from '@/components/data/form-fields';

/** Plain inputs of the builder (sections, questions, columns): the kit's look, without a FormDialog. */
export function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  placeholder,
  labelHidden,
  className = '',
  numeric,
  onKeyDown,
  required,
}: {
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
        {required ? (
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        ) : null}
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

export function Flag({
  id,
  label,
  checked,
  onChange,
  hint,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  hint?: string;
}) {
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

/** The question types as a labelled select: a question's own type, or the type of the next one to add. */
export function QuestionTypeSelect({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: TQuestionType;
  onChange: (t: TQuestionType) => void;
  /** The label's width. */
  className: string;
}) {
  return (
    <label className={`flex flex-col gap-1 text-xs font-medium text-muted ${className}`}>
      {label}
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as TQuestionType)}
        className={`${inputClass} border-border font-normal`}
      >
        {QUESTION_TYPES.map((t) => (
          <option key={t} value={t}>
            {QUESTION_TYPE_LABELS[t]}
          </option>
        ))}
      </select>
    </label>
  );
}
