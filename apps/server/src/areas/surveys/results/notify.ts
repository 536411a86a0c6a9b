/**
 * The hooks between the areas that change answers or surveys and the results (issue 5). Each returns
 * at once (or, for a survey change, when the stale figures are gone) and never throws; the results area
 * (registered per database, so each app or test has its own) does the work. Kept free of imports so
 * the submission and survey modules do not load the results area.
 *
 *  - `notifyNewResponse(db, surveyId)`: a response was stored (the submission path).
 *  - `notifyResponsesChanged(db, surveyId)`: responses were deleted (an admin's
 *    `DELETE /surveys/{id}/responses/student/{studentId}`) or otherwise changed.
 *    Both drop the survey's cached figures and, when it auto-calculates, schedule one batched
 *    recalculation; stored figures say `stale` until recalculated (their response count moved).
 *  - `await notifySurveyChanged(db, surveyId)`: the survey itself was edited (`PUT /surveys/{id}`):
 *    wording, visibility to teachers, options or column numbers may differ from what stored figures
 *    hold, so its stored results (and its module's) are deleted, `straight_lined` is recomputed, the
 *    cache is dropped and, when it auto-calculates, a recalculation is scheduled. Await it before
 *    replying so the next read is fresh.
 */
export interface ResultsListener {
  responsesChanged(surveyId: number): void;
  surveyChanged(surveyId: number): Promise<void>;
}
const listeners = new WeakMap<object, ResultsListener>();

export function onResultsEvents(db: object, listener: ResultsListener) {
  listeners.set(db, listener);
}

export function notifyResponsesChanged(db: object, surveyId: number): void {
  try {
    listeners.get(db)?.responsesChanged(surveyId);
  } catch {
    // Results are derived data: a failure here must never fail a student's submission or an admin's delete.
  }
}

export function notifyNewResponse(db: object, surveyId: number): void {
  notifyResponsesChanged(db, surveyId);
}

export async function notifySurveyChanged(db: object, surveyId: number): Promise<void> {
  try {
    await listeners.get(db)?.surveyChanged(surveyId);
  } catch {
    // Same: the survey was saved; the runtime logs what went wrong.
  }
}
