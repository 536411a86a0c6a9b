import { formatDate, isoDateInSchool } from '@app/shared/format';
import type { TRuleSet, TRuleSetList } from '@app/shared/teaching';
import type { TWorkloadRules } from '@app/shared/workload';
import { rulesInForce } from '@app/shared/workload-calc';
import type { Db, DbOrTx } from '@/db/client';
import { found, write } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { conflict } from '@/plugins/errors';
import { ruleSetRows, type RuleSetRow } from '../core/rule-sets.repository';
import { allRuleSets, rulesOn } from '../core/rule-sets';
import { deleteRuleSet, insertRuleSet, lockRuleSet, ruleSetFromDay, updateRuleSet, type RuleSetValues } from './rules.repository';

/*
 * The versions of the workload rules (issue 15 "Workload rules as data"): listed with the one in force
 * today, created from a date, edited, deleted unless in force. Every change is audited as the entity
 * `workload_rule_set` with the whole rule set before and after.
 */

const ENTITY = 'workload_rule_set';
const NOUN = 'bộ quy định định mức';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

function values(rules: TWorkloadRules): RuleSetValues {
  const { name, effectiveFrom, ...rest } = rules;
  return { name, effectiveFrom, rules: rest };
}

/** What the audit log keeps: the whole rule set as stored. */
const snapshot = (row: RuleSetRow) => ({ id: row.id, name: row.name, effectiveFrom: row.effectiveFrom, rules: row.rules });

/** Every stored version, latest first, with the one in force today. */
export async function listRuleSets(db: DbOrTx, today = isoDateInSchool()): Promise<TRuleSetList> {
  const [sets, rows] = await Promise.all([allRuleSets(db), ruleSetRows(db)]);
  const updated = new Map(rows.map((r) => [r.id, iso(r.updatedAt)]));
  const current = rulesInForce(
    sets.map((s) => ({ id: s.id, effectiveFrom: s.rules.effectiveFrom })),
    today,
  );
  const items: TRuleSet[] = sets.map((s) => ({
    id: s.id!,
    name: s.rules.name,
    effectiveFrom: s.rules.effectiveFrom,
    rules: s.rules,
    updatedAt: updated.get(s.id!) ?? '',
    inForce: s.id === current?.id,
  }));
  return { items, inForceId: current?.id ?? null, today };
}

async function shown(db: DbOrTx, id: number): Promise<TRuleSet> {
  const list = await listRuleSets(db);
  return found(
    list.items.find((s) => s.id === id),
    NOUN,
  );
}

async function refuseSameDay(tx: DbOrTx, effectiveFrom: string, exceptId?: number) {
  if (await ruleSetFromDay(tx, effectiveFrom, exceptId))
    throw conflict(`Đã có bộ quy định định mức có hiệu lực từ ngày ${formatDate(effectiveFrom)}. Hãy sửa bộ đó hoặc chọn ngày khác.`);
}

export async function createRuleSet(opts: { db: Db; actor: Actor; input: TWorkloadRules }): Promise<TRuleSet> {
  const id = await write(opts.db, opts.actor, async (ctx) => {
    await refuseSameDay(ctx.tx, opts.input.effectiveFrom);
    const row = await insertRuleSet(ctx.tx, values(opts.input));
    await ctx.log({ action: 'create', entity: ENTITY, entityId: row.id, after: snapshot(row) });
    return row.id;
  });
  return shown(opts.db, id);
}

export async function editRuleSet(opts: { db: Db; actor: Actor; id: number; input: TWorkloadRules }): Promise<TRuleSet> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockRuleSet(ctx.tx, opts.id), NOUN);
    await refuseSameDay(ctx.tx, opts.input.effectiveFrom, opts.id);
    const after = await updateRuleSet(ctx.tx, opts.id, values(opts.input));
    await ctx.log({ action: 'update', entity: ENTITY, entityId: opts.id, before: snapshot(before), after: snapshot(after) });
  });
  return shown(opts.db, opts.id);
}

/**
 * Deletes a version, except the one in force today: declarations of the current period are computed
 * with it, and removing it would silently put an older version back in force.
 */
export async function removeRuleSet(opts: { db: Db; actor: Actor; id: number; today?: string }): Promise<void> {
  const today = opts.today ?? isoDateInSchool();
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockRuleSet(ctx.tx, opts.id), NOUN);
    const { inForceId } = await listRuleSets(ctx.tx, today);
    if (inForceId === opts.id)
      throw conflict(
        `Không thể xóa bộ quy định "${before.name}" vì đang có hiệu lực (từ ngày ${formatDate(before.effectiveFrom)}): kê khai và phân công hiện tại đang tính theo bộ này. Hãy tạo một phiên bản mới có hiệu lực từ ngày sau đó thay vì xóa.`,
      );
    await deleteRuleSet(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: ENTITY, entityId: opts.id, before: snapshot(before) });
  });
}

/** The workload rules in force on a date (TT 05/2025's values when none is stored): the one rule set pay computes with. */
export const ruleSetOn = (db: DbOrTx, isoDate: string) => rulesOn(db, isoDate);
