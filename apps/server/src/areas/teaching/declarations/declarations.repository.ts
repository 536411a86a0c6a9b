import { sql, type SQL } from 'drizzle-orm';
import type { TDeclarationChanges, TDeclarationStatus, TDeclarationTotals } from '@app/shared/declarations';
import { queryRows, type DbOrTx } from '@/db/client';
import { searchWhere } from '@/db/sql';
import { declarationAttachments, declarationHistory, declarationLines, declarations } from '@/db/schema/teaching';
import { scopeSql, type Scope } from './scope.repository';

/* The SQL of declarations: the list in a scope, one declaration with its lines, state changes, lines, evidence files, history. */

export interface DeclarationRow {
  id: number;
  teacherId: number;
  teacherCode: string;
  teacherName: string;
  teacherUserId: number | null;
  position: string;
  departmentId: number | null;
  departmentName: string | null;
  periodId: number;
  semesterId: number;
  semesterName: string;
  semesterStart: string;
  academicYearId: number;
  academicYearName: string;
  weeks: number;
  status: TDeclarationStatus;
  version: number;
  totals: TDeclarationTotals | null;
  updatedAt: Date | string;
  lastComment: string | null;
}

const COLS = sql`d.id, d.teacher_id as "teacherId", t.staff_code as "teacherCode", t.full_name as "teacherName",
  t.user_id as "teacherUserId", t.position, t.department_id as "departmentId", dep.name as "departmentName",
  d.period_id as "periodId", p.semester_id as "semesterId", s.name as "semesterName", s.start_date::text as "semesterStart",
  s.academic_year_id as "academicYearId", y.name as "academicYearName", p.weeks, d.status, d.version, d.totals, d.updated_at as "updatedAt", d.last_comment as "lastComment"`;
const FROM = sql`declarations d join teachers t on t.id = d.teacher_id left join departments dep on dep.id = t.department_id
  join declaration_periods p on p.id = d.period_id join semesters s on s.id = p.semester_id join academic_years y on y.id = s.academic_year_id`;

export async function declarationRow(db: DbOrTx, id: number, forUpdate = false): Promise<DeclarationRow | null> {
  const [row] = await queryRows<DeclarationRow>(
    db,
    sql`select ${COLS} from ${FROM} where d.id = ${id} ${forUpdate ? sql`for update of d` : sql``}`,
  );
  return row ?? null;
}

export async function declarationIdOf(db: DbOrTx, periodId: number, teacherId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from declarations where period_id = ${periodId} and teacher_id = ${teacherId}`,
  );
  return row?.id ?? null;
}

export async function listDeclarationRows(
  db: DbOrTx,
  q: {
    scope: Scope;
    periodId?: number;
    departmentId?: number;
    teacherId?: number;
    status?: string;
    search?: string;
    page: number;
    limit: number;
  },
): Promise<{ rows: DeclarationRow[]; total: number }> {
  const where: SQL[] = [scopeSql(q.scope)];
  if (q.teacherId !== undefined) where.push(sql`d.teacher_id = ${q.teacherId}`);
  if (q.periodId) where.push(sql`d.period_id = ${q.periodId}`);
  if (q.departmentId) where.push(sql`t.department_id = ${q.departmentId}`);
  if (q.status) where.push(sql`d.status = ${q.status}`);
  const search = searchWhere(sql`t.search_text`, q.search);
  if (search) where.push(search);
  const cond = sql.join(where, sql` and `);
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${cond}`);
  const rows = await queryRows<DeclarationRow>(
    db,
    sql`select ${COLS} from ${FROM} where ${cond}
        order by s.start_date desc, dep.name nulls last, t.sort_key, d.id
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { rows, total: n };
}

export async function insertDeclaration(tx: DbOrTx, v: { periodId: number; teacherId: number }): Promise<number> {
  const [row] = await tx.insert(declarations).values(v).returning({ id: declarations.id });
  return row.id;
}

/** Stamps of a state change, by the state it leads to. */
const STAMPS: Partial<Record<TDeclarationStatus, [string, string]>> = {
  submitted: ['submitted_at', 'submitted_by'],
  approved: ['approved_at', 'approved_by'],
  confirmed: ['confirmed_at', 'confirmed_by'],
  locked: ['locked_at', 'locked_by'],
};

/**
 * The next version of a declaration, only if it is still at `version` (the caller read it): answers
 * false when someone changed it meanwhile. `status`, `totals`, `lastComment` when they change.
 */
export async function bumpDeclaration(
  tx: DbOrTx,
  v: {
    id: number;
    version: number;
    status?: TDeclarationStatus;
    totals?: TDeclarationTotals;
    lastComment?: string | null;
    userId: number | null;
  },
): Promise<boolean> {
  const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  if (v.status) {
    sets.push(sql`status = ${v.status}`);
    const stamp = STAMPS[v.status];
    if (stamp) sets.push(sql`${sql.identifier(stamp[0])} = now()`, sql`${sql.identifier(stamp[1])} = ${v.userId}`);
  }
  if (v.totals) sets.push(sql`totals = ${JSON.stringify(v.totals)}::jsonb`);
  if (v.lastComment !== undefined) sets.push(sql`last_comment = ${v.lastComment}`);
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update declarations set ${sql.join(sets, sql`, `)} where id = ${v.id} and version = ${v.version} returning id`,
  );
  return rows.length === 1;
}

