import type { z } from 'zod';
import type { TCode, TTheme, TThemeCode, ZCodeInput, ZThemeInput } from '@app/shared/theme-codes';
import type { Db, DbOrTx } from '@/db/client';
import type { Actor } from '@/plugins/actor';
import { offsetOf, page } from '@/lib/list';
import { orderBy } from '@/db/sql';
import { createRow, editRow, found, write, type RowWrites, type WriteCtx } from '@/lib/write';
import { badRequest, conflict, notFound } from '@/plugins/errors';
import {
  codeNameTaken,
  codeSortColumns,
  codeTieBreak,
  codesOfTheme,
  codeWhere,
  deleteAssignment,
  deleteCode,
  deleteTheme,
  existingThemeIds,
  findAssignment,
  findCode,
  findTheme,
  insertAssignment,
  insertCode,
  insertTheme,
  listCodes,
  listThemes,
  lockCode,
  lockTheme,
  setCodeThemes,
  tagsOfCodeCount,
  themeNameTaken,
  themeSearch,
  themeSortColumns,
  themesOfCodeList,
  themeTieBreak,
  updateCode,
  updateTheme,
  type CodeRow,
  type CodeSort,
  type ThemeRow,
  type ThemeSort,
} from './theme-codes.repository';

type ThemeInput = z.output<typeof ZThemeInput>;
type CodeInput = z.output<typeof ZCodeInput>;
interface Paged {
  page: number;
  limit: number;
}
interface WriteOpts {
  db: Db;
  actor: Actor;
}
export type ThemeQuery = { sort?: ThemeSort; order: 'asc' | 'desc'; search?: string };
export type CodeQuery = { sort?: CodeSort; order: 'asc' | 'desc'; search?: string; themeId?: number };

// ---- Themes ----

export async function themePage(db: Db, q: ThemeQuery & Paged) {
  const r = await listThemes(db, {
    where: themeSearch(q.search),
    order: orderBy(themeSortColumns, q, themeTieBreak),
    limit: q.limit,
    offset: offsetOf(q),
  });
  return page(r.items, r.total, q);
}

export async function getTheme(db: DbOrTx, id: number): Promise<TTheme> {
  return found(await findTheme(db, id), 'chủ đề');
}

const THEMES: RowWrites<ThemeRow, ThemeInput, TTheme> = {
  entity: 'theme',
  noun: 'chủ đề',
  get: getTheme,
  lock: lockTheme,
  check: async (tx, input, exceptId) => {
    if (await themeNameTaken(tx, input.name, exceptId)) throw conflict(`Chủ đề "${input.name}" đã tồn tại.`);
  },
  insert: (tx, v) => insertTheme(tx, { name: v.name, description: v.description }),
  update: (tx, id, v) => updateTheme(tx, id, { name: v.name, description: v.description }),
  remove: deleteTheme,
  usage: () => [],
};

export const createTheme = (opts: WriteOpts & { input: ThemeInput }) => createRow(THEMES, opts);
export const editTheme = (opts: WriteOpts & { id: number; input: ThemeInput }) => editRow(THEMES, opts);

/** Deleting a theme takes its assignments (not its codes); the audit says which codes it had. */
export async function removeTheme(opts: WriteOpts & { id: number }): Promise<TTheme> {
  return write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockTheme(ctx.tx, opts.id), 'chủ đề');
    const shown = await getTheme(ctx.tx, opts.id);
    const codeIds = (await codesOfTheme(ctx.tx, opts.id)).map((c) => c.id);
    await deleteTheme(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: 'theme', entityId: opts.id, before: { ...before, codeIds } });
    return shown;
  });
}

export async function themeCodes(db: Db, themeId: number): Promise<TCode[]> {
  await getTheme(db, themeId);
  return codesOfTheme(db, themeId);
}

// ---- Codes ----

export async function codePage(db: Db, q: CodeQuery & Paged) {
  const r = await listCodes(db, {
    where: codeWhere(q),
    order: orderBy(codeSortColumns, q, codeTieBreak),
    limit: q.limit,
    offset: offsetOf(q),
  });
  return page(r.items, r.total, q);
}

export async function getCode(db: DbOrTx, id: number): Promise<TCode> {
  return found(await findCode(db, id), 'mã');
}

export async function codeThemes(db: Db, codeId: number): Promise<TTheme[]> {
  await getCode(db, codeId);
  return themesOfCodeList(db, codeId);
}

async function checkCode(tx: DbOrTx, input: CodeInput, exceptId?: number) {
  if (await codeNameTaken(tx, input.name, exceptId)) throw conflict(`Mã "${input.name}" đã tồn tại.`);
  if (input.themeIds?.length) {
    const known = await existingThemeIds(tx, input.themeIds);
    if (input.themeIds.some((id) => !known.has(id))) throw badRequest('Chủ đề đã chọn không tồn tại.');
  }
}

