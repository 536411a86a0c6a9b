import {
  gridColumnsForDisplay,
  visibleGridColumnsForTeacher,
  type TAnswers,
  type TAnswerValue,
  type TGridGroup,
  type TSurveyQuestion,
} from '@app/shared/surveys';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import { QuestionContent } from './question-content';
import { RequiredMark } from './question-item';
import { choiceInputClass, chosenLabelClass, ids, type TQuestionMode } from './question-types';

export type GridGroupProps = {
  /** The questions sharing the group, in display order: the rows. */
  questions: TSurveyQuestion[];
  group: TGridGroup | null | undefined;
  mode: TQuestionMode;
  answers: TAnswers;
  errors: Record<number, string>;
  onAnswer?: (question: TSurveyQuestion, value: TAnswerValue) => void;
  idPrefix: string;
};

/**
 * Grid questions sharing a group as ONE table (spec section 2): rows are the questions, columns the
 * group's options by descending display order, a radio in each cell. Each radio is labelled by its
 * row's question and its column. On a wide screen it is a table that scrolls sideways when too wide;
 * under 640 px each row becomes a card with its choices stacked, so it stays answerable at 360 px.
 */
export function GridQuestionGroup({ questions, group, mode, answers, errors, onAnswer, idPrefix }: GridGroupProps) {
  const id = ids(idPrefix);
  if (questions.length === 0) return <p className="text-sm text-muted">{SURVEY_MSG.emptyGridQuestions}</p>;
  if (!group) return <p className="text-sm text-muted">{SURVEY_MSG.emptyGridGroup}</p>;
  const columns = mode === 'teacher-preview' ? visibleGridColumnsForTeacher(group.columns) : gridColumnsForDisplay(group.columns);
  if (columns.length === 0) return <p className="text-sm text-muted">{SURVEY_MSG.emptyGridColumns}</p>;
  const disabled = mode !== 'answer';
  const colId = (i: number) => `${idPrefix}-g-${group.id}-${questions[0].id}-c-${i}`;
  const groupErrorId = `${idPrefix}-g-${group.id}-${questions[0].id}-error`;
  const groupError = questions.some((q) => q.required === 1 && errors[q.id]) ? SURVEY_MSG.gridGroupRequired : null;

  return (
    <div>
      <div className="overflow-x-auto rounded-lg border border-border max-sm:border-0">
        <table className="w-full border-collapse text-sm max-sm:block" aria-describedby={groupError ? groupErrorId : undefined}>
          <thead className="bg-surface-2 max-sm:hidden">
            <tr>
              <th scope="col" className="min-w-56 px-3 py-2 text-left font-medium text-muted">
                <span className="sr-only">Câu hỏi</span>
              </th>
              {columns.map((c, i) => (
                <th key={c.value} id={colId(i)} scope="col" className="min-w-20 px-2 py-2 text-center text-xs font-medium text-fg">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:block max-sm:space-y-3">
            {questions.map((q) => {
              const err = errors[q.id];
              const value = answers[q.id];
              return (
                <tr
                  key={q.id}
                  id={id.question(q.id)}
                  tabIndex={-1}
                  className="border-t border-border focus:outline-2 focus:outline-primary max-sm:block max-sm:rounded-lg max-sm:border max-sm:bg-surface max-sm:p-3"
                  aria-invalid={err ? true : undefined}
                >
                  <th scope="row" className="px-3 py-2 text-left align-top font-normal text-fg max-sm:block max-sm:px-0 max-sm:pt-0">
                    <div className="flex gap-1">
                      <QuestionContent html={q.content} id={id.label(q.id)} />
                      {q.required === 1 ? <RequiredMark /> : null}
                    </div>
                    {err ? (
                      <p id={id.error(q.id)} className="mt-1 text-xs font-medium text-danger">
                        {err}
                      </p>
                    ) : null}
                  </th>
                  {columns.map((c, i) => (
                    <td key={c.value} className="px-2 py-2 text-center align-middle max-sm:block max-sm:px-0 max-sm:py-1 max-sm:text-left">
                      <label
                        className={`inline-flex cursor-pointer items-center gap-2 p-1 has-disabled:cursor-not-allowed ${chosenLabelClass}`}
                      >
                        <input
                          type="radio"
                          className={choiceInputClass}
                          name={`${id.question(q.id)}-grid`}
                          value={c.value}
                          checked={value !== undefined && value !== null && String(value) === c.value}
                          onChange={() => onAnswer?.(q, c.value)}
                          disabled={disabled}
                          aria-labelledby={`${id.label(q.id)} ${colId(i)}`}
                          aria-describedby={err ? id.error(q.id) : undefined}
                          aria-invalid={err ? true : undefined}
                        />
                        <span aria-hidden="true" className="text-fg sm:hidden">
                          {c.label}
                        </span>
                      </label>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {groupError ? (
        <p id={groupErrorId} className="mt-2 text-sm font-medium text-danger">
          {groupError}
        </p>
      ) : null}
    </div>
  );
}
