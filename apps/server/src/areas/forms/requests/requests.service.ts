import type { z } from 'zod';
import { isoToDisplay } from '@app/shared/format';
import {
  EDITABLE_STATUSES,
  FORM_FILE_MAX_BYTES,
  FORM_STATUS_LABELS,
  WAITING_STATUSES,
  ABSENCE_LIMIT,
  ABSENCE_WARNING,
  absenceLevel,
  absenceOf,
  escalates,
  rangeValueOf,
  rangesOverlap,
  validateFormValues,
  valueText,
  type TClassAbsences,
  type TFormFile,
  type TFormStatus,
  type TFormValues,
  type TStudentForm,
  type TStudentFormDetail,
  type ZFormDecision,
  type ZFormListQuery,
  type ZFormSave,
} from '@app/shared/forms';
import { sniffMime } from '@/areas/teaching/declarations/attachments.service';
import { schoolHolidays } from '@/areas/teaching/declarations/periods.service';
import type { Db, DbOrTx } from '@/db/client';
import { offsetOf, page } from '@/lib/list';
import { found, write } from '@/lib/write';
import { MAX_SHEET_ROWS } from '@/lib/xlsx';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import type { EventBus } from '@/plugins/events';
import { AppError, badRequest, conflict } from '@/plugins/errors';
import { FORM_HOMEROOM, FORM_PRINCIPALS, FORM_WIDE_READERS } from '../access';
import { kindRow, type KindRow } from '../core/kinds.repository';
import {
  classAbsenceRows,
  classRow,
  deleteForm,
  draftCount,
  dropFieldFilesExcept,
  dropFilesExcept,
  fileData,
  fileRows,
  formByClientKey,
  formRow,
  formRows,
  historyRows,
  insertFile,
  insertForm,
  insertHistory,
  leaveTouching,
  lockClientKey,
  lockStudentLeave,
  markSubmitted,
  principalUserIds,
  saveValues,
  setStatus,
  studentFormRows,
  studentPlace,
  teacherUserId,
  type FormFilter,
  type FormRow,
} from './requests.repository';

/*
 * Student forms (issue 17 "Regulations and forms"): a student fills a form of an active kind (kept as a
 * draft on the server), submits it; their homeroom teacher approves, rejects or returns it with a
 * comment; a kind whose condition holds (a leave of more than 3 school days) goes on to the principal
 * after the homeroom teacher's approval (docs/decisions/product.md). A returned form is edited and
 * submitted again; a form waiting for a decision may be withdrawn. Approved leave counts as absence.
 */

const ENTITY = 'student_form';
const NOUN = 'đơn';
const STALE = 'Đơn vừa được người khác xử lý hoặc thay đổi. Hãy tải lại để xem trạng thái mới nhất.';
const NOT_OWN = 'Bạn chỉ xem được đơn của chính mình.';
const NOT_YOUR_CLASS = 'Bạn chỉ xem và duyệt được đơn của học sinh lớp mình chủ nhiệm.';
/** Drafts a student may keep at once (each is stored on the server): a script cannot fill the database. */
const MAX_DRAFTS = 30;

type Deps = { db: Db; actor: Actor; events?: EventBus };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const fileIdsOf = (values: TFormValues) =>
  Object.values(values).flatMap((v) => (v && typeof v === 'object' && 'fileId' in v ? [v.fileId] : []));

