import { and, eq, inArray } from 'drizzle-orm';
import { defaultPeriodGrid } from '@app/shared/timetables';
import type { DbOrTx } from '@/db/client';
import { modules, semesters } from '@/db/schema/academic';
import {
  campuses,
  classrooms,
  courseClasses,
  courseClassStudents,
  courseClassTeachers,
  homeroomClasses,
  students,
  subjects,
  teachers,
} from '@/db/schema/school';
import { lessons, periodGrids, subjectPeriodPlans, teacherPreferences, teacherUnavailability, timetables } from '@/db/schema/timetables';
import type { Instance, InstanceGrid } from './instance';
import { resolvePeriods, type ClassPeriods } from './periods';

/** The period grid of every campus (a campus without a row gets the domain's default). */
export async function loadGrids(db: DbOrTx): Promise<InstanceGrid[]> {
  const [campusRows, gridRows] = await Promise.all([
    db.select({ id: campuses.id }).from(campuses).orderBy(campuses.id),
    db.select().from(periodGrids),
  ]);
  const byCampus = new Map(gridRows.map((g) => [g.campusId, g]));
  const d = defaultPeriodGrid();
  return campusRows.map((c) => {
    const g = byCampus.get(c.id);
    return g
      ? {
          campusId: c.id,
          days: [...g.days].sort((a, b) => a - b),
          sessions: g.periods.map((p) => p.session),
          maxPeriodsPerDay: g.maxPeriodsPerDay,
          fixedEvents: g.fixedEvents,
        }
      : {
          campusId: c.id,
          days: d.days,
          sessions: d.periods.map((p) => p.session),
          maxPeriodsPerDay: d.maxPeriodsPerDay,
          fixedEvents: d.fixedEvents,
        };
  });
}

/**
 * Periods per week, double periods and room kind of the course classes of a module: the class's
 * columns ?? the subject × grade plan ?? the defaults (periods.ts).
 */
export async function periodsPerWeekOf(db: DbOrTx, moduleId: number, courseClassIds?: number[]): Promise<Map<number, ClassPeriods>> {
  const rows = await db
    .select({
      id: courseClasses.id,
      periodsPerWeek: courseClasses.periodsPerWeek,
      doublePeriods: courseClasses.doublePeriods,
      roomKind: courseClasses.roomKind,
      planPeriods: subjectPeriodPlans.periodsPerWeek,
      planDouble: subjectPeriodPlans.doublePeriods,
      planKind: subjectPeriodPlans.roomKind,
    })
    .from(courseClasses)
    .leftJoin(
      subjectPeriodPlans,
      and(eq(subjectPeriodPlans.subjectId, courseClasses.subjectId), eq(subjectPeriodPlans.grade, courseClasses.grade)),
    )
    .where(and(eq(courseClasses.moduleId, moduleId), courseClassIds ? inArray(courseClasses.id, courseClassIds) : undefined));
  return new Map(
    rows.map((r) => [
      r.id,
      resolvePeriods(
        r,
        r.planPeriods == null ? null : { periodsPerWeek: r.planPeriods, doublePeriods: r.planDouble!, roomKind: r.planKind! },
      ),
    ]),
  );
}

