import type { z } from 'zod';
import { formatDate, isoDateInSchool } from '@app/shared/format';
import {
  periodsLabel,
  type TAttendanceSheet,
  type TMyTutoring,
  type TTutoringClash,
  type TTutoringGroupDetail,
  type TTutoringReport,
  type TTutoringReportQuery,
  type TTutoringSession,
  type ZAttendanceInput,
  type ZTutoringGroupInput,
  type ZTutoringSessionInput,
} from '@app/shared/tutoring';
import type { Db, DbOrTx } from '@/db/client';
import { page } from '@/lib/list';
import { found, write } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { AppError, badRequest, conflict } from '@/plugins/errors';
import { assertGroupScope } from './access';
import {
  attendanceOf,
  classroomExists,
  deleteGroup,
  deleteSession,
  findGroup,
  groupFilter,
  groupIdIs,
  groupRows,
  groupSessions,
  groupStudents,
  groupTeacherIds,
  insertGroup,
  insertSession,
  lockGroup,
  lockSession,
  plannedBefore,
  plannedFrom,
  references,
  replaceAttendance,
  reportByGroup,
  reportByKind,
  reportByStudent,
  reportByTeacher,
  sessionShown,
  setMembers,
  slotNames,
  taughtCount,
  taughtPeriods,
  teacherSessions,
  timetableBusy,
  tutoringBusy,
  updateGroup,
  updateSession,
  type BusyRow,
  type GroupRow,
  type SlotQuery,
  sessionCounts,
  weekSessions,
} from './tutoring.repository';

/*
 * Tutoring (issue 15 "Tutoring"): groups, their sessions (clash-checked against other sessions and the
 * published timetable in force), attendance (which marks a session taught), the reports, and the taught
 * periods the declarations area prefills from. Every write goes through `write()` and is audited as
 * `tutoring_group`, `tutoring_session` (actions create/update/delete) or `tutoring_session` with the
 * action `attendance`.
 */

type GroupInput = z.output<typeof ZTutoringGroupInput>;
type SessionInput = z.output<typeof ZTutoringSessionInput>;
type AttendanceInput = z.output<typeof ZAttendanceInput>;

const GROUP = 'tutoring_group';
const SESSION = 'tutoring_session';
const GROUP_NOUN = 'nhóm phụ đạo';
const SESSION_NOUN = 'buổi phụ đạo';
export const DELETE_TAUGHT_REFUSED = 'Không thể xóa nhóm phụ đạo đã có buổi dạy được điểm danh. Hãy hủy các buổi còn lại thay vì xóa nhóm.';

// ---------------------------------------------------------------- groups

