import { describe, expect, it } from 'vitest';
import { formatValue } from './format';

describe('formatValue', () => {
  it('groups digits the Vietnamese way and passes strings through', () => {
    expect(formatValue(1234567)).toBe('1.234.567');
    expect(formatValue('85%')).toBe('85%');
  });
});
