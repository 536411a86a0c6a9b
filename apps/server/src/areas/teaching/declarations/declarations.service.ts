import type { z } from 'zod';
import {
  DECLARATION_STATUS_LABELS,
  DECLARATION_TRANSITIONS,
  lineFields,
  TRANSITIONS_NEEDING_COMMENT,
  type TBulkApproveResult,
  type TDeclarationCan,
  type TDeclarationChanges,
  type TDeclarationDetail,
  type TDeclarationLineSnapshot,
  type TDeclarationStatus,
  type TDeclarationSummary,
  type TDeclarationTotals,
  type TDeclarationTransition,
  type ZDeclarationLinesInput,
  type ZDeclarationListQuery,
  type ZDeclarationTransitionInput,
} from '@app/shared/declarations';
import { computeWorkload, type TWorkloadResult } from '@app/shared/workload-calc';
import type { TPosition, TWorkloadDuty, TWorkloadLine } from '@app/shared/workload';
import type { Db, DbOrTx } from '@/db/client';
import { found, write, type WriteCtx } from '@/lib/write';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import type { EventBus } from '@/plugins/events';
import { AppError, badRequest, conflict } from '@/plugins/errors';
import { rulesOn } from '../core/rule-sets';
import { DECLARATION_CLERKS, DECLARATION_CREATORS, DECLARATION_OFFICE, DECLARATION_REVIEWERS, DECLARATION_WIDE_READERS } from './access';
import {
  attachmentRows,
  bumpDeclaration,
  changedSinceSubmission,
  declarationIdOf,
  declarationRow,
  departmentHeadUserIds,
  deleteLines,
  existingTeacherIds,
  historyRows,
  insertDeclaration,
  insertHistory,
  insertLines,
  lineRows,
  listDeclarationRows,
  updateLine,
  type DeclarationRow,
  type LineRow,
  type LineValues,
} from './declarations.repository';
import { periodRow } from './periods.repository';
import { prefillLines } from './prefill';
import { headedDepartmentIds, teacherRow, type Scope } from './scope.repository';

/*
 * Teaching declarations (issue 15 "Declarations"): the list and one declaration in the caller's scope,
 * creation with prefilled lines, the whole set of lines saved with the version read, and the workflow's
 * state changes. Every change is written to declaration_history (who, from → to, comment, lines before →
 * after) and to the audit log (entity `declaration`) in the same transaction. Totals are the calculator's
 * (packages/shared/src/workload-calc.ts) with the rule set in force at the semester's start.
 */

type LinesInput = z.output<typeof ZDeclarationLinesInput>;
type TransitionInput = z.output<typeof ZDeclarationTransitionInput>;
const ENTITY = 'declaration';
const NOUN = 'bản kê khai';
export const STALE_MESSAGE = 'Bản kê khai vừa được người khác thay đổi. Hãy tải lại để xem bản mới nhất rồi thực hiện lại.';
const forbidden = (message: string) => new AppError('FORBIDDEN', message);

/** The audit log's action of each state change (its own codes: "lock" already names a timetable lesson's lock). */
const AUDIT_ACTIONS: Record<TDeclarationTransition, string> = {
  submit: 'submit_declaration',
  approve: 'approve_declaration',
  return: 'return_declaration',
  confirm: 'confirm_declaration',
  lock: 'lock_declaration',
  unlock: 'unlock_declaration',
};

// ---------------------------------------------------------------- scope and who may do what

/** The teachers whose declarations the caller reaches (scope.repository.ts). */
export async function scopeOf(db: DbOrTx, actor: Actor): Promise<Scope> {
  if (hasAnyRole(actor, DECLARATION_WIDE_READERS)) return { all: true, departmentIds: [], teacherId: null };
  const departmentIds = hasAnyRole(actor, DECLARATION_REVIEWERS) ? await headedDepartmentIds(db, actor.teacherId) : [];
  if (hasAnyRole(actor, DECLARATION_CLERKS)) {
    const own = await teacherRow(db, actor.teacherId);
    if (own?.departmentId) departmentIds.push(own.departmentId);
  }
  return { all: false, departmentIds, teacherId: actor.teacherId };
}

