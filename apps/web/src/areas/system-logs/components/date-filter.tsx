import { useEffect, useId, useState } from 'react';
import { displayToIso, isoToDisplay, maskDateInput } from '@app/shared/format';
import { inputClass } from '@/components/data/form-fields';

/**
 * A dd/mm/yyyy filter box. The list (and the address) holds YYYY-MM-DD; it changes only when the
 * text is a real day or is cleared, so half-typed dates never reach the server.
 */
export function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (iso: string) => void }) {
  const id = useId();
  const [text, setText] = useState(() => isoToDisplay(value));
  const invalid = text.trim() !== '' && displayToIso(text) === null;

  // Back/forward or "clear filters" changed the value: the box follows.
  useEffect(() => {
    setText((t) => ((displayToIso(t) ?? '') === value ? t : isoToDisplay(value)));
  }, [value]);

  return (
    <div className="flex min-w-0 flex-col gap-1 text-xs font-medium text-muted">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        placeholder="dd/mm/yyyy"
        autoComplete="off"
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-err` : undefined}
        onChange={(e) => {
          const t = maskDateInput(e.target.value);
          setText(t);
          if (t.trim() === '') onChange('');
          else {
            const iso = displayToIso(t);
            if (iso) onChange(iso);
          }
        }}
        onBlur={() => {
          const iso = displayToIso(text);
          if (iso) setText(isoToDisplay(iso));
        }}
        className={`${inputClass} font-normal sm:w-36 ${invalid ? 'border-danger' : 'border-border'}`}
      />
      {invalid ? (
        <span id={`${id}-err`} className="text-danger">
          Ngày không hợp lệ
        </span>
      ) : null}
    </div>
  );
}
