import { asc, desc, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ZListQuery } from '@app/shared/api';
import { foldVietnamese } from '@app/shared/vietnamese';

/**
 * The one list mechanism (docs/architecture.md "API conventions"): `page`, `limit`, `search`, `sort`,
 * `order` plus a route's own filters, answered as `{items, total, page, limit}`.
 */
export function listQuery<S extends readonly [string, ...string[]], F extends z.ZodRawShape = {}>(sortKeys: S, filters?: F) {
  return ZListQuery.extend({
    sort: z.enum(sortKeys).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
    ...(filters ?? ({} as F)),
  });
}

/** Query-string id filters: `?campusId=3`. */
export const zIdFilter = z.coerce.number().int().positive().optional();
/** Query-string booleans: `?active=true`. */
export const zBoolFilter = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** `ORDER BY` from a whitelist; ties broken by the fallback columns so pages never overlap. */
export function orderBy<K extends string>(
  columns: Record<K, AnyColumn | SQL>,
  q: { sort?: K; order: 'asc' | 'desc' },
  fallback: Array<AnyColumn | SQL>,
): SQL[] {
  const dir = q.order === 'desc' ? desc : asc;
  const first = q.sort ? [dir(columns[q.sort])] : [];
  return [...first, ...fallback.map((c) => asc(c))];
}

/**
 * Accent-insensitive search on a `search_text` column that holds the folded text
 * ("Nguyễn Văn A HS001" → "nguyen van a hs001"): every word must appear.
 */
export function searchWhere(column: AnyColumn | SQL, search: string | undefined): SQL | undefined {
  const words = foldVietnamese(search ?? '').split(' ').filter(Boolean).slice(0, 8);
  if (!words.length) return undefined;
  const parts = words.map((w) => ilike(column, `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return parts.length === 1 ? parts[0] : sql.join(parts, sql` and `);
}

/** Accent-insensitive search over plain text columns (small tables without a search column). */
export function searchColumns(columns: Array<AnyColumn | SQL>, search: string | undefined): SQL | undefined {
  if (!search?.trim()) return undefined;
  const text = sql.join(columns.map((c) => sql`coalesce(${c}::text, '')`), sql` || ' ' || `);
  return searchWhere(sql`${foldSql(text)}`, search);
}

/** The SQL twin of foldVietnamese for columns that have no stored search text. */
export function foldSql(expr: SQL | AnyColumn): SQL {
  return sql`lower(translate(${expr}, ${FROM}, ${TO}))`;
}
const FROM = 'àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđÀÁẢÃẠĂẰẮẲẴẶÂẦẤẨẪẬÈÉẺẼẸÊỀẾỂỄỆÌÍỈĨỊÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢÙÚỦŨỤƯỪỨỬỮỰỲÝỶỸỴĐ';
const TO = 'aaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyydAAAAAAAAAAAAAAAAAEEEEEEEEEEEIIIIIOOOOOOOOOOOOOOOOOUUUUUUUUUUUYYYYYD';

/** The text stored in `search_text`: folded, so `searchWhere` matches with or without accents. */
export function searchText(...parts: Array<string | number | null | undefined>): string {
  return foldVietnamese(parts.filter((p) => p !== null && p !== undefined && p !== '').join(' '));
}

export function offsetOf(q: { page: number; limit: number }): number {
  return (q.page - 1) * q.limit;
}

export function page<T>(items: T[], total: number, q: { page: number; limit: number }) {
  return { items, total, page: q.page, limit: q.limit };
}

/** `count(*) over ()` lets one query return a page and the total; 0 when the page is empty. */
export const totalOver = sql<number>`cast(count(*) over () as integer)`;
