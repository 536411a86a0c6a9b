import { asc, desc, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { foldVietnamese } from '@app/shared/vietnamese';
import { queryRows, type DbOrTx } from './client';

// SQL helpers for code outside repositories (lib/list.ts, lib/write.ts): they build or run
// fragments without naming a table.

export type { SQL };

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
  const words = foldVietnamese(search ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return undefined;
  const parts = words.map((w) => ilike(column, `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return parts.length === 1 ? parts[0] : sql.join(parts, sql` and `);
}

/** Accent-insensitive search over plain text columns (small tables without a search column). */
export function searchColumns(columns: Array<AnyColumn | SQL>, search: string | undefined): SQL | undefined {
  if (!search?.trim()) return undefined;
  const text = sql.join(
    columns.map((c) => sql`coalesce(${c}::text, '')`),
    sql` || ' ' || `,
  );
  return searchWhere(sql`${foldSql(text)}`, search);
}

/** The SQL twin of foldVietnamese for columns that have no stored search text. */
export function foldSql(expr: SQL | AnyColumn): SQL {
  return sql`lower(translate(${expr}, ${FROM}, ${TO}))`;
}
const FROM =
  'àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđÀÁẢÃẠĂẰẮẲẴẶÂẦẤẨẪẬÈÉẺẼẸÊỀẾỂỄỆÌÍỈĨỊÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢÙÚỦŨỤƯỪỨỬỮỰỲÝỶỸỴĐ';
const TO =
  'aaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyydAAAAAAAAAAAAAAAAAEEEEEEEEEEEIIIIIOOOOOOOOOOOOOOOOOUUUUUUUUUUUYYYYYD';

/** `count(*) over ()` lets one query return a page and the total; 0 when the page is empty. */
export const totalOver = sql<number>`cast(count(*) over () as integer)`;

/** Runs a `select count(*)` fragment and answers the count. */
export async function countOf(db: DbOrTx, count: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select cast((${count}) as integer) as n`);
  return Number(row?.n ?? 0);
}
