import { LONG_TEXT_ROWS, TEXT_ANSWER_MAX } from '@app/shared/surveys';
import { inputClass, type QuestionInputProps } from './question-types';

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function ShortTextQuestion({ question, value, onChange, disabled, labelId, errorId }: QuestionInputProps) {
  return (
    <input
      type="text"
      className={inputClass}
      value={text(value)}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      maxLength={TEXT_ANSWER_MAX.short_text}
      aria-labelledby={labelId}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      aria-required={question.required === 1 || undefined}
      placeholder={disabled ? undefined : 'Câu trả lời của em'}
    />
  );
}

/** Long text: 4 rows (spec sections 2 and 9). */
export function LongTextQuestion({ question, value, onChange, disabled, labelId, errorId }: QuestionInputProps) {
  return (
    <textarea
      className={`${inputClass} resize-y`}
      rows={LONG_TEXT_ROWS}
      value={text(value)}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      maxLength={TEXT_ANSWER_MAX.long_text}
      aria-labelledby={labelId}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      aria-required={question.required === 1 || undefined}
      placeholder={disabled ? undefined : 'Câu trả lời của em'}
    />
  );
}
