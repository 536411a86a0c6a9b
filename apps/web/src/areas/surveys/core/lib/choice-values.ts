import { isOtherAnswer, isOtherValue, otherChoiceValue, otherTextOf, type TQuestionLike } from '@app/shared/survey-answers';
import { OTHER_VALUE, type TAnswerValue } from '@app/shared/surveys';

/**
 * Between the choice inputs and the spec's answer value forms (section 3): a single choice is the
 * option value, "Khác" is `{selectedOptions: 'other', otherValue, otherAnswers: {other}}`; a checkbox
 * answer is the array of checked values, or that other-choice object when "Khác" is among them.
 */
export function singleSelection(q: TQuestionLike, v: TAnswerValue): { selected: string | null; otherText: string } {
  if (isOtherAnswer(v)) return { selected: otherChoiceValue(q), otherText: otherTextOf(v) };
  if (typeof v === 'string' || typeof v === 'number') {
    const s = String(v);
    return { selected: s !== '' && isOtherValue(q, s) ? otherChoiceValue(q) : s === '' ? null : s, otherText: '' };
  }
  return { selected: null, otherText: '' };
}

const otherAnswer = (selectedOptions: typeof OTHER_VALUE | string[], text: string): TAnswerValue => ({
  selectedOptions,
  otherValue: text,
  otherAnswers: { other: text },
});

export function singleAnswer(q: TQuestionLike, value: string, otherText: string): TAnswerValue {
  if (value === '') return '';
  return isOtherValue(q, value) ? otherAnswer(OTHER_VALUE, otherText) : value;
}

export function checkboxSelection(q: TQuestionLike, v: TAnswerValue): { selected: string[]; otherText: string } {
  const other = otherChoiceValue(q);
  const norm = (xs: string[]) => xs.map((s) => (isOtherValue(q, s) ? other : s));
  if (isOtherAnswer(v)) {
    const s = Array.isArray(v.selectedOptions) ? v.selectedOptions : [v.selectedOptions];
    return { selected: norm(s.map(String)), otherText: otherTextOf(v) };
  }
  if (Array.isArray(v)) return { selected: norm(v.map(String)), otherText: '' };
  if (typeof v === 'string' && v !== '') return { selected: norm([v]), otherText: '' };
  return { selected: [], otherText: '' };
}

export function checkboxAnswer(q: TQuestionLike, selected: string[], otherText: string): TAnswerValue {
  if (!selected.some((s) => isOtherValue(q, s))) return selected;
  return otherAnswer(
    selected.map((s) => (isOtherValue(q, s) ? OTHER_VALUE : s)),
    otherText,
  );
}
