import { STORAGE_KEYS } from '@app/shared/constants';
import type { TAnswers } from '@app/shared/surveys';

/**
 * In-progress answers (spec sections 4 and 9: "Browser storage holds … in-progress answers"), one
 * entry per survey, student and course class. Storage may throw (private mode, quota): a draft that
 * cannot be written is simply not kept; it must never break the form.
 */
export type TDraftKey = { surveyId: number; studentId: number | null | undefined; courseClassId: number | null | undefined };

export const draftKey = ({ surveyId, studentId, courseClassId }: TDraftKey) =>
  `${STORAGE_KEYS.surveyDraftPrefix}:${surveyId}:${studentId ?? 'unknown'}:${courseClassId ?? 'general'}`;

export function loadDraft(key: TDraftKey): TAnswers | null {
  try {
    const raw = window.localStorage.getItem(draftKey(key));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    const answers = parsed && typeof parsed === 'object' && 'answers' in parsed ? (parsed as { answers: unknown }).answers : null;
    return answers && typeof answers === 'object' && !Array.isArray(answers) ? (answers as TAnswers) : null;
  } catch {
    return null;
  }
}

export function saveDraft(key: TDraftKey, answers: TAnswers): void {
  try {
    window.localStorage.setItem(draftKey(key), JSON.stringify({ answers, savedAt: new Date().toISOString() }));
  } catch {
    // Not kept; the form keeps working.
  }
}

export function clearDraft(key: TDraftKey): void {
  try {
    window.localStorage.removeItem(draftKey(key));
  } catch {
    // Nothing to do.
  }
}
