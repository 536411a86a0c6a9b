import type { TAutoReviewDecision } from '@app/shared/text-reviews';
import { autoReview } from './auto-review';
import type { ReviewCase } from './auto-review.cases';

/** Precision and recall of the auto-review on labelled cases, a flag being the positive (issue 11). */
export interface Figures {
  n: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
  /** The cases decided the wrong way, and the flagged ones flagged for another reason than labelled. */
  wrong: string[];
  otherReason: string[];
}

export function measure(cases: readonly ReviewCase[], review: (c: ReviewCase) => TAutoReviewDecision = defaultReview): Figures {
  const f: Figures = { n: cases.length, tp: 0, fp: 0, fn: 0, tn: 0, precision: 0, recall: 0, wrong: [], otherReason: [] };
  for (const c of cases) {
    const d = review(c);
    const want = c.expect === 'flag';
    const got = d.reasons.map((r) => r.code).join(',') || 'clean';
    if (d.flagged && want) f.tp++;
    else if (d.flagged) f.fp++;
    else if (want) f.fn++;
    else f.tn++;
    if (d.flagged !== want) f.wrong.push(`${want ? 'MISSED' : 'FALSE FLAG'}: "${c.text}" → ${got}`);
    else if (want && c.codes && !c.codes.every((code) => d.reasons.some((r) => r.code === code)))
      f.otherReason.push(`"${c.text}": want ${c.codes.join(',')}, got ${got}`);
  }
  f.precision = f.tp + f.fp ? f.tp / (f.tp + f.fp) : 1;
  f.recall = f.tp + f.fn ? f.tp / (f.tp + f.fn) : 1;
  return f;
}

const defaultReview = (c: ReviewCase) => autoReview(c.text, { teacherNames: c.teachers });

export const figureLine = (name: string, f: Figures) =>
  `${name}: ${f.n} comments, precision ${f.precision.toFixed(2)}, recall ${f.recall.toFixed(2)} (TP ${f.tp}, FP ${f.fp}, FN ${f.fn}, TN ${f.tn})`;
