import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

describe('timeAgo', () => {
  const now = new Date('2026-11-25T10:00:00+07:00');
  it.each([
    ['2026-11-25T09:59:30+07:00', 'vừa xong'],
    ['2026-11-25T09:55:00+07:00', '5 phút trước'],
    ['2026-11-25T07:00:00+07:00', '3 giờ trước'],
    ['2026-11-24T08:00:00+07:00', 'hôm qua'],
    ['2026-11-21T10:00:00+07:00', '4 ngày trước'],
    ['2026-11-01T10:00:00+07:00', '01/11/2026'],
  ])('%s → %s', (iso, said) => expect(timeAgo(iso, now)).toBe(said));
});
