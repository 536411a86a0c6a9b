import {
  PAY_RUN_STATUS_LABELS,
  PAY_TRANSITION_LABELS,
  type TPayLine,
  type TPayLineDetail,
  type TPayRunDetail,
  type TPayRunStatus,
  type TPayStatement,
  type TPayTransitionAction,
  type ZPayLineListQuery,
  type ZPayRunCreate,
  type ZPayRunListQuery,
  type ZPayTransition,
} from '@app/shared/pay';
import { schoolYearMonths, SALARY_RANKS } from '@app/shared/pay-calc';
import type { z } from 'zod';
import { declarationsForPay } from '@/areas/teaching/declarations/pay-sources.service';
import { ruleSetOn } from '@/areas/teaching/rules/rules.service';
import type { Db, DbOrTx } from '@/db/client';
import { page } from '@/lib/list';
import { found, write } from '@/lib/write';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import type { EventBus } from '@/plugins/events';
import { AppError, conflict } from '@/plugins/errors';
import { runSummary } from '../core/runs';
import { byTeacher, inForceOn } from '../core/values';
import { coefficientRows, settingsRows } from '../core/values.repository';
import { PAY_READERS, PAY_TRANSITION_ROLES } from '../access';
import { computeRun, monthsText, monthsWithoutSettings, type ComputedLine, type RunScope } from './compute';
import {
  allLineRows,
  deleteRun,
  departmentTotals,
  historyRows,
  insertHistory,
  insertRun,
  lockYearForRuns,
  lineDetailRow,
  lineRows,
  paidBefore,
  replaceLines,
  runRow,
  runRows,
  runsOfYear,
  setStatus,
  statementRuns,
  teacherLineRows,
  unpaidRunOfYear,
  updateComputed,
  yearRow,
  type LineRow,
  type RunInputs,
  type RunRow,
} from './runs.repository';

/*
 * Pay runs (issue 16 "Pay runs"): created and recomputed from locked declarations while a draft,
 * frozen from submission on (the lines are stored with every value and explanation they used, so later
 * changes of coefficients, rules or declarations never move them), submitted by the accountant, approved
 * or returned by the principal, paid. One run at a time per school year is unpaid: two would pay the same
 * periods twice. A correction of a paid run is an adjustment: the same scope computed again, each line
 * paying the difference with what the paid runs paid.
 */

const ENTITY = 'pay_run';
const NOUN = 'đợt tính tiền dạy thêm giờ';
const STALE = 'Đợt tính vừa được người khác thay đổi. Hãy tải lại để xem bản mới nhất rồi thực hiện lại.';

const iso = (d: Date | string) => new Date(d).toISOString();
const num = (s: string) => Number(s);

function lineOf(r: LineRow): TPayLine {
  return {
    teacherId: r.teacherId,
    staffCode: r.staffCode,
    fullName: r.fullName,
    departmentId: r.departmentId,
    departmentName: r.departmentName,
    rank: SALARY_RANKS.includes(r.rank as never) ? (r.rank as TPayLine['rank']) : 'III',
    step: r.step,
    coefficient: r.coefficient,
    monthlySalary: num(r.monthlySalary),
    yearlySalary: num(r.yearlySalary),
    yearlyNorm: num(r.yearlyNorm),
    counted: num(r.counted),
    norm: num(r.norm),
    overtime: num(r.overtime),
    overtimePaid: num(r.overtimePaid),
    capped: r.capped,
    periodPay: num(r.periodPay),
    overtimePeriodPay: num(r.overtimePeriodPay),
    amount: num(r.amount),
    previouslyPaid: num(r.previouslyPaid),
    due: num(r.due),
  };
}

// ---------------------------------------------------------------- computing

interface Scope {
  academicYearId: number;
  semesterId: number | null;
}

