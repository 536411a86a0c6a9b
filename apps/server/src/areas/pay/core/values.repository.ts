import { sql } from 'drizzle-orm';
import type { CoefficientValues, TAllowance } from '@app/shared/pay-calc';
import { queryRows, type DbOrTx } from '@/db/client';
import { paySettings, teacherCoefficients } from '@/db/schema/pay';

/* The SQL of the versioned pay values every part reads: the school's pay settings and teachers' coefficients. */

export interface SettingsRow {
  id: number;
  effectiveFrom: string;
  baseSalary: number;
  overtimeRatePercent: number;
  countedAllowances: Record<TAllowance, boolean>;
  note: string | null;
  updatedAt: Date | string;
}

/** A stored version: the calculator's values, with its id, teacher, note and last change. */
export interface CoefficientRow extends CoefficientValues {
  id: number;
  teacherId: number;
  note: string | null;
  updatedAt: Date | string;
}

export const SETTINGS_COLS = sql`id, effective_from::text as "effectiveFrom", base_salary::int8::float8 as "baseSalary",
  overtime_rate_percent as "overtimeRatePercent", counted_allowances as "countedAllowances", note, updated_at as "updatedAt"`;

/** Numerics as text without trailing zeros ("4.68", "30", "0.2"), as the shared contracts carry them. */
const dec = (col: string) => sql.raw(`trim_scale(${col})::text`);
export const COEFFICIENT_COLS = sql`id, teacher_id as "teacherId", effective_from::text as "effectiveFrom", rank, step,
  ${dec('coefficient')} as coefficient, ${dec('leadership_coefficient')} as "leadershipCoefficient",
  ${dec('preferential_percent')} as "preferentialPercent", ${dec('seniority_percent')} as "seniorityPercent",
  service_start_date::text as "serviceStartDate", ${dec('other_coefficient')} as "otherCoefficient", note, updated_at as "updatedAt"`;

/** Every settings version, latest first. */
export const settingsRows = (db: DbOrTx) =>
  queryRows<SettingsRow>(db, sql`select ${SETTINGS_COLS} from ${paySettings} order by effective_from desc`);

/** Every coefficient version of the given teachers (all teachers when absent), by teacher then latest first. */
export function coefficientRows(db: DbOrTx, teacherIds?: number[]): Promise<CoefficientRow[]> {
  const only = teacherIds ? sql`where teacher_id = any(${`{${teacherIds.join(',')}}`}::int[])` : sql``;
  return queryRows<CoefficientRow>(
    db,
    sql`select ${COEFFICIENT_COLS} from ${teacherCoefficients} ${only} order by teacher_id, effective_from desc`,
  );
}
