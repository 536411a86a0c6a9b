import { eq, sql, type SQL } from 'drizzle-orm';
import type { TAttendanceStatus, TSessionStatus, TTutoringGroup, TTutoringSession, TTutoringStudent } from '@app/shared/tutoring';
import { queryRows, type DbOrTx } from '@/db/client';
import { foldSql, searchWhere } from '@/db/sql';
import { tutoringAttendance, tutoringGroups, tutoringGroupStudents, tutoringGroupTeachers, tutoringSessions } from '@/db/schema/tutoring';

/*
 * The SQL of tutoring (issue 15): groups with their teachers and students, sessions, attendance, the
 * clash look-ups (other sessions, the published timetable in force on a date) and the report figures.
 */

export type GroupRow = typeof tutoringGroups.$inferSelect;
export type SessionRow = typeof tutoringSessions.$inferSelect;

export interface GroupFields {
  semesterId: number;
  name: string;
  kind: string;
  subjectId: number;
  campusId: number | null;
  note: string | null;
}

/** The columns of a group as the API shows it, `g` the group. */
const groupColumns = sql`g.id, g.semester_id as "semesterId", g.name, g.kind, g.subject_id as "subjectId", s.name as "subjectName",
  g.campus_id as "campusId", c.name as "campusName", g.note, g.updated_at as "updatedAt",
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.full_name) order by t.sort_key, t.id)
     from tutoring_group_teachers gt join teachers t on t.id = gt.teacher_id where gt.group_id = g.id), '[]'::json) as teachers,
  (select count(*)::int from tutoring_group_students gs where gs.group_id = g.id) as "studentCount",
  (select count(*)::int from tutoring_sessions ss where ss.group_id = g.id and ss.status <> 'cancelled') as "sessionCount",
  (select count(*)::int from tutoring_sessions ss where ss.group_id = g.id and ss.status = 'taught') as "taughtCount",
  (select coalesce(sum(ss.length), 0)::int from tutoring_sessions ss where ss.group_id = g.id and ss.status = 'taught') as "taughtPeriods"`;

type GroupShownRow = Omit<TTutoringGroup, 'updatedAt'> & { updatedAt: Date | string };
const shown = (r: GroupShownRow): TTutoringGroup => ({
  ...r,
  updatedAt: r.updatedAt instanceof Date ? r.updatedAt.toISOString() : new Date(r.updatedAt).toISOString(),
});

/** Groups matching `where` (over `g`, `s` the subject), by name, with the total before paging. */
export async function groupRows(
  db: DbOrTx,
  opts: { where: SQL; limit?: number; offset?: number },
): Promise<{ items: TTutoringGroup[]; total: number }> {
  const rows = await queryRows<GroupShownRow & { total: number }>(
    db,
    sql`select ${groupColumns}, count(*) over ()::int as total
        from tutoring_groups g join subjects s on s.id = g.subject_id left join campuses c on c.id = g.campus_id
        where ${opts.where}
        order by lower(g.name), g.id
        ${opts.limit !== undefined ? sql`limit ${opts.limit} offset ${opts.offset ?? 0}` : sql``}`,
  );
  return { items: rows.map(({ total: _t, ...r }) => shown(r)), total: rows[0]?.total ?? 0 };
}

/** The list's filter: a semester, a search over the group's name, kind's code, subject and teachers' names. */
export function groupFilter(f: { semesterId?: number; search?: string; teacherId?: number }): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.semesterId !== undefined) parts.push(sql`g.semester_id = ${f.semesterId}`);
  if (f.teacherId !== undefined) parts.push(sql`g.id in (select group_id from tutoring_group_teachers where teacher_id = ${f.teacherId})`);
  const text = sql`g.name || ' ' || g.kind || ' ' || s.name || ' ' || coalesce((select string_agg(t.full_name, ' ')
    from tutoring_group_teachers gt join teachers t on t.id = gt.teacher_id where gt.group_id = g.id), '')`;
  const search = searchWhere(foldSql(text), f.search);
  if (search) parts.push(search);
  return sql.join(parts, sql` and `);
}

export const groupIdIs = (id: number) => sql`g.id = ${id}`;

export async function groupStudents(db: DbOrTx, groupId: number): Promise<TTutoringStudent[]> {
  return queryRows<TTutoringStudent>(
    db,
    sql`select st.id, st.student_code as code, st.full_name as name, st.grade, h.name as "homeroomClassName"
        from tutoring_group_students gs join students st on st.id = gs.student_id
        left join homeroom_classes h on h.id = st.homeroom_class_id
        where gs.group_id = ${groupId} order by st.sort_key, st.id`,
  );
}

