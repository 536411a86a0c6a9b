import { createHash, randomBytes } from 'node:crypto';
import { FIXED_EVENT_LABELS, type TCalendarFeed, type TPeriodGrid } from '@app/shared/timetables';
import type { Db } from '@/db/client';
import { write } from '@/lib/write';
import { userIdOf, type Actor } from '@/plugins/actor';
import { notFound } from '@/plugins/errors';
import { deleteFeed, feedFixedWindows, feedLessons, feedOwner, findFeed, upsertFeed } from './calendar.repository';
import { buildIcs, type IcsLesson } from './ics';
import { gridsOf } from './setup.service';
import { addDays } from './week.service';

/*
 * A person's private iCalendar link (issue 13). The token is 32 random bytes (base64url); only its
 * SHA-256 is stored, so the table alone opens no calendar. One link per person; making a new one
 * replaces the old; revoking deletes it; a deactivated account's link answers 404 like an unknown one.
 */

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const feedPath = (token: string) => `/api/v1/calendar/${token}.ics`;

export async function feedOf(db: Db, actor: Actor): Promise<TCalendarFeed> {
  const row = await findFeed(db, userIdOf(actor));
  // The link itself is shown once, when made: only its hash is kept.
  return { active: !!row, url: null, createdAt: row ? row.createdAt.toISOString() : null };
}

export async function makeFeed(db: Db, actor: Actor, origin: string): Promise<TCalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  const row = await write(db, actor, async (ctx) => {
    const before = await findFeed(ctx.tx, userIdOf(actor));
    const made = await upsertFeed(ctx.tx, userIdOf(actor), hashToken(token));
    // Never the token or its hash in the log.
    await ctx.log({
      action: before ? 'update' : 'create',
      entity: 'calendar_feed',
      entityId: made.userId,
      after: { createdAt: made.createdAt },
    });
    return made;
  });
  return { active: true, url: `${origin}${feedPath(token)}`, createdAt: row.createdAt.toISOString() };
}

export async function revokeFeed(db: Db, actor: Actor): Promise<TCalendarFeed> {
  await write(db, actor, async (ctx) => {
    if (await deleteFeed(ctx.tx, userIdOf(actor))) await ctx.log({ action: 'revoke', entity: 'calendar_feed', entityId: userIdOf(actor) });
  });
  return { active: false, url: null, createdAt: null };
}

const weekday = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

/** The .ics text behind a link; 404 for an unknown or revoked link or a deactivated account. */
export async function feedText(db: Db, token: string): Promise<string> {
  const owner = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await feedOwner(db, hashToken(token)) : null;
  if (!owner) throw notFound('Không tìm thấy lịch.');
  const rows = await feedLessons(db, owner.userId);
  const grids = new Map<number, TPeriodGrid>((await gridsOf(db)).map((g) => [g.campusId, g]));
  const lessons: IcsLesson[] = [];
  for (const r of rows) {
    const grid = grids.get(r.campusId);
    const first = grid?.periods[r.period - 1];
    const last = grid?.periods[r.period + r.length - 2];
    if (!first || !last) continue; // outside the grid: no time to give it
    const firstDate = addDays(r.fromDate, (r.day - weekday(r.fromDate) + 7) % 7);
    if (firstDate > r.untilDate) continue;
    const room = r.roomCode ? `${r.roomCode}${r.roomName && r.roomName !== r.roomCode ? ` (${r.roomName})` : ''}, ` : '';
    lessons.push({
      uid: `lesson-${r.lessonId}-${r.timetableId}@thoikhoabieu`,
      firstDate,
      untilDate: r.untilDate,
      start: first.start,
      end: last.end,
      summary: `${r.subjectName} – ${r.courseClassName}`,
      location: `${room}${r.campusName}`,
      description: r.teachers?.length ? `Giáo viên: ${r.teachers.join(', ')}` : '',
    });
  }
  // The fixed events of the person's homeroom class(es), on the days their grid gives them.
  for (const w of await feedFixedWindows(db, owner.userId)) {
    for (const e of grids.get(w.campusId)?.fixedEvents ?? []) {
      const slot = grids.get(w.campusId)?.periods[e.period - 1];
      if (!slot) continue;
      const firstDate = addDays(w.fromDate, (e.day - weekday(w.fromDate) + 7) % 7);
      if (firstDate > w.untilDate) continue;
      lessons.push({
        uid: `fixed-${e.kind}-${w.homeroomClassId}-${w.timetableId}-${e.day}-${e.period}@thoikhoabieu`,
        firstDate,
        untilDate: w.untilDate,
        start: slot.start,
        end: slot.end,
        summary: `${FIXED_EVENT_LABELS[e.kind]} – lớp ${w.homeroomClassName}`,
        location: w.campusName,
        description: '',
      });
    }
  }
  return buildIcs({ name: 'Thời khóa biểu', lessons });
}