/** What a run of `scope` computes with, and its lines and blockers now. */
async function computeScope(db: DbOrTx, scope: Scope, exceptRunId?: number) {
  const year = found(await yearRow(db, scope.academicYearId), 'năm học');
  const semesters = scope.semesterId ? year.semesters.filter((s) => s.id === scope.semesterId) : year.semesters;
  if (semesters.length === 0)
    throw conflict(scope.semesterId ? 'Học kỳ không thuộc năm học đã chọn.' : `Năm học ${year.name} chưa có học kỳ nào.`);
  const months = schoolYearMonths(year.startDate);
  const scopeEnd = scope.semesterId ? semesters[0].endDate : year.endDate;
  const lastMonth = [...months].reverse().find((m) => m <= scopeEnd) ?? months[months.length - 1];

  const settings = await settingsRows(db);
  const uncovered = monthsWithoutSettings(months, settings);
  if (uncovered.length > 0)
    throw conflict(`Chưa có lương cơ sở áp dụng cho ${monthsText(uncovered)}. Hãy thêm ở mục Cấu hình hệ số trước khi tính.`);
  const rateSettings = inForceOn(settings, scopeEnd)!;
  const ruleSet = await ruleSetOn(db, year.startDate);

  const sources = await declarationsForPay(
    db,
    semesters.map((s) => s.id),
  );
  const teacherIds = [...new Set(sources.map((s) => s.teacherId))];
  // One query at a time: `db` is often the run's transaction, whose one connection takes no parallel queries.
  const coefficients = teacherIds.length ? await coefficientRows(db, teacherIds) : [];
  const previouslyPaid = await paidBefore(db, { ...scope, exceptRunId });
  const runScope: RunScope = {
    semesters: semesters.map((s) => ({ id: s.id, name: s.name })),
    months,
    lastMonth,
    rules: ruleSet.rules,
    ruleSetId: ruleSet.id,
    overtimeRatePercent: rateSettings.overtimeRatePercent,
  };
  const result = computeRun({ scope: runScope, sources, coefficients: byTeacher(coefficients), settings, previouslyPaid });
  const inputs: RunInputs = {
    months,
    lastMonth,
    semesters: runScope.semesters,
    settings: {
      id: rateSettings.id,
      effectiveFrom: rateSettings.effectiveFrom,
      baseSalary: Number(rateSettings.baseSalary),
      overtimeRatePercent: rateSettings.overtimeRatePercent,
    },
    ruleSet: {
      id: ruleSet.id,
      name: ruleSet.rules.name,
      effectiveFrom: ruleSet.rules.effectiveFrom,
      overtimeCapPerYear: ruleSet.rules.overtimeCapPerYear,
    },
    fingerprint: result.fingerprint,
  };
  return { year, semesters, inputs, ...result };
}

/** Refuses a run that would overlap another: an unpaid run of the year, a second year run or interim, an interim after the year's run. */
async function refuseOverlap(db: DbOrTx, input: { kind: string; academicYearId: number; semesterId: number | null }) {
  const unpaid = await unpaidRunOfYear(db, input.academicYearId);
  if (unpaid)
    throw conflict(
      `Đợt "${unpaid.name}" của năm học này đang ở trạng thái ${PAY_RUN_STATUS_LABELS[unpaid.status].toLowerCase()}. Hãy hoàn tất (chi trả) hoặc xóa đợt đó trước khi tạo đợt mới.`,
    );
  const runs = await runsOfYear(db, input.academicYearId);
  if (input.kind === 'year' && runs.some((r) => r.kind === 'year'))
    throw conflict('Năm học này đã có đợt tính cả năm. Để sửa số liệu đã chi trả, hãy tạo đợt điều chỉnh.');
  if (input.kind === 'semester') {
    if (runs.some((r) => r.kind === 'year'))
      throw conflict('Năm học này đã có đợt tính cả năm, không tạo đợt tạm tính học kỳ được nữa. Hãy tạo đợt điều chỉnh nếu cần.');
    if (runs.some((r) => r.kind === 'semester' && r.semesterId === input.semesterId))
      throw conflict('Học kỳ này đã có đợt tạm tính. Để sửa số liệu đã chi trả, hãy tạo đợt điều chỉnh.');
  }
}

