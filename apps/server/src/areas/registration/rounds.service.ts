import type { z } from 'zod';
import { formatDateTime, isoDateInSchool } from '@app/shared/format';
import type {
  TCloseReport,
  TRegistration,
  TRound,
  TRoundDetail,
  TRoundStudent,
  TRuleStatus,
  ZAdminRegistration,
  ZRoundInput,
} from '@app/shared/registration';
import type { Db, DbOrTx } from '@/db/client';
import { found, write, type WriteCtx } from '@/lib/write';
import { hasAnyRole, systemActor, type Actor } from '@/plugins/actor';
import { AppError, badRequest, conflict, notFound } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import { REGISTRATION_READERS } from './access';
import { refusalFor, roundRuleStatuses } from './core/rules';
import { roundRules } from './core/rules.repository';
import { promoteWaitlist } from './core/seats';
import { deleteAndFree, takeSeat } from './core/seats.repository';
import { offersOfRound } from './core/offers.repository';
import { iso, roundState } from './core/state';
import {
  chosenRegistrationCount,
  clearRound,
  courseClassesByIds,
  courseClassExists,
  deleteRound,
  dueRoundIds,
  enrolOne,
  enrolRegistered,
  findModule,
  findOffer,
  findRegistration,
  findRound,
  findStudent,
  insertGroup,
  insertOffers,
  insertRegistration,
  insertRound,
  listRoundRows,
  lockModule,
  lockRound,
  overlappingRounds,
  publishedLessons,
  registerCompulsory,
  registrationsShown,
  roundFigures,
  roundGroups,
  roundOfferRows,
  roundStudents,
  setRegistration,
  takeExtraSeat,
  teachesClass,
  unenrolClosed,
  unenrolOne,
  updateRound,
  type RegistrationShown,
  type RoundRow,
} from './rounds.repository';

/*
 * The administrator's side of course registration (issue 14): rounds (create, edit, delete), their
 * figures and students, closing (registrations → enrolments, in one transaction) and reopening, the
 * reminder, an administrator's add or remove with a reason. Every write goes through `write()` and is
 * audited as the entity `registration_round`.
 */

type RoundInput = z.output<typeof ZRoundInput>;
type AdminRegistration = z.output<typeof ZAdminRegistration>;
const ENTITY = 'registration_round';
const NOUN = 'đợt đăng ký';

function summary(row: RoundRow, f: { offerCount: number; seats: number; taken: number; waiting: number } | undefined, now: Date): TRound {
  return {
    id: row.id,
    moduleId: row.moduleId,
    name: row.name,
    opensAt: iso(row.opensAt),
    closesAt: iso(row.closesAt),
    grades: [...row.grades].sort((a, b) => a - b),
    maxClasses: row.maxClasses,
    noClash: row.noClash,
    waitlist: row.waitlist,
    state: roundState(row, now),
    closedAt: row.closedAt ? iso(row.closedAt) : null,
    offerCount: f?.offerCount ?? 0,
    seats: f?.seats ?? 0,
    taken: f?.taken ?? 0,
    waiting: f?.waiting ?? 0,
    updatedAt: iso(row.updatedAt),
  };
}