export async function groupTeacherIds(db: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: tutoringGroupTeachers.teacherId })
    .from(tutoringGroupTeachers)
    .where(eq(tutoringGroupTeachers.groupId, groupId));
  return rows.map((r) => r.id);
}

export async function lockGroup(db: DbOrTx, id: number): Promise<GroupRow | null> {
  const [row] = await db.select().from(tutoringGroups).where(eq(tutoringGroups.id, id)).for('update');
  return row ?? null;
}

export async function findGroup(db: DbOrTx, id: number): Promise<GroupRow | null> {
  const [row] = await db.select().from(tutoringGroups).where(eq(tutoringGroups.id, id));
  return row ?? null;
}

export async function insertGroup(db: DbOrTx, v: GroupFields): Promise<GroupRow> {
  const [row] = await db.insert(tutoringGroups).values(v).returning();
  return row;
}

export async function updateGroup(db: DbOrTx, id: number, v: GroupFields): Promise<GroupRow> {
  const [row] = await db
    .update(tutoringGroups)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(tutoringGroups.id, id))
    .returning();
  return row;
}

export async function deleteGroup(db: DbOrTx, id: number): Promise<void> {
  await db.delete(tutoringGroups).where(eq(tutoringGroups.id, id));
}

/** Replaces the group's teachers and students. */
export async function setMembers(db: DbOrTx, groupId: number, m: { teacherIds: number[]; studentIds: number[] }): Promise<void> {
  await db.delete(tutoringGroupTeachers).where(eq(tutoringGroupTeachers.groupId, groupId));
  await db.delete(tutoringGroupStudents).where(eq(tutoringGroupStudents.groupId, groupId));
  if (m.teacherIds.length) await db.insert(tutoringGroupTeachers).values(m.teacherIds.map((teacherId) => ({ groupId, teacherId })));
  if (m.studentIds.length) await db.insert(tutoringGroupStudents).values(m.studentIds.map((studentId) => ({ groupId, studentId })));
}

/** What the input of a group points at: which of the ids exist. */
export async function references(
  db: DbOrTx,
  v: { semesterId: number; subjectId: number; campusId: number | null; teacherIds: number[]; studentIds: number[] },
) {
  const ids = (list: number[]) => (list.length ? sql`array[${sql.join(list, sql`, `)}]::int[]` : sql`array[]::int[]`);
  const [row] = await queryRows<{
    semester: boolean;
    subject: boolean;
    campus: boolean;
    teachers: number[] | null;
    students: number[] | null;
  }>(
    db,
    sql`select exists(select 1 from semesters where id = ${v.semesterId}) as semester,
               exists(select 1 from subjects where id = ${v.subjectId}) as subject,
               ${v.campusId === null ? sql`true` : sql`exists(select 1 from campuses where id = ${v.campusId})`} as campus,
               (select array_agg(id) from teachers where id = any(${ids(v.teacherIds)})) as teachers,
               (select array_agg(id) from students where id = any(${ids(v.studentIds)})) as students`,
  );
  return { ...row, teachers: row.teachers ?? [], students: row.students ?? [] };
}

