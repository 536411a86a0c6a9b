import { and, asc, desc, eq, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ACTION_LABELS, ENTITY_LABELS, JOB_LABELS, labelRanks, type RefNames } from '@app/shared/system-log';
import type { TRole } from '@app/shared/roles';
import type { DbOrTx } from '@/db/client';
import { queryRows } from '@/db/client';
import { academicYears, modules, semesters } from '@/db/schema/academic';
import { auditLogs } from '@/db/schema/audit';
import { campuses, classrooms, courseClasses, departments, homeroomClasses, students, subjects, teachers } from '@/db/schema/school';
import { codes, themes } from '@/db/schema/survey-responses';
import { surveys } from '@/db/schema/surveys';
import { userRoles, users } from '@/db/schema/users';
import { foldSql } from '@/db/sql';
import { foldVietnamese } from '@app/shared/vietnamese';

export const LOG_SORTS = ['createdAt', 'entity', 'action', 'actorName'] as const;
export type LogSort = (typeof LOG_SORTS)[number];

export interface LogFilters {
  actorId?: number;
  /** One code or several (a filter entry that stands for codes sharing a label). */
  entity?: string[];
  action?: string[];
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
    f.entity?.length ? inArray(auditLogs.entity, f.entity) : undefined,
    f.action?.length ? inArray(auditLogs.action, f.action) : undefined,
    f.from ? gte(auditLogs.createdAt, schoolDayStart(f.from)) : undefined,
    f.to ? lt(auditLogs.createdAt, new Date(schoolDayStart(f.to).getTime() + DAY_MS)) : undefined,
    await logSearch(db, f.search),
  );
}

/**
 * Every word must appear in the entity or the action (code or Vietnamese label), the actor's name or
 * e-mail, or a background job's name. Matching text row by row over a 100k-row log took a second or
 * more, so the few entity, action and job names are matched here first and each row is then tested
 * by equality; actors are matched once in the users table (an uncorrelated subquery).
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
      const hit = (labels: Record<string, string>) => (n: string) =>
        foldVietnamese(n).includes(w) || foldVietnamese(labels[n] ?? '').includes(w);
      const entities = names.entities.filter(hit(ENTITY_LABELS));
      const actions = names.actions.filter(hit(ACTION_LABELS));
      const jobs = Object.keys(JOB_LABELS).filter(hit(JOB_LABELS));
      return or(
        entities.length ? inArray(auditLogs.entity, entities) : undefined,
        actions.length ? inArray(auditLogs.action, actions) : undefined,
        jobs.length
          ? inArray(
              auditLogs.requestId,
              jobs.map((j) => `system:${j}`),
            )
          : undefined,
        sql`${auditLogs.actorId} in (select u.id from users u where ${actorMatch(pat)})`,
      )!;
    }),
  );
}

/** A code's place among the labels in Vietnamese order; codes without a label after them, by code. */
function byLabel(col: AnyColumn, labels: Record<string, string>): SQL[] {
  const ranks = labelRanks(labels);
  const rank = sql`case ${col} ${sql.join(
    // Ranks are written as literals: as parameters PostgreSQL would type them text and sort 10 before 2.
    ranks.map(([code, i]) => sql`when ${code} then ${sql.raw(String(i))}`),
    sql` `,
  )} else ${sql.raw(String(ranks.length))} end`;
  return [rank, sql`${col}`];
}

/**
 * Newest first unless asked otherwise. created_at leads every order so the created_at index serves
 * the default page of a large log without sorting it; id breaks ties within one transaction.
 * Entity and action sort by what the page shows: their Vietnamese labels.
 */
export function logOrder(q: { sort?: LogSort; order: 'asc' | 'desc' }): SQL[] {
  const dir = q.order === 'desc' ? desc : asc;
  if (!q.sort) return [desc(auditLogs.createdAt), desc(auditLogs.id)];
  if (q.sort === 'createdAt') return [dir(auditLogs.createdAt), dir(auditLogs.id)];
  const cols: Record<Exclude<LogSort, 'createdAt'>, Array<AnyColumn | SQL>> = {
    entity: byLabel(auditLogs.entity, ENTITY_LABELS),
    action: byLabel(auditLogs.action, ACTION_LABELS),
    actorName: [actorName],
  };
  return [...cols[q.sort].map((c) => dir(c)), desc(auditLogs.createdAt), desc(auditLogs.id)];
}

/** An audit row with its actor's account (null when the account is gone or there was none). */
export interface LogRow {
  id: number;
  actorId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  actorRole: TRole | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  requestId: string | null;
  createdAt: string;
}