/** Rounds (of a module), newest first; a round past its closing moment is closed first (see closeDueRounds). */
export async function listRounds(db: Db, events: EventBus, moduleId?: number): Promise<TRound[]> {
  if (moduleId !== undefined) found(await findModule(db, moduleId), 'học phần');
  await closeDueRounds(db, events);
  const rows = await listRoundRows(db, moduleId);
  const figures = await roundFigures(
    db,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return rows.map((r) => summary(r, figures.get(r.id), now));
}

export async function roundDetail(db: DbOrTx, id: number): Promise<TRoundDetail> {
  const row = found(await findRound(db, id), NOUN);
  const [figures, groups, offers, statuses] = await Promise.all([
    roundFigures(db, [id]),
    roundGroups(db, id),
    offersOfRound(db, id),
    roundRuleStatuses(db, id),
  ]);
  const lessons = await publishedLessons(
    db,
    row.moduleId,
    offers.map((o) => o.courseClassId),
  );
  return {
    ...summary(row, figures.get(id), new Date()),
    groups: groups.map((g) => ({ id: g.id, name: g.name, choose: g.choose })),
    offers: offers.map((o) => ({ ...o, teachers: o.teachers ?? [], lessons: lessons.get(o.courseClassId) ?? [] })),
    unmetCount: [...statuses.values()].filter((s) => !s.met).length,
    studentCount: statuses.size,
  };
}

/** The detail as an administrator reads it: a round past its closing moment is closed first. */
export async function readRound(db: Db, events: EventBus, id: number): Promise<TRoundDetail> {
  await closeDueRounds(db, events, id);
  return roundDetail(db, id);
}

/** The offers must be course classes of the round's module in one of its grades; answers them by id. */
async function checkInput(tx: DbOrTx, input: RoundInput, exceptId?: number) {
  if (!(await lockModule(tx, input.moduleId))) throw notFound('Không tìm thấy học phần.');
  const classes = new Map(
    (
      await courseClassesByIds(
        tx,
        input.offers.map((o) => o.courseClassId),
      )
    ).map((c) => [c.id, c]),
  );
  for (const o of input.offers) {
    const c = classes.get(o.courseClassId);
    if (!c) throw badRequest(`Không tìm thấy lớp học phần (mã số ${o.courseClassId}).`);
    if (c.moduleId !== input.moduleId) throw badRequest(`Lớp học phần ${c.code} không thuộc học phần của đợt đăng ký.`);
    if (!(input.grades as number[]).includes(c.grade))
      throw badRequest(`Lớp học phần ${c.code} thuộc khối ${c.grade}, không thuộc các khối của đợt đăng ký.`);
  }
  await refuseOverlap(tx, {
    moduleId: input.moduleId,
    opensAt: new Date(input.opensAt),
    closesAt: new Date(input.closesAt),
    grades: input.grades,
    exceptId,
  });
  return classes;
}

async function refuseOverlap(tx: DbOrTx, r: { moduleId: number; opensAt: Date; closesAt: Date; grades: number[]; exceptId?: number }) {
  const [other] = await overlappingRounds(tx, r);
  if (other) {
    const shared = other.grades.filter((g) => r.grades.includes(g)).sort((a, b) => a - b);
    throw badRequest(`Đợt "${other.name}" cùng khối ${shared.join(', ')} đã mở trong khoảng thời gian này.`);
  }
}

/** Groups, offers and the compulsory registrations of a round, from its input. Answers what was made. */
async function buildRound(tx: DbOrTx, roundId: number, input: RoundInput, classes: Map<number, { capacity: number }>) {
  const groupIds = new Map<string, number>();
  for (const g of input.groups) groupIds.set(g.key, (await insertGroup(tx, { roundId, name: g.name, choose: g.choose })).id);
  await insertOffers(
    tx,
    input.offers.map((o) => ({
      roundId,
      courseClassId: o.courseClassId,
      capacity: o.capacity ?? classes.get(o.courseClassId)!.capacity,
      compulsory: o.compulsory,
      groupId: o.groupKey === null ? null : groupIds.get(o.groupKey)!,
    })),
  );
  let compulsory = 0;
  for (const o of input.offers) if (o.compulsory) compulsory += await registerCompulsory(tx, roundId, o.courseClassId, input.grades);
  return { groups: input.groups.length, offers: input.offers.length, compulsoryRegistrations: compulsory };
}

const roundColumns = (input: RoundInput) => ({
  moduleId: input.moduleId,
  name: input.name,
  opensAt: new Date(input.opensAt),
  closesAt: new Date(input.closesAt),
  grades: [...input.grades].sort((a, b) => a - b),
  maxClasses: input.maxClasses,
  noClash: input.noClash,
  waitlist: input.waitlist,
});

/**
 * A new round. Compulsory offers register every active student of the round's grades at once
 * (`registerCompulsory`: via 'admin', reason "Lớp bắt buộc"), raising the offer's capacity to hold them.
 */
export async function createRound(opts: { db: Db; actor: Actor; input: RoundInput }): Promise<TRoundDetail> {
  const { db, actor, input } = opts;
  const id = await write(db, actor, async (ctx) => {
    const classes = await checkInput(ctx.tx, input);
    const row = await insertRound(ctx.tx, { ...roundColumns(input), createdBy: actor.userId });
    const made = await buildRound(ctx.tx, row.id, input, classes);
    await ctx.log({
      action: 'create',
      entity: ENTITY,
      entityId: row.id,
      after: { ...row, ...made, groupsInput: input.groups, offersInput: input.offers },
    });
    return row.id;
  });
  return roundDetail(db, id);
}

const sameMoment = (a: Date, b: string) => a.getTime() === new Date(b).getTime();

/** What an input would change besides the name and the closing moment (those may change at any time). */
async function otherChanges(tx: DbOrTx, row: RoundRow, input: RoundInput): Promise<string[]> {
  const out: string[] = [];
  const c = roundColumns(input);
  if (row.moduleId !== c.moduleId) out.push('học phần');
  if (!sameMoment(row.opensAt, input.opensAt)) out.push('thời điểm mở');
  if ([...row.grades].sort((a, b) => a - b).join() !== c.grades.join()) out.push('khối');
  if (row.maxClasses !== c.maxClasses || row.noClash !== c.noClash || row.waitlist !== c.waitlist) out.push('quy tắc');
  const [groups, offers] = await Promise.all([roundGroups(tx, row.id), roundOfferRows(tx, row.id)]);
  const groupOf = new Map(groups.map((g) => [g.id, `${g.name}/${g.choose}`]));
  const inputGroup = new Map(input.groups.map((g) => [g.key, `${g.name}/${g.choose}`]));
  const now = offers.map((o) => `${o.courseClassId}:${o.compulsory}:${o.groupId === null ? '' : groupOf.get(o.groupId)}`).sort();
  const asked = input.offers
    .map((o) => `${o.courseClassId}:${o.compulsory}:${o.groupKey === null ? '' : inputGroup.get(o.groupKey)}`)
    .sort();
  const capacityChanged = input.offers.some(
    (o) => o.capacity !== null && offers.find((x) => x.courseClassId === o.courseClassId)?.capacity !== o.capacity,
  );
  if (now.join('|') !== asked.join('|') || capacityChanged || groups.length !== input.groups.length)
    out.push('lớp học phần và nhóm tự chọn');
  return out;
}

/**
 * Edits a round. Before any student registered (compulsory registrations aside) everything may change
 * (its groups, offers and compulsory registrations are rebuilt); afterwards only the name and the closing
 * moment. A closed round is reopened first.
 */
export async function editRound(opts: { db: Db; actor: Actor; id: number; input: RoundInput }): Promise<TRoundDetail> {
  const { db, actor, id, input } = opts;
  await write(db, actor, async (ctx) => {
    const before = found(await lockRound(ctx.tx, id), NOUN);
    if (before.closedAt) throw badRequest('Đợt đăng ký đã chốt. Hãy mở lại đợt trước khi sửa.');
    const chosen = await chosenRegistrationCount(ctx.tx, id);
    if (chosen > 0) {
      const other = await otherChanges(ctx.tx, before, input);
      if (other.length)
        throw badRequest(
          `Đợt đã có ${chosen} lượt đăng ký của học sinh: chỉ được sửa tên và thời điểm đóng (không sửa được ${other.join(', ')}).`,
        );
      await refuseOverlap(ctx.tx, { ...roundColumns(input), exceptId: id });
      const after = await updateRound(ctx.tx, id, { name: input.name, closesAt: new Date(input.closesAt) });
      await ctx.log({ action: 'update', entity: ENTITY, entityId: id, before, after });
      return;
    }
    const classes = await checkInput(ctx.tx, input, id);
    await clearRound(ctx.tx, id);
    const after = await updateRound(ctx.tx, id, roundColumns(input));
    const made = await buildRound(ctx.tx, id, input, classes);
    await ctx.log({
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before,
      after: { ...after, ...made, groupsInput: input.groups, offersInput: input.offers },
    });
  });
  return roundDetail(db, id);
}

/** Deletes a round no student registered in yet (its compulsory registrations go with it). */
export async function removeRound(opts: { db: Db; actor: Actor; id: number }): Promise<void> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockRound(ctx.tx, opts.id), NOUN);
    if (before.closedAt) throw conflict('Đợt đăng ký đã chốt thành ghi danh: hãy mở lại đợt trước khi xóa.');
    const chosen = await chosenRegistrationCount(ctx.tx, opts.id);
    if (chosen > 0)
      throw conflict(`Không thể xóa đợt đăng ký này vì đã có ${chosen} lượt đăng ký của học sinh.`, { usedBy: [`${chosen} lượt đăng ký`] });
    await deleteRound(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: ENTITY, entityId: opts.id, before });
  });
}

