import type { z } from 'zod';
import type {
  TGridChange,
  TPeriodGrid,
  TPeriodGridInput,
  TSubjectPeriodPlan,
  TTeacherAvailability,
  ZTeacherAvailabilityInput,
} from '@app/shared/timetables';
import type { Db, DbOrTx } from '@/db/client';
import { found, write } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { badRequest } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import { assertAvailabilityAccess, availabilityApproves } from './access';
import {
  existingSubjectIds,
  findCampusName,
  findTeacher,
  headedDepartmentIds,
  listGrids,
  listPlans,
  lockAvailability,
  readAvailability,
  replaceAvailability,
  unplaceOutsideGrid,
  upsertGrid,
  upsertPlans,
} from './setup.repository';
import { affectedUserIds } from './versions.repository';

// ---- Period grids ----

export const gridsOf = (db: DbOrTx, campusIds?: number[]): Promise<TPeriodGrid[]> => listGrids(db, campusIds);

/** The grid of one campus (its stored one or the default). */
export async function gridOf(db: DbOrTx, campusId: number): Promise<TPeriodGrid> {
  return found((await listGrids(db, [campusId]))[0], 'cơ sở');
}

/**
 * Saves a campus's grid. Lessons that no longer fit (a dropped day, periods past the last one) are
 * unplaced, never deleted, and listed in the answer; a published version so changed is announced.
 */
export async function saveGrid(opts: {
  db: Db;
  actor: Actor;
  events: EventBus;
  campusId: number;
  input: TPeriodGridInput;
}): Promise<TGridChange> {
  const { db, actor, campusId, input } = opts;
  const changed = await write(db, actor, async (ctx) => {
    if ((await findCampusName(ctx.tx, campusId)) === null) throw badRequest('Cơ sở đã chọn không tồn tại.');
    const before = await gridOf(ctx.tx, campusId);
    await upsertGrid(ctx.tx, campusId, input);
    const unplaced = await unplaceOutsideGrid(ctx.tx, campusId, input.days, input.periods.length);
    await ctx.log({
      action: 'update',
      entity: 'period_grid',
      entityId: campusId,
      before,
      after: { ...input, unplacedLessonIds: unplaced.map((u) => u.lessonId) },
    });
    return unplaced;
  });
  const published = [...new Set(changed.filter((u) => u.status === 'published').map((u) => u.timetableId))];
  for (const timetableId of published) {
    const affected = await affectedUserIds(db, timetableId);
    opts.events.emit('timetable.changed', { timetableId, moduleId: affected.moduleId, userIds: affected.userIds });
  }
  return {
    grid: await gridOf(db, campusId),
    unplacedLessons: changed.map((u) => ({ timetableId: u.timetableId, lessonId: u.lessonId, courseClassName: u.courseClassName })),
  };
}

// ---- Period plans ----

export const periodPlans = (db: DbOrTx) => listPlans(db);

export async function savePeriodPlans(opts: { db: Db; actor: Actor; plans: TSubjectPeriodPlan[] }): Promise<TSubjectPeriodPlan[]> {
  const { db, actor, plans } = opts;
  const keys = new Set<string>();
  for (const p of plans) {
    const k = `${p.subjectId}:${p.grade}`;
    if (keys.has(k)) throw badRequest(`Môn học ${p.subjectId}, khối ${p.grade} xuất hiện hai lần.`);
    keys.add(k);
  }
  await write(db, actor, async (ctx) => {
    const known = await existingSubjectIds(
      ctx.tx,
      plans.map((p) => p.subjectId),
    );
    const missing = plans.filter((p) => !known.has(p.subjectId));
    if (missing.length) throw badRequest(`Môn học không tồn tại: ${[...new Set(missing.map((m) => m.subjectId))].join(', ')}.`);
    const before = await listPlans(ctx.tx);
    await upsertPlans(ctx.tx, plans);
    await ctx.log({ action: 'update', entity: 'subject_period_plan', before, after: plans });
  });
  return listPlans(db);
}

// ---- Teacher availability ----

async function teacherAndScope(db: DbOrTx, actor: Actor, teacherId: number) {
  const teacher = found(await findTeacher(db, teacherId), 'giáo viên');
  const headed = await headedDepartmentIds(db, actor.teacherId);
  return { teacher, headed };
}

export async function availabilityOf(db: Db, actor: Actor, teacherId: number | undefined): Promise<TTeacherAvailability> {
  const id = teacherId ?? actor.teacherId;
  if (id == null) throw badRequest('Hãy chọn giáo viên.');
  const { teacher, headed } = await teacherAndScope(db, actor, id);
  assertAvailabilityAccess(actor, 'read', teacher, headed);
  return readAvailability(db, id);
}

/**
 * Replaces a teacher's unavailable slots and preferred days. Saved by the administrator or the head of
 * the teacher's department, every slot is approved (this is how a pending request is approved); saved by
 * the teacher, a slot not approved before waits as 'pending' (the generator ignores it until approved).
 */
export async function saveAvailability(opts: {
  db: Db;
  actor: Actor;
  teacherId: number;
  input: z.infer<typeof ZTeacherAvailabilityInput>;
}): Promise<TTeacherAvailability> {
  const { db, actor, teacherId, input } = opts;
  const seen = new Set<string>();
  for (const s of input.unavailable) {
    const k = `${s.day}:${s.period}`;
    if (seen.has(k)) throw badRequest('Một tiết bận được khai báo hai lần.');
    seen.add(k);
  }
  await write(db, actor, async (ctx) => {
    const { teacher, headed } = await teacherAndScope(ctx.tx, actor, teacherId);
    assertAvailabilityAccess(actor, 'write', teacher, headed);
    await lockAvailability(ctx.tx, teacherId);
    const before = await readAvailability(ctx.tx, teacherId);
    const approves = availabilityApproves(actor, teacher, headed);
    const wasApproved = new Set(before.unavailable.filter((u) => u.status === 'approved').map((u) => `${u.day}:${u.period}`));
    const slots = input.unavailable.map((s) => ({
      day: s.day,
      period: s.period,
      note: s.note,
      status: (approves || wasApproved.has(`${s.day}:${s.period}`) ? 'approved' : 'pending') as 'approved' | 'pending',
    }));
    const preferredDays = [...new Set(input.preferredDays)].sort();
    await replaceAvailability(ctx.tx, teacherId, slots, preferredDays, actor.userId);
    await ctx.log({
      action: 'update',
      entity: 'teacher_availability',
      entityId: teacherId,
      before,
      after: { teacherId, unavailable: slots, preferredDays },
    });
  });
  return readAvailability(db, teacherId);
}
