import {
  CLASH_LABELS,
  type TEditResult,
  type TLesson,
  type TLessonEdit,
  type TTimetable,
  type TTimetableDetail,
} from '@app/shared/timetables';
import { formatDate } from '@app/shared/format';
import type { Db, DbOrTx } from '@/db/client';
import { found, write } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { AppError, badRequest, conflict } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import { evaluate, type Evaluation } from './core/engine';
import { loadInstance, periodsPerWeekOf } from './core/instance.repository';
import { lessonLengths } from './core/periods';
import {
  affectedUserIds,
  archiveSameDay,
  classroomExists,
  copyLessons,
  findLesson,
  findModule,
  findTimetable,
  homeroomCourseClasses,
  insertLessons,
  moduleClasses,
  insertTimetable,
  lessonCounts,
  lockTimetable,
  markPublished,
  moduleTimetables,
  publishedToCopy,
  timetableLessons,
  touchTimetable,
  updateLessonIfVersion,
  type TimetableRow,
} from './versions.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The last clash count computed per version, in this process's memory: week views show it without
 * re-running the whole clash check on every read (it is refreshed by every detail, edit and publish).
 */
const clashCountCache = new Map<number, number>();

/** The clashes and score of a version, as they stand in the database. */
export async function evaluationOf(db: DbOrTx, timetableId: number): Promise<Evaluation> {
  const ev = evaluate(await loadInstance(db, timetableId));
  clashCountCache.set(timetableId, ev.clashes.length);
  return ev;
}