async function closeIn(ctx: WriteCtx, row: RoundRow): Promise<TCloseReport> {
  const statuses = await roundRuleStatuses(ctx.tx, row.id);
  const unmetStudents = [...statuses.values()].filter((s) => !s.met).length;
  const counts = await enrolRegistered(ctx.tx, row.id);
  const after = await updateRound(ctx.tx, row.id, { closedAt: new Date() });
  const report = { roundId: row.id, ...counts, unmetStudents };
  await ctx.log({
    action: 'close',
    entity: ENTITY,
    entityId: row.id,
    before: { closedAt: null },
    after: { closedAt: after.closedAt, ...report },
  });
  return report;
}

/**
 * Closes a round by hand: in one transaction every 'registered' row becomes an enrolment
 * (course_class_students; existing ones counted as already enrolled), the waitlists are dropped, and the
 * round is marked closed. Answers what it did.
 */
export async function closeRound(opts: { db: Db; actor: Actor; events: EventBus; id: number }): Promise<TCloseReport> {
  const report = await write(opts.db, opts.actor, async (ctx) => {
    const row = found(await lockRound(ctx.tx, opts.id), NOUN);
    if (row.closedAt) throw conflict(`Đợt đăng ký đã được chốt lúc ${formatDateTime(row.closedAt)}.`);
    return closeIn(ctx, row);
  });
  opts.events.emit('registration.closed', { roundId: opts.id });
  return report;
}