/** A timetable version as the engine's plain-data problem (every course class of its module). */
export async function loadInstance(db: DbOrTx, timetableId: number): Promise<Instance> {
  const [tt] = await db
    .select({ moduleId: timetables.moduleId, yearId: semesters.academicYearId })
    .from(timetables)
    .innerJoin(modules, eq(modules.id, timetables.moduleId))
    .innerJoin(semesters, eq(semesters.id, modules.semesterId))
    .where(eq(timetables.id, timetableId));
  if (!tt) throw new Error(`timetable ${timetableId} not found`);

  const classRows = await db
    .select({
      id: courseClasses.id,
      code: courseClasses.code,
      name: courseClasses.name,
      subjectId: courseClasses.subjectId,
      subjectName: subjects.name,
      campusId: courseClasses.campusId,
      grade: courseClasses.grade,
      fixedRoomId: courseClasses.classroomId,
    })
    .from(courseClasses)
    .innerJoin(subjects, eq(subjects.id, courseClasses.subjectId))
    .where(eq(courseClasses.moduleId, tt.moduleId))
    .orderBy(courseClasses.id);
  const classIds = classRows.map((c) => c.id);
  const none = classIds.length === 0;

  const [grids, rooms, periods, teacherLinks, studentLinks, lessonRows] = await Promise.all([
    loadGrids(db),
    db
      .select({
        id: classrooms.id,
        campusId: classrooms.campusId,
        code: classrooms.code,
        name: classrooms.name,
        capacity: classrooms.capacity,
        kind: classrooms.kind,
      })
      .from(classrooms)
      .orderBy(classrooms.id),
    periodsPerWeekOf(db, tt.moduleId),
    none ? [] : db.select().from(courseClassTeachers).where(inArray(courseClassTeachers.courseClassId, classIds)),
    none
      ? []
      : db
          .select({
            courseClassId: courseClassStudents.courseClassId,
            studentId: courseClassStudents.studentId,
            campusId: homeroomClasses.campusId,
          })
          .from(courseClassStudents)
          .innerJoin(students, eq(students.id, courseClassStudents.studentId))
          .leftJoin(homeroomClasses, eq(homeroomClasses.id, students.homeroomClassId))
          .where(inArray(courseClassStudents.courseClassId, classIds))
          .orderBy(courseClassStudents.studentId),
    db.select().from(lessons).where(eq(lessons.timetableId, timetableId)).orderBy(lessons.id),
  ]);

  // Teachers: those of the classes and the homeroom teachers of the module's year (fixed events).
  const homerooms = await db
    .select({ teacherId: homeroomClasses.homeroomTeacherId, campusId: homeroomClasses.campusId })
    .from(homeroomClasses)
    .where(eq(homeroomClasses.academicYearId, tt.yearId));
  const homeroomCampus = new Map<number, number>();
  for (const h of homerooms) if (h.teacherId != null && !homeroomCampus.has(h.teacherId)) homeroomCampus.set(h.teacherId, h.campusId);
  const teacherIds = [...new Set(teacherLinks.map((t) => t.teacherId))].sort((a, b) => a - b);
  const [teacherRows, unavailable, prefs] = teacherIds.length
    ? await Promise.all([
        db.select({ id: teachers.id, name: teachers.fullName }).from(teachers).where(inArray(teachers.id, teacherIds)),
        db
          .select()
          .from(teacherUnavailability)
          .where(and(inArray(teacherUnavailability.teacherId, teacherIds), eq(teacherUnavailability.status, 'approved'))),
        db.select().from(teacherPreferences).where(inArray(teacherPreferences.teacherId, teacherIds)),
      ])
    : [[], [], []];
  const unByTeacher = new Map<number, string[]>();
  for (const u of [...unavailable].sort((a, b) => a.day - b.day || a.period - b.period))
    unByTeacher.set(u.teacherId, [...(unByTeacher.get(u.teacherId) ?? []), `${u.day}:${u.period}`]);
  const prefByTeacher = new Map(prefs.map((p) => [p.teacherId, [...p.preferredDays].sort((a, b) => a - b)]));

  const teachersOf = new Map<number, number[]>();
  for (const t of teacherLinks) teachersOf.set(t.courseClassId, [...(teachersOf.get(t.courseClassId) ?? []), t.teacherId]);
  const studentsOf = new Map<number, number[]>();
  const studentCampus = new Map<number, number | null>();
  for (const s of studentLinks) {
    studentsOf.set(s.courseClassId, [...(studentsOf.get(s.courseClassId) ?? []), s.studentId]);
    studentCampus.set(s.studentId, s.campusId);
  }

  return {
    grids,
    rooms,
    classes: classRows.map((c) => {
      const p = periods.get(c.id)!;
      const studentIds = studentsOf.get(c.id) ?? [];
      return {
        ...c,
        size: studentIds.length,
        roomKind: p.roomKind,
        teacherIds: [...(teachersOf.get(c.id) ?? [])].sort((a, b) => a - b),
        studentIds,
        periodsPerWeek: p.periodsPerWeek,
        doublePeriods: p.doublePeriods,
      };
    }),
    teachers: [...teacherRows]
      .sort((a, b) => a.id - b.id)
      .map((t) => ({
        id: t.id,
        name: t.name,
        unavailable: unByTeacher.get(t.id) ?? [],
        preferredDays: prefByTeacher.get(t.id) ?? [],
        homeroomCampusId: homeroomCampus.get(t.id) ?? null,
      })),
    students: [...studentCampus].map(([id, campusId]) => ({ id, homeroomCampusId: campusId })),
    lessons: lessonRows.map((l) => ({
      id: l.id,
      courseClassId: l.courseClassId,
      day: l.day,
      period: l.period,
      length: l.length,
      roomId: l.classroomId,
      locked: l.locked,
    })),
  };
}
