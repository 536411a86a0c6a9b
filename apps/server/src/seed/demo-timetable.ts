import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { defaultPeriodGrid, type TSubjectPeriodPlan } from '@app/shared/timetables';
import type { Tx } from '../db/client';
import { modules } from '../db/schema/academic';
import { classrooms, courseClasses, courseClassTeachers, teachers } from '../db/schema/school';
import { lessons, periodGrids, subjectPeriodPlans, teacherPreferences, teacherUnavailability, timetables } from '../db/schema/timetables';
import { generate } from '../areas/timetables/core/generator';
import { loadInstance, periodsPerWeekOf } from '../areas/timetables/core/instance.repository';
import { lessonLengths } from '../areas/timetables/core/periods';
import { bulkInsert } from './bulk-insert';
import { CURRENT_MODULE_CODE, SUBJECTS, type SchoolFrame } from './demo-school';

/**
 * The demo school's timetables (issue 13): the default period grid on both campuses, the subject ×
 * grade period plans of a Vietnamese gifted school, a few teachers' unavailable slots and preferred
 * days, and the current module's published timetable built by the generator (fixed seed and iteration
 * budget, so every install gets the same one, whatever the machine's speed).
 */
export const DEMO_TIMETABLE_SEED = 2026;
/** Search steps after construction: the demo reaches 0 hard clashes well within it. */
export const DEMO_TIMETABLE_ITERATIONS = 20_000;
export const demoTimetableName = (moduleCode: string) => `TKB học phần ${moduleCode}`;

type Plan = Pick<TSubjectPeriodPlan, 'periodsPerWeek' | 'doublePeriods' | 'roomKind'>;
const PLAN: Record<string, (grade: number) => Plan> = {
  TOAN: (g) => ({ periodsPerWeek: g === 12 ? 5 : 4, doublePeriods: false, roomKind: 'standard' }),
  VAN: (g) => ({ periodsPerWeek: g === 12 ? 4 : 3, doublePeriods: false, roomKind: 'standard' }),
  ANH: () => ({ periodsPerWeek: 3, doublePeriods: false, roomKind: 'standard' }),
  LY: () => ({ periodsPerWeek: 2, doublePeriods: false, roomKind: 'standard' }),
  HOA: () => ({ periodsPerWeek: 2, doublePeriods: false, roomKind: 'standard' }),
  SINH: () => ({ periodsPerWeek: 2, doublePeriods: false, roomKind: 'standard' }),
  TIN: () => ({ periodsPerWeek: 2, doublePeriods: false, roomKind: 'computer' }),
  SU: () => ({ periodsPerWeek: 2, doublePeriods: false, roomKind: 'standard' }),
  DIA: () => ({ periodsPerWeek: 2, doublePeriods: false, roomKind: 'standard' }),
  KTPL: (g) => ({ periodsPerWeek: g === 10 ? 1 : 2, doublePeriods: false, roomKind: 'standard' }),
  TD: () => ({ periodsPerWeek: 2, doublePeriods: true, roomKind: 'gym' }),
  GDQP: () => ({ periodsPerWeek: 2, doublePeriods: true, roomKind: 'gym' }),
  // Specialised subjects (môn chuyên): 6 periods, as three double periods.
  TINCH: () => ({ periodsPerWeek: 6, doublePeriods: true, roomKind: 'computer' }),
};
const planOf = (code: string, grade: number): Plan | null =>
  PLAN[code]?.(grade) ?? (code.endsWith('CH') ? { periodsPerWeek: 6, doublePeriods: true, roomKind: 'standard' } : null);

