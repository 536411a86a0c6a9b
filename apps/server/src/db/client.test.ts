import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createTestDatabase, testDbKind } from '../test/db';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  lockOffersSql,
  lockStudentSql,
  NEW_REGISTRATION,
  promoteSql,
  swapSql,
  takeSeatAndRegisterSql,
} from '@/areas/registration/core/seats.repository';
import { actionEndSql, actionStartSql, actionStateSql, storeRegisteredSql } from '@/areas/registration/me.repository';
import { auditInsertSql } from '@/plugins/audit.repository';
import { auditLogs } from './schema/audit';
import { users } from './schema/users';
import { MAX_PREPARED_TEXTS, batchTransaction, queryBatch, queryRows, sqlToQueryFast, type Database, type Db } from './client';

/** `queryRows(…, { prepare: true })`: the same rows as without, and on PostgreSQL one named statement per connection. */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const squares = (n: number) =>
  sql`select g as n, g * g as sq, ${`label ${n}`}::text as label from generate_series(1, ${n}::int) g order by g`;

describe('sqlToQueryFast', () => {
  const dialect = new PgDialect();
  const both = (q: ReturnType<typeof sql>) => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    const fast = sqlToQueryFast({ dialect }, q);
    return [
      { sql: fast.sql, params: fast.params },
      { sql: text, params },
    ];
  };

  it("makes drizzle's text and parameters for the rush's statements", () => {
    const audit = auditInsertSql(
      [
        {
          actorId: 7,
          requestId: 'r-1',
          ip: '10.0.0.1',
          action: 'register',
          entity: 'registration',
          entityId: NEW_REGISTRATION.id,
          after: NEW_REGISTRATION.snapshot({ roundId: 3, studentId: 5, courseClassId: 11 }),
        },
      ],
      NEW_REGISTRATION.row,
    );
    const statements = [
      lockStudentSql(3, 5),
      actionStartSql({ roundId: 3, studentId: 5, requestId: 'q-1', offerId: 11, clash: true }),
      actionStartSql({ roundId: 3, studentId: 5, requestId: null, offerId: 12, fromId: 11, clash: false }),
      lockOffersSql(3, [12, 11]),
      takeSeatAndRegisterSql(
        { roundId: 3, studentId: 5, courseClassId: 11, waitlist: true },
        { audit, stored: storeRegisteredSql({ studentId: 5, requestId: 'q-1', roundId: 3, courseClassId: 11 }) },
      ),
      swapSql({ roundId: 3, studentId: 5, courseClassId: 12, from: { regId: 40, courseClassId: 11 } }),
      actionEndSql({ studentId: 5, requestId: 'q-2', roundId: 3, outcome: { outcome: 'dropped', courseClassId: 11 }, touched: [11] }),
      actionStateSql(3, 5, [11, 12]),
      promoteSql({ id: 40, roundId: 3, courseClassId: 11, studentId: 5 }, null),
      sql`select ${new Date('2026-12-04T00:00:00Z')}::timestamptz, ${true}, ${null}::int, ${"it's"}::text from ${auditLogs}`,
    ];
    for (const q of statements) {
      const [fast, drizzle] = both(q);
      expect(fast).toEqual(drizzle);
    }
  });

  it('leaves what it does not walk to drizzle: columns, arrays, objects, inlined parameters', () => {
    for (const q of [
      sql`select ${users.id} from ${users}`,
      sql`select 1 where 2 in ${[1, 2]}`,
      sql`select ${JSON.stringify({ a: 1 })}::jsonb, ${{ a: 1 }}::jsonb`,
      sql`select ${1}::int`.inlineParams(),
      sql`select ${sql.raw("'raw'")}, ${sql.placeholder('p')}`,
    ]) {
      const [fast, drizzle] = both(q);
      expect(fast).toEqual(drizzle);
    }
  });
});

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

/** The PostgreSQL error code of a failure: pg's error, or the one drizzle wraps (PGlite). */
async function failureCode(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code;
  }
  return undefined;
}

/** `queryBatch` and `batchTransaction`: several statements in one round trip on PostgreSQL, one after the other on PGlite. */
describe('queryBatch', () => {
  beforeAll(async () => {
    await database.db.execute(sql`create table if not exists batch_probe (id int primary key, note text)`);
  });

  it('answers each statement its rows, as queryRows does, prepared or not', async () => {
    const statements = [squares(2), sql`select ${'à "b" \\ c'}::text as t, ${null}::int as nothing, now() as at`, squares(3)];
    for (const opts of [undefined, { prepare: true } as const]) {
      const rows = await queryBatch(database.db, statements, opts);
      const one = [];
      for (const q of statements) one.push(await queryRows(database.db, q));
      expect(rows).toHaveLength(3);
      expect(rows[0]).toEqual(one[0]);
      expect(rows[2]).toEqual(one[2]);
      expect(rows[1]).toEqual([{ t: 'à "b" \\ c', nothing: null, at: expect.any(String) }]);
    }
  });

  it('stops at the first error: the statements after it do not run, the error is thrown', async () => {
    const failing = database.db.transaction(async (tx) => {
      await queryBatch(
        tx,
        [
          sql`insert into batch_probe (id, note) values (${1}::int, 'first')`,
          sql`insert into batch_probe (id, note) values (${1}::int, 'again')`,
          sql`insert into batch_probe (id, note) values (${2}::int, 'never')`,
        ],
        { prepare: true },
      );
    });
    expect(await failureCode(failing)).toBe('23505');
    expect(await queryRows(database.db, sql`select id from batch_probe`)).toEqual([]);
  });

  it('after a statement that does not parse, the same batch corrected runs (the names are kept right)', async () => {
    const good = sql`select ${5}::int as n /* batch parse probe */`;
    const bad = sql`selec ${6}::int as n /* batch parse probe */`;
    expect(await failureCode(queryBatch(database.db, [good, bad, sql`select 7 as n /* batch parse probe 2 */`], { prepare: true }))).toBe(
      '42601',
    );
    for (let i = 0; i < 3; i++) {
      const rows = await database.db.transaction((tx) =>
        queryBatch(tx, [good, sql`select 7 as n /* batch parse probe 2 */`], { prepare: true }),
      );
      expect(rows).toEqual([[{ n: 5 }], [{ n: 7 }]]);
    }
  });
});

