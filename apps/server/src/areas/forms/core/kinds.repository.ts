import { sql } from 'drizzle-orm';
import type { TFormEscalation, TFormField, TFormKind } from '@app/shared/forms';
import { queryRows, type DbOrTx } from '@/db/client';

/* The form kinds as both parts read them: the kinds editor and the forms that are filled from them. */

export type KindRow = Omit<TFormKind, 'used'> & { used: number };

const COLUMNS = sql`k.id, k.code, k.name, k.description, k.fields, k.escalation, k.counts_absence as "countsAbsence",
  k.template, k.active, k.sort_order as "sortOrder", k.version,
  cast((select count(*) from student_forms f where f.kind_id = k.id and f.status <> 'draft') as integer) as used`;

interface Raw extends Omit<KindRow, 'fields' | 'escalation'> {
  fields: TFormField[];
  escalation: TFormEscalation | null;
}
const shape = (r: Raw): KindRow => ({ ...r, fields: r.fields ?? [], escalation: r.escalation ?? null, used: Number(r.used) });

export async function kindRow(db: DbOrTx, id: number, forUpdate = false): Promise<KindRow | null> {
  if (forUpdate) await db.execute(sql`select 1 from form_kinds where id = ${id} for update`);
  const [row] = await queryRows<Raw>(db, sql`select ${COLUMNS} from form_kinds k where k.id = ${id}`);
  return row ? shape(row) : null;
}

/** Every kind in the order students see them (sort order, then name). */
export async function kindRows(db: DbOrTx, opts: { activeOnly: boolean }): Promise<KindRow[]> {
  const rows = await queryRows<Raw>(
    db,
    sql`select ${COLUMNS} from form_kinds k ${opts.activeOnly ? sql`where k.active` : sql``} order by k.sort_order, k.name, k.id`,
  );
  return rows.map(shape);
}
