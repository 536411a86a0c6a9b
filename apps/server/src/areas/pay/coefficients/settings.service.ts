import { formatDate, isoDateInSchool } from '@app/shared/format';
import type { TPaySettings, TPaySettingsList, TPaySettingsVersion } from '@app/shared/pay';
import type { Db, DbOrTx } from '@/db/client';
import { found, write } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { conflict } from '@/plugins/errors';
import { ruleSetOn } from '@/areas/teaching/rules/rules.service';
import { settingsRows, type SettingsRow } from '../core/values.repository';
import { inForceOn, isoOf } from '../core/values';
import { deleteSettings, insertSettings, lockSettings, settingsFromDay, updateSettings } from './settings.repository';

/*
 * The school-wide pay settings (issue 16 "Coefficients"): lương cơ sở, the overtime rate and the
 * allowances counted, each version in force from its date until the next. Listed with the one in force
 * today and the workload rule set pay computes with (the teaching area's, shown, never copied); created,
 * edited, deleted unless in force — the same rules as the workload rule sets. Audited as `pay_settings`.
 */

const ENTITY = 'pay_settings';
const NOUN = 'cấu hình lương';

/** What the audit log keeps: the version as stored. */
const snapshot = (r: SettingsRow) => ({
  id: r.id,
  effectiveFrom: r.effectiveFrom,
  baseSalary: Number(r.baseSalary),
  overtimeRatePercent: r.overtimeRatePercent,
  countedAllowances: r.countedAllowances,
  note: r.note,
});

const versionOf = (r: SettingsRow, inForceId: number | null): TPaySettingsVersion => ({
  ...snapshot(r),
  updatedAt: isoOf(r.updatedAt)!,
  inForce: r.id === inForceId,
});

/** Every version, latest first, the one in force today and the workload rule set in force today. */
export async function listPaySettings(db: DbOrTx, today = isoDateInSchool()): Promise<TPaySettingsList> {
  const rows = await settingsRows(db);
  const ruleSet = await ruleSetOn(db, today);
  const inForceId = inForceOn(rows, today)?.id ?? null;
  const { rules } = ruleSet;
  return {
    items: rows.map((r) => versionOf(r, inForceId)),
    inForceId,
    today,
    ruleSet: {
      id: ruleSet.id,
      name: rules.name,
      effectiveFrom: rules.effectiveFrom,
      teachingWeeks: rules.teachingWeeks,
      norms: rules.norms,
      overtimeCapPerYear: rules.overtimeCapPerYear,
    },
  };
}

async function shown(db: DbOrTx, id: number): Promise<TPaySettingsVersion> {
  return found(
    (await listPaySettings(db)).items.find((s) => s.id === id),
    NOUN,
  );
}

async function refuseSameDay(tx: DbOrTx, effectiveFrom: string, exceptId?: number) {
  if (await settingsFromDay(tx, effectiveFrom, exceptId))
    throw conflict(`Đã có cấu hình lương có hiệu lực từ ngày ${formatDate(effectiveFrom)}. Hãy sửa cấu hình đó hoặc chọn ngày khác.`);
}

export async function createPaySettings(opts: { db: Db; actor: Actor; input: TPaySettings }): Promise<TPaySettingsVersion> {
  const id = await write(opts.db, opts.actor, async (ctx) => {
    await refuseSameDay(ctx.tx, opts.input.effectiveFrom);
    const row = await insertSettings(ctx.tx, opts.input);
    await ctx.log({ action: 'create', entity: ENTITY, entityId: row.id, after: snapshot(row) });
    return row.id;
  });
  return shown(opts.db, id);
}

export async function editPaySettings(opts: { db: Db; actor: Actor; id: number; input: TPaySettings }): Promise<TPaySettingsVersion> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockSettings(ctx.tx, opts.id), NOUN);
    await refuseSameDay(ctx.tx, opts.input.effectiveFrom, opts.id);
    const after = await updateSettings(ctx.tx, opts.id, opts.input);
    await ctx.log({ action: 'update', entity: ENTITY, entityId: opts.id, before: snapshot(before), after: snapshot(after) });
  });
  return shown(opts.db, opts.id);
}

/**
 * Deletes a version, except the one in force today: today's salaries are computed with it, and removing
 * it would silently put an older version back in force.
 */
export async function removePaySettings(opts: { db: Db; actor: Actor; id: number; today?: string }): Promise<void> {
  const today = opts.today ?? isoDateInSchool();
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockSettings(ctx.tx, opts.id), NOUN);
    if (inForceOn(await settingsRows(ctx.tx), today)?.id === opts.id)
      throw conflict(
        `Không thể xóa cấu hình lương có hiệu lực từ ngày ${formatDate(before.effectiveFrom)} vì đang được áp dụng. Hãy tạo một phiên bản mới có hiệu lực từ ngày sau đó thay vì xóa.`,
      );
    await deleteSettings(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: ENTITY, entityId: opts.id, before: snapshot(before) });
  });
}