interface Relation {
  self: boolean;
  /** The DECLARATION holder of the teacher's department. */
  clerk: boolean;
  /** A head of the teacher's department. */
  head: boolean;
  office: boolean;
  admin: boolean;
  wide: boolean;
}

async function relationTo(db: DbOrTx, actor: Actor, d: Pick<DeclarationRow, 'teacherId' | 'departmentId'>): Promise<Relation> {
  const dept = d.departmentId;
  const own = hasAnyRole(actor, DECLARATION_CLERKS) && dept !== null ? await teacherRow(db, actor.teacherId) : null;
  const heads = hasAnyRole(actor, DECLARATION_REVIEWERS) && dept !== null ? await headedDepartmentIds(db, actor.teacherId) : [];
  return {
    self: actor.teacherId !== null && actor.teacherId === d.teacherId,
    clerk: own !== null && own.departmentId === dept,
    head: dept !== null && heads.includes(dept),
    office: hasAnyRole(actor, DECLARATION_OFFICE),
    admin: hasAnyRole(actor, ['ADMIN']),
    wide: hasAnyRole(actor, DECLARATION_WIDE_READERS),
  };
}

const sees = (r: Relation) => r.wide || r.self || r.clerk || r.head;

/** Who may take each step (the state aside): the service answers 403 when they may not. */
const MAY: Record<TDeclarationTransition, (r: Relation) => boolean> = {
  submit: (r) => r.self || r.clerk,
  approve: (r) => r.head,
  return: (r) => r.head,
  confirm: (r) => r.office,
  lock: (r) => r.office,
  unlock: (r) => r.office,
};

/** Who may edit the lines, and in which states: the teacher, the clerk and the admin while it is theirs to write; the head while reviewing it. */
function editableStates(r: Relation): string[] {
  const states = new Set<string>();
  if (r.self || r.clerk || r.admin) ['draft', 'returned'].forEach((s) => states.add(s));
  if (r.head) states.add('submitted');
  return [...states];
}

function canOf(r: Relation, status: string): TDeclarationCan {
  const step = (t: TDeclarationTransition) => MAY[t](r) && (DECLARATION_TRANSITIONS[t].from as readonly string[]).includes(status);
  return {
    edit: editableStates(r).includes(status),
    submit: step('submit'),
    approve: step('approve'),
    return: step('return'),
    confirm: step('confirm'),
    lock: step('lock'),
    unlock: step('unlock'),
  };
}

function refuseEdit(r: Relation, status: string): void {
  const states = editableStates(r);
  if (!states.length) throw forbidden('Bạn không có quyền sửa bản kê khai này.');
  if (states.includes(status)) return;
  if (status === 'locked') throw conflict('Bản kê khai đã khóa: cần Phòng Giáo vụ mở khóa trước khi sửa.');
  throw conflict(
    `Bản kê khai đang ở trạng thái «${DECLARATION_STATUS_LABELS[status as keyof typeof DECLARATION_STATUS_LABELS]}»: bạn không sửa được.`,
  );
}

// ---------------------------------------------------------------- reads

/** A declaration row as the lists show it. */
export function summaryOf(row: DeclarationRow): TDeclarationSummary {
  return {
    id: row.id,
    teacherId: row.teacherId,
    teacherCode: row.teacherCode,
    teacherName: row.teacherName,
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    periodId: row.periodId,
    semesterId: row.semesterId,
    semesterName: row.semesterName,
    academicYearName: row.academicYearName,
    status: row.status,
    version: row.version,
    totals: row.totals,
    updatedAt: new Date(row.updatedAt).toISOString(),
    lastComment: row.lastComment,
  };
}

