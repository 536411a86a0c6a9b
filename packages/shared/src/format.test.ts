import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('formatDate', () => {
  it('shows dd/mm/yyyy in the school time zone', () => {
    expect(formatDate('2026-09-05')).toBe('05/09/2026');
    expect(formatDate(new Date('2026-12-31T18:30:00Z'))).toBe('01/01/2027');
    expect(formatDateTime(new Date('2026-11-22T03:05:00Z'))).toBe('22/11/2026 10:05');
  });
  it('gives an empty string for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