describe('batchTransaction', () => {
  it('commits what the first batch, the function and the last batch wrote, and answers the last rows', async () => {
    const out = await batchTransaction(
      database.db,
      [sql`insert into batch_probe (id, note) values (${10}::int, 'first') returning id`],
      async (tx, [inserted]) => {
        await queryRows(tx, sql`insert into batch_probe (id, note) values (${11}::int, 'between')`);
        return {
          value: (inserted as { id: number }[])[0].id,
          last: [
            sql`insert into batch_probe (id, note) values (${12}::int, 'last')`,
            sql`select count(*)::int as n from batch_probe where id >= 10`,
          ],
        };
      },
      { prepare: true },
    );
    expect(out).toEqual({ value: 10, rows: [[], [{ n: 3 }]] });
    expect(await queryRows(database.db, sql`select id from batch_probe where id >= 10 order by id`)).toEqual([
      { id: 10 },
      { id: 11 },
      { id: 12 },
    ]);
  });

  it('rolls everything back when the function throws, or when a last statement fails', async () => {
    await expect(
      batchTransaction(database.db, [sql`insert into batch_probe (id, note) values (${20}::int, 'first')`], async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const twice = batchTransaction(database.db, [sql`insert into batch_probe (id, note) values (${21}::int, 'first')`], async () => ({
      value: null,
      last: [sql`insert into batch_probe (id, note) values (${21}::int, 'twice')`],
    }));
    expect(await failureCode(twice)).toBe('23505');
    expect(await queryRows(database.db, sql`select id from batch_probe where id between 20 and 29`)).toEqual([]);
    // The connections went back to the pool clean: the next transactions work.
    for (let i = 0; i < 12; i++) await batchTransaction(database.db, [sql`select 1`], async () => ({ value: null, last: [sql`select 2`] }));
  });

  it.runIf(testDbKind() === 'pg')(
    'a statement after a lock wait in the same batch reads what the lock holder committed (a snapshot of its own)',
    async () => {
      const pool = (database.db as unknown as { session: { client: pg.Pool } }).session.client;
      const holder = await pool.connect();
      try {
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock(424242)');
        await holder.query(`insert into batch_probe (id, note) values (30, 'holder')`);
        const reading = batchTransaction(
          database.db,
          [sql`select pg_advisory_xact_lock(424242)`, sql`select count(*)::int as n from batch_probe where id = 30`],
          async (_tx, rows) => ({ value: rows[1], last: [] }),
        );
        // The batch waits on the lock (pg_locks shows it), then the holder commits.
        for (let i = 0; i < 100; i++) {
          const { rows } = await holder.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`);
          if (rows[0].n > 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await holder.query('commit');
        expect((await reading).value).toEqual([{ n: 1 }]);
      } finally {
        holder.release();
      }
    },
  );
});

describe.runIf(testDbKind() === 'pg')('batches on PostgreSQL: the connection stays right', () => {
  const pools: pg.Pool[] = [];
  /** A pool of one connection on the test database (its own settings). */
  function onePool(extra: Partial<pg.PoolConfig> = {}) {
    const pool = (database.db as unknown as { session: { client: pg.Pool } }).session.client;
    const own = new pg.Pool({ ...(pool as unknown as { options: pg.PoolConfig }).options, max: 1, ...extra });
    own.on('error', () => {});
    own.on('connect', (c) => c.on('error', () => {}));
    pools.push(own);
    return { pool: own, db: drizzle(own) as unknown as Db };
  }
  afterAll(async () => {
    for (const p of pools) await p.end().catch(() => {});
  });

  it('the same text twice in one prepared batch, on a fresh connection', async () => {
    const { db } = onePool();
    const twice = sql`select ${1}::int as a /* batch twice */`;
    expect(await db.transaction((tx) => queryBatch(tx, [twice, twice], { prepare: true }))).toEqual([[{ a: 1 }], [{ a: 1 }]]);
  });

  it('a comment-only statement answers an empty result of its own: the others keep their places', async () => {
    const { db } = onePool();
    expect(await queryBatch(db, [sql`select 1 as a`, sql.raw('-- nothing'), sql`select 2 as b`])).toEqual([[{ a: 1 }], [], [{ b: 2 }]]);
  });

  it('a batch the client gave up on (read timeout) drops its connection: the next transactions run on a new one', async () => {
    // The batch outlasts the client's wait, the rollback queued behind it does not (or it would drop the connection itself).
    const { db, pool } = onePool({ query_timeout: 500 });
    const probe = sql`select ${8}::int as y /* batch timeout probe */`;
    const first = batchTransaction(db, [sql`select pg_sleep(0.7)`, probe], async () => ({ value: 1, last: [probe] }), { prepare: true });
    await expect(first).rejects.toThrow(/timeout/i);
    await new Promise((r) => setTimeout(r, 600));

    for (let i = 0; i < 3; i++)
      expect(await batchTransaction(db, [probe], async () => ({ value: i, last: [probe] }), { prepare: true })).toEqual({
        value: i,
        rows: [[{ y: 8 }]],
      });
    expect(await queryRows(db, probe, { prepare: true })).toEqual([{ y: 8 }]);
    expect(pool.totalCount).toBe(1);
  });
});
