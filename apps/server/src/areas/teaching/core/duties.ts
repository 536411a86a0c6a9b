import type { TWorkloadDuty, TWorkloadRules } from '@app/shared/workload';
import type { DutyRow } from './duties.repository';

/**
 * A teacher's duties as the calculator takes them: the rule set's name of the duty with where it comes
 * from ("Chủ nhiệm lớp – Chủ nhiệm lớp 10A1" reads badly, so a homeroom or head duty is its detail
 * alone). A code the rule set does not know is left out (a duty the school removed from the rules).
 */
export function dutyInputs(rows: readonly DutyRow[], rules: TWorkloadRules): TWorkloadDuty[] {
  const out: TWorkloadDuty[] = [];
  for (const r of rows) {
    const rule = rules.duties.find((d) => d.code === r.code);
    if (!rule) continue;
    const label = r.source === 'stored' ? (r.detail ? `${rule.name} (${r.detail})` : rule.name) : (r.detail ?? rule.name);
    out.push({ code: r.code, label });
  }
  return out;
}
