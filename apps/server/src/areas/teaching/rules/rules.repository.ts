import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';
import type { RuleSetRow } from '../core/rule-sets.repository';

/* The writes of the workload rule sets (workload_rule_sets); the reads are core/rule-sets.repository.ts. */

const COLS = sql`id, name, effective_from::text as "effectiveFrom", rules, updated_at as "updatedAt"`;

export interface RuleSetValues {
  name: string;
  effectiveFrom: string;
  /** The rules without their name and date (those are columns). */
  rules: object;
}

export async function lockRuleSet(db: DbOrTx, id: number): Promise<RuleSetRow | null> {
  const [row] = await queryRows<RuleSetRow>(db, sql`select ${COLS} from workload_rule_sets where id = ${id} for update`);
  return row ?? null;
}

/** Another version from the same day (the date is unique). */
export async function ruleSetFromDay(db: DbOrTx, effectiveFrom: string, exceptId?: number): Promise<{ id: number } | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from workload_rule_sets where effective_from = ${effectiveFrom}::date ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
  return row ?? null;
}

export async function insertRuleSet(db: DbOrTx, v: RuleSetValues): Promise<RuleSetRow> {
  const [row] = await queryRows<RuleSetRow>(
    db,
    sql`insert into workload_rule_sets (name, effective_from, rules)
        values (${v.name}, ${v.effectiveFrom}::date, ${JSON.stringify(v.rules)}::jsonb) returning ${COLS}`,
  );
  return row;
}

/** Inserts unless a version from the same day exists; answers the new row or null. */
export async function insertRuleSetIfNew(db: DbOrTx, v: RuleSetValues): Promise<RuleSetRow | null> {
  const [row] = await queryRows<RuleSetRow>(
    db,
    sql`insert into workload_rule_sets (name, effective_from, rules)
        values (${v.name}, ${v.effectiveFrom}::date, ${JSON.stringify(v.rules)}::jsonb)
        on conflict (effective_from) do nothing returning ${COLS}`,
  );
  return row ?? null;
}

export async function updateRuleSet(db: DbOrTx, id: number, v: RuleSetValues): Promise<RuleSetRow> {
  const [row] = await queryRows<RuleSetRow>(
    db,
    sql`update workload_rule_sets set name = ${v.name}, effective_from = ${v.effectiveFrom}::date,
               rules = ${JSON.stringify(v.rules)}::jsonb, updated_at = now()
        where id = ${id} returning ${COLS}`,
  );
  return row;
}

export async function deleteRuleSet(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`delete from workload_rule_sets where id = ${id}`);
}
