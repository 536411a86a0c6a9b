import { describe, expect, it } from 'vitest';
import { daysLeft, daysLeftLabel, deadlineText } from './deadline';

describe('survey deadlines', () => {
  it('end at 23:59 of the end date, written dd/mm/yyyy HH:mm', () => {
    expect(deadlineText('2026-12-06')).toBe('06/12/2026 23:59');
    expect(deadlineText(null)).toBe('');
  });

  it("count whole days from the school's today (UTC+7), not the browser's", () => {
    // 17:30 UTC on 1 December is already 2 December in Hà Nội.
    const lateUtc = new Date('2026-12-01T17:30:00Z');
    expect(daysLeft('2026-12-06', lateUtc)).toBe(4);
    expect(daysLeft('2026-12-02', lateUtc)).toBe(0);
    expect(daysLeft('2026-12-01', lateUtc)).toBe(-1);
    expect(daysLeft(null, lateUtc)).toBeNull();
  });

  it('say the days left in words', () => {
    expect(daysLeftLabel(3)).toBe('còn 3 ngày');
    expect(daysLeftLabel(0)).toBe('hạn chót hôm nay');
    expect(daysLeftLabel(-1)).toBe('đã hết hạn');
    expect(daysLeftLabel(null)).toBe('chưa đặt hạn');
  });
});
