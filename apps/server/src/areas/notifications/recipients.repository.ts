import { sql, type SQL } from 'drizzle-orm';
import type { TRole } from '@app/shared/roles';
import { queryRows, type DbOrTx } from '@/db/client';

/*
 * Who a notice goes to, and the few words it names (issue 17): read-only look-ups over the school's
 * tables, by ids the events carry. Every answer is a list of active users' ids.
 */

const idList = (ids: number[]): SQL =>
  sql.join(
    ids.map((i) => sql`${i}::int`),
    sql`, `,
  );

async function userIds(db: DbOrTx, q: SQL): Promise<number[]> {
  return (await queryRows<{ id: number }>(db, q)).map((r) => r.id);
}

/** Active users holding any of `roles`. */
export function usersWithRoles(db: DbOrTx, roles: readonly TRole[]): Promise<number[]> {
  return userIds(
    db,
    sql`select distinct u.id from users u join user_roles r on r.user_id = u.id
        where u.active and r.role in (${sql.join(
          roles.map((r) => sql`${r}`),
          sql`, `,
        )}) order by u.id`,
  );
}

/** Every active student account. */
export function studentUsers(db: DbOrTx): Promise<number[]> {
  return userIds(db, sql`select id from users where active and student_id is not null order by id`);
}

/** `ids` split into student accounts and the others (staff): a notice's link depends on which. */
export async function splitStudents(db: DbOrTx, ids: number[]): Promise<{ students: number[]; staff: number[] }> {
  if (!ids.length) return { students: [], staff: [] };
  const rows = await queryRows<{ id: number; student: boolean }>(
    db,
    sql`select id, student_id is not null as student from users where id in (${idList(ids)}) order by id`,
  );
  return { students: rows.filter((r) => r.student).map((r) => r.id), staff: rows.filter((r) => !r.student).map((r) => r.id) };
}

/** The accounts of these teachers. */
export function teacherUsers(db: DbOrTx, teacherIds: number[]): Promise<number[]> {
  if (!teacherIds.length) return Promise.resolve([]);
  return userIds(
    db,
    sql`select distinct u.id from teachers t join users u on u.id = t.user_id and u.active where t.id in (${idList(teacherIds)}) order by u.id`,
  );
}

/** A survey's title and the teachers its responses are about (their accounts): who its published results concern. */
export async function surveyTeachers(db: DbOrTx, surveyId: number): Promise<{ title: string; userIds: number[] } | null> {
  const [s] = await queryRows<{ title: string }>(db, sql`select title from surveys where id = ${surveyId}`);
  if (!s) return null;
  const ids = await userIds(
    db,
    sql`select distinct u.id from (select distinct unnest(teacher_ids) as teacher_id from survey_responses where survey_id = ${surveyId}) x
        join teachers t on t.id = x.teacher_id join users u on u.id = t.user_id and u.active order by u.id`,
  );
  return { title: s.title, userIds: ids };
}

export async function roundName(db: DbOrTx, roundId: number): Promise<string | null> {
  const [r] = await queryRows<{ name: string }>(db, sql`select name from registration_rounds where id = ${roundId}`);
  return r?.name ?? null;
}

/** The students (accounts) holding a seat in a round: closing made their registrations enrolments. */
export function roundRegistrants(db: DbOrTx, roundId: number): Promise<number[]> {
  return userIds(
    db,
    sql`select distinct u.id from registrations g join users u on u.student_id = g.student_id and u.active
        where g.round_id = ${roundId} and g.status = 'registered' order by u.id`,
  );
}

export async function courseClassName(db: DbOrTx, id: number): Promise<string | null> {
  const [r] = await queryRows<{ name: string }>(db, sql`select cc.name from course_classes cc where cc.id = ${id}`);
  return r?.name ?? null;
}

/** Rounds open at `now` (not closed), each with the active students of its grades who have an account. */
export async function openRounds(db: DbOrTx, now: Date): Promise<Array<{ id: number; name: string; closesAt: string; userIds: number[] }>> {
  return queryRows(
    db,
    sql`select r.id, r.name, r.closes_at as "closesAt",
               coalesce((select array_agg(u.id order by u.id) from students st join users u on u.student_id = st.id and u.active
                         where st.status = 'active' and st.grade = any(r.grades)), '{}') as "userIds"
        from registration_rounds r
        where r.closed_at is null and r.opens_at <= ${now.toISOString()}::timestamptz and r.closes_at > ${now.toISOString()}::timestamptz
        order by r.id`,
  );
}