export async function seedDemoTimetable(tx: Tx, opts: { frame: SchoolFrame }) {
  const { frame } = opts;
  const moduleId = frame.moduleId.get(CURRENT_MODULE_CODE)!;
  const [mod] = await tx.select({ startDate: modules.startDate }).from(modules).where(eq(modules.id, moduleId));

  // The default grid on both campuses, as rows the admin can edit.
  const grid = defaultPeriodGrid();
  await tx.insert(periodGrids).values([...frame.campusId.values()].map((campusId) => ({ campusId, ...grid })));

  const plans = SUBJECTS.flatMap((s) =>
    [10, 11, 12].flatMap((grade) => {
      const p = planOf(s.code, grade);
      return p ? [{ subjectId: frame.subjectId.get(s.code)!, grade, ...p }] : [];
    }),
  );
  await tx.insert(subjectPeriodPlans).values(plans);

  // A class in a lab needs a lab (its fixed room says so), whatever its subject's plan.
  const labClasses = await tx
    .select({ id: courseClasses.id })
    .from(courseClasses)
    .innerJoin(classrooms, eq(classrooms.id, courseClasses.classroomId))
    .where(and(eq(courseClasses.moduleId, moduleId), isNotNull(courseClasses.classroomId), eq(classrooms.kind, 'lab')));
  if (labClasses.length)
    await tx
      .update(courseClasses)
      .set({ roomKind: 'lab' })
      .where(
        inArray(
          courseClasses.id,
          labClasses.map((c) => c.id),
        ),
      );

  // A few teachers of the module with constraints: a visiting teacher away on Saturdays, one busy on
  // Wednesday afternoons, one asking for Friday morning off (pending), two with preferred days.
  const moduleTeachers = await tx
    .selectDistinct({ id: teachers.id, staffCode: teachers.staffCode })
    .from(teachers)
    .innerJoin(courseClassTeachers, eq(courseClassTeachers.teacherId, teachers.id))
    .innerJoin(courseClasses, eq(courseClasses.id, courseClassTeachers.courseClassId))
    .where(eq(courseClasses.moduleId, moduleId))
    .orderBy(asc(teachers.staffCode));
  const pick = (i: number) => moduleTeachers[i % moduleTeachers.length].id;
  const slots = (teacherId: number, day: number, periods: number[], note: string, status: 'approved' | 'pending' = 'approved') =>
    periods.map((period) => ({ teacherId, day, period, note, status }));
  await tx
    .insert(teacherUnavailability)
    .values([
      ...slots(pick(3), 6, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'Thỉnh giảng ở trường khác vào Thứ Bảy'),
      ...slots(pick(9), 3, [6, 7, 8, 9, 10], 'Học lớp bồi dưỡng chuyên môn chiều Thứ Tư'),
      ...slots(pick(14), 5, [1, 2], 'Xin nghỉ sáng Thứ Sáu để đưa con đi khám định kỳ', 'pending'),
    ]);
  await tx.insert(teacherPreferences).values([
    { teacherId: pick(5), preferredDays: [1, 2, 3, 4, 5] },
    { teacherId: pick(11), preferredDays: [2, 3, 4] },
  ]);

  // The published timetable: every course class's lessons, placed by the generator.
  const [tt] = await tx
    .insert(timetables)
    .values({
      moduleId,
      name: demoTimetableName(CURRENT_MODULE_CODE),
      status: 'draft',
      effectiveFrom: mod.startDate,
    })
    .returning({ id: timetables.id });
  const periods = await periodsPerWeekOf(tx, moduleId);
  const lessonRows = [...periods.entries()]
    .sort((a, b) => a[0] - b[0])
    .flatMap(([courseClassId, p]) => lessonLengths(p).map((length) => ({ timetableId: tt.id, courseClassId, length, locked: false })));
  await bulkInsert(tx, lessons, lessonRows);

  const inst = await loadInstance(tx, tt.id);
  const res = generate(inst, { seed: DEMO_TIMETABLE_SEED, maxIterations: DEMO_TIMETABLE_ITERATIONS });
  if (res.impossible || res.clashes.length || res.lessons.some((l) => l.day == null))
    throw new Error(
      `demo timetable: ${res.impossible?.reasons.join(' ') ?? ''} ${res.clashes.length} clashes: ${res.clashes
        .slice(0, 5)
        .map((c) => c.message)
        .join(' ')}`,
    );
  const placed = JSON.stringify(res.lessons.map((l) => ({ id: l.id, day: l.day, period: l.period, room: l.roomId })));
  await tx.execute(sql`
    update lessons l set day = v.day, period = v.period, classroom_id = v.room
    from json_to_recordset(${placed}::json) as v(id integer, day integer, period integer, room integer)
    where l.id = v.id`);
  await tx
    .update(timetables)
    .set({ status: 'published', publishedAt: new Date(`${mod.startDate}T00:00:00+07:00`) })
    .where(eq(timetables.id, tt.id));

  return {
    counts: { timetables: 1, lessons: res.lessons.length },
    generator: { score: res.score, elapsedMs: res.elapsedMs, firstFeasibleMs: res.firstFeasibleMs },
  };
}
