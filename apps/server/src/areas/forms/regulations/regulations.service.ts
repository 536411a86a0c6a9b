import {
  REGULATION_PDF_MAX_BYTES,
  type TAckReport,
  type TAckStudent,
  type THomeroomAckStatus,
  type TReaderRegulationDetail,
  type TRegulationDetail,
  REGULATION_CATEGORIES,
  type ZRegulationInput,
} from '@app/shared/regulations';
import type { Db } from '@/db/client';
import { offsetOf, page, searchText } from '@/lib/list';
import { sanitizeRich } from '@/lib/sanitize';
import { found, write, type WriteCtx } from '@/lib/write';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { AppError, badRequest, conflict } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import { REGULATION_REPORT_WIDE, REGULATION_WRITERS } from '../access';
import {
  ackClassCounts,
  ackStudents,
  acknowledge,
  categoriesInUse,
  classesOfTeacher,
  clearAcknowledgements,
  currentClassIds,
  deleteRegulation,
  insertRegulation,
  lockRegulation,
  pdfOf,
  publishedDetail,
  publishedPage,
  publishedToAcknowledge,
  regulationDetail,
  regulationPage,
  setStatus,
  storePdf,
  updateRegulation,
  type LockedRegulation,
  type RegulationFilter,
} from './regulations.repository';

/*
 * Regulations (issue 17): admin's documents and their workflow draft → published → archived, the
 * readers' list, the students' acknowledgements, and who has not acknowledged per homeroom class.
 * Rich text is sanitized with the survey rules (lib/sanitize.ts) before it is stored and again when
 * it is served. A PDF is recognised by its first bytes, never by its name.
 */

export const STALE = 'Văn bản đã được người khác sửa. Hãy tải lại trang rồi thử lại.';
export const PDF_TOO_LARGE = `Tệp PDF tối đa ${REGULATION_PDF_MAX_BYTES / 1024 / 1024} MB.`;
const NOUN = 'văn bản';

type Input = ReturnType<typeof ZRegulationInput.parse>;
type Paged = { page: number; limit: number };

const isWriter = (actor: Actor) => hasAnyRole(actor, REGULATION_WRITERS);

/** What the audit log keeps of a document (never the PDF's bytes, nor the whole text). */
function snapshot(r: Pick<LockedRegulation, 'title' | 'category' | 'effectiveFrom' | 'requiresAck' | 'status' | 'pdfName' | 'pdfSize'>) {
  return {
    title: r.title,
    category: r.category,
    effectiveFrom: r.effectiveFrom,
    requiresAck: r.requiresAck,
    status: r.status,
    pdfName: r.pdfName,
    pdfSize: r.pdfSize,
  };
}

function fieldsOf(input: Input, keepPdf: boolean) {
  const html = input.contentKind === 'html' ? sanitizeRich(input.bodyHtml) : null;
  return {
    title: input.title,
    category: input.category,
    // A PDF document keeps no rich text; one whose file is still to come keeps '' (the row needs content of some kind).
    bodyHtml: html ?? (keepPdf ? null : ''),
    effectiveFrom: input.effectiveFrom,
    requiresAck: input.requiresAck,
    searchText: searchText(input.title, input.category),
    dropPdf: input.contentKind === 'html',
  };
}

const served = (r: TRegulationDetail): TRegulationDetail => ({ ...r, bodyHtml: r.bodyHtml === null ? null : sanitizeRich(r.bodyHtml) });

// ---------------------------------------------------------------- admin

export async function listRegulations(db: Db, q: RegulationFilter & Paged) {
  const { items, total } = await regulationPage(db, { ...q, limit: q.limit, offset: offsetOf(q) });
  return page(items, total, q);
}

export async function readRegulation(db: Db, id: number): Promise<TRegulationDetail> {
  return served(found(await regulationDetail(db, id), NOUN));
}

export async function createRegulation(opts: { db: Db; actor: Actor; input: Input }): Promise<TRegulationDetail> {
  const { db, actor, input } = opts;
  const id = await write(db, actor, async (ctx) => {
    const f = fieldsOf(input, false);
    const newId = await insertRegulation(ctx.tx, { ...f, createdBy: actor.userId });
    await ctx.log({
      action: 'create',
      entity: 'regulation',
      entityId: newId,
      after: snapshot({ ...f, status: 'draft', pdfName: null, pdfSize: null }),
    });
    return newId;
  });
  return readRegulation(db, id);
}

async function locked(ctx: WriteCtx, id: number, version: number | undefined) {
  const row = found(await lockRegulation(ctx.tx, id), NOUN);
  if (version !== undefined && row.version !== version) throw conflict(STALE);
  return row;
}

/**
 * Saves a document. Editing a published one keeps its acknowledgements unless `reacknowledge` says the
 * change needs a new one: then they are cleared in the same transaction, and the log says how many.
 */
