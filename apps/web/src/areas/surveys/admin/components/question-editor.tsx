import { memo, useState } from 'react';
import { htmlToPlainText, isChoiceType, QUESTION_TYPE_LABELS } from '@app/shared/surveys';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { useSurveyEditorActions } from '../survey-editor';
import { changeQuestionType, moveBlock, removeBlock, updateQuestion } from '../lib/draft-ops';
import type { DraftQuestion } from '../lib/survey-draft';
import { Flag, PartError, QuestionTypeSelect } from './builder-fields';
import { PartHeader } from './move-buttons';
import { ChoicesEditor, ScaleEditor } from './options-editors';
import { RichTextEditor } from './rich-text-editor';
import { useVisibility } from './use-visibility';

/** Required, visible to teachers (results), LMS only: the flags every question has, grid rows included. */
export function QuestionFlags({ question: q, name }: { question: DraftQuestion; name: string }) {
  const { setDraft } = useSurveyEditorActions();
  const setVisible = useVisibility();
  return (
    <div role="group" aria-label={`Tùy chọn ${name}`} className="flex flex-wrap gap-x-5 gap-y-2">
      <Flag
        id={`${q.key}-required`}
        label="Bắt buộc trả lời"
        checked={q.required}
        onChange={(required) => setDraft((d) => updateQuestion(d, q.key, { required }))}
      />
      <Flag
        id={`${q.key}-visible`}
        label="Giáo viên xem được kết quả"
        hint="Kết quả của câu hỏi này hiện trong báo cáo của giáo viên."
        checked={q.visibleToTeacher}
        onChange={(v) => void setVisible(q, v)}
      />
      <Flag
        id={`${q.key}-lms`}
        label="Chỉ dành cho môn dùng LMS"
        hint="Câu hỏi bị bỏ qua với các môn không sử dụng LMS."
        checked={q.lmsOnly}
        onChange={(lmsOnly) => setDraft((d) => updateQuestion(d, q.key, { lmsOnly }))}
      />
    </div>
  );
}

/** One question that is not a grid row: content, type, flags and its options. */
export const QuestionEditor = memo(function QuestionEditor({
  question: q,
  number,
  canUp,
  canDown,
  error,
}: {
  question: DraftQuestion;
  number: number;
  canUp: boolean;
  canDown: boolean;
  error?: string;
}) {
  const { setDraft } = useSurveyEditorActions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const name = `câu hỏi ${number}`;
  const edit = (patch: Partial<DraftQuestion>) => setDraft((d) => updateQuestion(d, q.key, patch));
  const remove = () => setDraft((d) => removeBlock(d, q.key));
  // A question with nothing typed yet (just added) goes at once; one with words or an image asks first.
  const hasContent = htmlToPlainText(q.content) !== '' || /<img\b/i.test(q.content);
  return (
    <article
      id={`part-${q.key}`}
      tabIndex={-1}
      aria-label={`Câu hỏi ${number}`}
      className="space-y-3 rounded-lg border border-border bg-bg p-3 sm:p-4"
    >
      <PartHeader
        heading={
          <h4 className="text-sm font-semibold text-fg">
            Câu {number} <span className="font-normal text-muted">· {QUESTION_TYPE_LABELS[q.questionType]}</span>
          </h4>
        }
        itemKey={q.key}
        name={name}
        canUp={canUp}
        canDown={canDown}
        onMove={(dir) => setDraft((d) => moveBlock(d, q.key, dir))}
        onDelete={() => (hasContent ? setConfirmDelete(true) : remove())}
      />
      <RichTextEditor
        id={`${q.key}-content`}
        label={`Nội dung câu hỏi ${number}`}
        value={q.content}
        placeholder="Nhập nội dung câu hỏi"
        invalid={Boolean(error)}
        describedBy={error ? `${q.key}-error` : undefined}
        onChange={(content) => edit({ content })}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <QuestionTypeSelect
          label="Loại câu hỏi"
          value={q.questionType}
          onChange={(t) => setDraft((d) => changeQuestionType(d, q.key, t))}
          className="sm:w-64"
        />
        <QuestionFlags question={q} name={name} />
      </div>
      {isChoiceType(q.questionType) ? <ChoicesEditor question={q} onChange={edit} /> : null}
      {q.questionType === 'linear_scale' ? <ScaleEditor question={q} onChange={edit} /> : null}
      <PartError id={`${q.key}-error`} message={error} />
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Xóa ${name}?`}
        message={`${htmlToPlainText(q.content) ? `Câu hỏi “${htmlToPlainText(q.content)}”` : 'Câu hỏi này'} sẽ bị xóa khi lưu khảo sát.`}
        onConfirm={async () => remove()}
      />
    </article>
  );
});
