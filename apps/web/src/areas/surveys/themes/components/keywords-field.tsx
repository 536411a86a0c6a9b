import { useEffect, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { KEYWORDS_MAX, keywordWords } from '@app/shared/theme-codes';
import { useField } from '@/components/data/form-context';
import { describedBy, FieldShell, inputClass, type FieldProps } from '@/components/data/form-fields';
import { Button } from '@/components/ui/button';

/**
 * The keywords of a code as removable chips. Enter or "Thêm" adds what is typed; a comma or a new
 * line separates several at once (pasting a list works); leaving the box adds what is in it. A keyword spelled like one already there,
 * with or without diacritics, is not added twice: the matcher treats them as the same.
 */
export function KeywordsField({ name, label, hint, className }: Omit<FieldProps, 'required'>) {
  const f = useField<string[] | undefined>(name);
  const { registerLabel } = f;
  useEffect(() => registerLabel(name, label), [name, label, registerLabel]);
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const value = f.value ?? [];

  const add = () => {
    const parts = draft
      .split(/[,\n;]/)
      .map((p) => p.trim().replace(/\s+/g, ' '))
      .filter(Boolean);
    if (!parts.length) return;
    const seen = new Set(value.map((k) => keywordWords(k).join(' ')));
    const next = [...value];
    const skipped: string[] = [];
    for (const p of parts) {
      const key = keywordWords(p).join(' ');
      if (!key || seen.has(key)) {
        skipped.push(p);
        continue;
      }
      seen.add(key);
      next.push(p);
    }
    f.setValue(next);
    setDraft('');
    setNote(skipped.length ? `Đã có hoặc không hợp lệ: ${skipped.join(', ')}` : null);
  };

  const aria = describedBy(f.id, f.error, hint);
  return (
    <FieldShell id={f.id} label={label} hint={note ?? hint} error={f.error} className={className}>
      {value.length ? (
        <ul aria-label={`${label} đã thêm`} className="flex flex-wrap gap-1.5">
          {value.map((k, i) => (
            <li key={`${k}-${i}`} className="inline-flex items-center gap-1 rounded-full bg-surface-2 py-0.5 pr-1 pl-2.5 text-xs text-fg">
              <span>{k}</span>
              <button
                type="button"
                disabled={f.disabled}
                onClick={() => f.setValue(value.filter((_, j) => j !== i))}
                aria-label={`Bỏ từ khóa ${k}`}
                className="rounded-full p-0.5 text-muted hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted">Chưa có từ khóa: mã chỉ được gắn thủ công.</p>
      )}
      <div className="flex gap-2">
        <input
          id={f.id}
          type="text"
          value={draft}
          disabled={f.disabled || value.length >= KEYWORDS_MAX}
          placeholder="Ví dụ: giảng dễ hiểu, nói nhanh"
          autoComplete="off"
          onChange={(e) => setDraft(e.target.value)}
          // What is typed but not yet added still counts when the person moves on (e.g. straight to "Lưu").
          onBlur={add}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Enter adds a keyword; it must not submit the dialog.
              e.preventDefault();
              add();
            }
          }}
          className={`${inputClass} ${f.error ? 'border-danger' : 'border-border'}`}
          {...aria}
        />
        <Button variant="secondary" onClick={add} disabled={f.disabled || !draft.trim()}>
          <Plus aria-hidden="true" className="size-4" />
          Thêm
        </Button>
      </div>
    </FieldShell>
  );
}
