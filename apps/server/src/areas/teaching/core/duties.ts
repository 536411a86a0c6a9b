import { formatDate } from '@app/shared/format';
import type { TWorkloadDuty, TWorkloadRules } from '@app/shared/workload';
import type { DutyRow } from './duties.repository';

const DAY = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;

/**
 * A teacher's duties as the calculator takes them: the rule set's name of the duty with where it comes
 * from ("Chủ nhiệm lớp – Chủ nhiệm lớp 10A1" reads badly, so a homeroom or head duty is its detail
 * alone). A code the rule set does not know is left out (a duty the school removed from the rules).
 * With a `period` (a declaration's semester and its teaching weeks), a stored duty held for part of it
 * counts for the weeks it covers (whole weeks begun, at most the period's) and says from when to when;
 * one held outside it is left out.
 */
export function dutyInputs(
  rows: readonly DutyRow[],
  rules: TWorkloadRules,
  period?: { start: string; end: string; weeks: number },
): TWorkloadDuty[] {
  const out: TWorkloadDuty[] = [];
  for (const r of rows) {
    const rule = rules.duties.find((d) => d.code === r.code);
    if (!rule) continue;
    let label = r.source === 'stored' ? (r.detail ? `${rule.name} (${r.detail})` : rule.name) : (r.detail ?? rule.name);
    let weeks: number | undefined;
    if (period && (r.startsOn !== null || r.endsOn !== null)) {
      const from = r.startsOn !== null && r.startsOn > period.start ? r.startsOn : period.start;
      const to = r.endsOn !== null && r.endsOn < period.end ? r.endsOn : period.end;
      if (to < from) continue;
      if (from > period.start || to < period.end) {
        weeks = Math.min(period.weeks, Math.ceil((dayOf(to) - dayOf(from) + 1) / 7));
        label = `${label}, từ ${formatDate(from)} đến ${formatDate(to)}`;
      }
    }
    out.push({ code: r.code, label, ...(weeks !== undefined ? { weeks } : {}) });
  }
  return out;
}
