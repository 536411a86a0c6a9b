import { useState } from 'react';
import { inputClass } from '@/components/data/form-fields';

/**
 * A line's periods typed in place (comma or dot as the decimal mark): each valid number goes to the
 * editor at once, so the figures follow the typing. What is typed stays while it is not a number yet.
 */
export function PeriodsInput({ value, label, onChange }: { value: number; label: string; onChange: (n: number) => void }) {
  const [text, setText] = useState(String(value).replace('.', ','));
  const parsed = Number(text.trim().replace(',', '.'));
  const invalid = text.trim() === '' || !Number.isFinite(parsed) || parsed < 0;
  return (
    <input
      type="text"
      inputMode="decimal"
      aria-label={label}
      aria-invalid={invalid || undefined}
      value={text}
      onChange={(e) => {
        const t = e.target.value;
        setText(t);
        const n = Number(t.trim().replace(',', '.'));
        if (t.trim() !== '' && Number.isFinite(n) && n >= 0) onChange(n);
      }}
      className={`${inputClass} w-24 text-right ${invalid ? 'border-danger' : 'border-border'}`}
    />
  );
}
