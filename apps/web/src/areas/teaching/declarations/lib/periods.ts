import { formatDate } from '@app/shared/format';
import type { TDeclarationPeriod, TDeclarationStatus } from '@app/shared/declarations';

/** "HK1 – 2025-2026". */
export const periodLabel = (p: Pick<TDeclarationPeriod, 'semesterName' | 'yearName'>) => `${p.semesterName} – ${p.yearName}`;

export const isOpen = (p: TDeclarationPeriod, now = Date.now()) => Date.parse(p.opensAt) <= now && now < Date.parse(p.closesAt);

/** The period to show first: the open one, else the one that opens next, else the latest closed. */
export function defaultPeriod(periods: readonly TDeclarationPeriod[], now = Date.now()): TDeclarationPeriod | null {
  const open = periods.find((p) => isOpen(p, now));
  if (open) return open;
  const coming = periods.filter((p) => Date.parse(p.opensAt) > now).sort((a, b) => Date.parse(a.opensAt) - Date.parse(b.opensAt));
  if (coming[0]) return coming[0];
  return [...periods].sort((a, b) => Date.parse(b.closesAt) - Date.parse(a.closesAt))[0] ?? null;
}

/** End of the review day (YYYY-MM-DD in the school's zone, +07:00). */
const reviewDeadline = (reviewBy: string) => Date.parse(`${reviewBy}T23:59:59+07:00`);

/**
 * Late: a draft or returned declaration after the period closed, or a submitted one after the heads' review date.
 * Returns the Vietnamese reason, or null.
 */
export function overdueReason(p: TDeclarationPeriod, status: TDeclarationStatus, now = Date.now()): string | null {
  if ((status === 'draft' || status === 'returned') && now >= Date.parse(p.closesAt)) return `Quá hạn nộp (${formatDate(p.closesAt)})`;
  if (status === 'submitted' && p.reviewBy && now > reviewDeadline(p.reviewBy))
    return `Quá hạn duyệt (${formatDate(`${p.reviewBy}T12:00:00+07:00`)})`;
  return null;
}
