import type { TAssignmentBoard, TBoardClash, TBoardDuty, TBoardTeacher, TLoadStatus, TTeacherPosition } from '@app/shared/teaching';
import { DERIVED_DUTY_CODES } from '@app/shared/teaching';
import { DAY_LABELS, type TWeekEntry } from '@app/shared/timetables';
import type { TPosition, TWorkloadRules } from '@app/shared/workload';
import { computeWorkload } from '@app/shared/workload-calc';
import type { Db, DbOrTx } from '@/db/client';
import { found, write } from '@/lib/write';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { AppError, badRequest } from '@/plugins/errors';
import { updateCourseClass, visibleCourseClass, type CourseClassInput } from '@/areas/school/course-classes/course-classes.service';
import { todayInVietnam, weekView } from '@/areas/timetables/week.service';
import { dutiesOf, type DutyRow } from '../core/duties.repository';
import { dutyInputs } from '../core/duties';
import { taughtClasses, type TaughtClassRow } from '../core/load.repository';
import { rulesOn } from '../core/rule-sets';
import { ASSIGNMENT_WIDE } from './access';
import {
  boardClass,
  departmentClasses,
  departmentRows,
  departmentTeachers,
  headedBy,
  lockTeacher,
  moduleRow,
  setPosition,
  teachersByIds,
  type TeacherRow,
} from './assignments.repository';

/*
 * The assignment board (issue 15 "Teaching assignments"): a department's course classes of a module and
 * who teaches them, and beside each teacher the live load: periods per week assigned, the norm of their
 * position after the reductions of their duties of the module's year (the rule set in force on the
 * module's start, through the shared calculator with one week), the difference, and the clashes of their
 * lessons in the published timetable in force. Teachers are assigned through the course-classes area's
 * own update, so its checks and its audit entry apply.
 */

const NOT_YOURS = 'Bạn chỉ được phân công cho tổ chuyên môn mình phụ trách.';

/** The departments the actor may work on: null for all (admin, academic affairs), else the ones they head. */
export async function departmentScope(db: DbOrTx, actor: Actor): Promise<number[] | null> {
  if (hasAnyRole(actor, ASSIGNMENT_WIDE)) return null;
  if (hasAnyRole(actor, ['HEAD_DEPARTMENT'])) return headedBy(db, actor.teacherId);
  throw new AppError('FORBIDDEN', NOT_YOURS);
}

