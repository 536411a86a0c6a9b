import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@/db/client';
import { workloadRuleSets } from '@/db/schema/teaching';

/* The SQL of the workload rule sets (workload_rule_sets): every version, and the one in force on a date. */

export interface RuleSetRow {
  id: number;
  name: string;
  effectiveFrom: string;
  rules: unknown;
  updatedAt: Date | string;
}

const COLS = sql`id, name, effective_from::text as "effectiveFrom", rules, updated_at as "updatedAt"`;

export const ruleSetRows = (db: DbOrTx) =>
  queryRows<RuleSetRow>(db, sql`select ${COLS} from ${workloadRuleSets} order by effective_from desc`);

/** The version in force on `isoDate`: the latest one effective on or before it. */
export async function ruleSetRowOn(db: DbOrTx, isoDate: string): Promise<RuleSetRow | null> {
  const [row] = await queryRows<RuleSetRow>(
    db,
    sql`select ${COLS} from ${workloadRuleSets} where effective_from <= ${isoDate}::date order by effective_from desc limit 1`,
  );
  return row ?? null;
}