/** The calculator on a declaration's lines, with the rule set in force at its semester's start; a line it cannot count is a 400. */
async function workloadOf(db: DbOrTx, row: Pick<DeclarationRow, 'semesterStart' | 'weeks' | 'position'>, lines: readonly LineValues[]) {
  const { rules } = await rulesOn(db, row.semesterStart);
  const calcLines: TWorkloadLine[] = [];
  const duties: TWorkloadDuty[] = [];
  for (const l of lines) {
    if (l.kind === 'duty') duties.push({ code: l.dutyCode ?? '', label: l.label, ...(l.weeks !== null ? { weeks: l.weeks } : {}) });
    else
      calcLines.push({
        kind: l.kind as TWorkloadLine['kind'],
        label: l.label,
        periods: l.periods,
        ...(l.activityCode ? { activityCode: l.activityCode } : {}),
      });
  }
  let result: TWorkloadResult;
  try {
    result = computeWorkload({ rules, position: row.position as TPosition, weeks: row.weeks, lines: calcLines, duties });
  } catch (e) {
    throw badRequest(e instanceof Error ? e.message : 'Không tính được số tiết của bản kê khai.');
  }
  return { rules, result };
}

const totalsOf = (r: TWorkloadResult): TDeclarationTotals => ({ counted: r.counted, normBase: r.normBase, overtime: r.overtime });

export async function listDeclarations(db: Db, actor: Actor, q: z.output<typeof ZDeclarationListQuery>) {
  const scope = await scopeOf(db, actor);
  // `mine`: a teacher without a teacher record has no declarations of their own (-1 matches none).
  const teacherId = q.mine ? (actor.teacherId ?? -1) : undefined;
  const { rows, total } = await listDeclarationRows(db, { ...q, scope, teacherId });
  return { items: rows.map(summaryOf), total, page: q.page, limit: q.limit };
}

async function visibleRow(db: DbOrTx, actor: Actor, id: number): Promise<{ row: DeclarationRow; rel: Relation }> {
  const row = found(await declarationRow(db, id), NOUN);
  const rel = await relationTo(db, actor, row);
  if (!sees(rel)) throw forbidden('Bạn không có quyền xem bản kê khai này.');
  return { row, rel };
}

export async function readDeclaration(db: DbOrTx, actor: Actor, id: number): Promise<TDeclarationDetail> {
  const { row, rel } = await visibleRow(db, actor, id);
  const [lines, files, history] = await Promise.all([lineRows(db, id), attachmentRows(db, id), historyRows(db, id)]);
  const { rules, result } = await workloadOf(db, row, lines);
  return {
    ...summaryOf(row),
    position: row.position as TPosition,
    weeks: row.weeks,
    rulesName: rules.name,
    rules,
    lines: lines.map((l) => ({
      ...l,
      kind: l.kind as TDeclarationDetail['lines'][number]['kind'],
      source: l.source as TDeclarationDetail['lines'][number]['source'],
      attachments: files.filter((f) => f.lineId === l.id).map((f) => ({ ...f, createdAt: new Date(f.createdAt).toISOString() })),
    })),
    result,
    can: canOf(rel, row.status),
    history: history.map((h) => ({
      ...h,
      action: h.action as TDeclarationDetail['history'][number]['action'],
      fromStatus: h.fromStatus as TDeclarationDetail['status'] | null,
      toStatus: h.toStatus as TDeclarationDetail['status'] | null,
      at: new Date(h.at).toISOString(),
    })),
  };
}

// ---------------------------------------------------------------- writes

async function history(
  ctx: WriteCtx,
  row: DeclarationRow,
  h: { action: string; to?: string; comment?: string | null; changes?: TDeclarationChanges },
) {
  await insertHistory(ctx.tx, {
    declarationId: row.id,
    teacherId: row.teacherId,
    departmentId: row.departmentId,
    periodId: row.periodId,
    actorId: ctx.actor.userId,
    action: h.action,
    fromStatus: row.status,
    toStatus: h.to ?? row.status,
    comment: h.comment ?? null,
    changes: h.changes ?? null,
  });
}

