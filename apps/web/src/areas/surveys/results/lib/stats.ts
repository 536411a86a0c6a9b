import { RESULTS_MSG, type TAggregate } from '@app/shared/survey-results';

/** Scores and SDs read with two decimals, Vietnamese style ("4,12"). */
const two = new Intl.NumberFormat('vi-VN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const one = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('vi-VN');

export const DASH = '—';
export const TOO_FEW = RESULTS_MSG.tooFew;

export const fmtScore = (x: number | null | undefined) => (x == null ? DASH : two.format(x));
export const fmtPercent = (x: number | null | undefined) => (x == null ? DASH : `${one.format(x)}%`);
export const fmtCount = (x: number) => whole.format(x);
/** "n = 37": the count behind every figure. */
export const fmtN = (n: number) => `n = ${whole.format(n)}`;

/** One line for a mean: "4,12 (ĐLC 0,53; n = 37)", or why it is missing. */
function meanLine(o: { mean: number | null; sd: number | null; n: number; hidden: boolean }): string {
  if (o.hidden) return `${TOO_FEW} (${fmtN(o.n)})`;
  if (o.mean === null) return `Chưa có dữ liệu (${fmtN(o.n)})`;
  return `${fmtScore(o.mean)} (ĐLC ${fmtScore(o.sd)}; ${fmtN(o.n)})`;
}

export const aggLine = (a: TAggregate) => meanLine({ mean: a.score, sd: a.sd, n: a.n, hidden: a.hidden });

/**
 * The top of a score axis: the usual 1–5 agreement scale shows as 0–5; a larger scale gets its own
 * whole-number top. Bars start at 0 so their lengths compare honestly.
 */
export function scoreAxisMax(values: Array<number | null | undefined>): number {
  const max = Math.max(0, ...values.filter((v): v is number => typeof v === 'number'));
  return Math.max(5, Math.ceil(max));
}

/** "Khối 10 · Cơ sở Trung tâm" */
export const gradeCampusLabel = (grade: number, campusName: string) => `Khối ${grade} · ${campusName}`;
