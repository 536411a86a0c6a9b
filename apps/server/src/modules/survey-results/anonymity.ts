import { RESULTS_MSG } from '@app/shared/survey-results';

/**
 * Small slices are hidden from TEACHER and HEAD_DEPARTMENT (issue 5, DOMAIN "Confidentiality"), so no
 * student can be singled out. The rule, applied to every list a restricted viewer sees:
 *  1. a figure with fewer than `min` responses (1…min−1) is hidden (primary);
 *  2. among siblings that add up to a parent the viewer also sees, if the hidden ones together have
 *     fewer than `min` responses, the smallest shown siblings are hidden too until they reach `min`
 *     (secondary), so parent − shown siblings never reveals a group under `min`;
 *  3. a figure that contains the viewer's own (department, school) is shown only when what is left
 *     after taking the viewer's own part away is 0 or at least `min` responses.
 * A figure with 0 responses has nothing to hide. School-wide roles see everything.
 */
export interface Hideable {
  hidden: boolean;
  reason: string | null;
}

/** Keys of the siblings to hide (rules 1 and 2). */
export function siblingsToHide<K>(sizes: Map<K, number>, min: number): Set<K> {
  const hidden = new Set<K>();
  let sum = 0;
  for (const [k, n] of sizes)
    if (n > 0 && n < min) {
      hidden.add(k);
      sum += n;
    }
  const shown = [...sizes].filter(([k, n]) => n > 0 && !hidden.has(k)).sort((a, b) => a[1] - b[1]);
  while (sum > 0 && sum < min && shown.length) {
    const [k, n] = shown.shift()!;
    hidden.add(k);
    sum += n;
  }
  return hidden;
}

/** Rule 1 for a single figure. */
export const tooSmall = (n: number, min: number) => n > 0 && n < min;

/** Rule 3: a containing figure of `total` responses, `own` of which are the viewer's. */
export const remainderSafe = (total: number, own: number, min: number) => {
  const rest = total - own;
  return !tooSmall(total, min) && (rest <= 0 || rest >= min);
};

export const SHOWN = { hidden: false, reason: null } as const;
export const HIDDEN = { hidden: true, reason: RESULTS_MSG.tooFew } as const;

/** An aggregate with its numbers blanked (n and counts kept: they single out no one). */
export function hideAggregate<T extends { score: number | null; sd: number | null } & Hideable>(a: T): T {
  return { ...a, score: null, sd: null, ...('median' in a ? { median: null } : {}), ...HIDDEN };
}
