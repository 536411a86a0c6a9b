import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLogs } from '../db/schema/audit';
import { users } from '../db/schema/users';
import { createTestDatabase } from '../test/db';
import { bulkInsert } from './bulk-insert';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('bulkInsert', () => {
  it('inserts in array order across chunks and maps returned columns back to property names', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({
      email: `bulk${i}@truong.vn`,
      displayName: i % 2 ? `Nguyễn Văn ${i}` : null,
      studentId: i === 3 ? 42 : null,
    }));
    const out = await bulkInsert(database.db, users, rows, ['id', 'email', 'studentId'], 3);
    expect(out.map((r) => r.email)).toEqual(rows.map((r) => r.email));
    expect(out.map((r) => r.id)).toEqual([...out.map((r) => r.id)].sort((a, b) => a - b));
    expect(out[3].studentId).toBe(42);
    const stored = await database.db.select().from(users).orderBy(asc(users.id));
    expect(stored.map((u) => [u.email, u.displayName, u.active])).toEqual(rows.map((r) => [r.email, r.displayName, true]));
  });

  it('keeps JSON, timestamps and nulls as they are', async () => {
    const at = new Date('2026-11-22T03:04:05.000Z');
    await bulkInsert(database.db, auditLogs, [
      {
        actorId: null,
        action: 'update',
        entity: 'student',
        entityId: '7',
        before: { name: 'Lê "A"', tags: [1, 2] },
        after: null,
        createdAt: at,
      },
    ]);
    const [row] = await database.db.select().from(auditLogs);
    expect(row).toMatchObject({ actorId: null, action: 'update', entityId: '7', before: { name: 'Lê "A"', tags: [1, 2] }, after: null });
    expect(row.createdAt.toISOString()).toBe(at.toISOString());
  });

  it('does nothing for no rows', async () => {
    expect(await bulkInsert(database.db, users, [], ['id'])).toEqual([]);
  });
});
