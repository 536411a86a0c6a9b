import { and, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TCode, TTheme, TThemeCode } from '@app/shared/theme-codes';
import { queryRows, type DbOrTx } from '@/db/client';
import { codes, themeCodes, themes } from '@/db/schema/survey-responses';
import { foldSql, searchColumns, totalOver } from '@/db/sql';
import { approvedTextOnly } from '../core/approved-text.repository';

/** Themes and codes and their assignments: the only SQL of that side of the module. */

export type ThemeRow = typeof themes.$inferSelect;
export type CodeRow = typeof codes.$inferSelect;
export type ThemeValues = Pick<ThemeRow, 'name' | 'description'>;
export type CodeValues = Pick<CodeRow, 'name' | 'description'> & { keywords: string[] };

/** Texts count only while their review says approved (a text rejected later drops out). */
const APPROVED_DETAIL = approvedTextOnly(sql`rdc.response_detail_id`);

// Spelled out: Drizzle leaves columns unqualified in a one-table select, which would bind a
// subquery's "id" to the inner table.
const codeCount = sql<number>`cast((select count(*) from theme_codes tc where tc.theme_id = "themes"."id") as integer)`;
const tagCount = sql<number>`cast((select count(*) from response_detail_codes rdc where rdc.code_id = "codes"."id" and ${APPROVED_DETAIL}) as integer)`;
const themesOfCode = sql<Array<{ id: number; name: string }>>`coalesce((
  select json_agg(json_build_object('id', th.id, 'name', th.name) order by th.name, th.id)
  from theme_codes tc join themes th on th.id = tc.theme_id where tc.code_id = "codes"."id"), '[]'::json)`;

export const THEME_SORTS = ['name', 'codeCount', 'createdAt'] as const;
export type ThemeSort = (typeof THEME_SORTS)[number];
// Names sort without diacritics ("Âm nhạc" before "Bóng đá"); a byte order would put accented capitals last.
export const themeSortColumns: Record<ThemeSort, AnyColumn | SQL> = { name: foldSql(themes.name), codeCount, createdAt: themes.createdAt };
export const themeTieBreak = [foldSql(themes.name), themes.id];

export const CODE_SORTS = ['name', 'tagCount', 'createdAt'] as const;
export type CodeSort = (typeof CODE_SORTS)[number];
export const codeSortColumns: Record<CodeSort, AnyColumn | SQL> = { name: foldSql(codes.name), tagCount, createdAt: codes.createdAt };
export const codeTieBreak = [foldSql(codes.name), codes.id];

const themeColumns = {
  id: themes.id,
  name: themes.name,
  description: themes.description,
  codeCount,
  createdAt: themes.createdAt,
  updatedAt: themes.updatedAt,
};
const codeColumns = {
  id: codes.id,
  name: codes.name,
  description: codes.description,
  keywords: codes.keywords,
  themes: themesOfCode,
  tagCount,
  createdAt: codes.createdAt,
  updatedAt: codes.updatedAt,
};

