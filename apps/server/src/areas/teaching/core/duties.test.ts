import { describe, expect, it } from 'vitest';
import { TT05_2025_RULES } from '@app/shared/workload';
import { dutyInputs } from './duties';
import type { DutyRow } from './duties.repository';

const row = (over: Partial<DutyRow>): DutyRow => ({
  teacherId: 1,
  code: 'NURSING_MOTHER',
  detail: null,
  source: 'stored',
  id: 1,
  startsOn: null,
  endsOn: null,
  ...over,
});
const HK1 = { start: '2026-09-05', end: '2027-01-16', weeks: 18 };

describe('dutyInputs', () => {
  it('names homeroom and head duties by their detail, the stored ones by the rule with their note', () => {
    expect(
      dutyInputs(
        [
          row({ code: 'HOMEROOM', detail: 'Chủ nhiệm lớp 10A1', source: 'homeroom', id: null }),
          row({ code: 'UNION_CHAIR', detail: 'Nhiệm kỳ 2025–2030' }),
          row({ code: 'GONE' }),
        ],
        TT05_2025_RULES,
        HK1,
      ),
    ).toEqual([
      { code: 'HOMEROOM', label: 'Chủ nhiệm lớp 10A1' },
      { code: 'UNION_CHAIR', label: 'Chủ tịch công đoàn (Nhiệm kỳ 2025–2030)' },
    ]);
  });

  it('counts a duty held for part of the period for the weeks it covers, and leaves out one held outside it', () => {
    const [part] = dutyInputs([row({ startsOn: '2026-11-02', endsOn: '2027-03-01' })], TT05_2025_RULES, HK1);
    // 02/11/2026 – 16/01/2027: 76 days, 11 weeks begun.
    expect(part).toEqual({ code: 'NURSING_MOTHER', label: 'Nuôi con dưới 12 tháng tuổi, từ 02/11/2026 đến 16/01/2027', weeks: 11 });
    expect(dutyInputs([row({ startsOn: '2027-02-01' })], TT05_2025_RULES, HK1)).toEqual([]);
    // Covering the whole period: no weeks (the calculator takes the period's).
    expect(dutyInputs([row({ startsOn: '2026-08-01' })], TT05_2025_RULES, HK1)).toEqual([
      { code: 'NURSING_MOTHER', label: 'Nuôi con dưới 12 tháng tuổi' },
    ]);
  });
});