// ---------------------------------------------------------------- lines

export interface LineRow {
  id: number;
  kind: string;
  label: string;
  periods: number;
  moduleId: number | null;
  courseClassId: number | null;
  activityCode: string | null;
  dutyCode: string | null;
  weeks: number | null;
  onDate: string | null;
  untilDate: string | null;
  forTeacherId: number | null;
  forTeacherName: string | null;
  tutoringGroupId: number | null;
  source: string;
  note: string | null;
}

export async function lineRows(db: DbOrTx, declarationId: number): Promise<LineRow[]> {
  const rows = await queryRows<LineRow & { periods: string | number }>(
    db,
    sql`select l.id, l.kind, l.label, l.periods, l.module_id as "moduleId", l.course_class_id as "courseClassId",
               l.activity_code as "activityCode", l.duty_code as "dutyCode", l.weeks, l.on_date::text as "onDate",
               l.until_date::text as "untilDate", l.for_teacher_id as "forTeacherId", ft.full_name as "forTeacherName",
               l.tutoring_group_id as "tutoringGroupId", l.source, l.note
          from declaration_lines l left join teachers ft on ft.id = l.for_teacher_id
         where l.declaration_id = ${declarationId} order by l.sort, l.id`,
  );
  return rows.map((r) => ({ ...r, periods: Number(r.periods) }));
}

export type LineValues = Omit<LineRow, 'id' | 'forTeacherName'>;

const lineColumns = (v: LineValues, sort: number) => ({
  kind: v.kind,
  label: v.label,
  periods: String(v.periods),
  moduleId: v.moduleId,
  courseClassId: v.courseClassId,
  activityCode: v.activityCode,
  dutyCode: v.dutyCode,
  weeks: v.weeks,
  onDate: v.onDate,
  untilDate: v.untilDate,
  forTeacherId: v.forTeacherId,
  tutoringGroupId: v.tutoringGroupId,
  source: v.source,
  note: v.note,
  sort,
});

export async function insertLines(tx: DbOrTx, declarationId: number, lines: Array<{ values: LineValues; sort: number }>): Promise<void> {
  if (!lines.length) return;
  await tx.insert(declarationLines).values(lines.map((l) => ({ declarationId, ...lineColumns(l.values, l.sort) })));
}

export async function updateLine(tx: DbOrTx, id: number, values: LineValues, sort: number): Promise<void> {
  await tx
    .update(declarationLines)
    .set(lineColumns(values, sort))
    .where(sql`${declarationLines.id} = ${id}`);
}

export async function deleteLines(tx: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx.delete(declarationLines).where(sql`${declarationLines.id} = any(${`{${ids.join(',')}}`}::int[])`);
}

/** Teachers that exist among some ids (a substitution's absent teacher). */
export async function existingTeacherIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(db, sql`select id from teachers where id = any(${`{${ids.join(',')}}`}::int[])`);
  return new Set(rows.map((r) => r.id));
}

// ---------------------------------------------------------------- attachments

export interface AttachmentRow {
  id: number;
  lineId: number | null;
  fileName: string;
  mimeType: string;
  size: number;
  createdAt: Date | string;
}

export const attachmentRows = (db: DbOrTx, declarationId: number) =>
  queryRows<AttachmentRow>(
    db,
    sql`select id, line_id as "lineId", file_name as "fileName", mime_type as "mimeType", size, created_at as "createdAt"
          from declaration_attachments where declaration_id = ${declarationId} order by id`,
  );

export async function insertAttachment(
  tx: DbOrTx,
  v: { declarationId: number; lineId: number | null; fileName: string; mimeType: string; data: Buffer; uploadedBy: number | null },
): Promise<number> {
  const [row] = await tx
    .insert(declarationAttachments)
    .values({ ...v, size: v.data.length })
    .returning({ id: declarationAttachments.id });
  return row.id;
}

export async function attachmentFile(db: DbOrTx, declarationId: number, id: number) {
  const [row] = await db
    .select({ fileName: declarationAttachments.fileName, mimeType: declarationAttachments.mimeType, data: declarationAttachments.data })
    .from(declarationAttachments)
    .where(sql`${declarationAttachments.id} = ${id} and ${declarationAttachments.declarationId} = ${declarationId}`);
  return row ? { ...row, data: Buffer.from(row.data) } : null;
}

