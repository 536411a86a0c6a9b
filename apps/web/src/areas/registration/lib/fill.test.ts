import { describe, expect, it } from 'vitest';
import { makeOffer } from '../test/fixtures';
import { demandByClass, fillByClass, fillByGradeCampus, fillBySubject, fmtPercent, withSeats } from './fill';

describe('fill', () => {
  const offers = [
    makeOffer(11, { taken: 15, capacity: 30 }),
    makeOffer(12, { taken: 30, capacity: 30, waiting: 4 }),
    makeOffer(13, { subjectId: 2, subjectName: 'Ngữ văn', taken: 10, capacity: 40, campusName: 'Cơ sở 2' }),
  ];

  it('sums classes by subject and by grade and campus, fullest first', () => {
    expect(fillByClass(offers).map((r) => [r.key, r.percent])).toEqual([
      ['c12', 100],
      ['c11', 50],
      ['c13', 25],
    ]);
    expect(fillBySubject(offers)).toEqual([
      { key: 's1', label: 'Toán', taken: 45, capacity: 60, waiting: 4, percent: 75 },
      { key: 's2', label: 'Ngữ văn', taken: 10, capacity: 40, waiting: 0, percent: 25 },
    ]);
    expect(fillByGradeCampus(offers).map((r) => r.label)).toEqual(['Khối 10 · Cơ sở 1', 'Khối 10 · Cơ sở 2']);
    expect(fmtPercent(87.5)).toBe('87,5%');
  });

  it('ranks classes by demand (registered and waiting) against their seats', () => {
    expect(demandByClass(offers).map((r) => [r.key, r.taken, r.percent])).toEqual([
      ['d12', 34, 113.3],
      ['d11', 15, 50],
      ['d13', 10, 25],
    ]);
  });

  it('lays the live seats over the round’s read', () => {
    const live = withSeats(offers, new Map([[11, { courseClassId: 11, capacity: 30, taken: 29, waiting: 0 }]]));
    expect(live[0].taken).toBe(29);
    expect(live[1].taken).toBe(30);
  });
});
