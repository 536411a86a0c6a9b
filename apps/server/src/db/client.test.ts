import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, testDbKind } from '../test/db';
import { MAX_PREPARED_TEXTS, queryRows, type Database } from './client';

/** `queryRows(…, { prepare: true })`: the same rows as without, and on PostgreSQL one named statement per connection. */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const squares = (n: number) =>
  sql`select g as n, g * g as sq, ${`label ${n}`}::text as label from generate_series(1, ${n}::int) g order by g`;

describe('queryRows with prepare', () => {
  it('answers the same rows as the plain statement, for every parameter value', async () => {
    for (const n of [1, 3, 7]) {
      const plain = await queryRows(database.db, squares(n));
      const prepared = await queryRows(database.db, squares(n), { prepare: true });
      expect(prepared).toEqual(plain);
      expect(prepared).toHaveLength(n);
    }
  });

  it('runs in a transaction and sees its uncommitted writes', async () => {
    await database.db.execute(sql`create table if not exists prep_probe (id int primary key)`);
    const seen = await database.db.transaction(async (tx) => {
      await queryRows(tx, sql`insert into prep_probe (id) values (${41}::int)`, { prepare: true });
      await queryRows(tx, sql`insert into prep_probe (id) values (${42}::int)`, { prepare: true });
      return queryRows<{ id: number }>(tx, sql`select id from prep_probe where id > ${40}::int order by id`, { prepare: true });
    });
    expect(seen.map((r) => r.id)).toEqual([41, 42]);
  });

  it.runIf(testDbKind() === 'pg')('parses a text once per connection: one named statement, reused', async () => {
    const statements = await database.db.transaction(async (tx) => {
      for (const n of [2, 4, 6]) await queryRows(tx, squares(n), { prepare: true });
      return queryRows<{ name: string; calls: number }>(
        tx,
        sql`select name, generic_plans + custom_plans as calls from pg_prepared_statements where statement like '%generate_series%'`,
      );
    });
    expect(statements).toHaveLength(1);
    expect(statements[0].name).toMatch(/^q[0-9a-f]{20}$/);
    expect(Number(statements[0].calls)).toBeGreaterThanOrEqual(3);
  });

  it.runIf(testDbKind() === 'pg')(
    'prepares at most MAX_PREPARED_TEXTS texts: past them a text runs unnamed, with the same rows',
    async () => {
      const found = await database.db.transaction(async (tx) => {
        for (let i = 0; i <= MAX_PREPARED_TEXTS; i++) await queryRows(tx, sql.raw(`select ${i} as n /* cap probe */`), { prepare: true });
        const last = await queryRows<{ n: number }>(tx, sql.raw(`select ${MAX_PREPARED_TEXTS + 1} as n /* cap probe */`), {
          prepare: true,
        });
        const named = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from pg_prepared_statements where statement like '%cap probe%'`,
        );
        return { last: last[0].n, named: named[0].n };
      });
      expect(found.last).toBe(MAX_PREPARED_TEXTS + 1);
      // The texts of the earlier tests count too: no more than the cap are named on this connection.
      expect(found.named).toBeLessThanOrEqual(MAX_PREPARED_TEXTS);
      expect(found.named).toBeGreaterThan(MAX_PREPARED_TEXTS - 10);
    },
  );
});