export async function editRegulation(opts: { db: Db; actor: Actor; id: number; input: Input }): Promise<TRegulationDetail> {
  const { db, actor, id, input } = opts;
  if (input.version === undefined) throw badRequest('Thiếu phiên bản của văn bản.');
  await write(db, actor, async (ctx) => {
    const before = await locked(ctx, id, input.version);
    if (before.status === 'archived') throw conflict('Văn bản đã lưu trữ không sửa được.');
    const f = fieldsOf(input, before.hasPdf);
    if (!(await updateRegulation(ctx.tx, id, input.version!, f))) throw conflict(STALE);
    const after = { ...f, status: before.status, pdfName: f.dropPdf ? null : before.pdfName, pdfSize: f.dropPdf ? null : before.pdfSize };
    await ctx.log({ action: 'update', entity: 'regulation', entityId: id, before: snapshot(before), after: snapshot(after) });
    if (input.reacknowledge && before.status === 'published') {
      const cleared = await clearAcknowledgements(ctx.tx, id);
      await ctx.log({
        action: 'reset_acknowledgements',
        entity: 'regulation',
        entityId: id,
        before: { ackCount: cleared },
        after: { ackCount: 0 },
      });
    }
  });
  return readRegulation(db, id);
}

export async function removeRegulation(opts: { db: Db; actor: Actor; id: number }): Promise<void> {
  await write(opts.db, opts.actor, async (ctx) => {
    const before = await locked(ctx, opts.id, undefined);
    if (before.status !== 'draft') throw conflict('Chỉ xóa được bản nháp. Văn bản đã ban hành hãy lưu trữ.');
    await deleteRegulation(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: 'regulation', entityId: opts.id, before: snapshot(before) });
  });
}

