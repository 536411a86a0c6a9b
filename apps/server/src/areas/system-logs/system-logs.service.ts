import type { TSystemLog, TSystemLogActor, TSystemLogDetail } from '@app/shared/school';
import { jobLabel, nameInSnapshot, refsOf, type RefNames } from '@app/shared/system-log';
import type { DbOrTx } from '@/db/client';
import { notFound } from '@/plugins/errors';
import {
  countLogs,
  ENTITY_NAMED_AS,
  listLogs,
  logById,
  logOrder,
  logWhere,
  namesOf,
  type LogFilters,
  type LogRow,
  type LogSort,
} from './system-logs.repository';

export type LogQuery = LogFilters & { sort?: LogSort; order: 'asc' | 'desc' };

/**
 * Who wrote an entry. Accounts are deactivated, never deleted by the app, but one deleted in the
 * database loses its link (`actor_id` is set null): an entry made in a request (it has a request id
 * and no job) with no actor left is such an account's.
 */
export function actorOfRow(r: Pick<LogRow, 'actorId' | 'actorName' | 'actorEmail' | 'actorRole' | 'requestId'>): TSystemLogActor {
  const none = { email: null, role: null };
  if (r.actorId !== null) {
    if (r.actorEmail === null) return { kind: 'deleted', id: r.actorId, name: `Tài khoản đã xóa (#${r.actorId})`, ...none };
    return { kind: 'user', id: r.actorId, name: r.actorName ?? r.actorEmail, email: r.actorEmail, role: r.actorRole };
  }
  if (r.requestId?.startsWith('system:')) return { kind: 'job', id: null, name: jobLabel(r.requestId.slice('system:'.length)), ...none };
  if (r.requestId) return { kind: 'deleted', id: null, name: 'Tài khoản đã xóa', ...none };
  return { kind: 'system', id: null, name: 'Hệ thống', ...none };
}

/** Entity ids that are record ids, by the entity whose table names them. */
function entityRefs(rows: LogRow[]): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const r of rows) {
    const source = ENTITY_NAMED_AS[r.entity];
    if (!source || r.entityId === null || !/^\d{1,10}$/.test(r.entityId)) continue;
    out.set(source, (out.get(source) ?? new Set()).add(Number(r.entityId)));
  }
  return out;
}

/** Rows as the API answers them: actor described, entity named (now, or as the entry last saw it). */
async function present(db: DbOrTx, rows: LogRow[]): Promise<TSystemLog[]> {
  const names = await namesOf(db, entityRefs(rows));
  return rows.map((row) => {
    const { actorId: _id, actorName: _name, actorEmail: _email, actorRole: _role, ...r } = row;
    const source = ENTITY_NAMED_AS[r.entity];
    const current = source && r.entityId !== null ? names[source]?.[r.entityId] : undefined;
    return { ...r, actor: actorOfRow(row), entityName: current ?? (source ? nameInSnapshot(r.after, r.before) : null) };
  });
}

export async function listSystemLogs(db: DbOrTx, q: LogQuery & { limit: number; offset: number }) {
  const where = await logWhere(db, q);
  const [rows, total] = await Promise.all([
    listLogs(db, { where, order: logOrder(q), limit: q.limit, offset: q.offset }),
    countLogs(db, where),
  ]);
  return { items: await present(db, rows), total };
}

/** One entry with the names of every record its before/after refers to by id. */
export async function systemLogDetail(db: DbOrTx, id: number): Promise<TSystemLogDetail> {
  const row = await logById(db, id);
  if (!row) throw notFound('Không tìm thấy bản ghi nhật ký.');
  const [entry] = await present(db, [row]);
  return { ...entry, names: await namesOf(db, refsOf(row.before, row.after)) };
}

/** The filtered log for the export, with the names its rows refer to. */
export async function exportSystemLogs(db: DbOrTx, q: LogQuery & { limit: number }): Promise<{ rows: TSystemLog[]; names: RefNames }> {
  const raw = await listLogs(db, { where: await logWhere(db, q), order: logOrder(q), limit: q.limit, offset: 0 });
  const rows = await present(db, raw);
  return { rows, names: await namesOf(db, refsOf(...raw.flatMap((r) => [r.before, r.after]))) };
}
