import { describe, expect, it } from 'vitest';
import { displayToIso, formatDate, formatDateTime, isoDateInSchool, isoToDisplay, maskDateInput, moduleLabel } from './format';

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

describe('isoDateInSchool', () => {
  it("is the school's calendar date, not UTC's", () => {
    // 23:30 UTC on 24/11 is already 25/11 in Hanoi.
    expect(isoDateInSchool(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(isoDateInSchool(new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-24');
  });
});

describe('dd/mm/yyyy ↔ YYYY-MM-DD', () => {
  it('converts both ways without time zones', () => {
    expect(isoToDisplay('2025-09-05')).toBe('05/09/2025');
    expect(isoToDisplay('')).toBe('');
    expect(displayToIso('5/9/2025')).toBe('2025-09-05');
    expect(displayToIso('29/02/2024')).toBe('2024-02-29');
    expect(displayToIso('29/02/2025')).toBeNull();
    expect(displayToIso('2025-09-05')).toBeNull();
  });

  it('adds slashes while digits are typed', () => {
    let t = '';
    for (const ch of '05092025') t = maskDateInput(t + ch);
    expect(t).toBe('05/09/2025');
    expect(maskDateInput('5/9/2025')).toBe('5/9/2025');
    expect(maskDateInput('05/')).toBe('05/');
    expect(maskDateInput('05/09/20251')).toBe('05/09/2025');
  });
});

describe('moduleLabel', () => {
  it('is the code, with "(hiện tại)" on the current module and nothing else appended', () => {
    expect(moduleLabel({ code: '2026-HK1-M2', isCurrent: true })).toBe('2026-HK1-M2 (hiện tại)');
    expect(moduleLabel({ code: '2026-HK1-M1', isCurrent: false })).toBe('2026-HK1-M1');
    expect(moduleLabel({ code: 'HP1' })).toBe('HP1');
  });
});
