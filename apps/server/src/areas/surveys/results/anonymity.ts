import { RESULTS_MSG, type TAggregate } from '@app/shared/survey-results';

/**
 * The anonymity rule (issue 5: "a slice with fewer than MIN_GROUP_SIZE responses is hidden from
 * teachers and heads of department, and the same holds for any slice that could be subtracted from a
 * larger one to reveal a smaller group"), for TEACHER and HEAD_DEPARTMENT; school-wide roles see all.
 *
 * Every score and per-question figure is built from *parts*: the course classes of a survey (in a
 * teacher's own figures, the class's responses naming that teacher). The rule:
 *   a part with 1…min−1 responses is hidden, and it is LEFT OUT of every figure built from parts
 *   (teacher, subject, survey, department, module, the department/school comparisons, per-question
 *   figures and their breakdowns, approved texts).
 * So every figure a restricted viewer reads is a function of parts with at least `min` responses
 * each: no difference of two figures, and no combination of their means, SDs and counts, can isolate a
 * group under `min` — at worst a whole part of ≥ min responses. Blanking small parts while keeping
 * them inside the totals (complementary suppression) is not enough here: a mean of class scores with
 * its SD between classes gives away two hidden classes at once, and a pooled per-question figure
 * next to the mean of class scores of the same classes gives a second equation.
 *
 * A part is also left out, for the same viewers, when its class's responses did not all name the same
 * teachers (the class's teachers changed during the survey): a teacher-narrowed part of it would
 * differ from the whole class by one period's responses (issue 11, "k on every difference").
 *
 * The SQL applies it (`Slice.minPart`, aggregates.repository.ts): `minPartFor` is the only place a
 * slice gets its floor; `partHidden` marks listed parts, `aggregateFigure` the figures above them.
 * Grade×campus figures cut across classes, so restricted viewers get none. The other rules of issue 11
 * sit around this one: restricted viewers read only published surveys (publication.service.ts) and one
 * variant (access.ts `variantFor`); open surveys' live figures move in steps of k (`stepFor`).
 */
export interface Hideable {
  hidden: boolean;
  reason: string | null;
}

/** The smallest part a figure may contain for this viewer (null: no floor). */
export const minPartFor = (restricted: boolean, min: number): number | null => (restricted && min > 1 ? min : null);

/**
 * Steps of k (issue 11): the live figures of open surveys (`openSurveyIds`), read by school-wide roles
 * while responses arrive, keep per part only its first ⌊n/k⌋·k responses, so two reads differ by 0 or
 * ≥ k responses of a part. Teachers and heads never read an open survey (publication), closed surveys
 * are exact.
 */
export const stepFor = (min: number, openSurveyIds: number[]) =>
  min > 1 && openSurveyIds.length ? { k: min, surveyIds: openSurveyIds } : null;

/** A listed part (course class) the viewer may not see. */
export const partHidden = (restricted: boolean, n: number, min: number) => restricted && n > 0 && n < min;

export const SHOWN = { hidden: false, reason: null } as const;
export const HIDDEN = { hidden: true, reason: RESULTS_MSG.tooFew } as const;

/** The figures of an aggregate row: `n` over the parts kept, `allN` over every part of the slice. */
export interface PartRow {
  n: number;
  allN: number;
  classCount: number;
  answerN: number;
  score: number | null;
  sd: number | null;
}

const round = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? null : Math.round(x * 1e4) / 1e4);

/**
 * An aggregate over parts (computed by SQL with the viewer's floor): shown with `leftOut` = responses
 * of parts left out, or hidden when every part was left out (nothing is left to show).
 */
export function aggregateFigure(row: PartRow | undefined, restricted: boolean): TAggregate {
  const n = row?.n ?? 0;
  const all = row?.allN ?? n;
  if (restricted && all > 0 && n === 0) return { n: all, classCount: 0, answerN: 0, score: null, sd: null, ...HIDDEN, leftOut: all };
  return {
    n,
    classCount: row?.classCount ?? 0,
    answerN: row?.answerN ?? 0,
    score: round(row?.score),
    sd: round(row?.sd),
    ...SHOWN,
    leftOut: restricted ? all - n : 0,
  };
}

/** A listed part with its numbers blanked (n and counts kept: they single out no one). */
export function hidePart<T extends { score: number | null; sd: number | null } & Hideable>(a: T, reason: string = HIDDEN.reason): T {
  return { ...a, score: null, sd: null, ...('median' in a ? { median: null } : {}), hidden: true, reason };
}
