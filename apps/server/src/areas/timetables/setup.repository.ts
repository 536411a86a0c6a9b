import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { TFixedEvent, TPeriod, TPeriodGrid, TSubjectPeriodPlan } from '@app/shared/timetables';
import { defaultPeriodGrid } from '@app/shared/timetables';
import { queryRows, type DbOrTx } from '@/db/client';
import { campuses, courseClasses, departmentHeads, subjects, teachers } from '@/db/schema/school';
import { lessons, periodGrids, subjectPeriodPlans, teacherPreferences, teacherUnavailability, timetables } from '@/db/schema/timetables';

// ---- Period grids ----

/** Every campus's grid: its stored one, or the domain's default. */
export async function listGrids(db: DbOrTx, campusIds?: number[]): Promise<TPeriodGrid[]> {
  const rows = await db
    .select({
      campusId: campuses.id,
      campusName: campuses.name,
      days: periodGrids.days,
      periods: periodGrids.periods,
      maxPeriodsPerDay: periodGrids.maxPeriodsPerDay,
      fixedEvents: periodGrids.fixedEvents,
    })
    .from(campuses)
    .leftJoin(periodGrids, eq(periodGrids.campusId, campuses.id))
    .where(campusIds ? inArray(campuses.id, campusIds) : undefined)
    .orderBy(asc(campuses.id));
  const d = defaultPeriodGrid();
  return rows.map((r) => ({
    campusId: r.campusId,
    campusName: r.campusName,
    days: r.days ?? d.days,
    periods: r.periods ?? d.periods,
    maxPeriodsPerDay: r.maxPeriodsPerDay ?? d.maxPeriodsPerDay,
    fixedEvents: r.fixedEvents ?? d.fixedEvents,
  }));
}

export async function findCampusName(db: DbOrTx, campusId: number): Promise<string | null> {
  const [row] = await db.select({ name: campuses.name }).from(campuses).where(eq(campuses.id, campusId));
  return row?.name ?? null;
}

export async function upsertGrid(
  db: DbOrTx,
  campusId: number,
  g: { days: number[]; periods: TPeriod[]; maxPeriodsPerDay: number; fixedEvents: TFixedEvent[] },
) {
  await db
    .insert(periodGrids)
    .values({ campusId, ...g })
    .onConflictDoUpdate({ target: periodGrids.campusId, set: { ...g, updatedAt: sql`now()` } });
}

/**
 * Unplaces the lessons of the campus's course classes (drafts and published versions; archived ones are
 * history) that no longer fit the grid: a day it drops, or periods past its last one. Answers them.
 */
export async function unplaceOutsideGrid(db: DbOrTx, campusId: number, days: number[], periodCount: number) {
  return queryRows<{ timetableId: number; lessonId: number; courseClassName: string; status: string }>(
    db,
    sql`update ${lessons} l set day = null, period = null, version = l.version + 1, updated_at = now()
        from ${courseClasses} cc, ${timetables} t
        where cc.id = l.course_class_id and t.id = l.timetable_id and cc.campus_id = ${campusId}
          and t.status in ('draft', 'published') and l.day is not null
          and (l.day not in (${sql.join(
            days.map((d) => sql`${d}`),
            sql`, `,
          )}) or l.period + l.length - 1 > ${periodCount})
        returning l.timetable_id as "timetableId", l.id as "lessonId", cc.name as "courseClassName", t.status`,
  );
}

// ---- Period plans ----

export async function listPlans(db: DbOrTx): Promise<TSubjectPeriodPlan[]> {
  const rows = await db
    .select({
      subjectId: subjectPeriodPlans.subjectId,
      grade: subjectPeriodPlans.grade,
      periodsPerWeek: subjectPeriodPlans.periodsPerWeek,
      doublePeriods: subjectPeriodPlans.doublePeriods,
      roomKind: subjectPeriodPlans.roomKind,
    })
    .from(subjectPeriodPlans)
    .orderBy(asc(subjectPeriodPlans.subjectId), asc(subjectPeriodPlans.grade));
  return rows as TSubjectPeriodPlan[];
}

export async function existingSubjectIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: subjects.id }).from(subjects).where(inArray(subjects.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function upsertPlans(db: DbOrTx, plans: TSubjectPeriodPlan[]) {
  if (!plans.length) return;
  await db
    .insert(subjectPeriodPlans)
    .values(plans)
    .onConflictDoUpdate({
      target: [subjectPeriodPlans.subjectId, subjectPeriodPlans.grade],
      set: {
        periodsPerWeek: sql`excluded.periods_per_week`,
        doublePeriods: sql`excluded.double_periods`,
        roomKind: sql`excluded.room_kind`,
        updatedAt: sql`now()`,
      },
    });
}

// ---- Availability ----

export async function findTeacher(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: teachers.id, fullName: teachers.fullName, departmentId: teachers.departmentId, userId: teachers.userId })
    .from(teachers)
    .where(eq(teachers.id, id));
  return row ?? null;
}

/** The departments a user heads, through their teacher record. */
export async function headedDepartmentIds(db: DbOrTx, teacherId: number | null): Promise<number[]> {
  if (teacherId === null) return [];
  const rows = await db
    .selectDistinct({ id: departmentHeads.departmentId })
    .from(departmentHeads)
    .where(eq(departmentHeads.teacherId, teacherId));
  return rows.map((r) => r.id);
}

export async function readAvailability(db: DbOrTx, teacherId: number) {
  const unavailable = await db
    .select({
      day: teacherUnavailability.day,
      period: teacherUnavailability.period,
      note: teacherUnavailability.note,
      status: teacherUnavailability.status,
    })
    .from(teacherUnavailability)
    .where(eq(teacherUnavailability.teacherId, teacherId))
    .orderBy(asc(teacherUnavailability.day), asc(teacherUnavailability.period));
  const [pref] = await db
    .select({ days: teacherPreferences.preferredDays })
    .from(teacherPreferences)
    .where(eq(teacherPreferences.teacherId, teacherId));
  return {
    teacherId,
    unavailable: unavailable.map((u) => ({ ...u, status: u.status as 'approved' | 'pending' })),
    preferredDays: pref?.days ?? [],
  };
}

export async function lockAvailability(db: DbOrTx, teacherId: number) {
  // Serialises two saves of the same teacher's availability (the teacher row is the lock).
  await db.execute(sql`select 1 from ${teachers} where ${teachers.id} = ${teacherId} for update`);
}

export async function replaceAvailability(
  db: DbOrTx,
  teacherId: number,
  slots: Array<{ day: number; period: number; note: string; status: 'approved' | 'pending' }>,
  preferredDays: number[],
  createdBy: number | null,
) {
  await db.delete(teacherUnavailability).where(eq(teacherUnavailability.teacherId, teacherId));
  if (slots.length) await db.insert(teacherUnavailability).values(slots.map((s) => ({ ...s, teacherId, createdBy })));
  await db
    .insert(teacherPreferences)
    .values({ teacherId, preferredDays })
    .onConflictDoUpdate({ target: teacherPreferences.teacherId, set: { preferredDays, updatedAt: sql`now()` } });
}