function toTheme(r: { id: number; name: string; description: string | null; codeCount: number; createdAt: Date; updatedAt: Date }): TTheme {
  return { ...r, codeCount: Number(r.codeCount), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}

function toCode(r: {
  id: number;
  name: string;
  description: string | null;
  keywords: unknown;
  themes: Array<{ id: number; name: string }>;
  tagCount: number;
  createdAt: Date;
  updatedAt: Date;
}): TCode {
  return {
    ...r,
    keywords: Array.isArray(r.keywords) ? r.keywords.map(String) : [],
    themes: r.themes ?? [],
    tagCount: Number(r.tagCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

interface ListOpts {
  where?: SQL;
  order: SQL[];
  limit: number;
  offset: number;
}

// ---- Themes ----

export const themeSearch = (search?: string) => searchColumns([themes.name, themes.description], search);

export async function listThemes(db: DbOrTx, o: ListOpts) {
  const rows = await db
    .select({ ...themeColumns, total: totalOver })
    .from(themes)
    .where(o.where)
    .orderBy(...o.order)
    .limit(o.limit)
    .offset(o.offset);
  return { items: rows.map(toTheme), total: rows[0]?.total ?? 0 };
}

export async function findTheme(db: DbOrTx, id: number): Promise<TTheme | null> {
  const [row] = await db.select(themeColumns).from(themes).where(eq(themes.id, id)).limit(1);
  return row ? toTheme(row) : null;
}

export async function lockTheme(db: DbOrTx, id: number): Promise<ThemeRow | null> {
  const [row] = await db.select().from(themes).where(eq(themes.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function themeNameTaken(db: DbOrTx, name: string, exceptId?: number) {
  const rows = await db
    .select({ id: themes.id })
    .from(themes)
    .where(and(sql`lower(${themes.name}) = lower(${name})`, exceptId ? ne(themes.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertTheme(db: DbOrTx, v: ThemeValues): Promise<ThemeRow> {
  const [row] = await db.insert(themes).values(v).returning();
  return row;
}

export async function updateTheme(db: DbOrTx, id: number, v: ThemeValues): Promise<ThemeRow> {
  const [row] = await db
    .update(themes)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(themes.id, id))
    .returning();
  return row;
}

/** The assignments go with it (FK cascade); codes stay. */
export async function deleteTheme(db: DbOrTx, id: number) {
  await db.delete(themes).where(eq(themes.id, id));
}

export async function codesOfTheme(db: DbOrTx, themeId: number): Promise<TCode[]> {
  const rows = await db
    .select(codeColumns)
    .from(codes)
    .where(sql`exists (select 1 from theme_codes tc where tc.code_id = "codes"."id" and tc.theme_id = ${themeId})`)
    .orderBy(...codeTieBreak);
  return rows.map(toCode);
}

// ---- Codes ----

export function codeWhere(q: { search?: string; themeId?: number }): SQL | undefined {
  return and(
    searchColumns([codes.name, codes.description, codes.keywords], q.search),
    q.themeId ? sql`exists (select 1 from theme_codes tc where tc.code_id = "codes"."id" and tc.theme_id = ${q.themeId})` : undefined,
  );
}

export async function listCodes(db: DbOrTx, o: ListOpts) {
  const rows = await db
    .select({ ...codeColumns, total: totalOver })
    .from(codes)
    .where(o.where)
    .orderBy(...o.order)
    .limit(o.limit)
    .offset(o.offset);
  return { items: rows.map(toCode), total: rows[0]?.total ?? 0 };
}

export async function findCode(db: DbOrTx, id: number): Promise<TCode | null> {
  const [row] = await db.select(codeColumns).from(codes).where(eq(codes.id, id)).limit(1);
  return row ? toCode(row) : null;
}

/** Every code with its keywords: what analyze-survey matches with. */
export async function allCodeKeywords(db: DbOrTx): Promise<Array<{ id: number; keywords: string[] }>> {
  const rows = await db.select({ id: codes.id, keywords: codes.keywords }).from(codes);
  return rows.map((r) => ({ id: r.id, keywords: Array.isArray(r.keywords) ? r.keywords.map(String) : [] }));
}

export async function lockCode(db: DbOrTx, id: number): Promise<CodeRow | null> {
  const [row] = await db.select().from(codes).where(eq(codes.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function codeNameTaken(db: DbOrTx, name: string, exceptId?: number) {
  const rows = await db
    .select({ id: codes.id })
    .from(codes)
    .where(and(sql`lower(${codes.name}) = lower(${name})`, exceptId ? ne(codes.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertCode(db: DbOrTx, v: CodeValues): Promise<CodeRow> {
  const [row] = await db.insert(codes).values(v).returning();
  return row;
}

export async function updateCode(db: DbOrTx, id: number, v: CodeValues): Promise<CodeRow> {
  const [row] = await db
    .update(codes)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(codes.id, id))
    .returning();
  return row;
}

/** Its assignments and tags go with it (FK cascade): analysis data, not school records. */
export async function deleteCode(db: DbOrTx, id: number) {
  await db.delete(codes).where(eq(codes.id, id));
}

/** How many tags a code has (all, approved or not): the delete's audit says what went. */
export async function tagsOfCodeCount(db: DbOrTx, id: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select cast(count(*) as integer) as n from response_detail_codes where code_id = ${id}`,
  );
  return Number(r?.n ?? 0);
}

export async function themesOfCodeList(db: DbOrTx, codeId: number): Promise<TTheme[]> {
  const rows = await db
    .select(themeColumns)
    .from(themes)
    .where(sql`exists (select 1 from theme_codes tc where tc.theme_id = "themes"."id" and tc.code_id = ${codeId})`)
    .orderBy(...themeTieBreak);
  return rows.map(toTheme);
}

export async function existingThemeIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(db, sql`select id from themes where id = any(${`{${ids.join(',')}}`}::int[])`);
  return new Set(rows.map((r) => Number(r.id)));
}

// ---- Assignments ----

export async function findAssignment(db: DbOrTx, themeId: number, codeId: number): Promise<TThemeCode | null> {
  const [row] = await queryRows<{ themeId: number; themeName: string; codeId: number; codeName: string; createdAt: string | Date }>(
    db,
    sql`select tc.theme_id as "themeId", th.name as "themeName", tc.code_id as "codeId", c.name as "codeName", tc.created_at as "createdAt"
        from theme_codes tc join themes th on th.id = tc.theme_id join codes c on c.id = tc.code_id
        where tc.theme_id = ${themeId} and tc.code_id = ${codeId}`,
  );
  return row
    ? { ...row, themeId: Number(row.themeId), codeId: Number(row.codeId), createdAt: new Date(row.createdAt).toISOString() }
    : null;
}

export async function insertAssignment(db: DbOrTx, themeId: number, codeId: number) {
  await db.insert(themeCodes).values({ themeId, codeId });
}

export async function deleteAssignment(db: DbOrTx, themeId: number, codeId: number): Promise<boolean> {
  const rows = await db
    .delete(themeCodes)
    .where(and(eq(themeCodes.themeId, themeId), eq(themeCodes.codeId, codeId)))
    .returning({ t: themeCodes.themeId });
  return rows.length > 0;
}

/** Makes the code's themes exactly `themeIds`; answers what was added and removed. */
export async function setCodeThemes(db: DbOrTx, codeId: number, themeIds: number[]) {
  const arr = `{${themeIds.join(',')}}`;
  const removed = await queryRows<{ themeId: number }>(
    db,
    sql`delete from theme_codes where code_id = ${codeId} and not (theme_id = any(${arr}::int[])) returning theme_id as "themeId"`,
  );
  const added = await queryRows<{ themeId: number }>(
    db,
    sql`insert into theme_codes (theme_id, code_id) select t, ${codeId} from unnest(${arr}::int[]) as t
        on conflict do nothing returning theme_id as "themeId"`,
  );
  return { added: added.map((r) => Number(r.themeId)), removed: removed.map((r) => Number(r.themeId)) };
}
