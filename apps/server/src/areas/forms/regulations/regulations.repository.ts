import { sql, type SQL } from 'drizzle-orm';
import type {
  TAckClass,
  TAckStudent,
  TReaderRegulation,
  TReaderRegulationDetail,
  TRegulation,
  TRegulationDetail,
} from '@app/shared/regulations';
import { queryRows, type DbOrTx } from '@/db/client';
import { searchWhere } from '@/db/sql';
import { regulationAcknowledgements, regulations } from '@/db/schema/forms';

/*
 * The SQL of regulations (issue 17): the documents, their PDFs, the acknowledgements, and the counts per
 * homeroom class of the current academic year (active students only).
 */

export type RegulationRow = typeof regulations.$inferSelect;

const iso = (v: Date | string | null): string | null =>
  v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

/** The columns of a document as admin's list shows it, `r` the document. */
const adminColumns = sql`r.id, r.title, r.category, case when r.pdf_data is not null then 'pdf' else 'html' end as "contentKind",
  r.effective_from::text as "effectiveFrom", r.requires_ack as "requiresAck", r.status, r.published_at as "publishedAt",
  r.pdf_name as "pdfName", r.pdf_size as "pdfSize", r.version, r.updated_at as "updatedAt",
  (select count(*)::int from regulation_acknowledgements a where a.regulation_id = r.id) as "ackCount"`;

type AdminRow = Omit<TRegulation, 'publishedAt' | 'updatedAt'> & { publishedAt: Date | string | null; updatedAt: Date | string };
const adminShown = <T extends AdminRow>(r: T) => ({ ...r, publishedAt: iso(r.publishedAt), updatedAt: iso(r.updatedAt)! });

export interface RegulationFilter {
  search?: string;
  status?: string;
  category?: string;
}

function adminWhere(f: RegulationFilter): SQL {
  const parts: SQL[] = [sql`true`];
  const s = searchWhere(regulations.searchText, f.search);
  if (s) parts.push(s);
  if (f.status) parts.push(sql`r.status = ${f.status}`);
  if (f.category) parts.push(sql`r.category = ${f.category}`);
  return sql.join(parts, sql` and `);
}

/** Admin's list, newest change first, with the total before paging. */
export async function regulationPage(
  db: DbOrTx,
  opts: RegulationFilter & { limit: number; offset: number },
): Promise<{ items: TRegulation[]; total: number }> {
  const rows = await queryRows<AdminRow & { total: number }>(
    db,
    sql`select ${adminColumns}, count(*) over ()::int as total from regulations r
        where ${adminWhere(opts)} order by r.updated_at desc, r.id desc limit ${opts.limit} offset ${opts.offset}`,
  );
  return { items: rows.map(({ total: _t, ...r }) => adminShown(r)), total: rows[0]?.total ?? 0 };
}

export async function regulationDetail(db: DbOrTx, id: number): Promise<TRegulationDetail | null> {
  const [row] = await queryRows<AdminRow & { bodyHtml: string | null }>(
    db,
    sql`select ${adminColumns}, r.body_html as "bodyHtml" from regulations r where r.id = ${id}`,
  );
  return row ? adminShown(row) : null;
}

/** The bare row without its PDF bytes, locked for a write. */
export type LockedRegulation = Omit<RegulationRow, 'pdfData'> & { hasPdf: boolean };
export async function lockRegulation(tx: DbOrTx, id: number): Promise<LockedRegulation | null> {
  const [row] = await queryRows<LockedRegulation>(
    tx,
    sql`select id, title, category, body_html as "bodyHtml", pdf_name as "pdfName", pdf_size as "pdfSize",
          effective_from::text as "effectiveFrom", requires_ack as "requiresAck", status, published_at as "publishedAt",
          search_text as "searchText", created_by as "createdBy", version, created_at as "createdAt", updated_at as "updatedAt",
          (pdf_data is not null) as "hasPdf"
        from regulations where id = ${id} for update`,
  );
  return row ?? null;
}

export interface RegulationFields {
  title: string;
  category: string;
  /** null when the content is the PDF. */
  bodyHtml: string | null;
  effectiveFrom: string;
  requiresAck: boolean;
  searchText: string;
  /** Drop the stored PDF (the content became rich text). */
  dropPdf: boolean;
}

export async function insertRegulation(tx: DbOrTx, f: RegulationFields & { createdBy: number | null }): Promise<number> {
  const [row] = await tx
    .insert(regulations)
    .values({
      title: f.title,
      category: f.category,
      bodyHtml: f.bodyHtml ?? '',
      effectiveFrom: f.effectiveFrom,
      requiresAck: f.requiresAck,
      searchText: f.searchText,
      createdBy: f.createdBy,
    })
    .returning({ id: regulations.id });
  return row.id;
}

