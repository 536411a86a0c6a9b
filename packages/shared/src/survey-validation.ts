import { SURVEY_MSG } from './survey-messages';
import {
  type TQuestionLike,
  findGridColumnByLabel,
  isOtherAnswer,
  isOtherValue,
  isRequired,
  otherTextOf,
  questionLabel,
  responseToAnswer,
} from './survey-answers';
import {
  type TAnswers,
  type TAnswerValue,
  type TSubmission,
  type TSubmissionResponse,
  type TSurvey,
  TEXT_ANSWER_MAX,
  isQuestionType,
  normalizeOptions,
  orderedSections,
} from './surveys';

export { SURVEY_MSG } from './survey-messages';
export { answersToSubmission, submissionToAnswers, SurveySubmitError } from './survey-answers';

/**
 * The one validation of survey answers (spec section 5), run by the student form (live and on
 * submit) and by the server on `POST /surveys/{id}/responses`.
 *
 * How the spec's messages are reached: an answer that was cleared (null, '' or []) on a required
 * question gives "Câu hỏi này bắt buộc phải trả lời."; a required question never answered
 * (undefined, or absent from a submission) gives its type's own message ("Vui lòng chọn một giá
 * trị.", "Vui lòng chọn ít nhất một lựa chọn", "Vui lòng nhập câu trả lời.", "Vui lòng chọn một giá
 * trị trên thang đo."). An optional question left empty is valid; what an optional question does
 * carry is still checked ("Khác" needs its text, values must exist).
 */

const isCleared = (v: TAnswerValue) => v === null || v === '' || (Array.isArray(v) && v.length === 0);

function validateSingleChoice(q: TQuestionLike, value: Exclude<TAnswerValue, null | undefined>, required: boolean): string | null {
  const { choices } = normalizeOptions(q.questionType, q.options);
  const offersOther = choices.some((c) => c.isOther);
  let sel: unknown = value;
  if (isOtherAnswer(value)) {
    const s = value.selectedOptions;
    if (Array.isArray(s) && s.length > 1) return SURVEY_MSG.singleChoiceOnly;
    sel = Array.isArray(s) ? s[0] : s;
    if (sel === undefined || sel === null || sel === '') return required ? SURVEY_MSG.chooseValue : null;
    if (isOtherValue(q, String(sel))) {
      if (!offersOther) return SURVEY_MSG.invalidOption;
      return otherTextOf(value).trim() === '' ? SURVEY_MSG.otherRequired : null;
    }
  } else if (Array.isArray(value)) {
    if (value.length > 1) return SURVEY_MSG.singleChoiceOnly;
    sel = value[0];
  }
  if (typeof sel !== 'string' && typeof sel !== 'number') return SURVEY_MSG.chooseValue;
  const v = String(sel);
  if (isOtherValue(q, v)) return offersOther ? SURVEY_MSG.otherRequired : SURVEY_MSG.invalidOption;
  return choices.some((c) => c.value === v) ? null : SURVEY_MSG.invalidOption;
}

function validateCheckbox(q: TQuestionLike, value: Exclude<TAnswerValue, null | undefined>, required: boolean): string | null {
  const { choices } = normalizeOptions(q.questionType, q.options);
  let selected: string[];
  let text = '';
  if (isOtherAnswer(value)) {
    selected = Array.isArray(value.selectedOptions) ? value.selectedOptions : [value.selectedOptions];
    text = otherTextOf(value);
  } else if (Array.isArray(value)) selected = value;
  else if (typeof value === 'string' || typeof value === 'number') selected = [String(value)];
  else return SURVEY_MSG.chooseAtLeastOne;
  selected = selected.map(String).filter((s) => s !== '');
  if (selected.length === 0) return required ? SURVEY_MSG.chooseAtLeastOne : null;
  if (new Set(selected).size !== selected.length) return SURVEY_MSG.invalidOption;
  for (const s of selected) {
    if (isOtherValue(q, s)) {
      if (!choices.some((c) => c.isOther)) return SURVEY_MSG.invalidOption;
      if (text.trim() === '') return SURVEY_MSG.otherRequired;
    } else if (!choices.some((c) => c.value === s)) return SURVEY_MSG.invalidOption;
  }
  return null;
}

/** The message for one answer, or null when it is valid (spec section 5, plus existence and range checks). */
export function validateAnswer(question: TQuestionLike, value: TAnswerValue): string | null {
  const t = question.questionType;
  if (!isQuestionType(t)) return SURVEY_MSG.unsupportedType;
  const required = isRequired(question);
  if (value === null || isCleared(value)) return required ? SURVEY_MSG.required : null;
  if (value === undefined) {
    if (!required) return null;
    if (t === 'short_text' || t === 'long_text') return SURVEY_MSG.enterAnswer;
    if (t === 'linear_scale') return SURVEY_MSG.chooseScale;
    if (t === 'checkbox') return SURVEY_MSG.chooseAtLeastOne;
    return SURVEY_MSG.chooseValue;
  }
  switch (t) {
    case 'short_text':
    case 'long_text':
      if (typeof value !== 'string') return SURVEY_MSG.enterAnswer;
      if (value.trim() === '') return required ? SURVEY_MSG.enterAnswer : null;
      return value.trim().length > TEXT_ANSWER_MAX[t] ? SURVEY_MSG.textTooLong(TEXT_ANSWER_MAX[t]) : null;
    case 'linear_scale': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      if (!Number.isFinite(n)) return SURVEY_MSG.chooseScale;
      const { min, max } = normalizeOptions(t, question.options).scale!;
      return Number.isInteger(n) && n >= min && n <= max ? null : SURVEY_MSG.scaleOutOfRange(min, max);
    }
    case 'multiple_choice':
    case 'dropdown':
      return validateSingleChoice(question, value, required);
    case 'checkbox':
      return validateCheckbox(question, value, required);
    case 'grid':
      if (typeof value !== 'string' && typeof value !== 'number') return SURVEY_MSG.chooseValue;
      return question.gridGroup?.columns.some((c) => c.value === String(value)) ? null : SURVEY_MSG.invalidGridColumn;
  }
}

