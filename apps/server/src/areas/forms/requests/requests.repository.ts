import { sql, type SQL } from 'drizzle-orm';
import type { TFormEscalation, TFormField, TFormStatus, TFormValues } from '@app/shared/forms';
import { queryRows, type DbOrTx } from '@/db/client';
import { searchWhere } from '@/db/sql';
import { studentFormFiles, studentFormHistory, studentForms } from '@/db/schema/forms';

/* The SQL of student forms: the forms with their kind, student and class, their history, files, and absences. */

export interface FormRow {
  id: number;
  kindId: number;
  kindName: string;
  escalation: TFormEscalation | null;
  studentId: number;
  studentCode: string;
  studentName: string;
  studentUserId: number | null;
  homeroomClassId: number | null;
  className: string | null;
  homeroomTeacherId: number | null;
  status: TFormStatus;
  firstDay: string | null;
  lastDay: string | null;
  absenceSessions: number;
  clientKey: string | null;
  submittedAt: Date | string | null;
  escalatedAt: Date | string | null;
  decidedAt: Date | string | null;
  decidedBy: number | null;
  decidedByName: string | null;
  decisionComment: string | null;
  version: number;
  updatedAt: Date | string;
  values: TFormValues;
  total: number;
}

const personName = (u: string) =>
  sql.raw(`coalesce((select t.full_name from teachers t where t.user_id = ${u}.id), ${u}.display_name, ${u}.email)`);

const SELECT = sql`select f.id, f.kind_id as "kindId", k.name as "kindName", k.escalation,
    f.student_id as "studentId", s.student_code as "studentCode", s.full_name as "studentName",
    (select su.id from users su where su.student_id = s.id order by su.id limit 1) as "studentUserId",
    f.homeroom_class_id as "homeroomClassId", hc.name as "className", hc.homeroom_teacher_id as "homeroomTeacherId",
    f.status, to_char(f.first_day, 'YYYY-MM-DD') as "firstDay", to_char(f.last_day, 'YYYY-MM-DD') as "lastDay",
    f.absence_sessions as "absenceSessions", f.client_key as "clientKey", f.submitted_at as "submittedAt",
    f.escalated_at as "escalatedAt", f.decided_at as "decidedAt", f.decided_by as "decidedBy",
    case when du.id is null then null else ${personName('du')} end as "decidedByName",
    f.decision_comment as "decisionComment", f.version, f.updated_at as "updatedAt", f.values,
    cast(count(*) over () as integer) as total
  from student_forms f
  join form_kinds k on k.id = f.kind_id
  join students s on s.id = f.student_id
  left join homeroom_classes hc on hc.id = f.homeroom_class_id
  left join users du on du.id = f.decided_by`;

export async function formRow(db: DbOrTx, id: number, forUpdate = false): Promise<FormRow | null> {
  if (forUpdate) await db.execute(sql`select 1 from student_forms where id = ${id} for update`);
  const [row] = await queryRows<FormRow>(db, sql`${SELECT} where f.id = ${id}`);
  return row ?? null;
}

export async function formByClientKey(db: DbOrTx, studentId: number, clientKey: string, forUpdate = false): Promise<FormRow | null> {
  const [hit] = await queryRows<{ id: number }>(
    db,
    sql`select id from student_forms where student_id = ${studentId} and client_key = ${clientKey} ${forUpdate ? sql`for update` : sql``}`,
  );
  return hit ? formRow(db, hit.id) : null;
}

