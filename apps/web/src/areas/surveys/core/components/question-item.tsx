import type { TAnswerValue, TSurveyQuestion } from '@app/shared/surveys';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import { CheckboxQuestion, MultipleChoiceQuestion } from './question-choice';
import { QuestionContent } from './question-content';
import { DropdownQuestion } from './question-dropdown';
import { LinearScaleQuestion } from './question-scale';
import { LongTextQuestion, ShortTextQuestion } from './question-text';
import { ids, type QuestionInputProps, type TQuestionMode } from './question-types';

export function RequiredMark() {
  return (
    <span className="shrink-0 text-danger">
      <span aria-hidden="true">*</span>
      <span className="sr-only">(bắt buộc)</span>
    </span>
  );
}

const INPUTS: Partial<Record<string, (p: QuestionInputProps) => React.JSX.Element>> = {
  short_text: ShortTextQuestion,
  long_text: LongTextQuestion,
  multiple_choice: MultipleChoiceQuestion,
  checkbox: CheckboxQuestion,
  dropdown: DropdownQuestion,
  linear_scale: LinearScaleQuestion,
};

/** One non-grid question: its text (sanitized HTML), required mark, input and error. */
export function QuestionItem({
  question,
  value,
  error,
  mode,
  onAnswer,
  idPrefix,
}: {
  question: TSurveyQuestion;
  value: TAnswerValue;
  error?: string;
  mode: TQuestionMode;
  onAnswer?: (question: TSurveyQuestion, value: TAnswerValue) => void;
  idPrefix: string;
}) {
  const id = ids(idPrefix);
  const Input = INPUTS[question.questionType];
  return (
    <div
      id={id.question(question.id)}
      tabIndex={-1}
      className="rounded-lg p-1 focus:outline-2 focus:outline-primary"
      data-question-type={question.questionType}
    >
      <div className="mb-2 flex gap-1 text-sm font-medium text-fg">
        <QuestionContent html={question.content} id={id.label(question.id)} />
        {question.required === 1 ? <RequiredMark /> : null}
      </div>
      {Input ? (
        <Input
          question={question}
          value={value}
          onChange={(v) => onAnswer?.(question, v)}
          disabled={mode !== 'answer'}
          labelId={id.label(question.id)}
          errorId={error ? id.error(question.id) : undefined}
        />
      ) : (
        <p className="text-sm text-muted">{SURVEY_MSG.unsupportedType}</p>
      )}
      {error ? (
        <p id={id.error(question.id)} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
