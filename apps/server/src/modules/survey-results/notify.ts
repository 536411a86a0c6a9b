/**
 * The one hook between answering and results (issue 5): the submission path calls
 * `notifyNewResponse(db, surveyId)` after a response is stored. It returns at once and never throws;
 * the results area (registered per database, so each app or test has its own) drops the survey's
 * cached figures and, when the survey auto-calculates, schedules one batched recalculation.
 * Kept free of imports so the submission module does not load the results area.
 */
type Listener = (surveyId: number) => void;
const listeners = new WeakMap<object, Listener>();

export function onNewResponse(db: object, listener: Listener) {
  listeners.set(db, listener);
}

export function notifyNewResponse(db: object, surveyId: number): void {
  try {
    listeners.get(db)?.(surveyId);
  } catch {
    // Results are derived data: a failure here must never fail a student's submission.
  }
}
