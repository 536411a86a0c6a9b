import { describe, expect, it } from 'vitest';
import { displayToIso, isoToDisplay, maskDateInput } from './dates';

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
