import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { SCHOOL_TZ as TZ } from '@app/shared/format';
import { queryRows, type Db } from '@/db/client';
import { auditLogs } from '@/db/schema/audit';

/** The user's sign-ins before now, newest first: the one that started this session, then the previous. */
export async function lastLogins(db: Db, userId: number, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ at: auditLogs.createdAt })
    .from(auditLogs)
    .where(and(eq(auditLogs.actorId, userId), eq(auditLogs.action, 'login'), lt(auditLogs.createdAt, sql`now()`)))
    .orderBy(desc(auditLogs.createdAt))
    .limit(limit);
  return rows.map((r) => r.at);
}

/** Today's sign-ins and other audited changes (the school's day). */
export async function activityToday(db: Db) {
  const [r] = await queryRows<{ logins: number; writes: number }>(
    db,
    sql`
    select count(*) filter (where action = 'login')::int as logins,
           count(*) filter (where action <> 'login')::int as writes
    from audit_logs where created_at >= date_trunc('day', now() at time zone ${TZ}) at time zone ${TZ}`,
  );
  return { logins: Number(r.logins), writes: Number(r.writes) };
}