function shown(row: TimetableRow, counts: { total: number; unplaced: number } | undefined, hardClashCount: number): TTimetable {
  return {
    id: row.id,
    moduleId: row.moduleId,
    name: row.name,
    status: row.status as TTimetable['status'],
    effectiveFrom: row.effectiveFrom,
    basedOnId: row.basedOnId,
    publishedAt: iso(row.publishedAt),
    lessonCount: counts?.total ?? 0,
    unplacedCount: counts?.unplaced ?? 0,
    hardClashCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A version as listed; its clash count computed now (a teacher's availability may have changed since). */
export async function timetableSummary(
  db: DbOrTx,
  row: TimetableRow,
  evaluation?: Evaluation,
  opts: { cachedClashes?: boolean } = {},
): Promise<TTimetable> {
  const counts = (await lessonCounts(db, [row.id])).get(row.id);
  // Week views: the last count this process computed, or 0 for a published version not checked since the
  // start (publishing refuses any hard clash), never the whole clash check on a read path.
  const cached = opts.cachedClashes ? (clashCountCache.get(row.id) ?? (row.status === 'published' ? 0 : undefined)) : undefined;
  const n = evaluation?.clashes.length ?? cached ?? (await evaluationOf(db, row.id)).clashes.length;
  return shown(row, counts, n);
}

export async function listVersions(db: Db, moduleId: number): Promise<TTimetable[]> {
  found(await findModule(db, moduleId), 'học phần');
  const rows = await moduleTimetables(db, moduleId);
  const out: TTimetable[] = [];
  for (const row of rows) out.push(await timetableSummary(db, row));
  return out;
}

export async function timetableDetail(db: DbOrTx, id: number): Promise<TTimetableDetail> {
  const row = found(await findTimetable(db, id), 'thời khóa biểu');
  const ev = await evaluationOf(db, id);
  return {
    ...(await timetableSummary(db, row, ev)),
    lessons: await timetableLessons(db, id),
    clashes: ev.clashes,
    score: ev.score,
    homeroomCourseClasses: await homeroomCourseClasses(db, id),
  };
}

/**
 * A new draft of a module: a copy of its published version (the one in force today, else the latest),
 * or, when none is published yet, one lesson per period a week of every course class (its own number,
 * else the subject × grade plan, else 2: core/periods.ts), all unplaced.
 */
export async function createDraft(opts: { db: Db; actor: Actor; input: { moduleId: number; name?: string } }): Promise<TTimetableDetail> {
  const { db, actor, input } = opts;
  const id = await write(db, actor, async (ctx) => {
    const mod = found(await findModule(ctx.tx, input.moduleId), 'học phần');
    const source = await publishedToCopy(ctx.tx, mod.id);
    const count = (await moduleTimetables(ctx.tx, mod.id)).length;
    const name = input.name?.trim() || `Thời khóa biểu ${mod.name} – bản ${count + 1}`;
    const row = await insertTimetable(ctx.tx, { moduleId: mod.id, name, basedOnId: source?.id ?? null, createdBy: actor.userId });
    const lessons = source ? await copyLessons(ctx.tx, source.id, row.id) : await freshLessons(ctx.tx, mod.id, row.id);
    await ctx.log({ action: 'create', entity: 'timetable', entityId: row.id, after: { ...row, lessons, copiedFrom: source?.id ?? null } });
    return row.id;
  });
  return timetableDetail(db, id);
}

/** One unplaced lesson per period a week of every course class (pairs for double periods), in its fixed room if any. */
async function freshLessons(tx: DbOrTx, moduleId: number, timetableId: number): Promise<number> {
  const periods = await periodsPerWeekOf(tx, moduleId);
  const rows = (await moduleClasses(tx, moduleId)).flatMap((c) => {
    const p = periods.get(c.id);
    return p ? lessonLengths(p).map((length) => ({ courseClassId: c.id, length, classroomId: c.classroomId })) : [];
  });
  return insertLessons(tx, timetableId, rows);
}

const STALE =
  'Tiết học này vừa được người khác thay đổi. Thời khóa biểu đã được tải lại; hãy xem thay đổi mới rồi thao tác lại. Không có gì bị ghi đè.';

async function assertDraft(tx: DbOrTx, id: number): Promise<TimetableRow> {
  const row = found(await lockTimetable(tx, id), 'thời khóa biểu');
  if (row.status !== 'draft') throw badRequest('Chỉ sửa được bản nháp. Hãy tạo bản nháp mới từ thời khóa biểu đã công bố.');
  return row;
}

async function lessonAt(tx: DbOrTx, timetableId: number, lessonId: number, version: number): Promise<TLesson> {
  const l = found(await findLesson(tx, timetableId, lessonId), 'tiết học');
  if (l.version !== version) throw conflict(STALE, { lessonId, currentVersion: l.version });
  return l;
}

async function update(tx: DbOrTx, timetableId: number, l: TLesson, set: Parameters<typeof updateLessonIfVersion>[4]): Promise<TLesson> {
  const after = await updateLessonIfVersion(tx, timetableId, l.id, l.version, set);
  if (!after) throw conflict(STALE, { lessonId: l.id });
  return after;
}

const refuseLocked = (l: TLesson) => {
  if (l.locked) throw badRequest('Tiết học đã khóa. Hãy mở khóa trước khi xếp lại.');
};

/**
 * One edit of a draft (place/move, swap, unplace, lock, room). Each names the version of the lesson it
 * saw: a stale one is refused with 409 and nothing is written. Answers the changed lessons and the
 * version's clashes and score after the edit.
 */
export async function editLessons(opts: { db: Db; actor: Actor; timetableId: number; edit: TLessonEdit }): Promise<TEditResult> {
  const { db, actor, timetableId, edit } = opts;
  const changed = await write(db, actor, async (ctx) => {
    await assertDraft(ctx.tx, timetableId);
    const l = await lessonAt(ctx.tx, timetableId, edit.lessonId, edit.version);
    let out: TLesson[];
    switch (edit.op) {
      case 'place': {
        refuseLocked(l);
        if (edit.classroomId != null && !(await classroomExists(ctx.tx, edit.classroomId))) throw badRequest('Phòng học không tồn tại.');
        const set = { day: edit.day, period: edit.period, ...(edit.classroomId !== undefined ? { classroomId: edit.classroomId } : {}) };
        out = [await update(ctx.tx, timetableId, l, set)];
        break;
      }
      case 'swap': {
        if (edit.otherLessonId === l.id) throw badRequest('Hãy chọn hai tiết khác nhau để đổi chỗ.');
        const o = await lessonAt(ctx.tx, timetableId, edit.otherLessonId, edit.otherVersion);
        refuseLocked(l);
        refuseLocked(o);
        out = [
          await update(ctx.tx, timetableId, l, { day: o.day, period: o.period }),
          await update(ctx.tx, timetableId, o, { day: l.day, period: l.period }),
        ];
        break;
      }
      case 'unplace':
        refuseLocked(l);
        out = [await update(ctx.tx, timetableId, l, { day: null, period: null })];
        break;
      case 'lock':
        out = [await update(ctx.tx, timetableId, l, { locked: edit.locked })];
        break;
      case 'room':
        if (edit.classroomId !== null && !(await classroomExists(ctx.tx, edit.classroomId))) throw badRequest('Phòng học không tồn tại.');
        out = [await update(ctx.tx, timetableId, l, { classroomId: edit.classroomId })];
        break;
    }
    await touchTimetable(ctx.tx, timetableId);
    await ctx.log({ action: edit.op, entity: 'lesson', entityId: l.id, before: l, after: out });
    return out;
  });
  const ev = await evaluationOf(db, timetableId);
  return { lessons: changed, clashes: ev.clashes, score: ev.score };
}

/** "Thứ Hai tiết 3: Giáo viên dạy hai nơi cùng lúc – …" one line per clash. */
export function clashLines(ev: Evaluation): string[] {
  return ev.clashes.map((c) => `${CLASH_LABELS[c.kind]}: ${c.message}`);
}

/**
 * Publishes a draft from a date within its module. Refused (400, the list in Vietnamese) while a hard
 * clash or an unplaced lesson remains. A published version of the module from the same day is replaced
 * (archived); versions from other days stay published, each in force from its date until the next one.
 * Emits `timetable.published` naming the people concerned.
 */
export async function publishTimetable(opts: {
  db: Db;
  actor: Actor;
  events: EventBus;
  timetableId: number;
  effectiveFrom: string;
}): Promise<TTimetable> {
  const { db, actor, timetableId, effectiveFrom } = opts;
  const archived = await write(db, actor, async (ctx) => {
    const row = await assertDraft(ctx.tx, timetableId);
    const mod = found(await findModule(ctx.tx, row.moduleId), 'học phần');
    if (effectiveFrom < mod.startDate || effectiveFrom > mod.endDate)
      throw badRequest(`Ngày áp dụng phải nằm trong học phần (${formatDate(mod.startDate)} – ${formatDate(mod.endDate)}).`);
    const ev = evaluate(await loadInstance(ctx.tx, timetableId));
    clashCountCache.set(timetableId, ev.clashes.length);
    if (ev.clashes.length) {
      const lines = clashLines(ev);
      throw new AppError(
        'BAD_REQUEST',
        `Chưa thể công bố: thời khóa biểu còn ${ev.clashes.length} xung đột.\n${lines.map((s) => `- ${s}`).join('\n')}`,
        { clashes: ev.clashes },
      );
    }
    const counts = (await lessonCounts(ctx.tx, [timetableId])).get(timetableId);
    if (counts && counts.unplaced > 0) throw badRequest(`Chưa thể công bố: còn ${counts.unplaced} tiết chưa xếp.`);
    const replaced = await archiveSameDay(ctx.tx, row.moduleId, effectiveFrom, timetableId);
    await markPublished(ctx.tx, timetableId, effectiveFrom, actor.userId);
    await ctx.log({
      action: 'publish_timetable',
      entity: 'timetable',
      entityId: timetableId,
      before: row,
      after: { effectiveFrom, archived: replaced },
    });
    return replaced;
  });
  const affected = await affectedUserIds(db, timetableId);
  opts.events.emit('timetable.published', {
    timetableId,
    moduleId: affected.moduleId,
    effectiveFrom,
    replacedIds: archived,
    userIds: affected.userIds,
  });
  return timetableSummary(db, found(await findTimetable(db, timetableId), 'thời khóa biểu'));
}
