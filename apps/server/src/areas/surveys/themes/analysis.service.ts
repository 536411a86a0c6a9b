import {
  createKeywordMatcher,
  type TAnalyzeResult,
  type TResponseDetailCode,
  type TSurveyText,
  type TThemeSummary,
} from '@app/shared/theme-codes';
import type { Db, DbOrTx } from '@/db/client';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { offsetOf, page } from '@/lib/list';
import { found, write } from '@/lib/write';
import { MAX_SHEET_ROWS } from '@/lib/xlsx';
import { badRequest, conflict } from '@/plugins/errors';
import { allCodeKeywords, findCode } from './theme-codes.repository';
import { ADMIN_ONLY } from '../access';
import { opaqueIds, type OpaqueIds } from '../core/opaque-id';
import { privateOrderKey } from '../core/order-key.repository';
import {
  approvedTextsOfSurvey,
  deleteTag,
  findTag,
  listTags,
  lockSurveyAnalysis,
  lockTag,
  lockTagOf,
  insertManualTag,
  replaceAutoTags,
  setTagManual,
  surveyTexts,
  surveyTitleOf,
  taggableText,
  tagSourceCounts,
  themeSummary,
  type SurveyTextFilters,
  type TagFilters,
  type TagSort,
  type TextScope,
} from './tags.repository';

interface Paged {
  page: number;
  limit: number;
}
interface WriteOpts {
  db: Db;
  actor: Actor;
}
export type TagQuery = TagFilters & { sort?: TagSort; order: 'asc' | 'desc' };
/** Who reads the texts, and MIN_GROUP_SIZE: an open survey's texts reach them in its steps. */
export interface Reader {
  actor: Actor;
  k: number;
}

/**
 * The release step of an open survey's texts (core/live-release.repository.ts): ADMIN reads each at
 * once (and sees who wrote it anyway); anyone else in steps of k per part, as the figures.
 */
const stepOf = (r: Reader) => (hasAnyRole(r.actor, ADMIN_ONLY) ? 1 : r.k);

async function surveyOf(db: DbOrTx, id: number) {
  return found(await surveyTitleOf(db, id), 'khảo sát');
}

// ---- Ids on the wire ----
// Answer and tag ids leave as opaque tokens and come back through their inverse (core/opaque-id.ts):
// sorted, the bare ids would give back the order the texts came in and group one response's texts.

const wireTag = (ids: OpaqueIds) => (t: TResponseDetailCode) => ({
  ...t,
  id: ids.encode('tag', t.id),
  responseDetailId: ids.encode('detail', t.responseDetailId),
});
const wireText = (ids: OpaqueIds) => (t: TSurveyText) => ({
  ...t,
  responseDetailId: ids.encode('detail', t.responseDetailId),
  tags: t.tags.map((x) => ({ ...x, id: ids.encode('tag', x.id) })),
});
const tagIdOf = async (db: DbOrTx, token: number) => (await opaqueIds(db)).decode('tag', token);

// ---- Tagged texts ----

export async function tagPage(db: Db, reader: Reader, q: TagQuery & Paged) {
  const r = await listTags(db, { ...q, step: stepOf(reader), limit: q.limit, offset: offsetOf(q), orderKey: await privateOrderKey(db) });
  return page(r.items.map(wireTag(await opaqueIds(db))), r.total, q);
}

/** The export's rows carry no ids, only their order. */
export async function tagExportRows(db: Db, reader: Reader, q: TagQuery): Promise<TResponseDetailCode[]> {
  const step = stepOf(reader);
  return (await listTags(db, { ...q, step, limit: MAX_SHEET_ROWS, offset: 0, orderKey: await privateOrderKey(db) })).items;
}

/** The tag by its bare id, with opaque ids; one on a held-back text (step > 1) is not found. */
async function tagOf(db: DbOrTx, id: number, step = 1): Promise<TResponseDetailCode> {
  return wireTag(await opaqueIds(db))(found(await findTag(db, id, step), 'câu trả lời được gắn mã'));
}

/** GET /theme-codes/response-details/{token}. */
export async function getTag(db: DbOrTx, reader: Reader, token: number): Promise<TResponseDetailCode> {
  return tagOf(db, await tagIdOf(db, token), stepOf(reader));
}

export async function codeTagPage(db: Db, reader: Reader, codeId: number, q: TagQuery & Paged) {
  found(await findCode(db, codeId), 'mã');
  return tagPage(db, reader, { ...q, codeId });
}

export async function surveyTextPage(db: Db, reader: Reader, surveyId: number, q: SurveyTextFilters & Paged) {
  await surveyOf(db, surveyId);
  const orderKey = await privateOrderKey(db);
  const r = await surveyTexts(db, surveyId, { ...q, step: stepOf(reader), limit: q.limit, offset: offsetOf(q), orderKey });
  return page(r.items.map(wireText(await opaqueIds(db))), r.total, q);
}

/** Only an approved free text can carry a code; anything else is a clear 400, not a silent tag. */
async function assertTaggable(tx: DbOrTx, detailId: number) {
  const t = await taggableText(tx, detailId);
  if (!t || !t.hasText) throw badRequest('Câu trả lời đã chọn không phải câu trả lời tự luận hoặc không tồn tại.');
  if (!t.approved) throw badRequest('Chỉ gắn mã cho câu trả lời đã được duyệt.');
}

