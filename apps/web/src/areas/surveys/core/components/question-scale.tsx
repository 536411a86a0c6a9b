import { LINEAR_SCALE_DEFAULTS, normalizeOptions } from '@app/shared/surveys';
import { choiceInputClass, chosenLabelClass, type QuestionInputProps } from './question-types';

/** Linear scale: one radio per step from min to max (defaults 1..5), the end labels beside. */
export function LinearScaleQuestion({ question, value, onChange, disabled, labelId, errorId }: QuestionInputProps) {
  const scale = normalizeOptions('linear_scale', question.options).scale ?? { ...LINEAR_SCALE_DEFAULTS, minLabel: '', maxLabel: '' };
  const steps: number[] = [];
  for (let n = scale.min; n <= scale.max && steps.length < 101; n++) steps.push(n);
  const current = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : null;
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      aria-required={question.required === 1 || undefined}
      className="flex flex-wrap items-end gap-x-4 gap-y-2"
    >
      {scale.minLabel ? <span className="text-sm text-muted">{scale.minLabel}</span> : null}
      <div className="flex flex-wrap gap-1">
        {steps.map((n) => (
          <label
            key={n}
            className={`flex min-w-10 cursor-pointer flex-col items-center gap-1 rounded-lg px-2 py-1 text-sm text-fg hover:bg-surface-2 has-disabled:cursor-not-allowed ${chosenLabelClass}`}
          >
            <span>{n}</span>
            <input
              type="radio"
              className={choiceInputClass}
              name={`${labelId}-scale`}
              value={n}
              checked={current === n}
              onChange={() => onChange(n)}
              disabled={disabled}
              aria-label={[String(n), n === scale.min ? scale.minLabel : '', n === scale.max ? scale.maxLabel : '']
                .filter(Boolean)
                .join(' - ')}
            />
          </label>
        ))}
      </div>
      {scale.maxLabel ? <span className="text-sm text-muted">{scale.maxLabel}</span> : null}
    </div>
  );
}
