import { normalizeOptions } from '@app/shared/surveys';
import { checkboxAnswer, checkboxSelection, singleAnswer, singleSelection } from '../lib/choice-values';
import { choiceInputClass, chosenLabelClass, inputClass, type QuestionInputProps } from './question-types';

/** The text box of a chosen "Khác" (other) choice. */
export function OtherTextInput({
  value,
  onChange,
  disabled,
  labelId,
  errorId,
}: {
  value: string;
  onChange: (text: string) => void;
  disabled: boolean;
  labelId: string;
  errorId?: string;
}) {
  return (
    <input
      type="text"
      className={`${inputClass} mt-2`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      maxLength={5000}
      aria-label="Nội dung lựa chọn Khác"
      aria-describedby={[labelId, errorId].filter(Boolean).join(' ')}
      aria-invalid={errorId ? true : undefined}
      placeholder={disabled ? undefined : 'Nhập câu trả lời khác'}
    />
  );
}

/** Multiple choice: radio buttons, "Khác" with its text box. */
export function MultipleChoiceQuestion({ question, value, onChange, disabled, labelId, errorId }: QuestionInputProps) {
  const { choices } = normalizeOptions(question.questionType, question.options);
  const { selected, otherText } = singleSelection(question, value);
  const otherChosen = choices.some((c) => c.isOther && c.value === selected);
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      aria-required={question.required === 1 || undefined}
    >
      <div className="flex flex-col gap-2">
        {choices.map((c) => (
          <label
            key={c.value}
            className={`flex cursor-pointer items-center gap-2 text-sm text-fg has-disabled:cursor-not-allowed ${chosenLabelClass}`}
          >
            <input
              type="radio"
              className={choiceInputClass}
              name={`${labelId}-choice`}
              value={c.value}
              checked={selected === c.value}
              onChange={() => onChange(singleAnswer(question, c.value, otherText))}
              disabled={disabled}
            />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      {otherChosen ? (
        <OtherTextInput
          value={otherText}
          onChange={(t) => onChange(singleAnswer(question, selected!, t))}
          disabled={disabled}
          labelId={labelId}
          errorId={errorId}
        />
      ) : null}
    </div>
  );
}

/** Checkbox: several choices, "Khác" with its text box. */
export function CheckboxQuestion({ question, value, onChange, disabled, labelId, errorId }: QuestionInputProps) {
  const { choices } = normalizeOptions(question.questionType, question.options);
  const { selected, otherText } = checkboxSelection(question, value);
  const otherChoice = choices.find((c) => c.isOther);
  const otherChosen = !!otherChoice && selected.includes(otherChoice.value);
  const toggle = (v: string, on: boolean) => {
    const next = on ? choices.map((c) => c.value).filter((x) => x === v || selected.includes(x)) : selected.filter((x) => x !== v);
    onChange(checkboxAnswer(question, next, otherText));
  };
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={errorId}>
      <div className="flex flex-col gap-2">
        {choices.map((c) => (
          <label
            key={c.value}
            className={`flex cursor-pointer items-center gap-2 text-sm text-fg has-disabled:cursor-not-allowed ${chosenLabelClass}`}
          >
            <input
              type="checkbox"
              className={`${choiceInputClass} rounded`}
              value={c.value}
              checked={selected.includes(c.value)}
              onChange={(e) => toggle(c.value, e.target.checked)}
              disabled={disabled}
              aria-invalid={errorId ? true : undefined}
            />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      {otherChosen ? (
        <OtherTextInput
          value={otherText}
          onChange={(t) => onChange(checkboxAnswer(question, selected, t))}
          disabled={disabled}
          labelId={labelId}
          errorId={errorId}
        />
      ) : null}
    </div>
  );
}
