import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { fromPool, type Database } from '@/db/client';
import { createTestDatabase, testDbKind } from '@/test/db';
import { runExclusive } from './jobs';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: false });
});
afterAll(() => database.close());

describe('runExclusive', () => {
  it('runs a job, and refuses the same job while it runs (other names run)', async () => {
    const db = database.db;
    let inner: unknown;
    let other: unknown;
    const outer = await runExclusive(db, 'test.job', async () => {
      inner = await runExclusive(db, 'test.job', async () => 'twice');
      other = await runExclusive(db, 'test.other', async () => 'other');
      return 'once';
    });
    expect(outer).toEqual({ ran: true, value: 'once' });
    expect(inner).toEqual({ ran: false });
    expect(other).toEqual({ ran: true, value: 'other' });
    expect(await runExclusive(db, 'test.job', async () => 'again')).toEqual({ ran: true, value: 'again' });
  });

  it('releases the job when it throws', async () => {
    await expect(
      runExclusive(database.db, 'test.fails', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await runExclusive(database.db, 'test.fails', async () => 1)).toEqual({ ran: true, value: 1 });
  });

  it.skipIf(testDbKind() !== 'pg')(
    'excludes another process (its own pool) through the advisory lock, freed when the holder dies',
    async () => {
      const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      pool.on('error', () => {});
      const elsewhere = fromPool(pool);
      try {
        let seen: unknown;
        await runExclusive(database.db, 'test.shared', async () => {
          seen = await runExclusive(elsewhere.db, 'test.shared', async () => 'both');
        });
        expect(seen).toEqual({ ran: false });

        // A holder whose session ends (a crash) frees the job for the next runner.
        const holder = await pool.connect();
        await holder.query(`select pg_advisory_lock(hashtextextended('test.crash', 0))`);
        expect(await runExclusive(database.db, 'test.crash', async () => 1)).toEqual({ ran: false });
        holder.release(new Error('gone')); // destroys the connection, as a crash would
        let after: unknown = { ran: false };
        for (let i = 0; i < 50 && !(after as { ran: boolean }).ran; i++) {
          after = await runExclusive(database.db, 'test.crash', async () => 2);
          if (!(after as { ran: boolean }).ran) await new Promise((r) => setTimeout(r, 20));
        }
        expect(after).toEqual({ ran: true, value: 2 });
      } finally {
        await elsewhere.close();
      }
    },
  );
});