export async function createRun(opts: { db: Db; actor: Actor; input: z.output<typeof ZPayRunCreate> }): Promise<TPayRunDetail> {
  const { db, actor, input } = opts;
  const id = await write(db, actor, async (ctx) => {
    // One creation at a time per year: two accountants clicking at once must not both pass the overlap check.
    await lockYearForRuns(ctx.tx, input.academicYearId);
    let scope: Scope = { academicYearId: input.academicYearId, semesterId: input.semesterId };
    const kind = input.kind;
    let name = input.name;
    if (input.kind === 'adjustment') {
      const base = found(await runRow(ctx.tx, input.adjustsRunId!), 'đợt cần điều chỉnh');
      if (base.status !== 'paid') throw conflict('Chỉ điều chỉnh được đợt đã chi trả.');
      if (base.academicYearId !== input.academicYearId) throw conflict('Đợt cần điều chỉnh thuộc năm học khác.');
      scope = { academicYearId: base.academicYearId, semesterId: base.semesterId };
      const unpaid = await unpaidRunOfYear(ctx.tx, base.academicYearId);
      if (unpaid) throw conflict(`Đợt "${unpaid.name}" của năm học này chưa chi trả xong. Hãy hoàn tất hoặc xóa đợt đó trước.`);
      name ??= `Điều chỉnh — ${base.name}`;
    } else {
      await refuseOverlap(ctx.tx, { kind, academicYearId: input.academicYearId, semesterId: input.semesterId });
    }
    const computed = await computeScope(ctx.tx, scope);
    if (kind !== 'adjustment')
      name ??=
        kind === 'year'
          ? `Tiền dạy thêm giờ năm học ${computed.year.name}`
          : `Tạm tính tiền dạy thêm giờ ${computed.semesters[0].name} năm học ${computed.year.name}`;
    const runId = await insertRun(ctx.tx, {
      name: name!,
      kind,
      academicYearId: scope.academicYearId,
      semesterId: kind === 'year' ? null : scope.semesterId,
      adjustsRunId: input.adjustsRunId,
      inputs: computed.inputs,
      blockers: computed.blockers,
    });
    await replaceLines(ctx.tx, runId, computed.lines);
    await insertHistory(ctx.tx, { runId, actorId: actor.userId, action: 'create', fromStatus: null, toStatus: 'draft', comment: null });
    await ctx.log({ action: 'create', entity: ENTITY, entityId: runId, after: auditSnapshot(name!, computed) });
    return runId;
  });
  return readRun(db, id);
}

/** Recomputes a draft with today's inputs; a stale version is refused. */
export async function recomputeRun(opts: { db: Db; actor: Actor; id: number; version: number }): Promise<TPayRunDetail> {
  const { db, actor, id } = opts;
  await write(db, actor, async (ctx) => {
    const run = found(await runRow(ctx.tx, id, true), NOUN);
    if (run.version !== opts.version) throw conflict(STALE);
    if (run.status !== 'draft') throw conflict(frozenMessage(run.status));
    const computed = await computeScope(ctx.tx, { academicYearId: run.academicYearId, semesterId: run.semesterId }, run.id);
    await replaceLines(ctx.tx, id, computed.lines);
    await updateComputed(ctx.tx, id, { inputs: computed.inputs, blockers: computed.blockers });
    await insertHistory(ctx.tx, {
      runId: id,
      actorId: actor.userId,
      action: 'recompute',
      fromStatus: 'draft',
      toStatus: 'draft',
      comment: null,
    });
    await ctx.log({
      action: 'recompute',
      entity: ENTITY,
      entityId: id,
      before: { teachers: run.teachers, blockers: run.blockers.length, amount: run.amount },
      after: auditSnapshot(run.name, computed),
    });
  });
  return readRun(db, id);
}

const frozenMessage = (status: TPayRunStatus) =>
  status === 'paid'
    ? 'Đợt đã chi trả được giữ nguyên số liệu, không tính lại được. Để sửa, hãy tạo đợt điều chỉnh.'
    : `Đợt đang ở trạng thái ${PAY_RUN_STATUS_LABELS[status].toLowerCase()}, số liệu đã được chốt. Chỉ tính lại được khi đợt ở trạng thái nháp.`;