const CODES: RowWrites<CodeRow, CodeInput, TCode> = {
  entity: 'code',
  noun: 'mã',
  get: getCode,
  lock: lockCode,
  check: checkCode,
  insert: (tx, v) => insertCode(tx, { name: v.name, description: v.description, keywords: v.keywords }),
  update: (tx, id, v) => updateCode(tx, id, { name: v.name, description: v.description, keywords: v.keywords }),
  remove: deleteCode,
  usage: () => [],
};

/**
 * A code with `themeIds` also becomes a member of exactly those themes, in the same transaction,
 * each change audited as an assignment like `POST /theme-codes/theme-codes` would.
 */
async function syncThemes(ctx: WriteCtx, codeId: number, themeIds?: number[]) {
  if (!themeIds) return;
  const { added, removed } = await setCodeThemes(ctx.tx, codeId, [...new Set(themeIds)]);
  for (const themeId of added)
    await ctx.log({ action: 'create', entity: 'theme_code', entityId: `${themeId}:${codeId}`, after: { themeId, codeId } });
  for (const themeId of removed)
    await ctx.log({ action: 'delete', entity: 'theme_code', entityId: `${themeId}:${codeId}`, before: { themeId, codeId } });
}

export async function createCode(opts: WriteOpts & { input: CodeInput }): Promise<TCode> {
  const id = await write(opts.db, opts.actor, async (ctx) => {
    await checkCode(ctx.tx, opts.input);
    const row = await CODES.insert(ctx.tx, opts.input);
    await ctx.log({ action: 'create', entity: 'code', entityId: row.id, after: row });
    await syncThemes(ctx, row.id, opts.input.themeIds);
    return row.id;
  });
  return getCode(opts.db, id);
}

export async function editCode(opts: WriteOpts & { id: number; input: CodeInput }): Promise<TCode> {
  if (!opts.input.themeIds) return editRow(CODES, opts);
  await write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockCode(ctx.tx, opts.id), 'mã');
    await checkCode(ctx.tx, opts.input, opts.id);
    const after = await CODES.update(ctx.tx, opts.id, opts.input);
    await ctx.log({ action: 'update', entity: 'code', entityId: opts.id, before, after });
    await syncThemes(ctx, opts.id, opts.input.themeIds);
  });
  return getCode(opts.db, opts.id);
}

/** Deleting a code takes its assignments and its tags on texts (analysis data); the audit counts the tags. */
export async function removeCode(opts: WriteOpts & { id: number }): Promise<TCode> {
  return write(opts.db, opts.actor, async (ctx) => {
    const before = found(await lockCode(ctx.tx, opts.id), 'mã');
    const shown = await getCode(ctx.tx, opts.id);
    const tags = await tagsOfCodeCount(ctx.tx, opts.id);
    await deleteCode(ctx.tx, opts.id);
    await ctx.log({
      action: 'delete',
      entity: 'code',
      entityId: opts.id,
      before: { ...before, themeIds: shown.themes.map((t) => t.id), tags },
    });
    return shown;
  });
}

// ---- Assignments ----

export async function assignCode(opts: WriteOpts & { themeId: number; codeId: number }): Promise<TThemeCode> {
  await write(opts.db, opts.actor, async (ctx) => {
    // Both locked so a concurrent delete cannot leave the insert pointing at nothing.
    if (!(await lockTheme(ctx.tx, opts.themeId))) throw badRequest('Chủ đề đã chọn không tồn tại.');
    if (!(await lockCode(ctx.tx, opts.codeId))) throw badRequest('Mã đã chọn không tồn tại.');
    if (await findAssignment(ctx.tx, opts.themeId, opts.codeId)) throw conflict('Mã đã thuộc chủ đề này.');
    await insertAssignment(ctx.tx, opts.themeId, opts.codeId);
    await ctx.log({
      action: 'create',
      entity: 'theme_code',
      entityId: `${opts.themeId}:${opts.codeId}`,
      after: { themeId: opts.themeId, codeId: opts.codeId },
    });
  });
  return found(await findAssignment(opts.db, opts.themeId, opts.codeId), 'mã của chủ đề');
}

export async function unassignCode(opts: WriteOpts & { themeId: number; codeId: number }): Promise<TThemeCode> {
  return write(opts.db, opts.actor, async (ctx) => {
    const shown = await findAssignment(ctx.tx, opts.themeId, opts.codeId);
    if (!shown || !(await deleteAssignment(ctx.tx, opts.themeId, opts.codeId))) throw notFound('Mã không thuộc chủ đề này.');
    await ctx.log({
      action: 'delete',
      entity: 'theme_code',
      entityId: `${opts.themeId}:${opts.codeId}`,
      before: { themeId: opts.themeId, codeId: opts.codeId },
    });
    return shown;
  });
}
