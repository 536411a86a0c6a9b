import { normalizeOptions } from '@app/shared/surveys';
import { singleAnswer, singleSelection } from '../lib/choice-values';
import { OtherTextInput } from './question-choice';
import { inputClass, type QuestionInputProps } from './question-types';

/** Dropdown: a native select (best on phones), "Khác" with its text box. */
export function DropdownQuestion({ question, value, onChange, disabled, labelId, errorId }: QuestionInputProps) {
  const { choices } = normalizeOptions(question.questionType, question.options);
  const { selected, otherText } = singleSelection(question, value);
  const otherChosen = choices.some((c) => c.isOther && c.value === selected);
  return (
    <div>
      <select
        className={`${inputClass} sm:max-w-md`}
        value={selected ?? ''}
        onChange={(e) => onChange(singleAnswer(question, e.target.value, otherText))}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={errorId}
        aria-invalid={errorId ? true : undefined}
        aria-required={question.required === 1 || undefined}
      >
        <option value="">-- Chọn một giá trị --</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
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