/**
 * The automatic close: every round past its closing moment and not closed yet (or only `onlyId`) is
 * closed by the system, one transaction each. Run by the sweep (rounds.routes.ts) and before an
 * administrator's read, so a round never stays "ended" longer than the sweep's period.
 */
export async function closeDueRounds(db: Db, events: EventBus, onlyId?: number): Promise<number> {
  let closed = 0;
  for (const id of await dueRoundIds(db)) {
    if (onlyId !== undefined && id !== onlyId) continue;
    const done = await write(db, systemActor('registration-close'), async (ctx) => {
      const row = await lockRound(ctx.tx, id);
      if (!row || row.closedAt || row.closesAt.getTime() > Date.now()) return false;
      await closeIn(ctx, row);
      return true;
    });
    if (done) {
      closed += 1;
      events.emit('registration.closed', { roundId: id });
    }
  }
  return closed;
}

export const REOPEN_REFUSED = 'Học phần đã bắt đầu, không thể mở lại đợt đăng ký.';

/**
 * Reopens a closed round while its module has not started (its start date after today in the school's
 * time zone): the enrolments the close made are taken back and the round is open again until
 * `closesAt` (a new one, required when the old one has passed, else the sweep would close it again).
 */
export async function reopenRound(opts: { db: Db; actor: Actor; id: number; closesAt?: string }): Promise<TRoundDetail> {
  const { db, actor, id } = opts;
  await write(db, actor, async (ctx) => {
    const row = found(await lockRound(ctx.tx, id), NOUN);
    if (!row.closedAt) throw badRequest('Đợt đăng ký chưa chốt.');
    const mod = found(await findModule(ctx.tx, row.moduleId), 'học phần');
    if (!(mod.startDate > isoDateInSchool())) throw badRequest(REOPEN_REFUSED);
    const closesAt = opts.closesAt ? new Date(opts.closesAt) : row.closesAt;
    if (closesAt.getTime() <= Date.now()) throw badRequest('Thời điểm đóng của đợt đã qua: hãy chọn thời điểm đóng mới khi mở lại.');
    if (closesAt.getTime() <= row.opensAt.getTime()) throw badRequest('Thời điểm đóng phải sau thời điểm mở.');
    if (opts.closesAt)
      await refuseOverlap(ctx.tx, { moduleId: row.moduleId, opensAt: row.opensAt, closesAt, grades: row.grades, exceptId: id });
    const unenrolled = await unenrolClosed(ctx.tx, id);
    const after = await updateRound(ctx.tx, id, { closedAt: null, closesAt });
    await ctx.log({
      action: 'reopen',
      entity: ENTITY,
      entityId: id,
      before: { closedAt: row.closedAt, closesAt: row.closesAt },
      after: { closedAt: null, closesAt: after.closesAt, unenrolled },
    });
  });
  return roundDetail(db, id);
}