export async function deleteAttachment(tx: DbOrTx, declarationId: number, id: number): Promise<AttachmentRow | null> {
  const [row] = await queryRows<AttachmentRow>(
    tx,
    sql`delete from declaration_attachments where id = ${id} and declaration_id = ${declarationId}
        returning id, line_id as "lineId", file_name as "fileName", mime_type as "mimeType", size, created_at as "createdAt"`,
  );
  return row ?? null;
}

export async function lineBelongs(db: DbOrTx, declarationId: number, lineId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from declaration_lines where id = ${lineId} and declaration_id = ${declarationId}`,
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------- history

export interface HistoryValues {
  declarationId: number;
  teacherId: number;
  departmentId: number | null;
  periodId: number;
  actorId: number | null;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  comment: string | null;
  changes: TDeclarationChanges | null;
}

export async function insertHistory(tx: DbOrTx, v: HistoryValues): Promise<void> {
  await tx.insert(declarationHistory).values(v);
}

export interface HistoryRow {
  id: number;
  declarationId: number;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  comment: string | null;
  changes: TDeclarationChanges | null;
  actorId: number | null;
  actorName: string | null;
  at: Date | string;
}

const HISTORY_COLS = sql`h.id, h.declaration_id as "declarationId", h.action, h.from_status as "fromStatus", h.to_status as "toStatus",
  h.comment, h.changes, h.actor_id as "actorId", coalesce(u.display_name, u.email) as "actorName", h.at`;

export const historyRows = (db: DbOrTx, declarationId: number) =>
  queryRows<HistoryRow>(
    db,
    sql`select ${HISTORY_COLS} from declaration_history h left join users u on u.id = h.actor_id
         where h.declaration_id = ${declarationId} order by h.id desc`,
  );

/** Whether the declaration's lines or evidence changed after its latest submission (bulk approve skips those). */
export async function changedSinceSubmission(db: DbOrTx, declarationId: number): Promise<boolean> {
  const [row] = await queryRows<{ changed: boolean }>(
    db,
    sql`select exists(
          select 1 from declaration_history h
           where h.declaration_id = ${declarationId} and h.action in ('edit', 'attach', 'detach')
             and h.id > coalesce((select max(id) from declaration_history where declaration_id = ${declarationId} and action = 'submit'), 0)
        ) as changed`,
  );
  return row.changed;
}

export interface HistorySearchRow extends HistoryRow {
  teacherId: number;
  teacherCode: string;
  teacherName: string;
  departmentId: number | null;
  departmentName: string | null;
  periodId: number;
  semesterName: string;
}

export async function searchHistory(
  db: DbOrTx,
  q: {
    teacherId?: number;
    departmentId?: number;
    periodId?: number;
    actorId?: number;
    from?: string;
    to?: string;
    action?: string;
    page: number;
    limit: number;
  },
): Promise<{ rows: HistorySearchRow[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (q.teacherId) where.push(sql`h.teacher_id = ${q.teacherId}`);
  if (q.departmentId) where.push(sql`h.department_id = ${q.departmentId}`);
  if (q.periodId) where.push(sql`h.period_id = ${q.periodId}`);
  if (q.actorId) where.push(sql`h.actor_id = ${q.actorId}`);
  if (q.action) where.push(sql`h.action = ${q.action}`);
  // Days in the school's time zone, both included.
  if (q.from) where.push(sql`h.at >= (${q.from}::date::timestamp at time zone 'Asia/Ho_Chi_Minh')`);
  if (q.to) where.push(sql`h.at < ((${q.to}::date + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh')`);
  const cond = sql.join(where, sql` and `);
  const from = sql`declaration_history h left join users u on u.id = h.actor_id join teachers t on t.id = h.teacher_id
    left join departments dep on dep.id = h.department_id join declaration_periods p on p.id = h.period_id join semesters s on s.id = p.semester_id`;
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${cond}`);
  const rows = await queryRows<HistorySearchRow>(
    db,
    sql`select ${HISTORY_COLS}, h.teacher_id as "teacherId", t.staff_code as "teacherCode", t.full_name as "teacherName",
               h.department_id as "departmentId", dep.name as "departmentName", h.period_id as "periodId", s.name as "semesterName"
          from ${from} where ${cond} order by h.at desc, h.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { rows, total: n };
}

/** The accounts of a department's heads, told when the office confirms or returns one of its declarations. */
export async function departmentHeadUserIds(db: DbOrTx, departmentId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select t.user_id as id from department_heads h join teachers t on t.id = h.teacher_id
        where h.department_id = ${departmentId} and t.user_id is not null order by t.user_id`,
  );
  return rows.map((r) => r.id);
}