export function assertDepartment(scope: number[] | null, departmentId: number | null, message = NOT_YOURS): void {
  if (scope === null) return;
  if (departmentId === null || !scope.includes(departmentId)) throw new AppError('FORBIDDEN', message);
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const clamp = (d: string, from: string, to: string) => (d < from ? from : d > to ? to : d);

/** The slots where a teacher has two lessons of the week at once. */
function clashesOf(teacherId: number, entries: TWeekEntry[]): TBoardClash[] {
  const slots = new Map<string, { day: number; period: number; lessons: TWeekEntry[] }>();
  for (const e of entries) {
    if (e.kind !== 'lesson' || !e.teachers.some((t) => t.id === teacherId)) continue;
    for (let p = e.period; p < e.period + Math.max(1, e.length); p++) {
      const key = `${e.day}:${p}`;
      const slot = slots.get(key) ?? { day: e.day, period: p, lessons: [] };
      slot.lessons.push(e);
      slots.set(key, slot);
    }
  }
  return [...slots.values()]
    .filter((s) => new Set(s.lessons.map((l) => l.lessonId)).size > 1)
    .sort((a, b) => a.day - b.day || a.period - b.period)
    .map((s) => {
      const courseClasses = [...new Set(s.lessons.map((l) => l.courseClass?.code ?? l.subjectName ?? ''))];
      return {
        day: s.day,
        period: s.period,
        courseClasses,
        message: `${DAY_LABELS[s.day] ?? `Thứ ${s.day}`} tiết ${s.period}: ${courseClasses.join(', ')}`,
      };
    });
}

/** A teacher's load under the rules: one week of the calculator (their classes' periods, their duties). */
export function teacherLoad(opts: {
  teacher: TeacherRow;
  rules: TWorkloadRules;
  classes: TaughtClassRow[];
  duties: DutyRow[];
  clashes: TBoardClash[];
}): TBoardTeacher {
  const { teacher, rules } = opts;
  const known = opts.duties.filter((d) => rules.duties.some((r) => r.code === d.code));
  const inputs = dutyInputs(known, rules);
  const position = teacher.position as TPosition;
  const w = computeWorkload({
    rules,
    position,
    weeks: 1,
    lines: opts.classes.map((c) => ({ kind: 'class' as const, label: c.code, periods: c.periodsPerWeek })),
    duties: inputs,
  });
  const duties: TBoardDuty[] = [
    ...known.map((d, i) => ({
      code: d.code,
      label: inputs[i].label,
      perWeek: w.reductions[i].perWeek,
      counted: w.reductions[i].counted,
      source: d.source,
      dutyId: d.id,
    })),
    // A stored code the rule set no longer knows: shown, never counted.
    ...opts.duties
      .filter((d) => !known.includes(d))
      .map((d) => ({ code: d.code, label: d.detail ?? d.code, perWeek: 0, counted: false, source: d.source, dutyId: d.id })),
  ];
  const difference = round2(w.taught - w.normAfterReductionsPerWeek);
  const status: TLoadStatus = difference < 0 ? 'under' : difference > 0 ? 'over' : 'ok';
  return {
    id: teacher.id,
    fullName: teacher.fullName,
    staffCode: teacher.staffCode,
    position,
    classes: opts.classes.map((c) => ({ courseClassId: c.courseClassId, code: c.code, periodsPerWeek: c.periodsPerWeek })),
    periodsAssigned: w.taught,
    normPerWeek: w.normPerWeek,
    duties,
    reductionPerWeek: round2(duties.filter((d) => d.counted).reduce((s, d) => s + d.perWeek, 0)),
    normAfterReductions: w.normAfterReductionsPerWeek,
    difference,
    status,
    clashes: opts.clashes,
  };
}

/** GET /teaching/assignments: the board of a department (the first the actor may work on, unless asked) for a module. */
export async function assignmentBoard(db: Db, actor: Actor, q: { moduleId: number; departmentId?: number }): Promise<TAssignmentBoard> {
  const mod = found(await moduleRow(db, q.moduleId), 'học phần');
  const scope = await departmentScope(db, actor);
  if (q.departmentId !== undefined) {
    found((await departmentRows(db, [q.departmentId]))[0], 'tổ chuyên môn');
    assertDepartment(scope, q.departmentId);
  }
  const departments = await departmentRows(db, scope);
  const departmentId = q.departmentId ?? departments[0]?.id ?? null;
  const ruleSet = await rulesOn(db, mod.startDate);
  const { rules } = ruleSet;
  const board: TAssignmentBoard = {
    module: mod,
    departments,
    departmentId,
    ruleSet: { id: ruleSet.id, name: rules.name, effectiveFrom: rules.effectiveFrom },
    dutyRules: rules.duties
      .filter((d) => !(DERIVED_DUTY_CODES as readonly string[]).includes(d.code))
      .map(({ code, name, reduction }) => ({ code, name, reduction })),
    timetable: null,
    courseClasses: [],
    teachers: [],
  };
  if (departmentId === null) return board;

  const [classes, teachers] = await Promise.all([departmentClasses(db, mod.id, departmentId), departmentTeachers(db, departmentId)]);
  const teacherIds = teachers.map((t) => t.id);
  const [taught, duties] = await Promise.all([taughtClasses(db, [mod.id], teacherIds), dutiesOf(db, mod.academicYearId, teacherIds)]);
  // The department's week in the published version in force (today, or the module's nearest day).
  const week = await weekView(db, actor, {
    view: 'department',
    id: departmentId,
    date: clamp(todayInVietnam(), mod.startDate, mod.endDate),
  });
  board.timetable = week.timetable
    ? { id: week.timetable.id, name: week.timetable.name, effectiveFrom: week.timetable.effectiveFrom }
    : null;
  board.courseClasses = classes.map(({ departmentId: _d, teachers: ts, ...c }) => ({ ...c, teachers: ts ?? [] }));
  board.teachers = teachers.map((teacher) =>
    teacherLoad({
      teacher,
      rules,
      classes: taught.filter((c) => c.teacherId === teacher.id),
      duties: duties.filter((d) => d.teacherId === teacher.id),
      clashes: clashesOf(teacher.id, week.entries),
    }),
  );
  return board;
}

/**
 * PUT /teaching/assignments/course-classes/{id}/teachers: the class's teachers, through the course-classes
 * area's update (its checks, its audit entry). A teacher added must belong to the class's department;
 * ones already there stay even if they do not. Answers the refreshed board.
 */
export async function assignTeachers(opts: {
  db: Db;
  actor: Actor;
  courseClassId: number;
  teacherIds: number[];
}): Promise<TAssignmentBoard> {
  const { db, actor } = opts;
  const cls = found(await boardClass(db, opts.courseClassId), 'lớp học phần');
  assertDepartment(await departmentScope(db, actor), cls.departmentId);
  const current = new Set((cls.teachers ?? []).map((t) => t.id));
  const teacherIds = [...new Set(opts.teacherIds)];
  const added = teacherIds.filter((id) => !current.has(id));
  if (added.length) {
    const rows = await teachersByIds(db, added);
    const outside = rows.filter((t) => t.departmentId !== cls.departmentId);
    if (outside.length)
      throw badRequest(`Giáo viên không thuộc tổ chuyên môn của lớp học phần ${cls.code}: ${outside.map((t) => t.fullName).join(', ')}.`, {
        teacherIds: outside.map((t) => t.id),
      });
  }
  await write(db, actor, async (ctx) => {
    const row = await visibleCourseClass(ctx.tx, actor, cls.id);
    const { code, name, subjectId, moduleId, campusId, grade, capacity } = row;
    await updateCourseClass(ctx, cls.id, {
      code,
      name,
      subjectId,
      moduleId,
      campusId,
      grade: grade as CourseClassInput['grade'],
      capacity,
      teacherIds,
    });
  });
  return assignmentBoard(db, actor, { moduleId: cls.moduleId, ...(cls.departmentId !== null ? { departmentId: cls.departmentId } : {}) });
}

/** PUT /teaching/teachers/{id}/position: the position whose norm applies (audited as the teacher's update). */
export async function setTeacherPosition(opts: {
  db: Db;
  actor: Actor;
  teacherId: number;
  position: TPosition;
}): Promise<TTeacherPosition & { id: number }> {
  const scope = await departmentScope(opts.db, opts.actor);
  await write(opts.db, opts.actor, async (ctx) => {
    const teacher = found(await lockTeacher(ctx.tx, opts.teacherId), 'giáo viên');
    assertDepartment(scope, teacher.departmentId, 'Bạn chỉ được đổi chức vụ của giáo viên thuộc tổ chuyên môn mình phụ trách.');
    if (teacher.position === opts.position) return;
    await setPosition(ctx.tx, teacher.id, opts.position);
    await ctx.log({
      action: 'update',
      entity: 'teacher',
      entityId: teacher.id,
      before: { position: teacher.position },
      after: { position: opts.position },
    });
  });
  return { id: opts.teacherId, position: opts.position };
}