export async function taughtCount(db: DbOrTx, groupId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from tutoring_sessions where group_id = ${groupId} and status = 'taught'`,
  );
  return row.n;
}

// ---------------------------------------------------------------- sessions

/** The columns of a session as the API shows it, `ss` the session. */
const sessionColumns = sql`ss.id, ss.group_id as "groupId", ss.on_date::text as "onDate", ss.period, ss.length,
  ss.classroom_id as "classroomId", r.code as "classroomName", ss.teacher_id as "teacherId", t.full_name as "teacherName",
  ss.status, ss.note,
  (select count(*)::int from tutoring_attendance a where a.session_id = ss.id and a.status in ('present', 'late')) as attended,
  (select count(*)::int from tutoring_attendance a where a.session_id = ss.id) as marked`;

const sessionFrom = sql`from tutoring_sessions ss join teachers t on t.id = ss.teacher_id left join classrooms r on r.id = ss.classroom_id`;

export async function groupSessions(db: DbOrTx, groupId: number): Promise<TTutoringSession[]> {
  return queryRows<TTutoringSession>(
    db,
    sql`select ${sessionColumns} ${sessionFrom} where ss.group_id = ${groupId} order by ss.on_date, ss.period, ss.id`,
  );
}

export async function sessionShown(db: DbOrTx, id: number): Promise<TTutoringSession | null> {
  const [row] = await queryRows<TTutoringSession>(db, sql`select ${sessionColumns} ${sessionFrom} where ss.id = ${id}`);
  return row ?? null;
}

export type MySessionRow = TTutoringSession & { groupName: string; kind: string; subjectName: string };

/** A teacher's sessions (those they teach, or of a group they teach) matching `where` over `ss`. */
export async function teacherSessions(
  db: DbOrTx,
  opts: { teacherId: number; where: SQL; desc?: boolean; limit: number },
): Promise<MySessionRow[]> {
  return queryRows<MySessionRow>(
    db,
    sql`select ${sessionColumns}, g.name as "groupName", g.kind, s.name as "subjectName"
        ${sessionFrom} join tutoring_groups g on g.id = ss.group_id join subjects s on s.id = g.subject_id
        where (ss.teacher_id = ${opts.teacherId}
               or ss.group_id in (select group_id from tutoring_group_teachers where teacher_id = ${opts.teacherId}))
          and ${opts.where}
        order by ss.on_date ${opts.desc ? sql`desc` : sql`asc`}, ss.period, ss.id limit ${opts.limit}`,
  );
}

/** Sessions still planned from a day on (upcoming), or before it (attendance not taken yet). */
export const plannedFrom = (today: string) => sql`ss.on_date >= ${today}::date and ss.status = 'planned'`;
export const plannedBefore = (today: string) => sql`ss.on_date < ${today}::date and ss.status = 'planned'`;

export async function lockSession(db: DbOrTx, id: number): Promise<SessionRow | null> {
  const [row] = await db.select().from(tutoringSessions).where(eq(tutoringSessions.id, id)).for('update');
  return row ?? null;
}

export interface SessionFields {
  onDate: string;
  period: number;
  length: number;
  classroomId: number | null;
  teacherId: number;
  status: TSessionStatus;
  note: string | null;
}

export async function insertSession(db: DbOrTx, groupId: number, v: SessionFields): Promise<SessionRow> {
  const [row] = await db
    .insert(tutoringSessions)
    .values({ groupId, ...v })
    .returning();
  return row;
}

export async function updateSession(db: DbOrTx, id: number, v: Partial<SessionFields>): Promise<SessionRow> {
  const [row] = await db
    .update(tutoringSessions)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(tutoringSessions.id, id))
    .returning();
  return row;
}

export async function deleteSession(db: DbOrTx, id: number): Promise<void> {
  await db.delete(tutoringSessions).where(eq(tutoringSessions.id, id));
}

export async function classroomExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(db, sql`select exists(select 1 from classrooms where id = ${id}) as ok`);
  return row.ok;
}

// ---------------------------------------------------------------- clashes

export interface SlotQuery {
  onDate: string;
  /** ISO day of the week of `onDate`: 1 Monday … 7 Sunday (the timetable's `day`). */
  day: number;
  first: number;
  last: number;
  classroomId: number | null;
  teacherId: number;
  /** The group whose students must be free. */
  groupId: number;
  exceptSessionId: number | null;
}

export interface BusyRow {
  label: string;
  period: number;
  length: number;
  room: boolean;
  roomCode: string | null;
  teacher: boolean;
  teacherName: string | null;
  students: string[] | null;
}

/** Other tutoring sessions (not cancelled) that day, overlapping the periods, sharing the room, the teacher or a student. */
export async function tutoringBusy(db: DbOrTx, q: SlotQuery): Promise<BusyRow[]> {
  const rows = await queryRows<BusyRow>(
    db,
    sql`select g.name as label, ss.period, ss.length, r.code as "roomCode", t.full_name as "teacherName",
               coalesce(ss.classroom_id = ${q.classroomId}, false) as room, ss.teacher_id = ${q.teacherId} as teacher,
               (select json_agg(st.full_name order by st.sort_key, st.id) from tutoring_group_students a
                  join tutoring_group_students b on b.student_id = a.student_id join students st on st.id = a.student_id
                 where a.group_id = ss.group_id and b.group_id = ${q.groupId}) as students
        from tutoring_sessions ss join tutoring_groups g on g.id = ss.group_id join teachers t on t.id = ss.teacher_id
        left join classrooms r on r.id = ss.classroom_id
        where ss.on_date = ${q.onDate}::date and ss.status <> 'cancelled' and ss.id <> ${q.exceptSessionId ?? 0}
          and ss.period <= ${q.last} and ss.period + ss.length - 1 >= ${q.first}
        order by ss.period, ss.id`,
  );
  return rows.filter((r) => r.room || r.teacher || r.students?.length);
}

/**
 * Lessons of the published timetable in force on the date (of every module holding the date: its latest
 * version effective on or before it), on that weekday, overlapping the periods, in the room, taught by the
 * teacher or attended by a student of the group.
 */
export async function timetableBusy(db: DbOrTx, q: SlotQuery): Promise<BusyRow[]> {
  const rows = await queryRows<BusyRow>(
    db,
    sql`with v as (
          select distinct on (tt.module_id) tt.id from timetables tt join modules m on m.id = tt.module_id
          where tt.status = 'published' and tt.effective_from <= ${q.onDate}::date
            and m.start_date <= ${q.onDate}::date and m.end_date >= ${q.onDate}::date
          order by tt.module_id, tt.effective_from desc, tt.id desc)
        select cc.code || ' (' || cc.name || ')' as label, l.period, l.length, r.code as "roomCode",
               coalesce(l.classroom_id = ${q.classroomId}, false) as room,
               exists(select 1 from course_class_teachers ct where ct.course_class_id = cc.id and ct.teacher_id = ${q.teacherId}) as teacher,
               (select t.full_name from teachers t where t.id = ${q.teacherId}) as "teacherName",
               (select json_agg(st.full_name order by st.sort_key, st.id) from course_class_students cs
                  join tutoring_group_students gs on gs.student_id = cs.student_id join students st on st.id = cs.student_id
                 where cs.course_class_id = cc.id and gs.group_id = ${q.groupId}) as students
        from lessons l join v on v.id = l.timetable_id join course_classes cc on cc.id = l.course_class_id
        left join classrooms r on r.id = l.classroom_id
        where l.day = ${q.day} and l.period is not null and l.period <= ${q.last} and l.period + l.length - 1 >= ${q.first}
        order by l.period, l.id`,
  );
  return rows.filter((r) => r.room || r.teacher || r.students?.length);
}

/** Names for the clash messages: the room's code and the teacher's name. */
export async function slotNames(db: DbOrTx, q: { classroomId: number | null; teacherId: number }) {
  const [row] = await queryRows<{ roomCode: string | null; teacherName: string | null }>(
    db,
    sql`select (select code from classrooms where id = ${q.classroomId}) as "roomCode",
               (select full_name from teachers where id = ${q.teacherId}) as "teacherName"`,
  );
  return row;
}

// ---------------------------------------------------------------- attendance

export async function attendanceOf(db: DbOrTx, sessionId: number) {
  return db
    .select({ studentId: tutoringAttendance.studentId, status: tutoringAttendance.status, note: tutoringAttendance.note })
    .from(tutoringAttendance)
    .where(eq(tutoringAttendance.sessionId, sessionId));
}

export async function replaceAttendance(
  db: DbOrTx,
  sessionId: number,
  items: Array<{ studentId: number; status: TAttendanceStatus; note: string | null }>,
): Promise<void> {
  await db.delete(tutoringAttendance).where(eq(tutoringAttendance.sessionId, sessionId));
  if (items.length) await db.insert(tutoringAttendance).values(items.map((i) => ({ sessionId, ...i })));
}

// ---------------------------------------------------------------- reports

const inRange = (f: { from: string; to: string; semesterId?: number }) =>
  sql`ss.status = 'taught' and ss.on_date between ${f.from}::date and ${f.to}::date
      ${f.semesterId !== undefined ? sql`and g.semester_id = ${f.semesterId}` : sql``}`;

export async function reportByTeacher(db: DbOrTx, f: { from: string; to: string; semesterId?: number }) {
  return queryRows<{ teacherId: number; teacherName: string; sessions: number; periods: number }>(
    db,
    sql`select t.id as "teacherId", t.full_name as "teacherName", count(*)::int as sessions, sum(ss.length)::int as periods
        from tutoring_sessions ss join tutoring_groups g on g.id = ss.group_id join teachers t on t.id = ss.teacher_id
        where ${inRange(f)} group by t.id, t.full_name, t.sort_key order by t.sort_key, t.id`,
  );
}

export async function reportByKind(db: DbOrTx, f: { from: string; to: string; semesterId?: number }) {
  return queryRows<{ kind: string; sessions: number; periods: number }>(
    db,
    sql`select g.kind, count(*)::int as sessions, sum(ss.length)::int as periods
        from tutoring_sessions ss join tutoring_groups g on g.id = ss.group_id
        where ${inRange(f)} group by g.kind order by g.kind`,
  );
}

export async function reportByGroup(db: DbOrTx, f: { from: string; to: string; semesterId?: number }) {
  return queryRows<{ groupId: number; name: string; kind: string; sessions: number; marked: number; attended: number }>(
    db,
    sql`select g.id as "groupId", g.name, g.kind, count(distinct ss.id)::int as sessions, count(a.student_id)::int as marked,
               count(a.student_id) filter (where a.status in ('present', 'late'))::int as attended
        from tutoring_sessions ss join tutoring_groups g on g.id = ss.group_id
        left join tutoring_attendance a on a.session_id = ss.id
        where ${inRange(f)} group by g.id, g.name, g.kind order by lower(g.name), g.id`,
  );
}

export async function reportByStudent(db: DbOrTx, f: { from: string; to: string; semesterId?: number }) {
  return queryRows<{ studentId: number; code: string; name: string; groupId: number; groupName: string; marked: number; attended: number }>(
    db,
    sql`select st.id as "studentId", st.student_code as code, st.full_name as name, g.id as "groupId", g.name as "groupName",
               count(*)::int as marked, count(*) filter (where a.status in ('present', 'late'))::int as attended
        from tutoring_attendance a join tutoring_sessions ss on ss.id = a.session_id join tutoring_groups g on g.id = ss.group_id
        join students st on st.id = a.student_id
        where ${inRange(f)} group by st.id, st.student_code, st.full_name, st.sort_key, g.id, g.name
        order by lower(g.name), g.id, st.sort_key, st.id`,
  );
}

/** Per group: the periods of the teacher's taught sessions in the dates (for the declarations' prefill). */
export async function taughtPeriods(db: DbOrTx, f: { teacherId: number; from: string; to: string }) {
  return queryRows<{ groupId: number; name: string; kind: string; periods: number }>(
    db,
    sql`select g.id as "groupId", g.name, g.kind, sum(ss.length)::int as periods
        from tutoring_sessions ss join tutoring_groups g on g.id = ss.group_id
        where ss.teacher_id = ${f.teacherId} and ss.status = 'taught' and ss.on_date between ${f.from}::date and ${f.to}::date
        group by g.id, g.name, g.kind order by lower(g.name), g.id`,
  );
}

/** Sessions between two dates (inclusive) by status, and the groups they belong to (the dashboards' week). */
export async function sessionCounts(db: DbOrTx, from: string, to: string) {
  const [row] = await queryRows<{ planned: number; taught: number; cancelled: number; groups: number }>(
    db,
    sql`select count(*) filter (where status = 'planned')::int as planned, count(*) filter (where status = 'taught')::int as taught,
               count(*) filter (where status = 'cancelled')::int as cancelled, count(distinct group_id)::int as groups
        from tutoring_sessions where on_date between ${from}::date and ${to}::date`,
  );
  return row;
}

export interface WeekSessionRow {
  id: number;
  groupId: number;
  groupName: string;
  onDate: string;
  period: number;
  length: number;
  teacherId: number;
  teacherName: string;
  classroomId: number | null;
  classroomCode: string | null;
  classroomName: string | null;
  campusName: string | null;
}

/**
 * The sessions (not cancelled) between two dates of a student's groups, a teacher's (taught by them or
 * of a group they teach), or held in a room: what their week views show beside the lessons.
 */
export function weekSessions(db: DbOrTx, who: { studentId?: number; teacherId?: number; classroomId?: number }, from: string, to: string) {
  const whose =
    who.studentId !== undefined
      ? sql`ss.group_id in (select group_id from tutoring_group_students where student_id = ${who.studentId})`
      : who.teacherId !== undefined
        ? sql`(ss.teacher_id = ${who.teacherId} or ss.group_id in (select group_id from tutoring_group_teachers where teacher_id = ${who.teacherId}))`
        : sql`ss.classroom_id = ${who.classroomId ?? 0}`;
  return queryRows<WeekSessionRow>(
    db,
    sql`select ss.id, ss.group_id as "groupId", g.name as "groupName", ss.on_date::text as "onDate", ss.period, ss.length,
               ss.teacher_id as "teacherId", t.full_name as "teacherName", ss.classroom_id as "classroomId",
               r.code as "classroomCode", r.name as "classroomName", camp.name as "campusName"
        from tutoring_sessions ss join tutoring_groups g on g.id = ss.group_id join teachers t on t.id = ss.teacher_id
        left join classrooms r on r.id = ss.classroom_id left join campuses camp on camp.id = coalesce(r.campus_id, g.campus_id)
        where ss.status <> 'cancelled' and ss.on_date between ${from}::date and ${to}::date and ${whose}
        order by ss.on_date, ss.period, ss.id`,
  );
}
