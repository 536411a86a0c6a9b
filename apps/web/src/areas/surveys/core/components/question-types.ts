import type { TAnswerValue, TSurveyQuestion } from '@app/shared/surveys';

/**
 * How the form is shown: `answer` (the student fills it in), `readonly` (the student's own submitted
 * answers) and `teacher-preview` (read-only, "Không có ý kiến" grid columns hidden).
 */
export type TQuestionMode = 'answer' | 'readonly' | 'teacher-preview';

export type QuestionInputProps = {
  question: TSurveyQuestion;
  value: TAnswerValue;
  onChange: (value: TAnswerValue) => void;
  disabled: boolean;
  /** Id of the element holding the question text (inputs are labelled by it). */
  labelId: string;
  /** Id of the error message when there is one. */
  errorId?: string;
};

/** DOM ids of one form's parts (a prefix keeps two forms on one page apart). */
export const ids = (prefix: string) => ({
  question: (id: number) => `${prefix}-q-${id}`,
  label: (id: number) => `${prefix}-q-${id}-label`,
  error: (id: number) => `${prefix}-q-${id}-error`,
});

export const inputClass =
  'w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-70 aria-invalid:border-danger';
/** `choice-input` (index.css) keeps a chosen answer in the accent colour when the form is read-only. */
export const choiceInputClass = 'choice-input size-4 shrink-0 accent-primary disabled:cursor-not-allowed';
/** The label of a chosen answer on a read-only form is bold, so it stands out from the greyed choices. */
export const chosenLabelClass = 'has-[input:checked:disabled]:font-semibold';
