import type { TTimetableDetail } from '@app/shared/timetables';
import type { Db } from '@/db/client';
import { found, write } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { badRequest } from '@/plugins/errors';
import { loadInstance } from '../core/instance.repository';
import { gridsOf } from '../setup.service';
import { applyPlacements, findTimetable, lessonVersions, lockTimetable } from '../versions.repository';
import { timetableDetail } from '../versions.service';
import { exportFet } from './fet-export';
import { importFet } from './fet-import';

/*
 * FET interchange of a timetable version (GET /timetables/{id}/fet, POST /timetables/{id}/fet-import):
 * the version's instance written as a `.fet` for FET 6, and FET's result read back into a draft.
 */

/** A file name without diacritics or separators ("Thời khóa biểu HK1 – bản 2" → "Thoi-khoa-bieu-HK1-ban-2"). */
export function asciiSlug(s: string): string {
  return (
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'thoi-khoa-bieu'
  );
}

export async function exportTimetableFet(db: Db, timetableId: number): Promise<{ filename: string; body: string }> {
  const row = found(await findTimetable(db, timetableId), 'thời khóa biểu');
  const inst = await loadInstance(db, timetableId);
  const grids = await gridsOf(
    db,
    inst.grids.map((g) => g.campusId),
  );
  // Hours are named after the longest grid's periods (with their times).
  const longest = [...grids].sort((a, b) => b.periods.length - a.periods.length)[0];
  const body = exportFet(inst, {
    institutionName: row.name,
    periodTimes: longest?.periods,
    campusNames: new Map(grids.map((g) => [g.campusId, g.campusName])),
  });
  return { filename: row.name, body };
}

/**
 * Writes the placements of FET's result into a draft, in one transaction with its audit entry. Locked
 * lessons keep their place; lessons the file does not name are left as they are. A published (or
 * replaced) version is refused.
 */
export async function importTimetableFet(opts: { db: Db; actor: Actor; timetableId: number; content: string }): Promise<TTimetableDetail> {
  const { db, actor, timetableId, content } = opts;
  await write(db, actor, async (ctx) => {
    const row = found(await lockTimetable(ctx.tx, timetableId), 'thời khóa biểu');
    if (row.status !== 'draft')
      throw badRequest('Chỉ nhập kết quả của FET vào bản nháp. Thời khóa biểu này đã công bố: hãy tạo bản nháp mới rồi nhập vào đó.');
    const inst = await loadInstance(ctx.tx, timetableId);
    const placements = importFet(content, inst);
    const versions = await lessonVersions(ctx.tx, timetableId);
    const written = await applyPlacements(
      ctx.tx,
      timetableId,
      placements.map((p) => ({ id: p.lessonId, version: versions.get(p.lessonId)!, day: p.day, period: p.period, roomId: p.roomId })),
    );
    await ctx.log({
      action: 'import',
      entity: 'timetable',
      entityId: timetableId,
      after: { source: 'FET', lessonsInFile: placements.length, lessonsChanged: written },
    });
  });
  return timetableDetail(db, timetableId);
}
