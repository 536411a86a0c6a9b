/**
 * The auto-review's precision and recall (issue 11), a flag being the positive, on three labelled
 * sets: the project's own comments, the tuning part of the second set, and its held-out part (the
 * rules were not tuned on it). Target on the held-out part: precision ≥ 0.95, recall ≥ 0.9, printed
 * as PASS/FAIL (auto-review.test.ts asserts the same).
 *
 *   node --import tsx bench/moderation.ts
 */
import { REVIEW_CASES } from '../apps/server/src/areas/surveys/text-reviews/auto-review.cases';
import { HELDOUT_CASES, TUNING_CASES } from '../apps/server/src/areas/surveys/text-reviews/auto-review.new.cases';
import { figureLine, measure } from '../apps/server/src/areas/surveys/text-reviews/test-moderation';
import { saveResults } from './support';

const sets = [
  ['existing', REVIEW_CASES],
  ['tuning', TUNING_CASES],
  ['held-out', HELDOUT_CASES],
] as const;
const figures = Object.fromEntries(sets.map(([name, cases]) => [name, measure(cases)]));
for (const [name] of sets) {
  const f = figures[name];
  console.log(figureLine(name, f));
  for (const w of f.wrong) console.log(`  ${w}`);
}
const held = figures['held-out'];
const pass = held.precision >= 0.95 && held.recall >= 0.9;
console.log(`held-out target (precision ≥ 0.95, recall ≥ 0.9): ${pass ? 'PASS' : 'FAIL'}`);
saveResults(
  'moderation',
  Object.fromEntries(
    Object.entries(figures).map(([k, f]) => [
      k,
      { n: f.n, tp: f.tp, fp: f.fp, fn: f.fn, tn: f.tn, precision: f.precision, recall: f.recall },
    ]),
  ),
);
process.exit(pass ? 0 : 1);
