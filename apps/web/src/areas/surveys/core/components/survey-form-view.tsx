import { orderedSections, type TAnswers, type TAnswerValue, type TSurvey, type TSurveyQuestion } from '@app/shared/surveys';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import { QuestionContent } from './question-content';
import { GridQuestionGroup } from './question-grid';
import { QuestionItem } from './question-item';
import type { TQuestionMode } from './question-types';

export type SurveyFormViewProps = {
  survey: Pick<TSurvey, 'sections' | 'subject'>;
  answers: TAnswers;
  errors?: Record<number, string>;
  mode: TQuestionMode;
  onAnswer?: (question: TSurveyQuestion, value: TAnswerValue) => void;
  /** Prefix of the DOM ids (question `{prefix}-q-{id}`). */
  idPrefix?: string;
};

type Block = { kind: 'question'; question: TSurveyQuestion } | { kind: 'grid'; key: string; questions: TSurveyQuestion[] };

/** A section's questions in display order, the grid questions of one group gathered where the first of them stands. */
function blocksOf(questions: TSurveyQuestion[]): Block[] {
  const blocks: Block[] = [];
  const grids = new Map<string, Extract<Block, { kind: 'grid' }>>();
  for (const q of questions) {
    if (q.questionType !== 'grid') {
      blocks.push({ kind: 'question', question: q });
      continue;
    }
    const key = q.gridGroup ? `g${q.gridGroup.id}` : `q${q.id}`;
    const existing = grids.get(key);
    if (existing) existing.questions.push(q);
    else {
      const block = { kind: 'grid' as const, key, questions: [q] };
      grids.set(key, block);
      blocks.push(block);
    }
  }
  return blocks;
}

/**
 * The survey's sections and questions (spec section 2), shared by the student form (`answer`), the
 * student's own submitted answers (`readonly`) and the teacher preview (`teacher-preview`).
 */
export function SurveyFormView({ survey, answers, errors = {}, mode, onAnswer, idPrefix = 'sv' }: SurveyFormViewProps) {
  const sections = orderedSections(survey);
  if (sections.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border bg-surface p-6 text-center text-sm text-muted">
        {SURVEY_MSG.emptySurvey}
      </p>
    );
  return (
    <div className="space-y-6">
      {sections.map((s) => (
        <section
          key={s.id}
          aria-labelledby={`${idPrefix}-s-${s.id}`}
          className="rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-6"
        >
          <h2 id={`${idPrefix}-s-${s.id}`} className="text-lg font-semibold text-fg">
            {s.title}
          </h2>
          {s.description ? <QuestionContent html={s.description} className="mt-1 whitespace-pre-line text-sm text-muted" /> : null}
          {s.questions.length === 0 ? (
            <p className="mt-4 text-sm text-muted">{SURVEY_MSG.emptySection}</p>
          ) : (
            <div className="mt-4 space-y-6">
              {blocksOf(s.questions).map((b) =>
                b.kind === 'grid' ? (
                  <GridQuestionGroup
                    key={b.key}
                    questions={b.questions}
                    group={b.questions[0].gridGroup}
                    mode={mode}
                    answers={answers}
                    errors={errors}
                    onAnswer={onAnswer}
                    idPrefix={idPrefix}
                  />
                ) : (
                  <QuestionItem
                    key={b.question.id}
                    question={b.question}
                    value={answers[b.question.id]}
                    error={errors[b.question.id]}
                    mode={mode}
                    onAnswer={onAnswer}
                    idPrefix={idPrefix}
                  />
                ),
              )}
            </div>
          )}
        </section>
      ))}
    </div>
  );
}

/** Scrolls to the question and puts the focus on its first input (or on the question itself). */
export function focusQuestion(questionId: number, idPrefix = 'sv') {
  const el = document.getElementById(`${idPrefix}-q-${questionId}`);
  if (!el) return;
  el.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  const input = el.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), select:not([disabled])');
  (input ?? el).focus({ preventScroll: true });
}
