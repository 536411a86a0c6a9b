import { asc, desc } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { modules } from '@/db/schema/academic';
import { campuses, subjects } from '@/db/schema/school';

// The values the course-class and enrolment templates offer in their drop-downs.

/** Modules a file is likely to name: the newest first, as many as a few school years hold. */
const RECENT_MODULES = 40;

export async function subjectCodes(db: DbOrTx): Promise<string[]> {
  return (await db.select({ code: subjects.code }).from(subjects).orderBy(asc(subjects.code))).map((r) => r.code);
}

export async function recentModuleCodes(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ code: modules.code })
    .from(modules)
    .orderBy(desc(modules.isCurrent), desc(modules.startDate), asc(modules.code))
    .limit(RECENT_MODULES);
  return rows.map((r) => r.code);
}

export async function campusNames(db: DbOrTx): Promise<string[]> {
  return (await db.select({ name: campuses.name }).from(campuses).orderBy(asc(campuses.name))).map((r) => r.name);
}