export async function listGroups(db: Db, q: { semesterId?: number; search?: string; page: number; limit: number }) {
  const { items, total } = await groupRows(db, {
    where: groupFilter(q),
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return page(items, total, q);
}

async function groupShown(db: DbOrTx, id: number): Promise<TTutoringGroupDetail> {
  const { items } = await groupRows(db, { where: groupIdIs(id) });
  const group = found(items[0], GROUP_NOUN);
  return { ...group, students: await groupStudents(db, id) };
}

/** A group with its students: a manager, or a teacher of the group. */
export async function readGroup(db: Db, actor: Actor, id: number): Promise<TTutoringGroupDetail> {
  const group = await groupShown(db, id);
  assertGroupScope(
    actor,
    group.teachers.map((t) => t.id),
  );
  return group;
}

const unique = (ids: number[]) => [...new Set(ids)];

async function checkGroup(tx: DbOrTx, input: GroupInput): Promise<void> {
  const refs = await references(tx, input);
  if (!refs.semester) throw badRequest('Không tìm thấy học kỳ.');
  if (!refs.subject) throw badRequest('Không tìm thấy môn học.');
  if (!refs.campus) throw badRequest('Không tìm thấy cơ sở.');
  const missingTeachers = input.teacherIds.filter((id) => !refs.teachers.includes(id));
  if (missingTeachers.length) throw badRequest(`Không tìm thấy giáo viên mã số ${missingTeachers.join(', ')}.`);
  const missingStudents = input.studentIds.filter((id) => !refs.students.includes(id));
  if (missingStudents.length) throw badRequest(`Không tìm thấy học sinh mã số ${missingStudents.join(', ')}.`);
}

const groupFields = (input: GroupInput) => ({
  semesterId: input.semesterId,
  name: input.name,
  kind: input.kind,
  subjectId: input.subjectId,
  campusId: input.campusId,
  note: input.note,
});
const snapshot = (row: GroupRow, m: { teacherIds: number[]; studentIds: number[] }) => ({ ...row, ...m });

export async function createGroup(opts: { db: Db; actor: Actor; input: GroupInput }): Promise<TTutoringGroupDetail> {
  const input = { ...opts.input, teacherIds: unique(opts.input.teacherIds), studentIds: unique(opts.input.studentIds) };
  const id = await write(opts.db, opts.actor, async (ctx) => {
    await checkGroup(ctx.tx, input);
    const row = await insertGroup(ctx.tx, groupFields(input));
    await setMembers(ctx.tx, row.id, input);
    await ctx.log({ action: 'create', entity: GROUP, entityId: row.id, after: snapshot(row, input) });
    return row.id;
  });
  return groupShown(opts.db, id);
}

export async function editGroup(opts: { db: Db; actor: Actor; id: number; input: GroupInput }): Promise<TTutoringGroupDetail> {
  const input = { ...opts.input, teacherIds: unique(opts.input.teacherIds), studentIds: unique(opts.input.studentIds) };
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockGroup(ctx.tx, opts.id), GROUP_NOUN);
    const beforeTeachers = await groupTeacherIds(ctx.tx, opts.id);
    const beforeStudents = (await groupStudents(ctx.tx, opts.id)).map((s) => s.id);
    await checkGroup(ctx.tx, input);
    // A session keeps its teacher: one who still teaches a session of the group stays in it.
    const sessions = await groupSessions(ctx.tx, opts.id);
    const orphan = sessions.find((s) => s.status !== 'cancelled' && !input.teacherIds.includes(s.teacherId));
    if (orphan)
      throw conflict(
        `Giáo viên ${orphan.teacherName} đang dạy buổi ngày ${formatDate(orphan.onDate)} của nhóm: hãy đổi giáo viên của buổi đó trước khi bỏ khỏi nhóm.`,
      );
    const after = await updateGroup(ctx.tx, opts.id, groupFields(input));
    await setMembers(ctx.tx, opts.id, input);
    await ctx.log({
      action: 'update',
      entity: GROUP,
      entityId: opts.id,
      before: snapshot(before, { teacherIds: beforeTeachers, studentIds: beforeStudents }),
      after: snapshot(after, input),
    });
  });
  return groupShown(opts.db, opts.id);
}

/** Refused once a session of the group was taught (its periods feed declarations). */
export async function removeGroup(opts: { db: Db; actor: Actor; id: number }): Promise<void> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockGroup(ctx.tx, opts.id), GROUP_NOUN);
    if ((await taughtCount(ctx.tx, opts.id)) > 0) throw conflict(DELETE_TAUGHT_REFUSED);
    const members = {
      teacherIds: await groupTeacherIds(ctx.tx, opts.id),
      studentIds: (await groupStudents(ctx.tx, opts.id)).map((s) => s.id),
    };
    await deleteGroup(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: GROUP, entityId: opts.id, before: snapshot(before, members) });
  });
}

// ---------------------------------------------------------------- sessions

export async function sessionsOf(db: Db, actor: Actor, groupId: number): Promise<TTutoringSession[]> {
  found(await findGroup(db, groupId), GROUP_NOUN);
  assertGroupScope(actor, await groupTeacherIds(db, groupId));
  return groupSessions(db, groupId);
}

/** ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD date. */
export function isoWeekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function names(list: string[]): string {
  return list.length > 3 ? `${list.slice(0, 3).join(', ')} và ${list.length - 3} học sinh khác` : list.join(', ');
}

/** The clashes of a slot, each as one Vietnamese sentence. */
export async function slotClashes(db: DbOrTx, q: SlotQuery): Promise<TTutoringClash[]> {
  const [tutoring, timetable, slot] = await Promise.all([tutoringBusy(db, q), timetableBusy(db, q), slotNames(db, q)]);
  const day = formatDate(q.onDate);
  const out: TTutoringClash[] = [];
  const add = (source: TTutoringClash['source'], b: BusyRow) => {
    const what = source === 'tutoring' ? `buổi phụ đạo của nhóm "${b.label}"` : `lớp ${b.label} theo thời khóa biểu`;
    const when = `${periodsLabel(b.period, b.length)} ngày ${day}`;
    if (b.room) out.push({ what: 'room', source, message: `Phòng ${slot.roomCode ?? ''} đã có ${what} (${when}).` });
    if (b.teacher) out.push({ what: 'teacher', source, message: `Giáo viên ${slot.teacherName ?? ''} đã có ${what} (${when}).` });
    if (b.students?.length) out.push({ what: 'student', source, message: `Học sinh ${names(b.students)} đã có ${what} (${when}).` });
  };
  for (const b of tutoring) add('tutoring', b);
  for (const b of timetable) add('timetable', b);
  return out;
}

