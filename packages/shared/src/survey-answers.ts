import { SURVEY_MSG } from './survey-messages';
import {
  type TAnswers,
  type TAnswerValue,
  type TGridColumn,
  type TOtherAnswer,
  type TSubmission,
  type TSubmissionResponse,
  type TSurvey,
  type TSurveyQuestion,
  type TSurveyType,
  OTHER_VALUE,
  htmlToPlainText,
  isChoiceType,
  isTextType,
  normalizeOptions,
  orderedSections,
} from './surveys';

/**
 * Between the form's answers (spec section 3 "Answer value forms") and the submission payload (spec
 * section 7): grid answers travel as the column label with `gridColumnValueNumber` beside it, choices
 * as `answerOptions`, text and scale values as `answerText`.
 */

/** What the answer helpers need of a question (a `TSurveyQuestion` fits). */
export type TQuestionLike = {
  id?: number;
  content?: string;
  questionType: string;
  required: number | boolean;
  options?: unknown;
  gridGroup?: { id?: number; columns: TGridColumn[] } | null;
};

export const isRequired = (q: Pick<TQuestionLike, 'required'>) => q.required === 1 || q.required === true;
export const isOtherAnswer = (v: unknown): v is TOtherAnswer =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'selectedOptions' in v;
/** The "Khác" text of an other-choice answer (`otherValue`, else `otherAnswers.other`). */
export const otherTextOf = (v: Partial<TOtherAnswer>) =>
  typeof v.otherValue === 'string' && v.otherValue !== '' ? v.otherValue : (v.otherAnswers?.other ?? '');
/** Whether an option value stands for "Khác": `other`, or a choice marked `isOther`. */
export const isOtherValue = (q: TQuestionLike, value: string) =>
  value === OTHER_VALUE || normalizeOptions(q.questionType, q.options).choices.some((c) => c.isOther && c.value === value);
export const otherChoiceValue = (q: TQuestionLike) =>
  normalizeOptions(q.questionType, q.options).choices.find((c) => c.isOther)?.value ?? OTHER_VALUE;

export const findGridColumnByValue = (q: TQuestionLike, value: unknown) =>
  q.gridGroup?.columns.find((c) => c.value === String(value)) ?? null;
export const findGridColumnByLabel = (q: TQuestionLike, label: unknown) =>
  q.gridGroup?.columns.find((c) => c.label === String(label)) ?? null;

