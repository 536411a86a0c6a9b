import { describe, expect, it } from 'vitest';
import { RESULTS_MSG } from '@app/shared/survey-results';
import { aggregateFigure, minPartFor, partHidden } from './anonymity';

/** The anonymity rule's pieces (MIN_GROUP_SIZE 5); the SQL side is tested through the routes (anonymity-leaks.test.ts). */
describe('the anonymity rule', () => {
  it("puts a floor on a restricted viewer's slices only", () => {
    expect(minPartFor(true, 5)).toBe(5);
    expect(minPartFor(false, 5)).toBeNull();
    expect(minPartFor(true, 1)).toBeNull();
  });

  it('hides a listed class of 1–4 responses from a restricted viewer; 0 and 5 are not hidden; school-wide roles see all', () => {
    expect([0, 1, 4, 5].map((n) => partHidden(true, n, 5))).toEqual([false, true, true, false]);
    expect(partHidden(false, 3, 5)).toBe(false);
  });

  it('an aggregate says what it left out, and is hidden when it left out everything', () => {
    const row = { n: 6, allN: 9, classCount: 1, answerN: 27, score: 4.000004, sd: null };
    expect(aggregateFigure(row, true)).toMatchObject({ n: 6, leftOut: 3, classCount: 1, score: 4, hidden: false, reason: null });
    expect(aggregateFigure({ ...row, n: 0, classCount: 0, answerN: 0, score: null }, true)).toMatchObject({
      n: 9,
      leftOut: 9,
      score: null,
      sd: null,
      hidden: true,
      reason: RESULTS_MSG.tooFew,
    });
    // School-wide: the SQL keeps every class, nothing is hidden or left out.
    expect(aggregateFigure({ ...row, n: 9 }, false)).toMatchObject({ n: 9, leftOut: 0, hidden: false });
    expect(aggregateFigure(undefined, true)).toMatchObject({ n: 0, leftOut: 0, hidden: false, score: null });
  });
});