export async function listLogs(db: DbOrTx, opts: { where?: SQL; order: SQL[]; limit: number; offset: number }): Promise<LogRow[]> {
  const rows = await db
    .select({
      id: auditLogs.id,
      actorId: auditLogs.actorId,
      actorName,
      actorEmail: users.email,
      actorRole: userRoles.role,
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
    .leftJoin(userRoles, and(eq(userRoles.userId, auditLogs.actorId), eq(userRoles.isPrimary, true)))
    .where(opts.where)
    .orderBy(...opts.order)
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((r) => ({ ...r, actorRole: r.actorRole as TRole | null, id: Number(r.id), createdAt: r.createdAt.toISOString() }));
}

export async function logById(db: DbOrTx, id: number): Promise<LogRow | null> {
  const [row] = await listLogs(db, { where: eq(auditLogs.id, id), order: [], limit: 1, offset: 0 });
  return row ?? null;
}

/**
 * Where a record's name is read, per the entity (of REF_FIELDS and of the log's rows) it belongs to.
 * Answers, responses and reviews have none on purpose: the log must not tie them to a person.
 */
const NAME_SOURCES: Record<string, { table: PgTable; id: PgColumn; name: SQL }> = {
  user: { table: users, id: users.id, name: sql`coalesce(${users.displayName}, ${users.email})` },
  student: { table: students, id: students.id, name: sql`${students.fullName} || ' (' || ${students.studentCode} || ')'` },
  teacher: { table: teachers, id: teachers.id, name: sql`${teachers.fullName} || ' (' || ${teachers.staffCode} || ')'` },
  academic_year: { table: academicYears, id: academicYears.id, name: sql`${academicYears.name}` },
  semester: { table: semesters, id: semesters.id, name: sql`${semesters.name}` },
  module: { table: modules, id: modules.id, name: sql`${modules.name}` },
  department: { table: departments, id: departments.id, name: sql`${departments.name}` },
  subject: { table: subjects, id: subjects.id, name: sql`${subjects.name}` },
  campus: { table: campuses, id: campuses.id, name: sql`${campuses.name}` },
  classroom: { table: classrooms, id: classrooms.id, name: sql`${classrooms.name}` },
  homeroom_class: { table: homeroomClasses, id: homeroomClasses.id, name: sql`${homeroomClasses.name}` },
  course_class: { table: courseClasses, id: courseClasses.id, name: sql`${courseClasses.name}` },
  survey: { table: surveys, id: surveys.id, name: sql`${surveys.title}` },
  theme: { table: themes, id: themes.id, name: sql`${themes.name}` },
  code: { table: codes, id: codes.id, name: sql`${codes.name}` },
};

/** The log's entities whose id is another entity's record (a survey's results are named by the survey). */
export const ENTITY_NAMED_AS: Record<string, string> = {
  ...Object.fromEntries(Object.keys(NAME_SOURCES).map((e) => [e, e])),
  module_results: 'module',
  survey_results: 'survey',
  survey_theme_codes: 'survey',
  score_config: 'survey',
  survey_auto_calculate: 'survey',
  course_class_student: 'course_class',
};

const ID_MAX = 2_147_483_647;

/**
 * The names of the records asked for, by entity then id; ids that name nothing are left out. One
 * `union all` statement per 10,000 ids, so a page of the log costs one round trip whatever it shows.
 */
export async function namesOf(db: DbOrTx, wanted: Map<string, Set<number>>): Promise<RefNames> {
  const parts: SQL[] = [];
  const sizes: number[] = [];
  for (const [entity, idSet] of wanted) {
    const src = NAME_SOURCES[entity];
    const ids = [...idSet].filter((i) => Number.isInteger(i) && i > 0 && i <= ID_MAX);
    if (!src) continue;
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      parts.push(sql`select ${entity}::text as e, ${src.id} as id, ${src.name} as name from ${src.table} where ${inArray(src.id, chunk)}`);
      sizes.push(chunk.length);
    }
  }
  const out: RefNames = {};
  for (let i = 0; i < parts.length;) {
    let n = 0;
    let j = i;
    while (j < parts.length && (j === i || n + sizes[j] <= 10_000)) n += sizes[j++];
    const rows = await queryRows<{ e: string; id: number; name: string | null }>(db, sql.join(parts.slice(i, j), sql` union all `));
    for (const r of rows) if (r.name !== null) (out[r.e] ??= {})[String(r.id)] = r.name;
    i = j;
  }
  return out;
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
