import { describe, expect, it } from 'vitest';
import { clockOffset, formatDuration } from './time';

describe('registration time helpers', () => {
  it('says how long is left in days, hours and minutes, with seconds under an hour', () => {
    expect(formatDuration(((2 * 24 + 3) * 3600 + 5 * 60 + 9) * 1000)).toBe('2 ngày 3 giờ 5 phút');
    expect(formatDuration((4 * 60 + 10) * 1000)).toBe('4 phút 10 giây');
    expect(formatDuration(3600 * 1000)).toBe('1 giờ');
    expect(formatDuration(-5000)).toBe('0 giây');
  });

  it('measures the server clock against this device', () => {
    expect(clockOffset('2025-09-01T08:00:10.000+07:00', Date.parse('2025-09-01T01:00:00Z'))).toBe(10_000);
    expect(clockOffset('not a date', 5)).toBe(0);
  });
});
