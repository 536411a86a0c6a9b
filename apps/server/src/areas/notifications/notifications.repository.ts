import { sql } from 'drizzle-orm';
import type { TNotification, TNotificationKind } from '@app/shared/notifications';
import { queryRows, type DbOrTx } from '@/db/client';
import { notificationPreferences } from '@/db/schema/notifications';

/*
 * The SQL of notifications (issue 17): a user's own list, count and read marks, their preferences, and
 * the one insert every source goes through (preferences and `dedupe_key` applied in the statement).
 */

type Row = Omit<TNotification, 'createdAt' | 'readAt'> & { createdAt: Date | string; readAt: Date | string | null };
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const shown = (r: Row): TNotification => ({ ...r, createdAt: iso(r.createdAt), readAt: r.readAt === null ? null : iso(r.readAt) });

const COLS = sql`n.id::int as id, n.kind, n.title, n.body, n.link, n.created_at as "createdAt", n.read_at as "readAt"`;

/** A user's notifications, newest first, with the total before paging. */
export async function notificationPage(
  db: DbOrTx,
  q: { userId: number; unread: boolean; kind?: TNotificationKind; limit: number; offset: number },
): Promise<{ items: TNotification[]; total: number }> {
  const rows = await queryRows<Row & { total: number }>(
    db,
    sql`select ${COLS}, count(*) over ()::int as total from notifications n
        where n.user_id = ${q.userId} ${q.unread ? sql`and n.read_at is null` : sql``} ${q.kind ? sql`and n.kind = ${q.kind}` : sql``}
        order by n.created_at desc, n.id desc limit ${q.limit} offset ${q.offset}`,
  );
  return { items: rows.map(({ total: _t, ...r }) => shown(r)), total: rows[0]?.total ?? 0 };
}

export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null`,
  );
  return row?.n ?? 0;
}

/** The count and the newest notification, in one statement: what the live stream pushes. */
export async function pushState(db: DbOrTx, userId: number): Promise<{ unread: number; latest: TNotification | null }> {
  const [row] = await queryRows<{ unread: number; latest: Row | null }>(
    db,
    sql`select (select count(*)::int from notifications where user_id = ${userId} and read_at is null) as unread,
               (select row_to_json(x) from (select ${COLS} from notifications n where n.user_id = ${userId}
                  order by n.created_at desc, n.id desc limit 1) x) as latest`,
  );
  return { unread: row?.unread ?? 0, latest: row?.latest ? shown(row.latest) : null };
}

/**
 * Which streams may go on, in one statement for every stream open here: its user is still active and, when
 * its token named a session, that session is still the user's, neither revoked nor gone (sign-out of this
 * device or of every device revokes the rows). Answers one boolean per stream, in order.
 */
export async function streamsAllowed(db: DbOrTx, streams: Array<{ userId: number; sessionId: string | null }>): Promise<boolean[]> {
  if (!streams.length) return [];
  const userIds = sql.join(
    [...new Set(streams.map((s) => s.userId))].map((id) => sql`${id}::int`),
    sql`, `,
  );
  const sessionIds = [...new Set(streams.flatMap((s) => (s.sessionId ? [s.sessionId] : [])))];
  const rows = await queryRows<{ userId: number; sessionId: string | null }>(
    db,
    sql`select u.id as "userId", null::text as "sessionId" from users u where u.active and u.id in (${userIds})
        ${
          sessionIds.length
            ? sql`union all select s.user_id, s.id from user_sessions s where s.revoked_at is null and s.id in (${sql.join(
                sessionIds.map((id) => sql`${id}::text`),
                sql`, `,
              )})`
            : sql``
        }`,
  );
  const active = new Set(rows.filter((r) => r.sessionId === null).map((r) => r.userId));
  const live = new Map(rows.flatMap((r) => (r.sessionId === null ? [] : [[r.sessionId, r.userId] as const])));
  return streams.map((s) => active.has(s.userId) && (s.sessionId === null || live.get(s.sessionId) === s.userId));
}

/** Marks one of the user's notifications read (kept when already read); false when it is not theirs. */
export async function markRead(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update notifications set read_at = coalesce(read_at, now()) where id = ${id} and user_id = ${userId} returning id::int as id`,
  );
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, userId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null returning id::int as id`,
  );
  return rows.length;
}

export interface PreferenceRow {
  kind: string;
  inApp: boolean;
  email: boolean;
}

export async function preferenceRows(db: DbOrTx, userId: number): Promise<PreferenceRow[]> {
  return queryRows<PreferenceRow>(
    db,
    sql`select kind, in_app as "inApp", email from notification_preferences where user_id = ${userId} order by kind`,
  );
}

/** Stores the user's choices, one row per kind named (the others keep theirs, or the default). */
export async function upsertPreferences(db: DbOrTx, userId: number, items: PreferenceRow[]): Promise<void> {
  if (!items.length) return;
  await db
    .insert(notificationPreferences)
    .values(items.map((i) => ({ userId, kind: i.kind, inApp: i.inApp, email: i.email })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`now()` },
    });
}

export interface StoredNotice {
  id: number;
  userId: number;
  /** The user asked for this kind by e-mail, and has an address. */
  wantsEmail: boolean;
  address: string;
}

/**
 * Stores one notice for each active user among `userIds` who receives its kind in the app (their choice,
 * else `defaultOn`), skipping any user who already has one with the same `dedupeKey`: a source that runs
 * twice (a rerun job, two processes) stores nothing twice. Answers the rows stored.
 */
export async function insertNotices(
  db: DbOrTx,
  n: {
    userIds: number[];
    kind: TNotificationKind;
    title: string;
    body: string;
    link: string | null;
    dedupeKey: string | null;
    defaultOn: boolean;
  },
): Promise<StoredNotice[]> {
  if (!n.userIds.length) return [];
  // One text whatever the users (an array parameter): prepared once per connection, as every notice of
  // a kind (a promotion from a waitlist in the registration rush) stores with it.
  const ids = `{${[...new Set(n.userIds)].join(',')}}`;
  return queryRows<StoredNotice>(
    db,
    sql`with target as (
          select u.id as user_id, u.email as address, coalesce(p.email, false) as email
          from users u left join notification_preferences p on p.user_id = u.id and p.kind = ${n.kind}
          where u.id = any(${ids}::int[]) and u.active and coalesce(p.in_app, ${n.defaultOn}::boolean)
        ), ins as (
          insert into notifications (user_id, kind, title, body, link, dedupe_key)
          select user_id, ${n.kind}, ${n.title}, ${n.body}, ${n.link}, ${n.dedupeKey} from target order by user_id
          on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing
          returning id, user_id
        )
        select ins.id::int as id, ins.user_id as "userId", t.email as "wantsEmail", t.address
        from ins join target t on t.user_id = ins.user_id order by ins.user_id`,
    { prepare: true },
  );
}

/** The notices stored between `after` and `before` not e-mailed yet whose (active) user wants their kind by e-mail. */
export const unsentEmails = (db: DbOrTx, v: { after: Date; before: Date }) =>
  queryRows<{ id: number; address: string; title: string; body: string; link: string | null }>(
    db,
    sql`select n.id, u.email as address, n.title, n.body, n.link
          from notifications n join users u on u.id = n.user_id
          join notification_preferences p on p.user_id = n.user_id and p.kind = n.kind and p.email
         where n.emailed_at is null and n.created_at > ${v.after.toISOString()}::timestamptz
           and n.created_at < ${v.before.toISOString()}::timestamptz and u.active and u.email <> ''
         order by n.id limit 500`,
  );

export async function setEmailed(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(
    sql`update notifications set emailed_at = now() where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
}
