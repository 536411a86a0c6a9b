import { eq, sql } from 'drizzle-orm';
import { TT05_2025_RULES } from '@app/shared/workload';
import type { Db, DbOrTx } from '../db/client';
import { appSettings } from '../db/schema/settings';
import { insertAudit } from '../plugins/audit.repository';
import { insertRuleSetIfNew } from '../areas/teaching/rules/rules.repository';

const SEEDED_KEY = 'workload_rules_seeded';

/**
 * Stores the workload rule set of Thông tư 05/2025 once per school (a marker in app_settings), so it is
 * a version people see and edit, not only the calculator's fallback; a school that later deletes it does
 * not get it back. A version already stored from the same day is left alone. Answers whether it ran.
 */
export async function seedWorkloadRules(db: DbOrTx): Promise<boolean> {
  const run = async (tx: DbOrTx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed-workload-rules'))`);
    const done = await tx.select().from(appSettings).where(eq(appSettings.key, SEEDED_KEY)).limit(1);
    if (done.length) return false;
    const { name, effectiveFrom, ...rules } = TT05_2025_RULES;
    const row = await insertRuleSetIfNew(tx, { name, effectiveFrom, rules });
    if (row)
      await insertAudit(tx, {
        actorId: null,
        action: 'create',
        entity: 'workload_rule_set',
        entityId: row.id,
        after: { id: row.id, name, effectiveFrom, rules, source: 'seed' },
      });
    await tx.insert(appSettings).values({ key: SEEDED_KEY, value: { at: new Date().toISOString(), added: row !== null } });
    return true;
  };
  // Inside the demo seed's transaction this is a savepoint; at start-up its own transaction.
  return (db as Db).transaction(run);
}