function auditSnapshot(name: string, c: { lines: { amount: number; due: number }[]; blockers: unknown[] }) {
  return {
    name,
    teachers: c.lines.length,
    blockers: c.blockers.length,
    amount: c.lines.reduce((a, l) => a + l.amount, 0),
    due: c.lines.reduce((a, l) => a + l.due, 0),
  };
}

const NEXT: Record<TPayTransitionAction, { from: TPayRunStatus; to: TPayRunStatus }> = {
  submit: { from: 'draft', to: 'submitted' },
  approve: { from: 'submitted', to: 'approved' },
  return: { from: 'submitted', to: 'draft' },
  pay: { from: 'approved', to: 'paid' },
};

export async function transitionRun(opts: {
  db: Db;
  actor: Actor;
  events?: EventBus;
  id: number;
  input: z.output<typeof ZPayTransition>;
}): Promise<TPayRunDetail> {
  const { db, actor, id, input } = opts;
  const step = NEXT[input.action];
  if (!hasAnyRole(actor, PAY_TRANSITION_ROLES[input.action]))
    throw new AppError('FORBIDDEN', `Bạn không có quyền ${PAY_TRANSITION_LABELS[input.action].toLowerCase()} đợt tính tiền dạy thêm giờ.`);
  await write(db, actor, async (ctx) => {
    const run = found(await runRow(ctx.tx, id, true), NOUN);
    if (run.version !== input.version) throw conflict(STALE);
    if (run.status !== step.from)
      throw conflict(
        `Không thể ${PAY_TRANSITION_LABELS[input.action].toLowerCase()}: đợt đang ở trạng thái ${PAY_RUN_STATUS_LABELS[run.status].toLowerCase()}.`,
      );
    if (input.action === 'submit') {
      if (run.teachers === 0) throw conflict('Đợt chưa có giáo viên nào đủ điều kiện để trình duyệt.');
      if (run.blockers.length > 0 && !input.proceedWithoutBlocked)
        throw conflict(
          `Còn ${run.blockers.length} giáo viên chưa đủ điều kiện (kê khai chưa khóa hoặc thiếu hệ số). Hãy xác nhận tiếp tục không gồm các giáo viên này, hoặc bổ sung rồi tính lại.`,
        );
      // What is submitted is what was computed: if any input moved since, the accountant recomputes and looks again.
      const fresh = await computeScope(ctx.tx, { academicYearId: run.academicYearId, semesterId: run.semesterId }, run.id);
      if (fresh.inputs.fingerprint !== run.inputs.fingerprint)
        throw conflict(
          'Số liệu đầu vào (kê khai, hệ số hoặc cấu hình) đã thay đổi từ lần tính gần nhất. Hãy bấm Tính lại, kiểm tra rồi trình duyệt.',
        );
    }
    await setStatus(ctx.tx, id, {
      status: step.to,
      userId: actor.userId,
      comment: input.comment,
      proceedWithoutBlocked: input.proceedWithoutBlocked,
    });
    await insertHistory(ctx.tx, {
      runId: id,
      actorId: actor.userId,
      action: input.action,
      fromStatus: step.from,
      toStatus: step.to,
      comment: input.comment,
    });
    await ctx.log({
      action: `${input.action}_pay_run`,
      entity: ENTITY,
      entityId: id,
      before: { status: step.from },
      after: {
        status: step.to,
        ...(input.comment ? { comment: input.comment } : {}),
        ...(input.proceedWithoutBlocked ? { proceedWithoutBlocked: true } : {}),
      },
    });
  });
  opts.events?.emit('pay.run.changed', { runId: id, status: step.to });
  return readRun(db, id);
}