/** The students of the round's grades and their rule status; `unmet`: only those who have not met it. */
export async function roundStudentList(
  db: DbOrTx,
  id: number,
  q: { status: 'unmet' | 'all'; search?: string },
): Promise<Array<TRoundStudent & { userId: number | null }>> {
  const row = found(await findRound(db, id), NOUN);
  const [students, statuses] = await Promise.all([roundStudents(db, row, q.search), roundRuleStatuses(db, id)]);
  const met: TRuleStatus = { met: true, problems: [] };
  const out = students.map((s) => ({ ...s, rules: statuses.get(s.studentId) ?? met }));
  return q.status === 'unmet' ? out.filter((s) => !s.rules.met) : out;
}

/** Emits `registration.reminded` with the user accounts of the students who have not met the rules yet. */
export async function remindUnmet(opts: { db: Db; actor: Actor; events: EventBus; id: number }): Promise<{ reminded: number }> {
  const { db, actor, id } = opts;
  const userIds = await write(db, actor, async (ctx) => {
    const row = found(await lockRound(ctx.tx, id), NOUN);
    if (row.closedAt) throw badRequest('Đợt đăng ký đã chốt: không còn gì để nhắc.');
    const unmet = await roundStudentList(ctx.tx, id, { status: 'unmet' });
    const users = unmet.map((s) => s.userId).filter((u): u is number => u !== null);
    await ctx.log({ action: 'remind', entity: ENTITY, entityId: id, after: { students: unmet.length, reminded: users.length } });
    return users;
  });
  opts.events.emit('registration.reminded', { roundId: id, userIds });
  return { reminded: userIds.length };
}

const shownRegistration = (r: RegistrationShown): TRegistration => ({
  id: r.id,
  roundId: r.roundId,
  studentId: r.studentId,
  studentCode: r.studentCode,
  studentName: r.studentName,
  homeroomClassName: r.homeroomClassName,
  courseClassId: r.courseClassId,
  status: r.status,
  position: r.position,
  createdAt: r.createdAt,
});

/**
 * The administrator adds a student to a class of the round, with a reason. The round's rules (grade,
 * maximum, elective group, clash) and the capacity hold unless `bypassRules`; then a full class gets one
 * more seat (its capacity raised by one, said in the audit entry). A waitlisted student is registered.
 * In a closed round the student is enrolled too (marked `enrolled` when the enrolment is new).
 */