export async function draftCount(db: DbOrTx, studentId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from student_forms where student_id = ${studentId} and status = 'draft'`,
  );
  return row?.n ?? 0;
}

/** A student's own forms, newest first (drafts included). */
export const studentFormRows = (db: DbOrTx, studentId: number) =>
  queryRows<FormRow>(db, sql`${SELECT} where f.student_id = ${studentId} order by f.created_at desc, f.id desc limit 500`);

export interface FormFilter {
  /** A homeroom teacher's scope: only the classes of this teacher record. */
  teacherId?: number;
  status?: TFormStatus;
  kindId?: number;
  classId?: number;
  search?: string;
}

const SORTS: Record<string, SQL> = {
  submittedAt: sql`f.submitted_at`,
  studentName: sql`s.sort_key`,
  className: sql`hc.name`,
  kindName: sql`k.name`,
  status: sql`f.status`,
};

function whereOf(q: FormFilter): SQL {
  // A draft is the student's own until it is submitted.
  const where: SQL[] = [sql`f.status <> 'draft'`];
  if (q.teacherId !== undefined) where.push(sql`hc.homeroom_teacher_id = ${q.teacherId}`);
  if (q.status) where.push(sql`f.status = ${q.status}`);
  if (q.kindId) where.push(sql`f.kind_id = ${q.kindId}`);
  if (q.classId) where.push(sql`f.homeroom_class_id = ${q.classId}`);
  const search = searchWhere(sql`(s.search_text || ' ' || lower(k.name))`, q.search);
  if (search) where.push(search);
  return sql.join(where, sql` and `);
}

export async function formRows(
  db: DbOrTx,
  q: FormFilter & { sort?: string; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: FormRow[]; total: number }> {
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const by = q.sort ? SORTS[q.sort] : sql`coalesce(f.submitted_at, f.created_at)`;
  const rows = await queryRows<FormRow>(
    db,
    sql`${SELECT} where ${whereOf(q)} order by ${by} ${dir} nulls last, f.id desc limit ${q.limit} offset ${q.offset}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** Where a student stands now: their homeroom class, its year and homeroom teacher. */
export async function studentPlace(db: DbOrTx, studentId: number) {
  const [row] = await queryRows<{ homeroomClassId: number | null; academicYearId: number | null; homeroomTeacherId: number | null }>(
    db,
    sql`select s.homeroom_class_id as "homeroomClassId", hc.academic_year_id as "academicYearId", hc.homeroom_teacher_id as "homeroomTeacherId"
        from students s left join homeroom_classes hc on hc.id = s.homeroom_class_id where s.id = ${studentId}`,
  );
  return row ?? null;
}

export async function teacherUserId(db: DbOrTx, teacherId: number | null): Promise<number | null> {
  if (teacherId === null) return null;
  const [row] = await queryRows<{ userId: number | null }>(db, sql`select user_id as "userId" from teachers where id = ${teacherId}`);
  return row?.userId ?? null;
}

/** The active principals' accounts: who an escalated form waits for. */
export async function principalUserIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u join user_roles r on r.user_id = u.id where r.role = 'PRINCIPAL' and u.active order by u.id`,
  );
  return rows.map((r) => r.id);
}

export async function insertForm(
  db: DbOrTx,
  v: { kindId: number; studentId: number; clientKey: string; values: TFormValues },
): Promise<number> {
  const [row] = await db
    .insert(studentForms)
    .values({ kindId: v.kindId, studentId: v.studentId, clientKey: v.clientKey, values: v.values, status: 'draft' })
    .returning({ id: studentForms.id });
  return row.id;
}

export async function saveValues(db: DbOrTx, id: number, values: TFormValues) {
  await db.execute(
    sql`update student_forms set values = ${JSON.stringify(values)}::jsonb, version = version + 1, updated_at = now() where id = ${id}`,
  );
}

/** A submission: the values, where the student stands now, the range and its sessions. */
export async function markSubmitted(
  db: DbOrTx,
  id: number,
  v: {
    values: TFormValues;
    homeroomClassId: number | null;
    academicYearId: number | null;
    firstDay: string | null;
    lastDay: string | null;
    absenceSessions: number;
  },
) {
  await db.execute(
    sql`update student_forms set values = ${JSON.stringify(v.values)}::jsonb, status = 'submitted',
          homeroom_class_id = ${v.homeroomClassId}, academic_year_id = ${v.academicYearId},
          first_day = ${v.firstDay}, last_day = ${v.lastDay}, absence_sessions = ${v.absenceSessions},
          submitted_at = now(), escalated_at = null, decided_at = null, decided_by = null, decision_comment = null,
          version = version + 1, updated_at = now()
        where id = ${id}`,
  );
}

export async function setStatus(
  db: DbOrTx,
  id: number,
  v: { status: TFormStatus; decidedBy?: number | null; comment?: string | null; escalated?: boolean; decided?: boolean },
) {
  await db.execute(
    sql`update student_forms set status = ${v.status},
          ${v.escalated ? sql`escalated_at = now(),` : sql``}
          ${v.decided ? sql`decided_at = now(), decided_by = ${v.decidedBy ?? null}, decision_comment = ${v.comment ?? null},` : sql``}
          version = version + 1, updated_at = now()
        where id = ${id}`,
  );
}

export async function deleteForm(db: DbOrTx, id: number) {
  await db.execute(sql`delete from student_forms where id = ${id}`);
}

export async function insertHistory(
  db: DbOrTx,
  v: { formId: number; actorId: number | null; action: string; fromStatus: string | null; toStatus: string | null; comment: string | null },
) {
  await db.insert(studentFormHistory).values(v);
}

export const historyRows = (db: DbOrTx, formId: number) =>
  queryRows<{
    action: string;
    fromStatus: string | null;
    toStatus: string | null;
    comment: string | null;
    actorName: string | null;
    actorId: number | null;
    at: Date | string;
  }>(
    db,
    sql`select h.action, h.from_status as "fromStatus", h.to_status as "toStatus", h.comment, h.actor_id as "actorId",
          case when u.id is null then null else ${personName('u')} end as "actorName", h.at
        from student_form_history h left join users u on u.id = h.actor_id
        where h.form_id = ${formId} order by h.at, h.id`,
  );

// ---------------------------------------------------------------- files

export async function insertFile(
  db: DbOrTx,
  v: { formId: number; fieldKey: string; fileName: string; mimeType: string; data: Buffer },
): Promise<number> {
  const [row] = await db
    .insert(studentFormFiles)
    .values({ ...v, size: v.data.length })
    .returning({ id: studentFormFiles.id });
  return row.id;
}

export const fileRows = (db: DbOrTx, formId: number) =>
  queryRows<{ id: number; fieldKey: string; fileName: string; mimeType: string; size: number }>(
    db,
    sql`select id, field_key as "fieldKey", file_name as "fileName", mime_type as "mimeType", size
        from student_form_files where form_id = ${formId} order by id`,
  );

export async function fileData(db: DbOrTx, formId: number, fileId: number) {
  const [row] = await queryRows<{ fileName: string; mimeType: string; data: Buffer }>(
    db,
    sql`select file_name as "fileName", mime_type as "mimeType", data from student_form_files where form_id = ${formId} and id = ${fileId}`,
  );
  return row ?? null;
}

/** Files no value of the form points at any more (replaced or cleared before submission). */
export async function dropFilesExcept(db: DbOrTx, formId: number, keep: number[]) {
  await db.execute(
    sql`delete from student_form_files where form_id = ${formId}
        ${
          keep.length
            ? sql`and id not in (${sql.join(
                keep.map((k) => sql`${k}`),
                sql`, `,
              )})`
            : sql``
        }`,
  );
}

/** One attachment field's files but those given (a new upload replaces the unsaved ones before it). */
export async function dropFieldFilesExcept(db: DbOrTx, formId: number, fieldKey: string, keep: number[]) {
  await db.execute(
    sql`delete from student_form_files where form_id = ${formId} and field_key = ${fieldKey}
        ${
          keep.length
            ? sql`and id not in (${sql.join(
                keep.map((k) => sql`${k}`),
                sql`, `,
              )})`
            : sql``
        }`,
  );
}

// ---------------------------------------------------------------- absences

export async function classRow(db: DbOrTx, classId: number) {
  const [row] = await queryRows<{
    id: number;
    name: string;
    homeroomTeacherId: number | null;
    academicYearId: number;
    academicYearName: string | null;
  }>(
    db,
    sql`select hc.id, hc.name, hc.homeroom_teacher_id as "homeroomTeacherId", hc.academic_year_id as "academicYearId",
          y.name as "academicYearName"
        from homeroom_classes hc left join academic_years y on y.id = hc.academic_year_id where hc.id = ${classId}`,
  );
  return row ?? null;
}

/**
 * Each student of the class with the half-day sessions of their approved leave in the class's school
 * year (forms that count absence store their sessions when submitted), most first.
 */
export const classAbsenceRows = (db: DbOrTx, classId: number, academicYearId: number) =>
  queryRows<{ studentId: number; studentCode: string; fullName: string; sessions: number; forms: number }>(
    db,
    sql`select s.id as "studentId", s.student_code as "studentCode", s.full_name as "fullName",
          cast(coalesce(sum(f.absence_sessions), 0) as integer) as sessions,
          cast(count(f.id) as integer) as forms
        from students s
        left join student_forms f on f.student_id = s.id and f.status = 'approved' and f.absence_sessions > 0
          and f.academic_year_id = ${academicYearId}
        where s.homeroom_class_id = ${classId}
        group by s.id, s.student_code, s.full_name, s.sort_key
        order by sessions desc, s.sort_key, s.id`,
  );

/** One save at a time per form being filled (same student, same client key): a double click makes one form. */
export async function lockClientKey(tx: DbOrTx, studentId: number, clientKey: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(17017, hashtext(${`${studentId}:${clientKey}`}))`);
}

/** One student's submissions of leave, one at a time (two tabs sending overlapping leave both check the other). */
export async function lockStudentLeave(tx: DbOrTx, studentId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(17018, ${studentId}::int)`);
}

/**
 * The student's other leave (a kind that counts absence) waiting or approved whose days meet
 * `firstDay`–`lastDay`: the submission's overlap check, sessions compared by the caller.
 */
export const leaveTouching = (db: DbOrTx, v: { studentId: number; exceptId: number; firstDay: string; lastDay: string }) =>
  queryRows<{ id: number; status: TFormStatus; values: TFormValues; kindName: string; fields: TFormField[] }>(
    db,
    sql`select f.id, f.status, f.values, k.name as "kindName", k.fields
          from student_forms f join form_kinds k on k.id = f.kind_id
         where f.student_id = ${v.studentId} and f.id <> ${v.exceptId} and k.counts_absence
           and f.status in ('submitted', 'escalated', 'approved')
           and f.first_day <= ${v.lastDay}::date and f.last_day >= ${v.firstDay}::date
         order by f.first_day, f.id`,
  );