/** A new declaration of a teacher for a period, prefilled; the teacher themself, their department's clerk, the admin or academic affairs. */
export async function createDeclaration(opts: {
  db: Db;
  actor: Actor;
  input: { periodId: number; teacherId: number };
}): Promise<TDeclarationDetail> {
  const { db, actor, input } = opts;
  const teacher = found(await teacherRow(db, input.teacherId), 'giáo viên');
  const rel = await relationTo(db, actor, { teacherId: teacher.id, departmentId: teacher.departmentId });
  if (!(rel.self || rel.clerk || hasAnyRole(actor, DECLARATION_CREATORS)))
    throw forbidden('Bạn chỉ tạo được bản kê khai của mình hoặc của giáo viên trong tổ mình phụ trách.');
  const period = found(await periodRow(db, input.periodId), 'kỳ kê khai');
  if ((await declarationIdOf(db, period.id, teacher.id)) !== null)
    throw conflict(`Giáo viên ${teacher.fullName} đã có bản kê khai của ${period.semesterName}.`);
  const { rules } = await rulesOn(db, period.semesterStart);
  const lines = await prefillLines(db, { teacherId: teacher.id, period, rules });
  const { result } = await workloadOf(db, { semesterStart: period.semesterStart, weeks: period.weeks, position: teacher.position }, lines);
  const id = await write(db, actor, async (ctx) => {
    const newId = await insertDeclaration(ctx.tx, { periodId: period.id, teacherId: teacher.id });
    await insertLines(
      ctx.tx,
      newId,
      lines.map((values, i) => ({ values, sort: i })),
    );
    const row = found(await declarationRow(ctx.tx, newId, true), NOUN);
    await bumpDeclaration(ctx.tx, { id: newId, version: row.version, totals: totalsOf(result), userId: actor.userId });
    await history(
      ctx,
      { ...row, status: 'draft' },
      { action: 'create', changes: { added: lines.map((l) => snapshot(null, l)), removed: [], changed: [] } },
    );
    await ctx.log({
      action: 'create',
      entity: ENTITY,
      entityId: newId,
      after: { periodId: period.id, teacherId: teacher.id, lines: lines.length, totals: totalsOf(result) },
    });
    return newId;
  });
  return readDeclaration(db, actor, id);
}

function snapshot(id: number | null, l: LineValues): TDeclarationLineSnapshot {
  return { id, ...lineFields(l) } as TDeclarationLineSnapshot;
}

const sameLine = (a: TDeclarationLineSnapshot, b: TDeclarationLineSnapshot) => JSON.stringify(a) === JSON.stringify(b);

/** Lines before → after: kept ids compared field by field, the others added or removed. */
function diffLines(before: readonly LineRow[], after: ReadonlyArray<{ id: number | null; values: LineValues }>): TDeclarationChanges {
  const kept = new Map(after.filter((a) => a.id !== null).map((a) => [a.id!, a.values]));
  const changes: TDeclarationChanges = { added: [], removed: [], changed: [] };
  for (const b of before) {
    const a = kept.get(b.id);
    const was = snapshot(b.id, b);
    if (!a) changes.removed.push(was);
    else if (!sameLine(was, snapshot(b.id, a))) changes.changed.push({ before: was, after: snapshot(b.id, a) });
  }
  for (const a of after) if (a.id === null) changes.added.push(snapshot(null, a.values));
  return changes;
}

async function lockedRow(ctx: WriteCtx, id: number, version: number) {
  const row = found(await declarationRow(ctx.tx, id, true), NOUN);
  const rel = await relationTo(ctx.tx, ctx.actor, row);
  if (!sees(rel)) throw forbidden('Bạn không có quyền với bản kê khai này.');
  return { row, rel, stale: row.version !== version };
}

