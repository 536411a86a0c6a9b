import { and, asc, desc, eq, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TSystemLog } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { queryRows } from '@/db/client';
import { auditLogs } from '@/db/schema/audit';
import { users } from '@/db/schema/users';
import { foldSql } from '@/db/sql';
import { foldVietnamese } from '@app/shared/vietnamese';

export const LOG_SORTS = ['createdAt', 'entity', 'action', 'actorName'] as const;
export type LogSort = (typeof LOG_SORTS)[number];

export interface LogFilters {
  actorId?: number;
  entity?: string;
  action?: string;
  /** YYYY-MM-DD, inclusive, in the school's time zone. */
  from?: string;
  to?: string;
  search?: string;
}

/**
 * Midnight at the start of a school day. Asia/Ho_Chi_Minh has kept UTC+7 without daylight saving
 * since 1975, so a fixed offset is exact and does not depend on the database's time-zone data.
 */
export function schoolDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+07:00`);
}
const DAY_MS = 24 * 60 * 60 * 1000;

const actorName = sql<string | null>`coalesce(${users.displayName}, ${users.email})`;

/** The WHERE of a log query; async because a search first looks up the names it can match. */
export async function logWhere(db: DbOrTx, f: LogFilters): Promise<SQL | undefined> {
  return and(
    f.actorId ? eq(auditLogs.actorId, f.actorId) : undefined,
    f.entity ? eq(auditLogs.entity, f.entity) : undefined,
    f.action ? eq(auditLogs.action, f.action) : undefined,
    f.from ? gte(auditLogs.createdAt, schoolDayStart(f.from)) : undefined,
    f.to ? lt(auditLogs.createdAt, new Date(schoolDayStart(f.to).getTime() + DAY_MS)) : undefined,
    await logSearch(db, f.search),
  );
}

/**
 * Every word must appear in the entity, the action or the actor's name or e-mail. Matching text
 * row by row over a 100k-row log took a second or more, so the few entity and action names are
 * matched here first and each row is then tested by equality; actors are matched once in the users
 * table (an uncorrelated subquery).
 */
async function logSearch(db: DbOrTx, search: string | undefined): Promise<SQL | undefined> {
  const words = foldVietnamese(search ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return undefined;
  const names = await logFacets(db);
  // users.search_text already holds the folded name and e-mail; folding in SQL (slow) is kept for
  // rows that lack it.
  const actorMatch = (pat: string) =>
    sql`(u.search_text like ${pat} or (u.search_text = '' and ${foldSql(sql`coalesce(u.display_name, '') || ' ' || u.email`)} like ${pat}))`;
  return and(
    ...words.map((w) => {
      const pat = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const entities = names.entities.filter((n) => foldVietnamese(n).includes(w));
      const actions = names.actions.filter((n) => foldVietnamese(n).includes(w));
      return or(
        entities.length ? inArray(auditLogs.entity, entities) : undefined,
        actions.length ? inArray(auditLogs.action, actions) : undefined,
        sql`${auditLogs.actorId} in (select u.id from users u where ${actorMatch(pat)})`,
      )!;
    }),
  );
}

/**
 * Newest first unless asked otherwise. created_at leads every order so the created_at index serves
 * the default page of a large log without sorting it; id breaks ties within one transaction.
 */
export function logOrder(q: { sort?: LogSort; order: 'asc' | 'desc' }): SQL[] {
  const dir = q.order === 'desc' ? desc : asc;
  if (!q.sort) return [desc(auditLogs.createdAt), desc(auditLogs.id)];
  if (q.sort === 'createdAt') return [dir(auditLogs.createdAt), dir(auditLogs.id)];
  const col: Record<Exclude<LogSort, 'createdAt'>, AnyColumn | SQL> = { entity: auditLogs.entity, action: auditLogs.action, actorName };
  return [dir(col[q.sort]), desc(auditLogs.createdAt), desc(auditLogs.id)];
}

export async function listLogs(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }): Promise<TSystemLog[]> {
  const rows = await db
    .select({
      id: auditLogs.id,
      actorId: auditLogs.actorId,
      actorName,
      actorEmail: users.email,
      action: auditLogs.action,
      entity: auditLogs.entity,
      entityId: auditLogs.entityId,
      before: auditLogs.before,
      after: auditLogs.after,
      ip: auditLogs.ip,
      requestId: auditLogs.requestId,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: r.createdAt.toISOString() }));
}

/**
 * The total is counted on its own: `count(*) over ()` would make PostgreSQL read and sort every
 * matching row before it could return the first page.
 */
export async function countLogs(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(auditLogs)
    .where(where);
  return Number(row?.n ?? 0);
}

/**
 * The entity and action names that occur, for the filter dropdowns. Entities walk the
 * (entity, entity_id) index one distinct value at a time instead of reading the whole log.
 */
export async function logFacets(db: DbOrTx): Promise<{ entities: string[]; actions: string[] }> {
  const entities = await queryRows<{ v: string }>(
    db,
    sql`
    with recursive e(v) as (
      select min(entity) from audit_logs
      union all
      select (select min(entity) from audit_logs where entity > e.v) from e where e.v is not null
    )
    select v from e where v is not null order by v`,
  );
  const actions = await queryRows<{ v: string }>(db, sql`select distinct action as v from audit_logs order by 1`);
  return { entities: entities.map((r) => r.v), actions: actions.map((r) => r.v) };
}
