import type { z } from 'zod';
import {
  DECLARATION_STATUSES,
  type TDeclarationHistoryRow,
  type TDeclarationPeriod,
  type TRemindResult,
  type TStatusCounts,
  type ZDeclarationHistoryQuery,
  type ZDeclarationPeriodInput,
  type TPeriodTeacher,
} from '@app/shared/declarations';
import type { Db, DbOrTx } from '@/db/client';
import { found, refuseIfUsed, write } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { badRequest, conflict } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import { searchHistory } from './declarations.repository';
import { scopeOf } from './declarations.service';
import {
  allHolidays,
  declarationCountOfPeriod,
  declarationsOfPeriodCount,
  deletePeriod,
  insertPeriod,
  periodCounts,
  periodOfSemester,
  periodRow,
  periodRows,
  periodTeacherRows,
  semesterExists,
  updatePeriod,
  usersToRemind,
  type PeriodRow,
} from './periods.repository';

/*
 * Declaration periods (the admin opens a semester's declarations: window, weeks, holidays), the
 * reminder academic affairs sends to the teachers who have not submitted, and the history search of
 * the admin and the principal. Audited as `declaration_period` and `declaration_reminder`.
 */

type PeriodInput = z.output<typeof ZDeclarationPeriodInput>;
const ENTITY = 'declaration_period';
const NOUN = 'kỳ kê khai';

const emptyCounts = (): TStatusCounts => Object.fromEntries(DECLARATION_STATUSES.map((s) => [s, 0])) as TStatusCounts;

function shown(row: PeriodRow, counts: TStatusCounts, teacherCount: number): TDeclarationPeriod {
  return {
    id: row.id,
    semesterId: row.semesterId,
    semesterName: row.semesterName,
    yearName: row.yearName,
    weeks: row.weeks,
    opensAt: new Date(row.opensAt).toISOString(),
    closesAt: new Date(row.closesAt).toISOString(),
    reviewBy: row.reviewBy,
    holidays: row.holidays,
    counts,
    teacherCount,
  };
}

/** Every period, latest semester first, with the declarations by status in the caller's scope. */
export async function listPeriods(db: Db, actor: Actor): Promise<TDeclarationPeriod[]> {
  const scope = await scopeOf(db, actor);
  const [rows, { counts, teacherCount }] = await Promise.all([periodRows(db), periodCounts(db, scope)]);
  return rows.map((row) => {
    const c = emptyCounts();
    for (const r of counts) if (r.periodId === row.id) c[r.status as keyof TStatusCounts] = r.n;
    return shown(row, c, teacherCount);
  });
}

/** The teachers in the caller's scope for a period, declared or not (who still needs a declaration). */
export async function periodTeachers(db: Db, actor: Actor, id: number): Promise<TPeriodTeacher[]> {
  found(await periodRow(db, id), NOUN);
  return periodTeacherRows(db, id, await scopeOf(db, actor));
}

async function readPeriod(db: DbOrTx, actor: Actor, id: number): Promise<TDeclarationPeriod> {
  const all = await listPeriods(db as Db, actor);
  return found(
    all.find((p) => p.id === id),
    NOUN,
  );
}

async function check(tx: DbOrTx, input: PeriodInput, exceptId?: number) {
  if (!(await semesterExists(tx, input.semesterId))) throw badRequest('Không tìm thấy học kỳ.');
  const other = await periodOfSemester(tx, input.semesterId);
  if (other !== null && other !== exceptId) throw conflict('Học kỳ này đã có kỳ kê khai.');
}

export async function createPeriod(opts: { db: Db; actor: Actor; input: PeriodInput }): Promise<TDeclarationPeriod> {
  const { db, actor, input } = opts;
  const id = await write(db, actor, async (ctx) => {
    await check(ctx.tx, input);
    const newId = await insertPeriod(ctx.tx, input);
    await ctx.log({ action: 'create', entity: ENTITY, entityId: newId, after: input });
    return newId;
  });
  return readPeriod(db, actor, id);
}

export async function editPeriod(opts: { db: Db; actor: Actor; id: number; input: PeriodInput }): Promise<TDeclarationPeriod> {
  const { db, actor, id, input } = opts;
  await write(db, actor, async (ctx) => {
    const before = found(await periodRow(ctx.tx, id, true), NOUN);
    if (before.semesterId !== input.semesterId && (await declarationCountOfPeriod(ctx.tx, id)) > 0)
      throw conflict('Kỳ kê khai đã có bản kê khai: không đổi được học kỳ.');
    await check(ctx.tx, input, id);
    await updatePeriod(ctx.tx, id, input);
    await ctx.log({
      action: 'update',
      entity: ENTITY,
      entityId: id,
      before: {
        semesterId: before.semesterId,
        weeks: before.weeks,
        opensAt: before.opensAt,
        closesAt: before.closesAt,
        reviewBy: before.reviewBy,
        holidays: before.holidays,
      },
      after: input,
    });
  });
  return readPeriod(db, actor, id);
}

export async function removePeriod(opts: { db: Db; actor: Actor; id: number }): Promise<void> {
  const { db, actor, id } = opts;
  await write(db, actor, async (ctx) => {
    const before = found(await periodRow(ctx.tx, id, true), NOUN);
    await refuseIfUsed(ctx.tx, 'kỳ kê khai', [{ label: 'bản kê khai', count: declarationsOfPeriodCount(id) }]);
    await deletePeriod(ctx.tx, id);
    await ctx.log({ action: 'delete', entity: ENTITY, entityId: id, before: { semesterId: before.semesterId, weeks: before.weeks } });
  });
}

/** Reminds the teachers whose declaration of the period is missing, a draft or returned (an event the notifications area turns into messages). */
export async function remindTeachers(opts: { db: Db; events: EventBus; actor: Actor; id: number }): Promise<TRemindResult> {
  const { db, events, actor, id } = opts;
  found(await periodRow(db, id), NOUN);
  const userIds = await usersToRemind(db, id);
  await write(db, actor, (ctx) =>
    ctx.log({ action: 'remind_declarations', entity: 'declaration_period', entityId: id, after: { reminded: userIds.length } }),
  );
  events.emit('declaration.reminded', { periodId: id, userIds });
  return { reminded: userIds.length };
}

/** The history search of the admin and the principal (every department). */
export async function historySearch(db: Db, q: z.output<typeof ZDeclarationHistoryQuery>) {
  const { rows, total } = await searchHistory(db, q);
  const items: TDeclarationHistoryRow[] = rows.map((h) => ({
    ...h,
    action: h.action as TDeclarationHistoryRow['action'],
    fromStatus: h.fromStatus as TDeclarationHistoryRow['fromStatus'],
    toStatus: h.toStatus as TDeclarationHistoryRow['toStatus'],
    at: new Date(h.at).toISOString(),
  }));
  return { items, total, page: q.page, limit: q.limit };
}

/**
 * The school's days off (the holidays of every semester's declaration period): what counting a
 * student's absences and a leave's school days leaves out, besides Sundays.
 */
export async function schoolHolidays(db: DbOrTx): Promise<Set<string>> {
  return new Set(await allHolidays(db));
}
