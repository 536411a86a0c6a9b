import { randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { appSettings } from '@/db/schema/settings';

/**
 * The key of the order in which staff other than ADMIN read responses and free texts (issue 11: no
 * order that follows submission order). Made once per database and kept in app_settings, so every
 * process and every restart pages the same way; it never leaves the server.
 */
const ORDER_KEY = 'surveys.private_order_key';
const orderKeys = new WeakMap<object, Promise<string>>();

export function privateOrderKey(db: DbOrTx): Promise<string> {
  let key = orderKeys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(appSettings)
        .values({ key: ORDER_KEY, value: { key: randomBytes(32).toString('hex') } })
        .onConflictDoNothing({ target: appSettings.key });
      const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, ORDER_KEY));
      return (row.value as { key: string }).key;
    })();
    key.catch(() => orderKeys.delete(db));
    orderKeys.set(db, key);
  }
  return key;
}

/** An ORDER BY term: a keyed hash of `id` (md5 runs on PostgreSQL and PGlite alike). */
export function keyedOrderSql(key: string, id: SQL | unknown): SQL {
  return sql`md5(${key} || cast(${id} as text))`;
}