function summary(r: FormRow, holidays: ReadonlySet<string>): TStudentForm {
  return {
    id: r.id,
    kindId: r.kindId,
    kindName: r.kindName,
    studentId: r.studentId,
    studentCode: r.studentCode,
    studentName: r.studentName,
    homeroomClassId: r.homeroomClassId,
    className: r.className,
    status: r.status,
    firstDay: r.firstDay,
    lastDay: r.lastDay,
    absenceSessions: r.absenceSessions,
    clientKey: r.clientKey,
    submittedAt: iso(r.submittedAt),
    escalatedAt: iso(r.escalatedAt),
    decidedAt: iso(r.decidedAt),
    decidedByName: r.decidedByName,
    decisionComment: r.decisionComment,
    escalates: escalates({ escalation: r.escalation }, r.values ?? {}, holidays),
    version: r.version,
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

const isWide = (actor: Actor) => hasAnyRole(actor, FORM_WIDE_READERS);

/** The holidays from `first` to `last` (ISO dates, in order); none without both. */
const holidaysBetween = (holidays: ReadonlySet<string>, first: string | null, last: string | null) =>
  first && last ? [...holidays].filter((d) => d >= first && d <= last).sort() : [];
const isClassTeacher = (actor: Actor, r: Pick<FormRow, 'homeroomTeacherId'>) =>
  hasAnyRole(actor, FORM_HOMEROOM) && actor.teacherId !== null && r.homeroomTeacherId === actor.teacherId;

/** Refuses (403) a reader outside the form's scope; a draft is its student's alone (404 to others). */
function checkRead(actor: Actor, r: FormRow) {
  if (actor.studentId !== null && r.studentId === actor.studentId) return;
  if (r.status === 'draft') throw new AppError('NOT_FOUND', 'Không tìm thấy đơn.');
  if (isWide(actor) || isClassTeacher(actor, r)) return;
  throw new AppError('FORBIDDEN', hasAnyRole(actor, FORM_HOMEROOM) ? NOT_YOUR_CLASS : NOT_OWN);
}

function ownStudent(actor: Actor): number {
  if (actor.studentId === null) throw new AppError('FORBIDDEN', 'Chỉ học sinh mới gửi được đơn.');
  return actor.studentId;
}

function checkOwn(actor: Actor, r: FormRow) {
  if (r.studentId !== ownStudent(actor)) throw new AppError('FORBIDDEN', NOT_OWN);
}

// ---------------------------------------------------------------- reading

export async function readForm(db: DbOrTx, actor: Actor, id: number): Promise<TStudentFormDetail> {
  const r = found(await formRow(db, id), NOUN);
  checkRead(actor, r);
  const kind = found(await kindRow(db, r.kindId), 'loại đơn');
  const history = await historyRows(db, id);
  const files = await fileRows(db, id);
  const holidays = await schoolHolidays(db);
  const htApproval = [...history].reverse().find((h) => h.action === 'approve' && h.toStatus === 'escalated');
  const { used: _, ...kindShown } = kind;
  return {
    ...summary(r, holidays),
    values: r.values ?? {},
    kind: kindShown,
    history: history.map((h) => ({
      action: h.action,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      comment: h.comment,
      actorName: h.actorName,
      at: new Date(h.at).toISOString(),
    })),
    files,
    homeroomApprovedByName: htApproval?.actorName ?? null,
    homeroomApprovedAt: htApproval ? new Date(htApproval.at).toISOString() : null,
    holidays: holidaysBetween(holidays, r.firstDay, r.lastDay),
  };
}

export async function myForms(db: DbOrTx, actor: Actor): Promise<TStudentForm[]> {
  const rows = await studentFormRows(db, ownStudent(actor));
  const holidays = await schoolHolidays(db);
  return rows.map((r) => summary(r, holidays));
}

type ListQuery = z.output<typeof ZFormListQuery>;

/** The filter a caller may list with: a homeroom teacher (without a wide role) only their classes. */
function scopedFilter(actor: Actor, q: ListQuery): FormFilter {
  const filter: FormFilter = { status: q.status, kindId: q.kindId, classId: q.classId, search: q.search };
  if (isWide(actor)) return filter;
  if (actor.teacherId === null) throw new AppError('FORBIDDEN', NOT_YOUR_CLASS);
  return { ...filter, teacherId: actor.teacherId };
}

export async function listForms(db: DbOrTx, actor: Actor, q: ListQuery) {
  if (q.classId && !isWide(actor)) await readableClass(db, actor, q.classId);
  const { rows, total } = await formRows(db, {
    ...scopedFilter(actor, q),
    sort: q.sort,
    order: q.order,
    limit: q.limit,
    offset: offsetOf(q),
  });
  const holidays = await schoolHolidays(db);
  return page(
    rows.map((r) => summary(r, holidays)),
    total,
    q,
  );
}

export async function exportRows(db: DbOrTx, actor: Actor, q: ListQuery): Promise<TStudentForm[]> {
  const { rows } = await formRows(db, { ...scopedFilter(actor, q), sort: q.sort, order: q.order, limit: MAX_SHEET_ROWS, offset: 0 });
  const holidays = await schoolHolidays(db);
  return rows.map((r) => summary(r, holidays));
}

async function readableClass(db: DbOrTx, actor: Actor, classId: number) {
  const cls = found(await classRow(db, classId), 'lớp chủ nhiệm');
  if (!isWide(actor) && (actor.teacherId === null || cls.homeroomTeacherId !== actor.teacherId))
    throw new AppError('FORBIDDEN', NOT_YOUR_CLASS);
  return cls;
}

/** The class's students with their absences from approved leave this school year, against 45 (TT 22/2021), most first. */
export async function classAbsences(db: DbOrTx, actor: Actor, classId: number): Promise<TClassAbsences> {
  const cls = await readableClass(db, actor, classId);
  const rows = await classAbsenceRows(db, classId, cls.academicYearId);
  return {
    classId: cls.id,
    className: cls.name,
    academicYearName: cls.academicYearName,
    limit: ABSENCE_LIMIT,
    warning: ABSENCE_WARNING,
    students: rows.map((r) => ({ ...r, level: absenceLevel(r.sessions) })),
  };
}

export async function downloadFile(db: DbOrTx, actor: Actor, id: number, fileId: number) {
  checkRead(actor, found(await formRow(db, id), NOUN));
  return found(await fileData(db, id, fileId), 'tệp đính kèm');
}

/**
 * For the notifications area (issue 17): what a notice about a form says, read here so events carry
 * ids only. `link` opens the form for its student, `deciderLink` for whoever decides it now.
 */
export async function describeFormForNotice(deps: { db: DbOrTx }, formId: number) {
  const r = await formRow(deps.db, formId);
  if (!r) return null;
  return {
    kindName: r.kindName,
    studentName: r.studentName,
    className: r.className,
    status: r.status,
    statusLabel: FORM_STATUS_LABELS[r.status],
    link: `/student/forms?form=${r.id}`,
    deciderLink: r.status === 'escalated' ? `/principal/dashboard?form=${r.id}` : `/teacher/homeroom-class?form=${r.id}`,
  };
}

// ---------------------------------------------------------------- the student's writes

type Notice =
  | { kind: 'submitted'; escalated: boolean; userIds: number[] }
  | { kind: 'decided'; status: 'approved' | 'rejected' | 'returned'; userIds: number[] };

function emit(events: EventBus | undefined, formId: number, n: Notice | null) {
  if (!events || !n || n.userIds.length === 0) return;
  if (n.kind === 'submitted') events.emit('form.submitted', { formId, escalated: n.escalated, userIds: n.userIds });
  else events.emit('form.decided', { formId, status: n.status, userIds: n.userIds });
}

type StoredFile = Awaited<ReturnType<typeof fileRows>>[number];

/**
 * Only the kind's fields are kept; a file value must be one of this form's files, and says what that
 * file is as stored (its name, size and sniffed type), never what the page claims.
 */
function cleanValues(kind: KindRow, values: TFormValues, files: readonly StoredFile[]): TFormValues {
  const out: TFormValues = {};
  for (const f of kind.fields) {
    const v = values[f.key];
    if (v === undefined) continue;
    if (v && typeof v === 'object' && 'fileId' in v) {
      const file = files.find((x) => x.id === v.fileId);
      if (!file) throw badRequest('Tệp đính kèm không thuộc đơn này. Hãy tải tệp lên lại.');
      out[f.key] = { fileId: file.id, name: file.fileName, size: file.size, mimeType: file.mimeType };
    } else out[f.key] = v;
  }
  return out;
}

/**
 * Refuses leave whose sessions meet the student's other leave waiting for a decision or approved (the
 * same half-day counted twice); under the student's leave lock, so two tabs cannot both pass.
 */
async function refuseOverlappingLeave(tx: DbOrTx, v: { studentId: number; id: number; kind: KindRow; values: TFormValues }) {
  const range = rangeValueOf(v.kind, v.values);
  if (!range) return;
  await lockStudentLeave(tx, v.studentId);
  const others = await leaveTouching(tx, { studentId: v.studentId, exceptId: v.id, firstDay: range.from, lastDay: range.to });
  const hit = others.map((o) => ({ ...o, range: rangeValueOf(o, o.values) })).find((o) => o.range && rangesOverlap(range, o.range));
  if (!hit) return;
  const when = valueText({ type: 'dateRange' }, hit.range, isoToDisplay);
  throw conflict(
    `Bạn đã có đơn "${hit.kindName}" ${when}, đang ở trạng thái "${FORM_STATUS_LABELS[hit.status]}": trùng thời gian với đơn này.`,
  );
}

/**
 * Saves a draft or submits, by the page's client key: the first call makes the form, later ones update
 * it; a retried submission of a form already submitted answers it as it is (it lands once).
 */
export async function saveForm(opts: Deps & { input: z.output<typeof ZFormSave> }): Promise<TStudentFormDetail> {
  const { db, actor, input } = opts;
  const studentId = ownStudent(actor);
  const out = await write(db, actor, async (ctx) => {
    await lockClientKey(ctx.tx, studentId, input.clientKey);
    const have = await formByClientKey(ctx.tx, studentId, input.clientKey, true);
    if (have && have.kindId !== input.kindId) throw conflict('Đơn này thuộc loại đơn khác. Hãy tải lại trang.');
    if (have && !EDITABLE_STATUSES.includes(have.status)) {
      if (input.submit && have.status !== 'withdrawn') return { id: have.id, notice: null };
      throw conflict(`Đơn đang ở trạng thái "${FORM_STATUS_LABELS[have.status]}", không sửa được nữa.`);
    }
    if (have && input.version !== undefined && have.version !== input.version) throw conflict(STALE);
    const kind = found(await kindRow(ctx.tx, input.kindId), 'loại đơn');
    if (!kind.active && !have) throw conflict('Loại đơn này đã ngừng sử dụng.');
    if (!have && (await draftCount(ctx.tx, studentId)) >= MAX_DRAFTS)
      throw conflict(`Bạn đang có ${MAX_DRAFTS} đơn nháp chưa gửi. Hãy gửi hoặc xóa bớt đơn nháp trước khi tạo đơn mới.`);
    const files = have ? await fileRows(ctx.tx, have.id) : [];
    const values = cleanValues(kind, input.values, files);

    let id: number;
    if (!have) {
      id = await insertForm(ctx.tx, { kindId: kind.id, studentId, clientKey: input.clientKey, values });
      await insertHistory(ctx.tx, {
        formId: id,
        actorId: actor.userId,
        action: 'create',
        fromStatus: null,
        toStatus: 'draft',
        comment: null,
      });
      await ctx.log({ action: 'create', entity: ENTITY, entityId: id, after: { kindId: kind.id, studentId, status: 'draft' } });
    } else {
      id = have.id;
      if (!input.submit) {
        await saveValues(ctx.tx, id, values);
        await ctx.log({ action: 'update', entity: ENTITY, entityId: id, after: { kindId: kind.id, status: have.status } });
      }
    }
    if (!input.submit) return { id, notice: null };

    const errors = validateFormValues(kind.fields, values);
    if (Object.keys(errors).length) throw badRequest('Đơn chưa hợp lệ. Hãy sửa các mục được đánh dấu rồi gửi lại.', { fields: errors });
    const place = await studentPlace(ctx.tx, studentId);
    if (!place?.homeroomClassId) throw conflict('Bạn chưa được xếp lớp chủ nhiệm nên chưa gửi đơn được. Hãy liên hệ văn phòng nhà trường.');
    // Sundays and the school's holidays are not school sessions: they are neither absences nor days of leave.
    const absence = absenceOf(kind, values, await schoolHolidays(ctx.tx));
    if (kind.countsAbsence) await refuseOverlappingLeave(ctx.tx, { studentId, id, kind, values });
    const from: TFormStatus = have?.status ?? 'draft';
    await markSubmitted(ctx.tx, id, {
      values,
      homeroomClassId: place.homeroomClassId,
      academicYearId: place.academicYearId,
      firstDay: absence.firstDay,
      lastDay: absence.lastDay,
      absenceSessions: absence.sessions,
    });
    await dropFilesExcept(ctx.tx, id, fileIdsOf(values));
    await insertHistory(ctx.tx, {
      formId: id,
      actorId: actor.userId,
      action: 'submit',
      fromStatus: from,
      toStatus: 'submitted',
      comment: null,
    });
    await ctx.log({
      action: 'submit_student_form',
      entity: ENTITY,
      entityId: id,
      before: { status: from },
      after: { status: 'submitted', kindId: kind.id, homeroomClassId: place.homeroomClassId, absenceSessions: absence.sessions },
    });
    const teacher = await teacherUserId(ctx.tx, place.homeroomTeacherId);
    return { id, notice: { kind: 'submitted' as const, escalated: false, userIds: teacher ? [teacher] : [] } };
  });
  emit(opts.events, out.id, out.notice);
  return readForm(db, actor, out.id);
}

export async function withdrawForm(opts: Deps & { id: number; version: number }): Promise<TStudentFormDetail> {
  const { db, actor, id } = opts;
  await write(db, actor, async (ctx) => {
    const r = found(await formRow(ctx.tx, id, true), NOUN);
    checkOwn(actor, r);
    if (r.version !== opts.version) throw conflict(STALE);
    if (![...WAITING_STATUSES, 'returned'].includes(r.status))
      throw conflict(`Đơn đang ở trạng thái "${FORM_STATUS_LABELS[r.status]}", không rút được.`);
    await setStatus(ctx.tx, id, { status: 'withdrawn' });
    await insertHistory(ctx.tx, {
      formId: id,
      actorId: actor.userId,
      action: 'withdraw',
      fromStatus: r.status,
      toStatus: 'withdrawn',
      comment: null,
    });
    await ctx.log({
      action: 'withdraw_student_form',
      entity: ENTITY,
      entityId: id,
      before: { status: r.status },
      after: { status: 'withdrawn' },
    });
  });
  return readForm(db, actor, id);
}

export async function removeDraft(opts: Deps & { id: number }): Promise<void> {
  const { db, actor, id } = opts;
  await write(db, actor, async (ctx) => {
    const r = found(await formRow(ctx.tx, id, true), NOUN);
    checkOwn(actor, r);
    if (r.status !== 'draft') throw conflict('Chỉ xóa được đơn nháp chưa gửi. Đơn đã gửi có thể rút lại.');
    await deleteForm(ctx.tx, id);
    await ctx.log({ action: 'delete', entity: ENTITY, entityId: id, before: { kindId: r.kindId, status: r.status } });
  });
}

export async function uploadFile(opts: Deps & { id: number; fieldKey: string; fileName: string; data: Buffer }): Promise<TFormFile> {
  const { db, actor, id, data } = opts;
  if (data.length > FORM_FILE_MAX_BYTES) throw badRequest('Tệp đính kèm tối đa 5 MB.');
  if (!data.length) throw badRequest('Tệp đính kèm trống.');
  const mimeType = sniffMime(data);
  if (!mimeType) throw badRequest('Tệp đính kèm phải là PDF hoặc ảnh (PNG, JPEG, WebP).');
  const fileName = opts.fileName.trim().slice(0, 200) || 'tep-dinh-kem';
  const fileId = await write(db, actor, async (ctx) => {
    const r = found(await formRow(ctx.tx, id, true), NOUN);
    checkOwn(actor, r);
    if (!EDITABLE_STATUSES.includes(r.status)) throw conflict('Đơn đã gửi, không đính kèm thêm tệp được.');
    const kind = found(await kindRow(ctx.tx, r.kindId), 'loại đơn');
    if (!kind.fields.some((f) => f.key === opts.fieldKey && f.type === 'attachment'))
      throw badRequest('Mẫu đơn không có mục đính kèm này.');
    // The field's earlier uploads the stored values do not point at were replaced on the page: dropped, so
    // uploading again and again keeps at most the saved file and this one.
    await dropFieldFilesExcept(ctx.tx, id, opts.fieldKey, fileIdsOf(r.values ?? {}));
    const newId = await insertFile(ctx.tx, { formId: id, fieldKey: opts.fieldKey, fileName, mimeType, data });
    await ctx.log({
      action: 'upload',
      entity: 'student_form_file',
      entityId: newId,
      after: { formId: id, fieldKey: opts.fieldKey, fileName, mimeType, size: data.length },
    });
    return newId;
  });
  return { id: fileId, fieldKey: opts.fieldKey, fileName, mimeType, size: data.length };
}

// ---------------------------------------------------------------- decisions

const DECIDED: Record<'approve' | 'reject' | 'return', 'approved' | 'rejected' | 'returned'> = {
  approve: 'approved',
  reject: 'rejected',
  return: 'returned',
};

/**
 * A decision at the version read (two teachers, or two tabs: the second gets 409). A submitted form is
 * its class's homeroom teacher's to decide; approving one whose kind escalates sends it to the principal
 * instead of deciding it; an escalated form is the principal's.
 */
export async function decideForm(opts: Deps & { id: number; input: z.output<typeof ZFormDecision> }): Promise<TStudentFormDetail> {
  const { db, actor, id, input } = opts;
  const notice = await write(db, actor, async (ctx): Promise<Notice> => {
    const r = found(await formRow(ctx.tx, id, true), NOUN);
    checkRead(actor, r);
    if (r.version !== input.version) throw conflict(STALE);
    let to: TFormStatus;
    let escalated = false;
    if (r.status === 'submitted') {
      if (!isClassTeacher(actor, r)) throw new AppError('FORBIDDEN', 'Đơn này chờ giáo viên chủ nhiệm của lớp duyệt.');
      escalated = input.action === 'approve' && escalates({ escalation: r.escalation }, r.values ?? {}, await schoolHolidays(ctx.tx));
      to = escalated ? 'escalated' : DECIDED[input.action];
    } else if (r.status === 'escalated') {
      if (!hasAnyRole(actor, FORM_PRINCIPALS)) throw new AppError('FORBIDDEN', 'Đơn này đã được chuyển Hiệu trưởng quyết định.');
      to = DECIDED[input.action];
    } else {
      throw conflict(`Đơn đang ở trạng thái "${FORM_STATUS_LABELS[r.status]}", không còn chờ duyệt.`);
    }
    await setStatus(ctx.tx, id, { status: to, escalated, decided: !escalated, decidedBy: actor.userId, comment: input.comment });
    await insertHistory(ctx.tx, {
      formId: id,
      actorId: actor.userId,
      action: input.action,
      fromStatus: r.status,
      toStatus: to,
      comment: input.comment,
    });
    await ctx.log({
      action: escalated ? 'escalate_student_form' : `${input.action}_student_form`,
      entity: ENTITY,
      entityId: id,
      before: { status: r.status },
      after: { status: to, ...(input.comment ? { decisionComment: input.comment } : {}) },
    });
    if (escalated) return { kind: 'submitted', escalated: true, userIds: await principalUserIds(ctx.tx) };
    return { kind: 'decided', status: DECIDED[input.action], userIds: r.studentUserId ? [r.studentUserId] : [] };
  });
  emit(opts.events, id, notice);
  return readForm(db, actor, id);
}
