import type { CoefficientValues, PaySettingsValues } from '@app/shared/pay-calc';
import { rulesInForce } from '@app/shared/workload-calc';
import type { CoefficientRow, SettingsRow } from './values.repository';

/*
 * Versioned pay values as the calculator takes them: the version in force on a day is the latest one
 * effective on or before it (the same rule as the workload rule sets, `rulesInForce`). A month takes the
 * values in force on its first day: a change effective on the 15th applies from the next month.
 */

export const inForceOn = rulesInForce;

export const settingsValues = (r: SettingsRow): PaySettingsValues => ({
  effectiveFrom: r.effectiveFrom,
  baseSalary: Number(r.baseSalary),
  overtimeRatePercent: r.overtimeRatePercent,
  countedAllowances: r.countedAllowances,
});

export const coefficientValues = (r: CoefficientRow): CoefficientValues => ({
  effectiveFrom: r.effectiveFrom,
  rank: r.rank,
  step: r.step,
  coefficient: r.coefficient,
  leadershipCoefficient: r.leadershipCoefficient,
  preferentialPercent: r.preferentialPercent,
  seniorityPercent: r.seniorityPercent,
  serviceStartDate: r.serviceStartDate,
  otherCoefficient: r.otherCoefficient,
});

export const isoOf = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** Groups coefficient rows by teacher (rows come by teacher, latest first). */
export function byTeacher(rows: CoefficientRow[]): Map<number, CoefficientRow[]> {
  const map = new Map<number, CoefficientRow[]>();
  for (const r of rows) {
    const list = map.get(r.teacherId);
    if (list) list.push(r);
    else map.set(r.teacherId, [r]);
  }
  return map;
}