export type TSurveyValidation = {
  valid: boolean;
  /** questionId → message. */
  questionErrors: Record<number, string>;
  /** grid group id → "Vui lòng trả lời tất cả các câu hỏi bắt buộc trong nhóm này." when a required row of it fails. */
  gridGroupErrors: Record<number, string>;
  /** The first failing question in display order (the form scrolls to it). */
  firstErrorQuestionId: number | null;
};

type TSurveyLike = Pick<TSurvey, 'sections' | 'subject'>;

/** Every shown question of the survey against the form's answers (the submit check). */
export function validateSurveyAnswers(survey: TSurveyLike, answers: TAnswers): TSurveyValidation {
  const questionErrors: Record<number, string> = {};
  const gridGroupErrors: Record<number, string> = {};
  let firstErrorQuestionId: number | null = null;
  for (const s of orderedSections(survey))
    for (const q of s.questions) {
      const msg = validateAnswer(q, answers[q.id]);
      if (msg === null) continue;
      questionErrors[q.id] = msg;
      firstErrorQuestionId ??= q.id;
      if (q.gridGroup && isRequired(q)) gridGroupErrors[q.gridGroup.id] = SURVEY_MSG.gridGroupRequired;
    }
  return { valid: firstErrorQuestionId === null, questionErrors, gridGroupErrors, firstErrorQuestionId };
}

export type TRequiredProgress = { answered: number; required: number };

/**
 * The form's progress (issue 12): of the shown required questions, how many already pass
 * `validateAnswer`, so the count reaches its total exactly when the submit check has nothing left
 * to say about required questions.
 */
export function requiredProgress(survey: TSurveyLike, answers: TAnswers): TRequiredProgress {
  let required = 0;
  let answered = 0;
  for (const s of orderedSections(survey))
    for (const q of s.questions) {
      if (!isRequired(q)) continue;
      required += 1;
      if (validateAnswer(q, answers[q.id]) === null) answered += 1;
    }
  return { answered, required };
}

export type TSubmissionError = { questionId: number | null; message: string };

/**
 * The server's check of a payload (issue 4): no unknown sections or questions (lmsOnly questions hidden
 * for the subject count as unknown), no question answered twice, grid answers naming a column of the
 * question's group by label, then every shown question through `validateAnswer`. Each message names
 * the question. An empty list means the submission may be stored.
 */
export function validateSubmission(survey: TSurveyLike, submission: Pick<TSubmission, 'sections'>): TSubmissionError[] {
  const errors: TSubmissionError[] = [];
  const sections = orderedSections(survey);
  const sectionOf = new Map<number, number>();
  for (const s of sections) for (const q of s.questions) sectionOf.set(q.id, s.id);
  const known = new Set(sections.map((s) => s.id));
  const byQuestion = new Map<number, TSubmissionResponse>();
  const named = (q: { id: number; content: string }, message: string) => ({
    questionId: q.id,
    message: SURVEY_MSG.namedQuestion(questionLabel(q), message),
  });
  const all = new Map(sections.flatMap((s) => s.questions.map((q) => [q.id, q] as const)));

  for (const s of submission.sections) {
    if (!known.has(s.sectionId)) errors.push({ questionId: null, message: SURVEY_MSG.unknownSection(s.sectionId) });
    for (const r of s.responses) {
      const q = all.get(r.questionId);
      if (!q) errors.push({ questionId: r.questionId, message: SURVEY_MSG.unknownQuestion(r.questionId) });
      else if (known.has(s.sectionId) && sectionOf.get(q.id) !== s.sectionId) errors.push(named(q, SURVEY_MSG.wrongSection));
      else if (byQuestion.has(q.id)) errors.push(named(q, SURVEY_MSG.duplicateAnswer));
      else byQuestion.set(q.id, r);
    }
  }
  for (const s of sections)
    for (const q of s.questions) {
      const r = byQuestion.get(q.id);
      if (r && q.questionType === 'grid') {
        const label = r.answerText ?? r.answerOptions?.[0];
        if (label !== undefined && label !== null && label !== '' && !findGridColumnByLabel(q, label)) {
          errors.push(named(q, SURVEY_MSG.invalidGridColumn));
          continue;
        }
      }
      const msg = validateAnswer(q, r ? responseToAnswer(q, r) : undefined);
      if (msg !== null) errors.push(named(q, msg));
    }
  return errors;
}