/** A PDF starts with "%PDF-" (its first bytes, whatever its name says). */
export const isPdf = (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-';

export async function uploadPdf(opts: { db: Db; actor: Actor; id: number; version: number; fileName: string; data: Buffer }) {
  const { db, actor, id, version, data } = opts;
  if (data.length > REGULATION_PDF_MAX_BYTES) throw badRequest(PDF_TOO_LARGE);
  if (!data.length) throw badRequest('Tệp PDF trống.');
  if (!isPdf(data)) throw badRequest('Tệp phải là PDF.');
  const name = opts.fileName.trim().slice(0, 200) || 'van-ban.pdf';
  await write(db, actor, async (ctx) => {
    const before = await locked(ctx, id, version);
    if (before.status === 'archived') throw conflict('Văn bản đã lưu trữ không sửa được.');
    if (!(await storePdf(ctx.tx, { id, version, name, data }))) throw conflict(STALE);
    await ctx.log({
      action: 'upload',
      entity: 'regulation',
      entityId: id,
      before: { pdfName: before.pdfName, pdfSize: before.pdfSize },
      after: { pdfName: name, pdfSize: data.length },
    });
  });
  return readRegulation(db, id);
}

/** draft or archived → published (emits `regulation.published`); published → archived. */
export async function changeStatus(opts: {
  db: Db;
  events: EventBus;
  actor: Actor;
  id: number;
  version: number;
  to: 'published' | 'archived';
}): Promise<TRegulationDetail> {
  const { db, actor, id, version, to } = opts;
  const done = await write(db, actor, async (ctx) => {
    const before = await locked(ctx, id, version);
    if (to === 'published') {
      if (before.status === 'published') throw conflict('Văn bản đã được ban hành.');
      const empty = !before.hasPdf && !(before.bodyHtml ?? '').replace(/<[^>]*>/g, '').trim();
      if (empty) throw badRequest('Văn bản chưa có nội dung: hãy nhập nội dung hoặc tải lên tệp PDF trước khi ban hành.');
    } else if (before.status !== 'published') {
      throw conflict('Chỉ lưu trữ được văn bản đã ban hành.');
    }
    if (!(await setStatus(ctx.tx, { id, version, status: to, publish: to === 'published' }))) throw conflict(STALE);
    await ctx.log({
      action: to === 'published' ? 'publish_regulation' : 'archive_regulation',
      entity: 'regulation',
      entityId: id,
      before: { status: before.status },
      after: { status: to },
    });
    return { requiresAck: before.requiresAck };
  });
  if (to === 'published') opts.events.emit('regulation.published', { regulationId: id, requiresAck: done.requiresAck });
  return readRegulation(db, id);
}

// ---------------------------------------------------------------- readers

/** The suggested categories first, then the others in use (readers: of published documents only). */
export async function regulationCategories(db: Db, actor: Actor): Promise<string[]> {
  const used = await categoriesInUse(db, isWriter(actor));
  if (!isWriter(actor)) return used;
  return [...REGULATION_CATEGORIES, ...used.filter((c) => !(REGULATION_CATEGORIES as readonly string[]).includes(c))];
}

export async function publishedList(db: Db, actor: Actor, q: { search?: string; category?: string; pending?: boolean } & Paged) {
  const { items, total } = await publishedPage(db, { ...q, studentId: actor.studentId, limit: q.limit, offset: offsetOf(q) });
  return page(items, total, q);
}

export async function publishedRead(db: Db, actor: Actor, id: number): Promise<TReaderRegulationDetail> {
  const r = found(await publishedDetail(db, id, actor.studentId), NOUN);
  return { ...r, bodyHtml: r.bodyHtml === null ? null : sanitizeRich(r.bodyHtml) };
}

/** The PDF of a document: a published one for every reader, any other to admin only. */
export async function pdfFile(db: Db, actor: Actor, id: number): Promise<{ name: string; data: Buffer }> {
  const f = found(await pdfOf(db, id), NOUN);
  if (f.status !== 'published' && !isWriter(actor)) throw new AppError('NOT_FOUND', 'Không tìm thấy văn bản.');
  if (!f.data) throw new AppError('NOT_FOUND', 'Văn bản này không có tệp PDF.');
  return { name: f.name ?? 'van-ban.pdf', data: f.data };
}

/** A student acknowledges a published document once; a repeat answers the same and writes nothing. */
export async function acknowledgeRegulation(opts: { db: Db; actor: Actor; id: number }): Promise<TReaderRegulationDetail> {
  const { db, actor, id } = opts;
  const studentId = actor.studentId;
  if (studentId === null) throw new AppError('FORBIDDEN', 'Chỉ học sinh mới xác nhận đã đọc văn bản.');
  const doc = found(await publishedDetail(db, id, studentId), NOUN);
  if (!doc.requiresAck) throw badRequest('Văn bản này không yêu cầu học sinh xác nhận.');
  if (doc.acknowledgedAt === null) {
    await write(db, actor, async (ctx) => {
      if (await acknowledge(ctx.tx, id, studentId)) {
        await ctx.log({
          action: 'acknowledge',
          entity: 'regulation_acknowledgement',
          entityId: `${id}:${studentId}`,
          after: { regulationId: id, studentId },
        });
      }
    });
  }
  return publishedRead(db, actor, id);
}

// ---------------------------------------------------------------- reports

/** The classes a reader may see: every current one for the wide readers, a homeroom teacher's own otherwise. */
async function classScope(db: Db, actor: Actor): Promise<number[] | null> {
  if (hasAnyRole(actor, REGULATION_REPORT_WIDE)) return null;
  if (actor.teacherId === null) return [];
  return classesOfTeacher(db, actor.teacherId);
}

const NOT_YOUR_CLASS = 'Bạn chỉ xem được tình hình xác nhận của lớp mình chủ nhiệm.';

/** A draft is admin's alone: to the other report readers it does not exist (its title says nothing either). */
async function reportDoc(db: Db, actor: Actor, id: number) {
  const doc = found(await regulationDetail(db, id), NOUN);
  if (doc.status === 'draft' && !isWriter(actor)) throw new AppError('NOT_FOUND', 'Không tìm thấy văn bản.');
  return doc;
}

export async function ackReport(db: Db, actor: Actor, id: number): Promise<TAckReport> {
  const doc = await reportDoc(db, actor, id);
  const classes = await ackClassCounts(db, id, await classScope(db, actor));
  const totals = classes.reduce(
    (t, c) => ({
      studentCount: t.studentCount + c.studentCount,
      acknowledged: t.acknowledged + c.acknowledged,
      missing: t.missing + c.missing,
    }),
    { studentCount: 0, acknowledged: 0, missing: 0 },
  );
  return { regulation: { id: doc.id, title: doc.title, requiresAck: doc.requiresAck, status: doc.status }, classes, totals };
}

export async function ackClassStudents(db: Db, actor: Actor, id: number, classId: number): Promise<TAckStudent[]> {
  await reportDoc(db, actor, id);
  const scope = await classScope(db, actor);
  if (scope !== null && !scope.includes(classId)) throw new AppError('FORBIDDEN', NOT_YOUR_CLASS);
  const rows = await ackStudents(db, id, [classId]);
  return rows.map(({ className: _c, ...r }) => r);
}

/** The students in the caller's scope who have not acknowledged, for the XLSX. */
export async function ackMissingRows(db: Db, actor: Actor, id: number) {
  const doc = await reportDoc(db, actor, id);
  const scope = (await classScope(db, actor)) ?? (await currentClassIds(db));
  return { title: doc.title, rows: await ackStudents(db, id, scope, true) };
}

/** The homeroom teacher's classes' counts for every published document to acknowledge. */
export async function homeroomStatus(db: Db, actor: Actor): Promise<THomeroomAckStatus[]> {
  if (actor.teacherId === null) return [];
  const classIds = await classesOfTeacher(db, actor.teacherId);
  if (!classIds.length) return [];
  const docs = await publishedToAcknowledge(db);
  return Promise.all(docs.map(async (d) => ({ ...d, classes: await ackClassCounts(db, d.id, classIds) })));
}