/** A short plain-text name of the question for server messages ("#id" when it has no text). */
export function questionLabel(q: Pick<TQuestionLike, 'id' | 'content'>, max = 60): string {
  const text = htmlToPlainText(q.content ?? '');
  if (text === '') return `#${q.id ?? '?'}`;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * Trailing zeros of decimal numbers written in text, e.g. in question content: "4.50" → "4.5",
 * "3.0" → "3", "2.000" → "2". Touches only `digits.digits` standing alone: not integers ("100"),
 * not dotted sequences ("1.2.0", "12.10.2024"), not numbers glued to letters or underscores.
 */
export const stripTrailingZeros = (text: string): string =>
  text.replace(/(?<![\w.])(\d+)\.(\d+)(?![\w]|\.\d)/g, (m, int: string, frac: string) => {
    const f = frac.replace(/0+$/, '');
    return f === '' ? int : `${int}.${f}`;
  });

type TResponseFields = Omit<TSubmissionResponse, 'questionId' | 'displayOrder'>;
const otherFields = (text: string) => ({ otherValue: text.trim(), otherAnswers: { other: text.trim() } });

/** One form answer as payload fields; null when there is nothing to send (unanswered). */
export function answerToResponse(q: TQuestionLike, value: TAnswerValue): TResponseFields | null {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  const t = q.questionType;
  if (isTextType(t)) return typeof value === 'string' && value.trim() !== '' ? { answerText: value.trim() } : null;
  if (t === 'linear_scale') return typeof value === 'number' || typeof value === 'string' ? { answerText: String(value).trim() } : null;
  if (t === 'grid') {
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    const col = findGridColumnByValue(q, value);
    return { answerText: col ? col.label : String(value), questionType: 'grid', gridColumnValueNumber: col ? col.valueNumber : null };
  }
  if (!isChoiceType(t)) return null;
  const other = otherChoiceValue(q);
  if (isOtherAnswer(value)) {
    const sel = (Array.isArray(value.selectedOptions) ? value.selectedOptions : [value.selectedOptions]).filter((s) => s !== '');
    if (sel.length === 0) return null;
    const withOther = sel.some((s) => isOtherValue(q, s));
    const answerOptions = sel.map((s) => (isOtherValue(q, s) ? other : s));
    return withOther ? { answerOptions, ...otherFields(otherTextOf(value)) } : { answerOptions };
  }
  const sel = Array.isArray(value) ? value.map(String) : [String(value)];
  return {
    answerOptions: sel.map((s) => (isOtherValue(q, s) ? other : s)),
    ...(sel.some((s) => isOtherValue(q, s)) ? otherFields('') : {}),
  };
}

/** A payload response back to the form's answer value (the read-only view, and the server's check). */
export function responseToAnswer(q: TQuestionLike, r: Partial<TResponseFields>): TAnswerValue {
  const t = q.questionType;
  const opts = (r.answerOptions ?? (typeof r.answerText === 'string' && r.answerText !== '' ? [r.answerText] : [])).map(String);
  if (isTextType(t)) return r.answerText ?? undefined;
  if (t === 'linear_scale') {
    const raw = r.answerText ?? opts[0];
    if (raw === undefined || raw === null) return undefined;
    return /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw;
  }
  if (t === 'grid') {
    const label = r.answerText ?? opts[0];
    if (label === undefined || label === null) return undefined;
    return findGridColumnByLabel(q, label)?.value ?? label;
  }
  if (!isChoiceType(t) || opts.length === 0) return undefined;
  const hasOther = opts.some((s) => isOtherValue(q, s));
  const text = otherTextOf({ otherValue: r.otherValue ?? undefined, otherAnswers: r.otherAnswers ?? undefined });
  if (t === 'checkbox') {
    if (!hasOther) return opts;
    return { selectedOptions: opts.map((s) => (isOtherValue(q, s) ? OTHER_VALUE : s)), otherValue: text, otherAnswers: { other: text } };
  }
  if (opts.length > 1) return opts;
  return hasOther ? { selectedOptions: OTHER_VALUE, otherValue: text, otherAnswers: { other: text } } : opts[0];
}

export type TSubmitContext = {
  studentId: number | null | undefined;
  courseClassId?: number | null;
  studentCourseClassId?: number | null;
  teacherCourseClassIds?: number[] | null;
};

/** Thrown by `answersToSubmission` without a student id; its message is the spec's toast. */
export class SurveySubmitError extends Error {}

/**
 * The payload of `POST /surveys/{id}/responses` from the form's answers: every section in display
 * order with its answered (shown) questions; subject-specific surveys add the course-class fields.
 */
export function answersToSubmission(
  survey: Pick<TSurvey, 'sections' | 'subject'> & { surveyType: TSurveyType },
  answers: TAnswers,
  ctx: TSubmitContext,
): TSubmission {
  if (!ctx.studentId) throw new SurveySubmitError(SURVEY_MSG.noStudent);
  const sections = orderedSections(survey).map((s) => ({
    sectionId: s.id,
    displayOrder: s.displayOrder,
    responses: s.questions.flatMap((q) => {
      const r = answerToResponse(q, answers[q.id]);
      return r ? [{ questionId: q.id, displayOrder: q.displayOrder, ...r }] : [];
    }),
  }));
  const out: TSubmission = { studentId: ctx.studentId, courseClassId: ctx.courseClassId ?? null, sections };
  if (survey.surveyType === 'SUBJECT_SPECIFIC') {
    out.studentCourseClassId = ctx.studentCourseClassId ?? ctx.courseClassId ?? null;
    out.teacherCourseClassIds = ctx.teacherCourseClassIds ?? [];
  }
  return out;
}

/** The answers a submission carries, keyed by question id (for the read-only view of one's own answers). */
export function submissionToAnswers(survey: Pick<TSurvey, 'sections'>, submission: Pick<TSubmission, 'sections'>): TAnswers {
  const questions = new Map<number, TSurveyQuestion>(survey.sections.flatMap((s) => s.questions.map((q) => [q.id, q] as const)));
  const answers: TAnswers = {};
  for (const s of submission.sections)
    for (const r of s.responses) {
      const q = questions.get(r.questionId);
      if (q) answers[q.id] = responseToAnswer(q, r);
    }
  return answers;
}
