import { asc, desc, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { foldVietnamese } from '@app/shared/vietnamese';
import { queryRows, type DbOrTx } from './client';

// SQL helpers for code outside repositories (lib/list.ts, lib/write.ts): they build or run
// fragments without naming a table.

export type { SQL };

/**
 * `ORDER BY` from a whitelist; ties broken by the fallback columns so pages never overlap. A list
 * searched without a column to sort by puts the best matches first (`rank`, from `searchRank`).
 */
export function orderBy<K extends string>(
  columns: Record<K, AnyColumn | SQL>,
  q: { sort?: K; order: 'asc' | 'desc'; rank?: SQL },
  fallback: Array<AnyColumn | SQL>,
): SQL[] {
  const dir = q.order === 'desc' ? desc : asc;
  const first = q.sort ? [dir(columns[q.sort])] : q.rank ? [asc(q.rank)] : [];
  return [...first, ...fallback.map((c) => asc(c))];
}

/** A text matched literally inside a LIKE pattern. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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
  const parts = words.map((w) => ilike(column, `%${likeText(w)}%`));
  return parts.length === 1 ? parts[0] : sql.join(parts, sql` and `);
}

/**
 * How well a row matches a search, 0 best, for `orderBy`'s `rank` (undefined without a search):
 * 0 the code is the search ("HS260001"); 1 the whole name is; 2 the text holds it as whole words
 * ("Minh An" in "Nguyễn Minh An", not in "Nguyễn Minh Anh"); 3 a word (or the code) starts with
 * it; 4 every word starts a word, in any order; 5 the rest (inside words). Case and accents are
 * ignored, as in `searchWhere`. Only the rows the search kept are ranked, and on the stored folded
 * `text`: folding a column in SQL (translate over the whole alphabet) costs ~40 µs a row, so the
 * name is folded only where its length already equals the search's.
 */
export function searchRank(
  fields: { text: AnyColumn | SQL; code?: AnyColumn | SQL; name?: AnyColumn | SQL },
  search: string | undefined,
): SQL | undefined {
  const term = foldVietnamese(search ?? '');
  if (!term) return undefined;
  const words = term.split(' ').slice(0, 8);
  const spaced = sql`(' ' || ${fields.text} || ' ')`;
  const whens: Array<[SQL, number]> = [];
  if (fields.code) whens.push([sql`lower(${fields.code}) = ${term}`, 0]);
  if (fields.name) whens.push([sql`char_length(${fields.name}) = ${term.length} and ${foldSql(fields.name)} = ${term}`, 1]);
  whens.push([sql`${spaced} like ${`% ${likeText(term)} %`}`, 2]);
  whens.push([sql`${spaced} like ${`% ${likeText(term)}%`}`, 3]);
  if (words.length > 1)
    whens.push([
      sql.join(
        words.map((w) => sql`${spaced} like ${`% ${likeText(w)}%`}`),
        sql` and `,
      ),
      4,
    ]);
  return sql`(case ${sql.join(
    whens.map(([cond, rank]) => sql`when ${cond} then ${sql.raw(String(rank))}`),
    sql` `,
  )} else 5 end)`;
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