async function checkSession(tx: DbOrTx, groupId: number, input: SessionInput, exceptSessionId: number | null): Promise<void> {
  const teachers = await groupTeacherIds(tx, groupId);
  if (!teachers.includes(input.teacherId)) throw badRequest('Giáo viên dạy buổi này phải là một giáo viên của nhóm.');
  if (input.classroomId !== null && !(await classroomExists(tx, input.classroomId))) throw badRequest('Không tìm thấy phòng học.');
  if (input.status === 'cancelled') return;
  const clashes = await slotClashes(tx, {
    onDate: input.onDate,
    day: isoWeekday(input.onDate),
    first: input.period,
    last: input.period + input.length - 1,
    classroomId: input.classroomId,
    teacherId: input.teacherId,
    groupId,
    exceptSessionId,
  });
  if (clashes.length) {
    const more = clashes.length > 1 ? ` (và ${clashes.length - 1} trùng lịch khác)` : '';
    throw new AppError('CONFLICT', `Trùng lịch: ${clashes[0].message.replace(/\.$/, '')}${more}.`, { clashes });
  }
}

const sessionFields = (input: SessionInput) => ({
  onDate: input.onDate,
  period: input.period,
  length: input.length,
  classroomId: input.classroomId,
  teacherId: input.teacherId,
  status: input.status,
  note: input.note,
});

export async function createSession(opts: { db: Db; actor: Actor; groupId: number; input: SessionInput }): Promise<TTutoringSession> {
  const id = await write(opts.db, opts.actor, async (ctx) => {
    found(await lockGroup(ctx.tx, opts.groupId), GROUP_NOUN);
    await checkSession(ctx.tx, opts.groupId, opts.input, null);
    const row = await insertSession(ctx.tx, opts.groupId, sessionFields(opts.input));
    await ctx.log({ action: 'create', entity: SESSION, entityId: row.id, after: row });
    return row.id;
  });
  return found(await sessionShown(opts.db, id), SESSION_NOUN);
}

/** A taught session keeps its status (its attendance was taken); it cannot be cancelled. */
export async function editSession(opts: { db: Db; actor: Actor; id: number; input: SessionInput }): Promise<TTutoringSession> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockSession(ctx.tx, opts.id), SESSION_NOUN);
    await lockGroup(ctx.tx, before.groupId);
    if (before.status === 'taught' && opts.input.status === 'cancelled') throw conflict('Buổi học đã được điểm danh, không thể hủy.');
    await checkSession(ctx.tx, before.groupId, opts.input, opts.id);
    const fields = sessionFields(opts.input);
    const after = await updateSession(ctx.tx, opts.id, { ...fields, status: before.status === 'taught' ? 'taught' : fields.status });
    await ctx.log({ action: 'update', entity: SESSION, entityId: opts.id, before, after });
  });
  return found(await sessionShown(opts.db, opts.id), SESSION_NOUN);
}

export async function removeSession(opts: { db: Db; actor: Actor; id: number }): Promise<void> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockSession(ctx.tx, opts.id), SESSION_NOUN);
    if (before.status === 'taught') throw conflict('Buổi học đã được điểm danh, không thể xóa. Hãy sửa buổi học nếu cần.');
    await deleteSession(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: SESSION, entityId: opts.id, before });
  });
}

// ---------------------------------------------------------------- attendance

async function sheet(db: DbOrTx, sessionId: number): Promise<TAttendanceSheet> {
  const session = found(await sessionShown(db, sessionId), SESSION_NOUN);
  const group = found(await findGroup(db, session.groupId), GROUP_NOUN);
  const [students, marks] = await Promise.all([groupStudents(db, session.groupId), attendanceOf(db, sessionId)]);
  const byStudent = new Map(marks.map((m) => [m.studentId, m]));
  return {
    session,
    groupName: group.name,
    students: students.map((s) => {
      const m = byStudent.get(s.id);
      return { ...s, status: (m?.status as TAttendanceSheet['students'][number]['status']) ?? null, note: m?.note ?? null };
    }),
  };
}

export async function attendanceSheet(db: Db, actor: Actor, sessionId: number): Promise<TAttendanceSheet> {
  const s = found(await sessionShown(db, sessionId), SESSION_NOUN);
  assertGroupScope(actor, await groupTeacherIds(db, s.groupId));
  return sheet(db, sessionId);
}

