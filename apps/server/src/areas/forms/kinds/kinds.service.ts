import type { z } from 'zod';
import type { TFormKind, ZFormKindInput } from '@app/shared/forms';
import type { Db, DbOrTx } from '@/db/client';
import { found, refuseIfUsed, write } from '@/lib/write';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { conflict } from '@/plugins/errors';
import { FORM_KIND_WRITERS } from '../access';
import { kindRow, kindRows, type KindRow } from '../core/kinds.repository';
import { codeTaken, deleteKind, insertKind, kindUsage, updateKind, type KindValues } from './kinds.repository';
import { schoolHolidays } from '@/areas/teaching/declarations/periods.service';

/*
 * Form kinds (issue 17): admin configures what students may ask for — the fields, when a form goes on to
 * the principal, whether an approved one counts as absence, the printable template. A kind in use keeps
 * its forms readable: it is deactivated rather than deleted; editing it changes the forms filled from now
 * on (a submitted form keeps the values it was submitted with).
 */

const ENTITY = 'form_kind';
const NOUN = 'loại đơn';
const STALE = 'Loại đơn vừa được người khác thay đổi. Hãy tải lại để xem bản mới nhất rồi sửa lại.';

type Input = z.output<typeof ZFormKindInput>;

const values = (i: Input): KindValues => ({
  code: i.code,
  name: i.name,
  description: i.description,
  fields: i.fields,
  escalation: i.escalation,
  countsAbsence: i.countsAbsence,
  template: i.template,
  active: i.active,
  sortOrder: i.sortOrder,
});

/** What the audit log keeps of a kind (the fields by key and type: enough to see what changed). */
const snapshot = (k: KindValues) => ({
  code: k.code,
  name: k.name,
  fields: k.fields.map((f) => `${f.key}:${f.type}${f.required ? '*' : ''}`).join(', '),
  escalation: k.escalation ? JSON.stringify(k.escalation) : null,
  countsAbsence: k.countsAbsence,
  active: k.active,
  sortOrder: k.sortOrder,
});

/** Every kind for admin; the active ones for everyone else. */
export async function listKinds(db: DbOrTx, actor: Actor): Promise<TFormKind[]> {
  return kindRows(db, { activeOnly: !hasAnyRole(actor, FORM_KIND_WRITERS) });
}

async function refuseTakenCode(db: DbOrTx, code: string, exceptId?: number) {
  if (await codeTaken(db, code, exceptId)) throw conflict(`Mã loại đơn "${code}" đã được dùng.`);
}

export async function createKind(opts: { db: Db; actor: Actor; input: Input }): Promise<KindRow> {
  const id = await write(opts.db, opts.actor, async (ctx) => {
    await refuseTakenCode(ctx.tx, opts.input.code);
    const v = values(opts.input);
    const newId = await insertKind(ctx.tx, v);
    await ctx.log({ action: 'create', entity: ENTITY, entityId: newId, after: snapshot(v) });
    return newId;
  });
  return found(await kindRow(opts.db, id), NOUN);
}

export async function editKind(opts: { db: Db; actor: Actor; id: number; version: number; input: Input }): Promise<KindRow> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await kindRow(ctx.tx, opts.id, true), NOUN);
    if (before.version !== opts.version) throw conflict(STALE);
    await refuseTakenCode(ctx.tx, opts.input.code, opts.id);
    const v = values(opts.input);
    if (!(await updateKind(ctx.tx, opts.id, opts.version, v))) throw conflict(STALE);
    await ctx.log({ action: 'update', entity: ENTITY, entityId: opts.id, before: snapshot(before), after: snapshot(v) });
  });
  return found(await kindRow(opts.db, opts.id), NOUN);
}

export async function removeKind(opts: { db: Db; actor: Actor; id: number }): Promise<void> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await kindRow(ctx.tx, opts.id, true), NOUN);
    await refuseIfUsed(ctx.tx, `${NOUN} này (hãy ngừng sử dụng thay vì xóa)`, [{ label: 'đơn của học sinh', count: kindUsage(opts.id) }]);
    await deleteKind(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: ENTITY, entityId: opts.id, before: snapshot(before) });
  });
}

/** The school's holidays (ISO dates, in order): a leave's sessions leave them out. */
export async function schoolDaysOff(db: DbOrTx): Promise<string[]> {
  // The set keeps the query's date order.
  return [...(await schoolHolidays(db))];
}
