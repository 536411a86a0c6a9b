import { Plus, Trash2 } from 'lucide-react';
import { OTHER_LABEL } from '@app/shared/surveys';
import { IconAction } from '@/components/data/row-actions';
import { Button } from '@/components/ui/button';
import type { Dir } from '../lib/draft-ops';
import { newChoice, type DraftChoice, type DraftQuestion } from '../lib/survey-draft';
import { Flag, TextInput } from './builder-fields';
import { MoveButtons } from './move-buttons';

const swap = <T,>(xs: T[], i: number, j: number) => {
  const out = [...xs];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
};

/**
 * The choices of a multiple-choice, checkbox or dropdown question, and the "Khác" choice (the
 * student types their own answer). Enter in a choice adds the next one.
 */
export function ChoicesEditor({ question: q, onChange }: { question: DraftQuestion; onChange: (patch: Partial<DraftQuestion>) => void }) {
  const set = (choices: DraftChoice[]) => onChange({ choices });
  const addAfter = (i: number) => {
    const c = newChoice();
    set([...q.choices.slice(0, i + 1), c, ...q.choices.slice(i + 1)]);
    requestAnimationFrame(() => document.getElementById(`${c.key}-label`)?.focus());
  };
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-xs font-medium text-muted">Các lựa chọn</legend>
      <ol className="space-y-2">
        {q.choices.map((c, i) => (
          <li key={c.key} className="flex items-end gap-1">
            <span aria-hidden="true" className="w-6 shrink-0 pb-2.5 text-right text-xs text-muted">
              {i + 1}.
            </span>
            <TextInput
              id={`${c.key}-label`}
              label={`Lựa chọn ${i + 1}`}
              labelHidden
              className="flex-1"
              value={c.label}
              placeholder={`Lựa chọn ${i + 1}`}
              onChange={(label) => set(q.choices.map((x) => (x.key === c.key ? { ...x, label } : x)))}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addAfter(i);
                }
              }}
            />
            <MoveButtons
              itemKey={c.key}
              name={`lựa chọn ${i + 1}`}
              canUp={i > 0}
              canDown={i < q.choices.length - 1}
              onMove={(dir: Dir) => set(swap(q.choices, i, i + dir))}
            />
            <IconAction
              icon={Trash2}
              label={`Xóa lựa chọn ${i + 1}`}
              danger
              onClick={() => set(q.choices.filter((x) => x.key !== c.key))}
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => addAfter(q.choices.length - 1)}>
          <Plus aria-hidden="true" className="size-4" />
          Thêm lựa chọn
        </Button>
        <Flag
          id={`${q.key}-other`}
          label={`Thêm lựa chọn “${OTHER_LABEL}” (học sinh tự nhập)`}
          checked={q.allowOther}
          onChange={(allowOther) => onChange({ allowOther })}
        />
      </div>
    </fieldset>
  );
}

/** Linear scale: bounds (default 1 to 5) and the words at each end. */
export function ScaleEditor({ question: q, onChange }: { question: DraftQuestion; onChange: (patch: Partial<DraftQuestion>) => void }) {
  const set = (patch: Partial<DraftQuestion['scale']>) => onChange({ scale: { ...q.scale, ...patch } });
  return (
    <fieldset className="grid gap-3 sm:grid-cols-4">
      <legend className="mb-1 text-xs font-medium text-muted sm:col-span-4">Thang đo</legend>
      <TextInput id={`${q.key}-min`} label="Giá trị nhỏ nhất" numeric value={q.scale.min} onChange={(min) => set({ min })} />
      <TextInput id={`${q.key}-max`} label="Giá trị lớn nhất" numeric value={q.scale.max} onChange={(max) => set({ max })} />
      <TextInput
        id={`${q.key}-minLabel`}
        label="Nhãn giá trị nhỏ nhất"
        value={q.scale.minLabel}
        placeholder="Ví dụ: Rất kém"
        onChange={(minLabel) => set({ minLabel })}
      />
      <TextInput
        id={`${q.key}-maxLabel`}
        label="Nhãn giá trị lớn nhất"
        value={q.scale.maxLabel}
        placeholder="Ví dụ: Rất tốt"
        onChange={(maxLabel) => set({ maxLabel })}
      />
    </fieldset>
  );
}
