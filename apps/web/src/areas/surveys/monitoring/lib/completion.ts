import { CLOSING_SOON_DAYS, type TCompletion } from '@app/shared/survey-monitoring';
import { formatValue } from '@/lib/format';

/** "62,5%" (Vietnamese decimal comma); "—" when nothing is expected. */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  return `${new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 }).format(rate)}%`;
}

/** "5/8 lượt" — what the bar measures (a subject survey counts once per student and course class). */
export const itemsText = (c: Pick<TCompletion, 'done' | 'expected'>) => `${formatValue(c.done)}/${formatValue(c.expected)} lượt`;

/** "3/8 học sinh đã làm xong" */
export const studentsText = (c: Pick<TCompletion, 'studentsDone' | 'students'>) =>
  `${formatValue(c.studentsDone)}/${formatValue(c.students)} học sinh đã làm xong`;

/** Days left in words: "Kết thúc hôm nay", "Còn 3 ngày", "Đã kết thúc". */
export function daysLeftText(daysLeft: number | null): string {
  if (daysLeft === null) return 'Chưa đặt ngày kết thúc';
  if (daysLeft < 0) return 'Đã kết thúc';
  if (daysLeft === 0) return 'Kết thúc hôm nay';
  return `Còn ${daysLeft} ngày`;
}

export const closesSoon = (daysLeft: number | null) => daysLeft !== null && daysLeft >= 0 && daysLeft <= CLOSING_SOON_DAYS;
