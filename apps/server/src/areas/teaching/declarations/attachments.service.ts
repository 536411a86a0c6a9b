import { ATTACHMENT_MAX_BYTES, type TDeclarationAttachment } from '@app/shared/declarations';
import type { Db } from '@/db/client';
import { found, write } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { badRequest, conflict } from '@/plugins/errors';
import {
  attachmentFile,
  bumpDeclaration,
  declarationRow,
  deleteAttachment,
  insertAttachment,
  lineBelongs,
} from './declarations.repository';
import { attachmentHistory, declarationFor, STALE_MESSAGE } from './declarations.service';

/*
 * Evidence files of a declaration (PDF or image, ≤ 5 MB), kept in the database so a backup holds them.
 * Uploaded and deleted by whoever may edit the declaration now; read by whoever may read it. The type
 * is read from the file's first bytes, never from its name or the browser's word.
 */

const MAX_MB = ATTACHMENT_MAX_BYTES / 1024 / 1024;

/** The file's type from its first bytes: PDF, PNG, JPEG or WebP; null for anything else. */
export function sniffMime(buf: Buffer): string | null {
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

export const TOO_LARGE = `Tệp minh chứng tối đa ${MAX_MB} MB.`;

export async function uploadAttachment(opts: {
  db: Db;
  actor: Actor;
  id: number;
  lineId: number | null;
  fileName: string;
  data: Buffer;
}): Promise<TDeclarationAttachment> {
  const { db, actor, id, lineId, data } = opts;
  if (data.length > ATTACHMENT_MAX_BYTES) throw badRequest(TOO_LARGE);
  if (!data.length) throw badRequest('Tệp minh chứng trống.');
  const mimeType = sniffMime(data);
  if (!mimeType) throw badRequest('Tệp minh chứng phải là PDF, PNG, JPEG hoặc WebP.');
  const fileName = opts.fileName.trim().slice(0, 200) || 'minh-chung';
  await declarationFor(db, actor, id, 'edit');
  const attachmentId = await write(db, actor, async (ctx) => {
    const row = found(await declarationRow(ctx.tx, id, true), 'bản kê khai');
    // Re-checked under the row lock: the state may have changed since the read above.
    await declarationFor(ctx.tx, actor, id, 'edit');
    if (lineId !== null && !(await lineBelongs(ctx.tx, id, lineId))) throw badRequest('Dòng kê khai không thuộc bản kê khai này.');
    const newId = await insertAttachment(ctx.tx, { declarationId: id, lineId, fileName, mimeType, data, uploadedBy: actor.userId });
    if (!(await bumpDeclaration(ctx.tx, { id, version: row.version, userId: actor.userId }))) throw conflict(STALE_MESSAGE);
    await attachmentHistory(ctx, row, 'attach', fileName);
    await ctx.log({
      action: 'upload',
      entity: 'declaration_attachment',
      entityId: newId,
      after: { declarationId: id, lineId, fileName, mimeType, size: data.length },
    });
    return newId;
  });
  return { id: attachmentId, lineId, fileName, mimeType, size: data.length, createdAt: new Date().toISOString() };
}

export async function downloadAttachment(db: Db, actor: Actor, id: number, attachmentId: number) {
  await declarationFor(db, actor, id, 'read');
  return found(await attachmentFile(db, id, attachmentId), 'tệp minh chứng');
}

export async function removeAttachment(opts: { db: Db; actor: Actor; id: number; attachmentId: number }): Promise<void> {
  const { db, actor, id, attachmentId } = opts;
  await write(db, actor, async (ctx) => {
    const row = found(await declarationRow(ctx.tx, id, true), 'bản kê khai');
    await declarationFor(ctx.tx, actor, id, 'edit');
    const gone = found(await deleteAttachment(ctx.tx, id, attachmentId), 'tệp minh chứng');
    await bumpDeclaration(ctx.tx, { id, version: row.version, userId: actor.userId });
    await attachmentHistory(ctx, row, 'detach', gone.fileName);
    await ctx.log({
      action: 'delete',
      entity: 'declaration_attachment',
      entityId: attachmentId,
      before: { declarationId: id, fileName: gone.fileName, size: gone.size },
    });
  });
}