/**
 * Every student of the group at once; marks the session taught. A teacher of the group may take it,
 * from the session's day on (not before); a cancelled session takes none.
 */
export async function saveAttendance(opts: { db: Db; actor: Actor; sessionId: number; input: AttendanceInput }): Promise<TAttendanceSheet> {
  const { actor, sessionId, input } = opts;
  await write(opts.db, actor, async (ctx) => {
    const session = found(await lockSession(ctx.tx, sessionId), SESSION_NOUN);
    assertGroupScope(actor, await groupTeacherIds(ctx.tx, session.groupId));
    if (session.status === 'cancelled') throw conflict('Buổi học đã hủy, không thể điểm danh.');
    if (session.onDate > isoDateInSchool()) throw conflict(`Chưa đến ngày học (${formatDate(session.onDate)}), chưa thể điểm danh.`);
    const students = (await groupStudents(ctx.tx, session.groupId)).map((s) => s.id);
    const given = new Map(input.items.map((i) => [i.studentId, i]));
    if (given.size !== input.items.length) throw badRequest('Mỗi học sinh chỉ được điểm danh một lần.');
    const stranger = input.items.find((i) => !students.includes(i.studentId));
    if (stranger) throw badRequest('Có học sinh không thuộc nhóm phụ đạo này.');
    if (given.size !== students.length) throw badRequest(`Hãy điểm danh đủ ${students.length} học sinh của nhóm.`);
    const before = await attendanceOf(ctx.tx, sessionId);
    await replaceAttendance(ctx.tx, sessionId, input.items);
    if (session.status !== 'taught') await updateSession(ctx.tx, sessionId, { status: 'taught' });
    await ctx.log({
      action: 'attendance',
      entity: SESSION,
      entityId: sessionId,
      before: { status: session.status, attendance: before },
      after: { status: 'taught', attendance: input.items },
    });
  });
  return sheet(opts.db, sessionId);
}

// ---------------------------------------------------------------- the teacher's own

export async function myTutoring(db: Db, actor: Actor): Promise<TMyTutoring> {
  if (actor.teacherId === null) throw new AppError('NO_TEACHER_RECORD', 'Tài khoản chưa gắn với hồ sơ giáo viên.');
  const today = isoDateInSchool();
  const teacherId = actor.teacherId;
  const [{ items: groups }, upcoming, toMark] = await Promise.all([
    groupRows(db, { where: groupFilter({ teacherId }) }),
    teacherSessions(db, { teacherId, where: plannedFrom(today), limit: 50 }),
    teacherSessions(db, { teacherId, where: plannedBefore(today), desc: true, limit: 50 }),
  ]);
  return { groups, upcoming, toMark };
}

// ---------------------------------------------------------------- reports

const rate = (attended: number, marked: number) => (marked ? Math.round((attended / marked) * 1000) / 10 : null);

export async function tutoringReport(db: Db, q: TTutoringReportQuery): Promise<TTutoringReport> {
  const [byTeacher, byKind, byGroup, byStudent] = await Promise.all([
    reportByTeacher(db, q),
    reportByKind(db, q),
    reportByGroup(db, q),
    reportByStudent(db, q),
  ]);
  return {
    from: q.from,
    to: q.to,
    byTeacher,
    byKind,
    byGroup: byGroup.map((g) => ({ ...g, rate: rate(g.attended, g.marked) })),
    byStudent: byStudent.map((s) => ({ ...s, rate: rate(s.attended, s.marked) })),
  };
}

/**
 * For the declarations area: per group, the periods (sum of `length`) of the teacher's sessions taught
 * between the dates (inclusive), with the group's kind (an activity code of the rule set).
 */
export async function taughtTutoring(
  db: DbOrTx,
  q: { teacherId: number; from: string; to: string },
): Promise<Array<{ groupId: number; name: string; kind: string; periods: number }>> {
  return taughtPeriods(db, q);
}

/** The sessions of a week (or any dates, inclusive) by status, and how many groups meet: for the dashboards. */
export function tutoringBetween(db: DbOrTx, from: string, to: string) {
  return sessionCounts(db, from, to);
}

/** The tutoring sessions of a student's, a teacher's or a room's week (the timetables' week views). */
export function sessionsOfWeek(
  db: DbOrTx,
  who: { studentId?: number; teacherId?: number; classroomId?: number },
  from: string,
  to: string,
) {
  return weekSessions(db, who, from, to);
}