export async function adminAdd(opts: { db: Db; actor: Actor; id: number; input: AdminRegistration }): Promise<TRegistration> {
  const { db, actor, id, input } = opts;
  const regId = await write(db, actor, async (ctx) => {
    const round = found(await lockRound(ctx.tx, id), NOUN);
    const offer = await findOffer(ctx.tx, id, input.courseClassId);
    if (!offer) throw notFound('Lớp học phần không thuộc đợt đăng ký này.');
    const student = found(await findStudent(ctx.tx, input.studentId), 'học sinh');
    const existing = await findRegistration(ctx.tx, id, input.studentId, input.courseClassId);
    if (existing?.status === 'registered') throw conflict(`Học sinh ${student.fullName} đã đăng ký lớp này.`);
    if (!input.bypassRules) {
      if (!round.grades.includes(student.grade))
        throw badRequest(`Học sinh ${student.fullName} (khối ${student.grade}) không thuộc các khối của đợt đăng ký.`);
      if (student.status !== 'active') throw badRequest(`Học sinh ${student.fullName} không còn đang học.`);
      const rules = found(await roundRules(ctx.tx, id), NOUN);
      const refusal = await refusalFor(ctx.tx, {
        round: rules,
        studentId: input.studentId,
        courseClassId: input.courseClassId,
        groupId: offer.groupId,
      });
      if (refusal) throw badRequest(`Không thể thêm: ${refusal.replace(/^Bạn/, 'Học sinh')} Chọn "bỏ qua quy tắc" nếu vẫn muốn thêm.`);
    }
    let capacityRaisedTo: number | undefined;
    if (!(await takeSeat(ctx.tx, id, input.courseClassId, true))) {
      if (!input.bypassRules)
        throw conflict(`Lớp đã đủ chỗ (${offer.taken}/${offer.capacity}). Chọn "bỏ qua quy tắc" để thêm vượt sức chứa.`);
      capacityRaisedTo = await takeExtraSeat(ctx.tx, id, input.courseClassId);
    }
    const enrolled = round.closedAt ? await enrolOne(ctx.tx, input.courseClassId, input.studentId) : false;
    let rowId: number;
    if (existing) {
      await setRegistration(ctx.tx, existing.id, { status: 'registered', via: 'admin', reason: input.reason, enrolled });
      rowId = existing.id;
    } else {
      rowId = (
        await insertRegistration(ctx.tx, {
          roundId: id,
          studentId: input.studentId,
          courseClassId: input.courseClassId,
          status: 'registered',
          via: 'admin',
          reason: input.reason,
          enrolled,
        })
      ).id;
    }
    await ctx.log({
      action: 'admin_add',
      entity: ENTITY,
      entityId: id,
      before: existing ?? null,
      after: {
        studentId: input.studentId,
        courseClassId: input.courseClassId,
        reason: input.reason,
        bypassRules: input.bypassRules,
        status: 'registered',
        ...(capacityRaisedTo !== undefined ? { capacityRaisedTo } : {}),
        ...(round.closedAt ? { enrolled } : {}),
      },
    });
    return rowId;
  });
  const [row] = (await registrationsShown(db, { roundId: id, courseClassId: input.courseClassId })).filter((r) => r.id === regId);
  return shownRegistration(row);
}

/**
 * The administrator removes a student's registration (or waitlist place) with a reason. A registered
 * student's seat is freed, and the first student waiting is promoted when the round is not closed; in a
 * closed round the enrolment the close made is taken back.
 */
export async function adminRemove(opts: { db: Db; actor: Actor; events: EventBus; id: number; input: AdminRegistration }): Promise<void> {
  const { db, actor, id, input } = opts;
  const freed = await write(db, actor, async (ctx) => {
    const round = found(await lockRound(ctx.tx, id), NOUN);
    const existing = await findRegistration(ctx.tx, id, input.studentId, input.courseClassId);
    if (!existing) throw notFound('Học sinh không có đăng ký lớp này trong đợt.');
    await deleteAndFree(ctx.tx, { id: existing.id, roundId: id, courseClassId: input.courseClassId });
    if (round.closedAt && existing.enrolled) await unenrolOne(ctx.tx, input.courseClassId, input.studentId);
    await ctx.log({
      action: 'admin_remove',
      entity: ENTITY,
      entityId: id,
      before: existing,
      after: {
        studentId: input.studentId,
        courseClassId: input.courseClassId,
        reason: input.reason,
        unenrolled: !!(round.closedAt && existing.enrolled),
      },
    });
    return existing.status === 'registered' && !round.closedAt;
  });
  if (freed) await promoteWaitlist(db, opts.events, id, input.courseClassId);
}

/** Who registered for a course class (every round): its own teachers, and the readers of registration. */
export async function courseClassRegistrations(db: DbOrTx, actor: Actor, courseClassId: number): Promise<TRegistration[]> {
  if (!(await courseClassExists(db, courseClassId))) throw notFound('Không tìm thấy lớp học phần.');
  if (!hasAnyRole(actor, REGISTRATION_READERS) && !(actor.teacherId !== null && (await teachesClass(db, actor.teacherId, courseClassId))))
    throw new AppError('FORBIDDEN', 'Bạn chỉ xem được danh sách đăng ký của lớp học phần mình dạy.');
  return (await registrationsShown(db, { courseClassId })).map(shownRegistration);
}

/** The rows of an export: registrations of the round with the class; students with their status. */
export async function exportRows(db: DbOrTx, id: number) {
  const row = found(await findRound(db, id), NOUN);
  const [regs, offers, students] = await Promise.all([
    registrationsShown(db, { roundId: id }),
    offersOfRound(db, id),
    roundStudentList(db, id, { status: 'all' }),
  ]);
  return { round: row, regs, offers, students };
}