/** Saves the whole set of lines (PUT …/lines) with the version read: 409 when stale or when the state refuses edits. */
export async function saveLines(opts: { db: Db; actor: Actor; id: number; input: LinesInput }): Promise<TDeclarationDetail> {
  const { db, actor, id, input } = opts;
  await write(db, actor, async (ctx) => {
    const { row, rel, stale } = await lockedRow(ctx, id, input.version);
    refuseEdit(rel, row.status);
    if (stale) throw conflict(STALE_MESSAGE);
    const before = await lineRows(ctx.tx, id);
    const known = new Set(before.map((l) => l.id));
    const strange = input.lines.find((l) => l.id !== undefined && !known.has(l.id));
    if (strange) throw badRequest(`Dòng kê khai #${strange.id} không thuộc bản kê khai này.`);
    const forIds = [...new Set(input.lines.flatMap((l) => (l.forTeacherId ? [l.forTeacherId] : [])))];
    const teachers = await existingTeacherIds(ctx.tx, forIds);
    if (forIds.some((t) => !teachers.has(t))) throw badRequest('Không tìm thấy giáo viên được dạy thay.');
    if (input.lines.some((l) => l.forTeacherId === row.teacherId)) throw badRequest('Không thể dạy thay cho chính mình.');
    const after = input.lines.map((l) => {
      const { id: lineId, ...values } = l;
      return { id: lineId ?? null, values: values as LineValues };
    });
    const { result } = await workloadOf(
      ctx.tx,
      row,
      after.map((a) => a.values),
    );
    const changes = diffLines(before, after);
    await deleteLines(
      ctx.tx,
      changes.removed.map((r) => r.id!),
    );
    for (const [i, a] of after.entries()) if (a.id !== null) await updateLine(ctx.tx, a.id, a.values, i);
    await insertLines(
      ctx.tx,
      id,
      after.flatMap((a, i) => (a.id === null ? [{ values: a.values, sort: i }] : [])),
    );
    if (!(await bumpDeclaration(ctx.tx, { id, version: input.version, totals: totalsOf(result), userId: actor.userId })))
      throw conflict(STALE_MESSAGE);
    await history(ctx, row, { action: 'edit', changes });
    await ctx.log({
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: { totals: row.totals, lines: before.length },
      after: {
        totals: totalsOf(result),
        lines: after.length,
        added: changes.added.length,
        removed: changes.removed.length,
        changed: changes.changed.length,
      },
    });
  });
  return readDeclaration(db, actor, id);
}

/** A state change (submit, approve, return, confirm, lock, unlock) with the version read. */
export async function transition(opts: {
  db: Db;
  actor: Actor;
  id: number;
  action: TDeclarationTransition;
  input: TransitionInput;
  /** Told once the change is stored (`declaration.changed`, for the notifications area). */
  events?: EventBus;
}): Promise<TDeclarationDetail> {
  const { db, actor, id, action, input } = opts;
  const done = await write(db, actor, (ctx) => transitionIn(ctx, { id, action, input }));
  announce(opts.events, done);
  return readDeclaration(db, actor, id);
}

/**
 * The teacher hears of a return, an approval or a confirmation of their declaration; the heads of their
 * department of a confirmation or a return by someone else (the office), ids only.
 */
function announce(
  events: EventBus | undefined,
  done: { id: number; to: TDeclarationStatus; teacherUserId: number | null; headUserIds: number[] },
) {
  if (!events || (!done.teacherUserId && done.headUserIds.length === 0)) return;
  if (done.to === 'returned' || done.to === 'approved' || done.to === 'confirmed')
    events.emit('declaration.changed', {
      declarationId: done.id,
      status: done.to,
      userIds: done.teacherUserId ? [done.teacherUserId] : [],
      headUserIds: done.headUserIds.filter((u) => u !== done.teacherUserId),
    });
}