/** Writes the fields when the version still matches; false when someone saved in between. */
export async function updateRegulation(tx: DbOrTx, id: number, version: number, f: RegulationFields): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update regulations set title = ${f.title}, category = ${f.category},
          body_html = ${f.bodyHtml}, effective_from = ${f.effectiveFrom}, requires_ack = ${f.requiresAck},
          search_text = ${f.searchText}, version = version + 1, updated_at = now()
          ${f.dropPdf ? sql`, pdf_data = null, pdf_name = null, pdf_size = null` : sql``}
        where id = ${id} and version = ${version} returning id`,
  );
  return rows.length === 1;
}

/** Stores the PDF as the content (the rich text goes), when the version still matches. */
export async function storePdf(tx: DbOrTx, opts: { id: number; version: number; name: string; data: Buffer }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update regulations set pdf_data = ${opts.data}, pdf_name = ${opts.name}, pdf_size = ${opts.data.length},
          body_html = null, version = version + 1, updated_at = now()
        where id = ${opts.id} and version = ${opts.version} returning id`,
  );
  return rows.length === 1;
}

export async function setStatus(tx: DbOrTx, opts: { id: number; version: number; status: string; publish: boolean }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update regulations set status = ${opts.status}, version = version + 1, updated_at = now()
          ${opts.publish ? sql`, published_at = now()` : sql``}
        where id = ${opts.id} and version = ${opts.version} returning id`,
  );
  return rows.length === 1;
}

export async function deleteRegulation(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`delete from regulations where id = ${id}`);
}

/** Removes every acknowledgement of a document; answers how many went. */
export async function clearAcknowledgements(tx: DbOrTx, id: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with gone as (delete from regulation_acknowledgements where regulation_id = ${id} returning 1) select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

/** The file of a document: name, status, bytes (null when it has none). */
export async function pdfOf(db: DbOrTx, id: number): Promise<{ status: string; name: string | null; data: Buffer | null } | null> {
  const [row] = await db
    .select({ status: regulations.status, name: regulations.pdfName, data: regulations.pdfData })
    .from(regulations)
    .where(sql`${regulations.id} = ${id}`);
  return row ?? null;
}

/** Categories: those in use (published ones only unless `all`). */
export async function categoriesInUse(db: DbOrTx, all: boolean): Promise<string[]> {
  const rows = await queryRows<{ category: string }>(
    db,
    sql`select distinct category from regulations ${all ? sql`` : sql`where status = 'published'`} order by category`,
  );
  return rows.map((r) => r.category);
}

// ---------------------------------------------------------------- readers

const readerColumns = (studentId: number | null) => sql`r.id, r.title, r.category,
  case when r.pdf_data is not null then 'pdf' else 'html' end as "contentKind", r.effective_from::text as "effectiveFrom",
  r.requires_ack as "requiresAck", r.published_at as "publishedAt",
  ${studentId === null ? sql`null` : sql`(select a.acknowledged_at from regulation_acknowledgements a where a.regulation_id = r.id and a.student_id = ${studentId})`} as "acknowledgedAt"`;

type ReaderRow = Omit<TReaderRegulationDetail, 'publishedAt' | 'acknowledgedAt'> & {
  publishedAt: Date | string;
  acknowledgedAt: Date | string | null;
};
type ListReaderRow = Omit<ReaderRow, 'bodyHtml' | 'pdfName' | 'pdfSize'>;
const readerShown = <T extends ReaderRow>(r: T) => ({ ...r, publishedAt: iso(r.publishedAt)!, acknowledgedAt: iso(r.acknowledgedAt) });

/** Published documents, newest first; `pending`: those the student still has to acknowledge. */
export async function publishedPage(
  db: DbOrTx,
  opts: { studentId: number | null; search?: string; category?: string; pending?: boolean; limit: number; offset: number },
): Promise<{ items: TReaderRegulation[]; total: number }> {
  const parts: SQL[] = [sql`r.status = 'published'`];
  const s = searchWhere(regulations.searchText, opts.search);
  if (s) parts.push(s);
  if (opts.category) parts.push(sql`r.category = ${opts.category}`);
  if (opts.pending && opts.studentId !== null) {
    parts.push(
      sql`r.requires_ack and not exists (select 1 from regulation_acknowledgements a where a.regulation_id = r.id and a.student_id = ${opts.studentId})`,
    );
  }
  const rows = await queryRows<ListReaderRow & { total: number }>(
    db,
    sql`select ${readerColumns(opts.studentId)}, count(*) over ()::int as total from regulations r
        where ${sql.join(parts, sql` and `)} order by r.published_at desc, r.id desc limit ${opts.limit} offset ${opts.offset}`,
  );
  const items = rows.map(({ total: _t, ...r }) => ({ ...r, publishedAt: iso(r.publishedAt)!, acknowledgedAt: iso(r.acknowledgedAt) }));
  return { items, total: rows[0]?.total ?? 0 };
}

export async function publishedDetail(db: DbOrTx, id: number, studentId: number | null): Promise<TReaderRegulationDetail | null> {
  const [row] = await queryRows<ReaderRow>(
    db,
    sql`select ${readerColumns(studentId)}, r.body_html as "bodyHtml", r.pdf_name as "pdfName", r.pdf_size as "pdfSize"
        from regulations r where r.id = ${id} and r.status = 'published'`,
  );
  return row ? readerShown(row) : null;
}

/** Records a student's acknowledgement once; answers whether it is new. */
export async function acknowledge(tx: DbOrTx, regulationId: number, studentId: number): Promise<boolean> {
  const rows = await tx
    .insert(regulationAcknowledgements)
    .values({ regulationId, studentId })
    .onConflictDoNothing()
    .returning({ at: regulationAcknowledgements.acknowledgedAt });
  return rows.length === 1;
}

// ---------------------------------------------------------------- reports

/** Homeroom classes of the current year (limited to `classIds` when given) with their active students' counts. */
export async function ackClassCounts(db: DbOrTx, regulationId: number, classIds: number[] | null): Promise<TAckClass[]> {
  if (classIds && !classIds.length) return [];
  return queryRows<TAckClass>(
    db,
    sql`select hc.id as "classId", hc.name as "className", hc.grade,
          count(s.id)::int as "studentCount", count(a.student_id)::int as acknowledged,
          (count(s.id) - count(a.student_id))::int as missing
        from homeroom_classes hc join academic_years y on y.id = hc.academic_year_id and y.is_current
        left join students s on s.homeroom_class_id = hc.id and s.status = 'active'
        left join regulation_acknowledgements a on a.student_id = s.id and a.regulation_id = ${regulationId}
        ${
          classIds
            ? sql`where hc.id in (${sql.join(
                classIds.map((c) => sql`${c}`),
                sql`, `,
              )})`
            : sql``
        }
        group by hc.id, hc.name, hc.grade
        order by hc.grade, lower(hc.name), hc.id`,
  );
}

/** The active students of a class with their acknowledgement of the document (not acknowledged first). */
export async function ackStudents(db: DbOrTx, regulationId: number, classIds: number[], onlyMissing = false) {
  if (!classIds.length) return [];
  const rows = await queryRows<TAckStudent & { acknowledgedAt: Date | string | null; className: string }>(
    db,
    sql`select s.id as "studentId", s.student_code as "studentCode", s.full_name as "fullName", a.acknowledged_at as "acknowledgedAt",
          hc.name as "className"
        from students s join homeroom_classes hc on hc.id = s.homeroom_class_id
        left join regulation_acknowledgements a on a.student_id = s.id and a.regulation_id = ${regulationId}
        where s.status = 'active' and s.homeroom_class_id in (${sql.join(
          classIds.map((c) => sql`${c}`),
          sql`, `,
        )})
          ${onlyMissing ? sql`and a.student_id is null` : sql``}
        order by hc.grade, lower(hc.name), (a.student_id is not null), s.sort_key, s.id`,
  );
  return rows.map((r) => ({ ...r, acknowledgedAt: iso(r.acknowledgedAt) }));
}

/** The current year's homeroom classes a teacher leads. */
export async function classesOfTeacher(db: DbOrTx, teacherId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select hc.id from homeroom_classes hc join academic_years y on y.id = hc.academic_year_id and y.is_current
        where hc.homeroom_teacher_id = ${teacherId} order by hc.id`,
  );
  return rows.map((r) => r.id);
}

/** Every current-year homeroom class id. */
export async function currentClassIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select hc.id from homeroom_classes hc join academic_years y on y.id = hc.academic_year_id and y.is_current order by hc.id`,
  );
  return rows.map((r) => r.id);
}

/** Published documents students must acknowledge, newest first (the homeroom teacher's status). */
export async function publishedToAcknowledge(db: DbOrTx) {
  const rows = await queryRows<{ id: number; title: string; category: string; publishedAt: Date | string }>(
    db,
    sql`select id, title, category, published_at as "publishedAt" from regulations
        where status = 'published' and requires_ack order by published_at desc, id desc limit 50`,
  );
  return rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt)! }));
}
