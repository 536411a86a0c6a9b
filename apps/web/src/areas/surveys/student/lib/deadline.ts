import { formatDate, SCHOOL_TZ } from '@app/shared/format';

// Survey dates are whole days, school time: a survey is open until the end of its end date
// (docs/decisions/product.md, "Survey dates are whole days").
const SCHOOL_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
const DAY_MS = 86_400_000;

/** "06/12/2026 23:59": the last minute a survey ending on that day takes answers; '' without an end date. */
export function deadlineText(endDate: string | null): string {
  const day = formatDate(endDate);
  return day ? `${day} 23:59` : '';
}

/** Whole days from the school's today to `endDate` (0 = closes today); null without one. */
export function daysLeft(endDate: string | null, now: Date = new Date()): number | null {
  if (!endDate || !/^\d{4}-\d{2}-\d{2}$/.test(endDate)) return null;
  const today = SCHOOL_DAY.format(now);
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** "còn 3 ngày", "hạn chót hôm nay", "đã hết hạn" (a list read just before midnight). */
export function daysLeftLabel(days: number | null): string {
  if (days === null) return 'chưa đặt hạn';
  if (days < 0) return 'đã hết hạn';
  if (days === 0) return 'hạn chót hôm nay';
  return `còn ${days} ngày`;
}