async function transitionIn(ctx: WriteCtx, q: { id: number; action: TDeclarationTransition; input: TransitionInput }) {
  const { id, action, input } = q;
  const { row, rel, stale } = await lockedRow(ctx, id, input.version);
  const t = DECLARATION_TRANSITIONS[action];
  if (!MAY[action](rel)) throw forbidden('Bạn không có quyền thực hiện thao tác này với bản kê khai.');
  if (!(t.from as readonly string[]).includes(row.status))
    throw conflict(
      `Bản kê khai đang ở trạng thái «${DECLARATION_STATUS_LABELS[row.status]}»: không thể chuyển sang «${DECLARATION_STATUS_LABELS[t.to]}».`,
    );
  if (stale) throw conflict(STALE_MESSAGE);
  const comment = input.comment?.trim() || null;
  if (TRANSITIONS_NEEDING_COMMENT.includes(action) && !comment)
    throw badRequest(action === 'return' ? 'Hãy nhập lý do trả lại.' : 'Hãy nhập lý do mở khóa.');
  // The last review comment: a return's reason, or an approval's remark; an unlock's reason stays in the history only.
  const lastComment = action === 'return' || (action === 'approve' && comment) ? comment : undefined;
  if (!(await bumpDeclaration(ctx.tx, { id, version: input.version, status: t.to, lastComment, userId: ctx.actor.userId })))
    throw conflict(STALE_MESSAGE);
  await history(ctx, row, { action, to: t.to, comment });
  await ctx.log({
    action: AUDIT_ACTIONS[action],
    entity: ENTITY,
    entityId: id,
    before: { status: row.status },
    after: { status: t.to, comment },
  });
  const toHeads = (t.to === 'confirmed' || t.to === 'returned') && row.departmentId !== null;
  const headUserIds = toHeads ? (await departmentHeadUserIds(ctx.tx, row.departmentId!)).filter((u) => u !== ctx.actor.userId) : [];
  return { id, to: t.to as TDeclarationStatus, teacherUserId: row.teacherUserId, headUserIds };
}

/** The head approves, at once, the submitted declarations of their departments not changed since submission. */
export async function bulkApprove(opts: { db: Db; actor: Actor; ids: number[]; events?: EventBus }): Promise<TBulkApproveResult> {
  const { db, actor } = opts;
  const out: TBulkApproveResult = { approved: [], skipped: [] };
  for (const id of [...new Set(opts.ids)]) {
    const row = await declarationRow(db, id);
    if (!row) {
      out.skipped.push({ id, reason: 'Không tìm thấy bản kê khai.' });
      continue;
    }
    const rel = await relationTo(db, actor, row);
    if (!rel.head) out.skipped.push({ id, reason: 'Không thuộc tổ bạn phụ trách.' });
    else if (row.status !== 'submitted') out.skipped.push({ id, reason: `Đang ở trạng thái «${DECLARATION_STATUS_LABELS[row.status]}».` });
    else if (await changedSinceSubmission(db, id))
      out.skipped.push({ id, reason: 'Đã được sửa sau khi nộp: hãy mở để xem và duyệt riêng.' });
    else {
      try {
        announce(
          opts.events,
          await write(db, actor, (ctx) => transitionIn(ctx, { id, action: 'approve', input: { version: row.version } })),
        );
        out.approved.push(id);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        out.skipped.push({ id, reason: e.message });
      }
    }
  }
  return out;
}

/** The declaration a file goes with, for its writers (`can.edit`) or its readers. */
export async function declarationFor(db: DbOrTx, actor: Actor, id: number, purpose: 'read' | 'edit') {
  const { row, rel } = await visibleRow(db, actor, id);
  if (purpose === 'edit') refuseEdit(rel, row.status);
  return row;
}

/** History of an evidence file's upload or delete (the file's name as the entry's comment). */
export async function attachmentHistory(ctx: WriteCtx, row: DeclarationRow, action: 'attach' | 'detach', fileName: string) {
  await history(ctx, row, { action, comment: fileName });
}
