import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/** Rate-limit counters live in app_settings under this prefix (no table of their own; they last a window). */
const PREFIX = 'rate-limit:';

/**
 * Counts one hit on `key` in a window of `windowMs` that starts with the first hit, in one statement (so two
 * workers counting at once both see their own hit): answers the count and when the window ends.
 */
export async function countHit(db: Db, key: string, windowMs: number, nowMs: number): Promise<{ n: number; resetMs: number }> {
  const fresh = JSON.stringify({ n: 1, reset: nowMs + windowMs });
  const [row] = await queryRows<{ n: number; reset: string }>(
    db,
    sql`
    insert into app_settings (key, value, updated_at) values (${PREFIX + key}, ${fresh}::jsonb, now())
    on conflict (key) do update set
      value = case when (app_settings.value->>'reset')::bigint <= ${nowMs}::bigint then excluded.value
                   else jsonb_set(app_settings.value, '{n}', to_jsonb((app_settings.value->>'n')::int + 1)) end,
      updated_at = now()
    returning (value->>'n')::int as n, value->>'reset' as reset`,
  );
  return { n: Number(row!.n), resetMs: Number(row!.reset) };
}

/** Drops counters whose window ended. */
export async function dropEndedCounters(db: Db, nowMs: number): Promise<void> {
  await db.execute(sql`delete from app_settings where key like ${PREFIX + '%'} and (value->>'reset')::bigint <= ${nowMs}::bigint`);
}
