import { memo, useState } from 'react';
import { Grid3x3, Plus } from 'lucide-react';
import type { TQuestionType } from '@app/shared/surveys';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { Button } from '@/components/ui/button';
import { addBlock, moveSection, removeSection, updateSection } from '../lib/draft-ops';
import { newGrid, newQuestion, type DraftBlock, type DraftSection } from '../lib/survey-draft';
import { useSurveyEditorActions } from '../survey-editor';
import { PartError, QuestionTypeSelect, TextInput } from './builder-fields';
import { GridEditor } from './grid-editor';
import { PartHeader } from './move-buttons';
import { QuestionEditor } from './question-editor';
import { RichTextEditor } from './rich-text-editor';

/** Focus the content box of a part just added, so typing can start at once. */
const focusNew = (key: string) => requestAnimationFrame(() => document.getElementById(`${key}-content`)?.focus());

/** One section: title, description, its questions and grid groups in order, and the add buttons. */
export const SectionEditor = memo(function SectionEditor({
  section: s,
  index,
  count,
  errors,
}: {
  section: DraftSection;
  index: number;
  count: number;
  /** Messages by part key. */
  errors: Record<string, string>;
}) {
  const { setDraft } = useSurveyEditorActions();
  const [type, setType] = useState<TQuestionType>('multiple_choice');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const name = `phần ${index + 1}`;
  const error = errors[s.key];
  const questions = s.blocks.reduce((n, b) => n + (b.kind === 'question' ? 1 : b.rows.length), 0);

  const add = (block: DraftBlock, focusKey: string) => {
    setDraft((d) => addBlock(d, s.key, block));
    focusNew(focusKey);
  };
  const addQuestion = () => {
    if (type === 'grid') {
      const g = newGrid();
      add(g, g.rows[0].key);
    } else {
      const q = newQuestion(type);
      add({ kind: 'question', key: q.key, question: q }, q.key);
    }
  };

  let n = 0;
  return (
    <section
      id={`part-${s.key}`}
      tabIndex={-1}
      aria-labelledby={`${s.key}-heading`}
      className="space-y-4 rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5"
    >
      <PartHeader
        heading={
          <h3 id={`${s.key}-heading`} className="text-base font-semibold text-fg">
            Phần {index + 1}
            {s.title.trim() ? <span className="font-normal text-muted">: {s.title}</span> : null}
          </h3>
        }
        itemKey={s.key}
        name={name}
        canUp={index > 0}
        canDown={index < count - 1}
        onMove={(dir) => setDraft((d) => moveSection(d, s.key, dir))}
        onDelete={() => (questions === 0 ? setDraft((d) => removeSection(d, s.key)) : setConfirmDelete(true))}
      />
      <TextInput
        id={`${s.key}-title`}
        label="Tiêu đề phần"
        required
        value={s.title}
        onChange={(title) => setDraft((d) => updateSection(d, s.key, { title }))}
      />
      <RichTextEditor
        id={`${s.key}-description`}
        label="Mô tả phần (không bắt buộc)"
        value={s.description}
        onChange={(description) => setDraft((d) => updateSection(d, s.key, { description }))}
      />
      <PartError id={`${s.key}-error`} message={error} />

      {s.blocks.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted">Phần này chưa có câu hỏi nào.</p>
      ) : null}
      <div className="space-y-3">
        {s.blocks.map((b, bi) => {
          const first = n + 1;
          n += b.kind === 'question' ? 1 : b.rows.length;
          // Past the section's edge a part moves into the neighbouring section.
          const canUp = bi > 0 || index > 0;
          const canDown = bi < s.blocks.length - 1 || index < count - 1;
          return b.kind === 'question' ? (
            <QuestionEditor key={b.key} question={b.question} number={first} canUp={canUp} canDown={canDown} error={errors[b.key]} />
          ) : (
            <GridEditor key={b.key} grid={b} firstNumber={first} canUp={canUp} canDown={canDown} errors={errors} />
          );
        })}
      </div>

      <div className="flex flex-col gap-2 border-t border-border pt-4 sm:flex-row sm:items-end">
        <QuestionTypeSelect label="Loại câu hỏi mới" value={type} onChange={setType} className="sm:w-60" />
        <Button variant="secondary" onClick={addQuestion}>
          <Plus aria-hidden="true" className="size-4" />
          Thêm câu hỏi vào {name}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            const g = newGrid();
            add(g, g.rows[0].key);
          }}
        >
          <Grid3x3 aria-hidden="true" className="size-4" />
          Thêm nhóm lưới
        </Button>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Xóa ${name}?`}
        message={`Phần “${s.title || name}” và ${questions} câu hỏi của nó sẽ bị xóa khi lưu khảo sát.`}
        onConfirm={async () => setDraft((d) => removeSection(d, s.key))}
      />
    </section>
  );
});
