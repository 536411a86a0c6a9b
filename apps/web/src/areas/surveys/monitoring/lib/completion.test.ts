import { describe, expect, it } from 'vitest';
import { closesSoon, daysLeftText, formatRate, itemsText, studentsText } from './completion';

describe('completion wording', () => {
  it('writes rates the Vietnamese way and a dash when nothing is expected', () => {
    expect(formatRate(62.5)).toBe('62,5%');
    expect(formatRate(100)).toBe('100%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(null)).toBe('—');
  });

  it('names items and students with digit grouping', () => {
    expect(itemsText({ done: 1234, expected: 2000 })).toBe('1.234/2.000 lượt');
    expect(studentsText({ studentsDone: 3, students: 8 })).toBe('3/8 học sinh đã làm xong');
  });

  it('says how long a survey has left; "closing soon" is within 7 days', () => {
    expect(daysLeftText(0)).toBe('Kết thúc hôm nay');
    expect(daysLeftText(3)).toBe('Còn 3 ngày');
    expect(daysLeftText(-1)).toBe('Đã kết thúc');
    expect(daysLeftText(null)).toBe('Chưa đặt ngày kết thúc');
    expect([closesSoon(0), closesSoon(7), closesSoon(8), closesSoon(-1), closesSoon(null)]).toEqual([true, true, false, false, false]);
  });
});