async function assertCode(tx: DbOrTx, codeId: number) {
  if (!(await findCode(tx, codeId))) throw badRequest('Mã đã chọn không tồn tại.');
}

/**
 * A person tags a text. When the analysis had already tagged it with that code, the tag becomes the
 * person's (manual, so re-analysis keeps it); a manual tag twice is a 409.
 */
export async function createTag(opts: WriteOpts & { input: { responseDetailId: number; codeId: number } }): Promise<TResponseDetailCode> {
  const userId = opts.actor.userId;
  const input = { ...opts.input, responseDetailId: (await opaqueIds(opts.db)).decode('detail', opts.input.responseDetailId) };
  const id = await write(opts.db, opts.actor, async (ctx) => {
    await assertTaggable(ctx.tx, input.responseDetailId);
    await assertCode(ctx.tx, input.codeId);
    const existing = await lockTagOf(ctx.tx, input.responseDetailId, input.codeId);
    if (existing?.source === 'manual') throw conflict('Câu trả lời này đã được gắn mã này.');
    if (existing) {
      const after = await setTagManual(ctx.tx, existing.id, { codeId: input.codeId, userId });
      await ctx.log({ action: 'update', entity: 'response_detail_code', entityId: existing.id, before: existing, after });
      return existing.id;
    }
    const row = await insertManualTag(ctx.tx, { ...input, userId });
    await ctx.log({ action: 'create', entity: 'response_detail_code', entityId: row.id, after: row });
    return row.id;
  });
  return tagOf(opts.db, id);
}

/** Another code for the same text; the tag becomes manual. */
export async function editTag(opts: WriteOpts & { id: number; input: { codeId: number } }): Promise<TResponseDetailCode> {
  const id = await tagIdOf(opts.db, opts.id);
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockTag(ctx.tx, id), 'câu trả lời được gắn mã');
    await assertTaggable(ctx.tx, before.responseDetailId);
    await assertCode(ctx.tx, opts.input.codeId);
    const other = before.codeId === opts.input.codeId ? null : await lockTagOf(ctx.tx, before.responseDetailId, opts.input.codeId);
    if (other) throw conflict('Câu trả lời này đã được gắn mã này.');
    const after = await setTagManual(ctx.tx, id, { codeId: opts.input.codeId, userId: opts.actor.userId });
    await ctx.log({ action: 'update', entity: 'response_detail_code', entityId: id, before, after });
  });
  return tagOf(opts.db, id);
}

/** The answer is the tag as it was, when its text is still approved (else only the ids: no text leaves). */
export async function removeTag(opts: WriteOpts & { id: number }) {
  const ids = await opaqueIds(opts.db);
  const id = ids.decode('tag', opts.id);
  return write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockTag(ctx.tx, id), 'câu trả lời được gắn mã');
    await deleteTag(ctx.tx, id);
    await ctx.log({ action: 'delete', entity: 'response_detail_code', entityId: id, before });
    return { id: opts.id, responseDetailId: ids.encode('detail', before.responseDetailId), codeId: before.codeId, source: before.source };
  });
}

// ---- Counts and analysis ----

/** The counts and examples: an open survey's texts in steps of k for readers other than ADMIN. */
export function summary(db: Db, reader: Reader, scope: TextScope): Promise<TThemeSummary> {
  return themeSummary(db, scope, stepOf(reader));
}

/**
 * Tags the survey's approved texts by the codes' keywords (whole words, diacritics ignored: the
 * shared matcher), replacing only the earlier automatic tags; a person's tags stay. One survey at a
 * time (advisory lock), in one transaction with its audit entry, which holds counts, never text.
 */
export async function analyzeSurvey(opts: WriteOpts & { surveyId: number; k: number }): Promise<TAnalyzeResult> {
  const survey = await surveyOf(opts.db, opts.surveyId);
  const run = await write(opts.db, opts.actor, async (ctx) => {
    await lockSurveyAnalysis(ctx.tx, opts.surveyId);
    // Only released texts are tagged, whoever runs it: a code's tag count (read by quality assurance on
    // the code list) must not move by one held-back text of an open survey (core/live-release.repository.ts).
    const texts = await approvedTextsOfSurvey(ctx.tx, opts.surveyId, opts.k);
    const codes = await allCodeKeywords(ctx.tx);
    const matcher = createKeywordMatcher(codes);
    const rows = texts.flatMap((t) => matcher.firstPerCode(t.text).map((m) => ({ d: t.id, c: m.codeId, k: m.keyword })));
    const { removed, added } = await replaceAutoTags(ctx.tx, opts.surveyId, rows);
    const after = { texts: texts.length, codes: codes.length, matches: rows.length, newAutoTags: added, removedAutoTags: removed };
    await ctx.log({ action: 'analyze', entity: 'survey_theme_codes', entityId: opts.surveyId, after });
    return { removed, added };
  });
  // The counts answered are those its reader may see.
  const step = stepOf(opts);
  const [counts, sources] = await Promise.all([
    themeSummary(opts.db, { surveyId: opts.surveyId }, step),
    tagSourceCounts(opts.db, opts.surveyId, step),
  ]);
  return {
    surveyId: survey.id,
    surveyTitle: survey.title,
    ...counts,
    autoTags: sources.auto,
    newAutoTags: run.added,
    removedAutoTags: run.removed,
    manualTags: sources.manual,
  };
}
