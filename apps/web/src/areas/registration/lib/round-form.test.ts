import { describe, expect, it } from 'vitest';
import { ZRoundInput } from '@app/shared/registration';
import { emptyRoundValues, fromMoment, nextGroupKey, roundInput, toMoment } from './round-form';

describe('round form', () => {
  it('reads a school date and time as a moment in Asia/Ho_Chi_Minh and back', () => {
    expect(toMoment('2025-08-20', '07:30')).toBe('2025-08-20T07:30:00+07:00');
    expect(toMoment('20/08/2025', '07:30')).toBe('');
    expect(fromMoment('2025-08-20T00:30:00Z')).toEqual({ date: '2025-08-20', time: '07:30' });
  });

  it('turns the values into an input the contract accepts, and names its gaps', () => {
    const v = { ...emptyRoundValues('2025-08-19'), name: 'Đợt 1', maxClasses: 3 };
    expect(ZRoundInput.safeParse(roundInput(3, v)).error?.issues.map((i) => i.message)).toEqual(['Hãy chọn ít nhất một lớp học phần.']);
    const input = roundInput(3, {
      ...v,
      groups: [{ key: 'A', name: 'Tự chọn A', choose: 1 }],
      offers: [{ courseClassId: 11, compulsory: false, capacity: '', groupKey: 'A' }],
    });
    expect(input).toMatchObject({ opensAt: '2025-08-20T07:00:00+07:00', closesAt: '2025-08-27T17:00:00+07:00', maxClasses: 3 });
    expect(input.offers).toEqual([{ courseClassId: 11, compulsory: false, capacity: null, groupKey: 'A' }]);
    expect(ZRoundInput.safeParse(input).success).toBe(true);
    expect(nextGroupKey([{ key: 'A', name: '', choose: 1 }])).toBe('B');
  });
});
