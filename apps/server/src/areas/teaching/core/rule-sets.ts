import { TT05_2025_RULES, ZWorkloadRules, type TWorkloadRules } from '@app/shared/workload';
import type { DbOrTx } from '@/db/client';
import { ruleSetRowOn, ruleSetRows, type RuleSetRow } from './rule-sets.repository';

/*
 * The workload rule sets as the teaching area's parts read them (assignments, declarations, the
 * dashboard; the accountant's coefficients next): stored as JSON, checked by the shared contract on
 * the way out, the default of Thông tư 05/2025 when the school has stored none in force yet.
 */

export interface RuleSet {
  id: number | null;
  rules: TWorkloadRules;
}

function parsed(row: RuleSetRow): RuleSet {
  const rules = ZWorkloadRules.parse({ ...(row.rules as object), name: row.name, effectiveFrom: row.effectiveFrom });
  return { id: row.id, rules };
}

/** Every stored version, latest first. */
export async function allRuleSets(db: DbOrTx): Promise<RuleSet[]> {
  return (await ruleSetRows(db)).map(parsed);
}

/** The rules in force on a date (ISO): the latest version effective by then, else TT 05/2025's values. */
export async function rulesOn(db: DbOrTx, isoDate: string): Promise<RuleSet> {
  const row = await ruleSetRowOn(db, isoDate);
  return row ? parsed(row) : { id: null, rules: TT05_2025_RULES };
}
