import { sql } from 'drizzle-orm';
import type { TPaySettings } from '@app/shared/pay';
import { queryRows, type DbOrTx } from '@/db/client';
import { paySettings } from '@/db/schema/pay';
import { SETTINGS_COLS, type SettingsRow } from '../core/values.repository';

/* The writes of the pay settings versions (pay_settings); the reads every part shares are core/values.repository.ts. */

export async function lockSettings(db: DbOrTx, id: number): Promise<SettingsRow | null> {
  const [row] = await queryRows<SettingsRow>(db, sql`select ${SETTINGS_COLS} from ${paySettings} where id = ${id} for update`);
  return row ?? null;
}

/** Another version from the same day (the date is unique). */
export async function settingsFromDay(db: DbOrTx, effectiveFrom: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ${paySettings} where effective_from = ${effectiveFrom}::date ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
  return rows.length > 0;
}

export async function insertSettings(db: DbOrTx, v: TPaySettings): Promise<SettingsRow> {
  const [row] = await queryRows<SettingsRow>(
    db,
    sql`insert into ${paySettings} (effective_from, base_salary, overtime_rate_percent, counted_allowances, note)
        values (${v.effectiveFrom}::date, ${v.baseSalary}, ${v.overtimeRatePercent}, ${JSON.stringify(v.countedAllowances)}::jsonb, ${v.note})
        returning ${SETTINGS_COLS}`,
  );
  return row;
}

export async function updateSettings(db: DbOrTx, id: number, v: TPaySettings): Promise<SettingsRow> {
  const [row] = await queryRows<SettingsRow>(
    db,
    sql`update ${paySettings} set effective_from = ${v.effectiveFrom}::date, base_salary = ${v.baseSalary},
               overtime_rate_percent = ${v.overtimeRatePercent}, counted_allowances = ${JSON.stringify(v.countedAllowances)}::jsonb,
               note = ${v.note}, updated_at = now()
        where id = ${id} returning ${SETTINGS_COLS}`,
  );
  return row;
}

export async function deleteSettings(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`delete from ${paySettings} where id = ${id}`);
}
