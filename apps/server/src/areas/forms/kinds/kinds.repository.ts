import { sql } from 'drizzle-orm';
import type { TFormEscalation, TFormField } from '@app/shared/forms';
import { queryRows, type DbOrTx } from '@/db/client';
import { formKinds } from '@/db/schema/forms';

/* The SQL that writes form kinds (reads are the area's core). */

export interface KindValues {
  code: string;
  name: string;
  description: string;
  fields: TFormField[];
  escalation: TFormEscalation | null;
  countsAbsence: boolean;
  template: string;
  active: boolean;
  sortOrder: number;
}

export async function insertKind(db: DbOrTx, v: KindValues): Promise<number> {
  const [row] = await db.insert(formKinds).values(v).returning({ id: formKinds.id });
  return row.id;
}

/** Updates a kind at the version read; false when someone changed it since. */
export async function updateKind(db: DbOrTx, id: number, version: number, v: KindValues): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update form_kinds set code = ${v.code}, name = ${v.name}, description = ${v.description},
          fields = ${JSON.stringify(v.fields)}::jsonb, escalation = ${v.escalation ? JSON.stringify(v.escalation) : null}::jsonb,
          counts_absence = ${v.countsAbsence}, template = ${v.template}, active = ${v.active}, sort_order = ${v.sortOrder},
          version = version + 1, updated_at = now()
        where id = ${id} and version = ${version} returning id`,
  );
  return rows.length > 0;
}

export async function deleteKind(db: DbOrTx, id: number) {
  await db.execute(sql`delete from form_kinds where id = ${id}`);
}

/** Forms of any state (drafts too) that use a kind: a kind in use is deactivated, not deleted. */
export const kindUsage = (id: number) => sql`select count(*) from student_forms where kind_id = ${id}`;

export async function codeTaken(db: DbOrTx, code: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from form_kinds where lower(code) = lower(${code}) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return rows.length > 0;
}