export async function removeRun(opts: { db: Db; actor: Actor; id: number }): Promise<void> {
  await write(opts.db, opts.actor, async (ctx) => {
    const run = found(await runRow(ctx.tx, opts.id, true), NOUN);
    if (run.status !== 'draft') throw conflict('Chỉ xóa được đợt ở trạng thái nháp.');
    await deleteRun(ctx.tx, opts.id);
    await ctx.log({
      action: 'delete',
      entity: ENTITY,
      entityId: opts.id,
      before: { name: run.name, status: run.status, amount: run.amount },
    });
  });
}

// ---------------------------------------------------------------- reading

export async function listRuns(db: DbOrTx, q: z.output<typeof ZPayRunListQuery>) {
  const { rows, total } = await runRows(db, q);
  return page(rows.map(runSummary), total, q);
}

export async function readRun(db: DbOrTx, id: number): Promise<TPayRunDetail> {
  const run = found(await runRow(db, id), NOUN);
  const departments = await departmentTotals(db, id);
  const history = await historyRows(db, id);
  return {
    ...runSummary(run),
    blockerList: run.blockers,
    departments: departments.map((d) => ({
      departmentId: d.departmentId,
      departmentName: d.departmentName ?? 'Chưa thuộc tổ',
      teachers: d.teachers,
      counted: num(d.counted),
      norm: num(d.norm),
      overtimePaid: num(d.overtimePaid),
      amount: num(d.amount),
      due: num(d.due),
    })),
    settings: run.inputs.settings,
    ruleSet: run.inputs.ruleSet,
    months: run.inputs.months,
    history: history.map((h) => ({ ...h, at: iso(h.at) })),
  };
}

export async function listLines(db: DbOrTx, runId: number, q: z.output<typeof ZPayLineListQuery>) {
  found(await runRow(db, runId), NOUN);
  const { rows, total } = await lineRows(db, { runId, ...q });
  return page(rows.map(lineOf), total, q);
}

/** Every line in payroll order (department, name), for the sheet and the printable page. */
export async function payrollOf(db: DbOrTx, runId: number) {
  const run = found(await runRow(db, runId), NOUN);
  return { run: runSummary(run), inputs: run.inputs, lines: (await allLineRows(db, runId)).map(lineOf) };
}

/**
 * One teacher's line with its explanation. The accountant, the principal and admin read any; a teacher
 * reads their own once the run is approved; anyone else is refused (403), whether the line exists or not.
 */
export async function readLine(db: DbOrTx, actor: Actor, runId: number, teacherId: number): Promise<TPayLineDetail> {
  const run = await runRow(db, runId);
  const reader = hasAnyRole(actor, PAY_READERS);
  const own = actor.teacherId === teacherId && run !== null && (run.status === 'approved' || run.status === 'paid');
  if (!reader && !own)
    throw new AppError('FORBIDDEN', 'Bạn chỉ xem được bảng kê tiền dạy thêm giờ của chính mình, sau khi đợt tính được duyệt.');
  const r = found(run, NOUN);
  return lineDetailOf(r, found(await lineDetailRow(db, runId, teacherId), 'dòng của giáo viên trong đợt tính'));
}

function lineDetailOf(r: RunRow, line: LineRow & { detail: ComputedLine['detail'] }): TPayLineDetail {
  return {
    ...lineOf(line),
    runId: r.id,
    runName: r.name,
    runStatus: r.status,
    periodPayExact: line.detail.periodPayExact,
    overtimePeriodPayExact: line.detail.overtimePeriodPayExact,
    monthly: line.detail.monthly,
    steps: line.detail.steps,
    sources: line.detail.sources,
  };
}

/** The caller's own statements: their lines in approved and paid runs. */
export async function myStatements(db: DbOrTx, actor: Actor): Promise<TPayStatement[]> {
  if (!actor.teacherId) return [];
  // Two queries whatever the number of runs: the runs, then the teacher's lines in them.
  const runs = await statementRuns(db, actor.teacherId);
  const rows = await teacherLineRows(
    db,
    actor.teacherId,
    runs.map((r) => r.id),
  );
  const lines = new Map(rows.map((l) => [l.runId, l]));
  return runs.map((run) => ({ run: runSummary(run), line: lineDetailOf(run, lines.get(run.id)!) }));
}
