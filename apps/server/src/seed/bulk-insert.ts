import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '../db/client';

/**
 * Many rows in one statement with ONE parameter: the rows travel as a JSON array and
 * `json_to_recordset` turns them back into typed columns. A multi-row `insert … values` with
 * thousands of bind parameters is ~10× slower on PGlite (and costs drizzle a lot of SQL building);
 * this keeps the demo seed and the benchmarks' 10,000-row fixtures at a fraction of a second.
 *
 * Column names and types come from the drizzle table, so callers still write property names.
 * Rows are inserted in array order (identity ids follow it); `returning` maps back to properties
 * (meant for ids and keys: values come back raw from the driver). A column that some rows set and
 * others leave out gets NULL in the latter, not its default: set it in every row or in none.
 */
export async function bulkInsert<T extends PgTable, K extends keyof T['$inferSelect'] & string = never>(
  db: DbOrTx,
  table: T,
  rows: Array<T['$inferInsert']>,
  returning: K[] = [],
  chunkSize = 5000,
): Promise<Array<Pick<T['$inferSelect'], K>>> {
  if (!rows.length) return [];
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keySet = new Set<string>();
  for (const r of rows) for (const [k, v] of Object.entries(r as object)) if (v !== undefined && columns[k]) keySet.add(k);
  const keys = [...keySet];
  const q = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);
  const colList = sql.join(
    keys.map((k) => q(columns[k].name)),
    sql`, `,
  );
  const defs = sql.join([...keys.map((k) => sql`${q(columns[k].name)} ${sql.raw(columns[k].getSQLType())}`), sql`"__i" integer`], sql`, `);
  const ret: SQL = returning.length
    ? sql` returning ${sql.join(
        returning.map((k) => sql`${q(columns[k].name)} as ${q(k)}`),
        sql`, `,
      )}`
    : sql``;
  const out: Array<Pick<T['$inferSelect'], K>> = [];
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize).map((r, j) => {
      const o: Record<string, unknown> = { __i: j };
      for (const k of keys) o[columns[k].name] = toJson((r as Record<string, unknown>)[k]);
      return o;
    });
    const res = await queryRows<Pick<T['$inferSelect'], K>>(
      db,
      sql`insert into ${q(getTableName(table))} (${colList})
          select ${colList} from json_to_recordset(${JSON.stringify(chunk)}::json) as x(${defs}) order by "__i"${ret}`,
    );
    out.push(...res);
  }
  return out;
}

function toJson(v: unknown) {
  if (v instanceof Date) return v.toISOString();
  return v === undefined ? null : v;
}
