import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { answersToSubmission } from '@app/shared/survey-answers';
import { completeAnswers, makeSurvey } from '@app/shared/survey-fixtures';
import type { TResponseView } from '@app/shared/survey-responses';
import type { TSurveyStudentStatus } from '@app/shared/survey-monitoring';
import type { TStudentSurveyItem } from '@app/shared/surveys';
import type { TTextReview } from '@app/shared/text-reviews';
import { queryRows } from '@/db/client';
import { courseClassTeachers, homeroomClasses, students, subjects, teachers } from '@/db/schema/school';
import { surveyResponses } from '@/db/schema/survey-responses';
import { users } from '@/db/schema/users';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { addTeachers } from '@/test/school';
import { currentClassWithTeachers, insertTestSurvey, schoolDay as day } from '@/test/surveys';
import { schoolToday } from '../core/school-day';
import { keyedOrder, staffPage } from './staff-view';
import type { ResponseRow } from './survey-responses.repository';
import { RESPONSE_MSG } from './survey-responses.service';

/**
 * Issue 11, "No identity on the way", written as the attacks that worked before it: a join of the
 * anonymous response list with the named completion list on time, the response id chain from a
 * student's survey list to their answers, a homeroom teacher peeking at another class's student,
 * the review queue's who and when, submission order, and submissions naming some of a class's teachers.
 */

let t: TestApp;
const tok: Record<string, string> = {};
const get = async <T>(who: string, url: string): Promise<{ status: number; data: T; body: string }> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(tok[who]) });
  return { status: res.statusCode, data: res.json().data as T, body: res.body };
};
const K = 5; // MIN_GROUP_SIZE's default (config.ts), which the test app keeps

beforeAll(async () => {
  t = await createTestApp();
  for (const l of ['quantri', 'dbcl', 'hieutruong', 'giaovu', 'gvcn.hoa', 'gv.toan', 'hs.an']) tok[l] = await t.tokenFor(l);
});
afterAll(() => t.close());

/** The demo's seeded responses: the course class of a subject survey with the most of them. */
async function busiestClass() {
  const [row] = await queryRows<{ surveyId: number; courseClassId: number; n: number }>(
    t.database.db,
    sql`select r.survey_id as "surveyId", r.course_class_id as "courseClassId", count(*)::int as n
        from survey_responses r join surveys s on s.id = r.survey_id
        where r.course_class_id is not null group by 1, 2 order by 3 desc, 2 limit 1`,
  );
  return row;
}

type Known = Pick<TSurveyStudentStatus, 'studentId' | 'homeroomClassId' | 'grade' | 'campusId'> & { submittedAt: string };

/**
 * The join: each named student who answered, with everything a watcher could know about them (the
 * exact time included, as if the completion list had been polled every second), against the rows
 * of the response list; a student is named when exactly one row fits (a null field fits anything).
 */
function namedByJoin(known: Known[], rows: TResponseView[]): number {
  let named = 0;
  for (const n of known) {
    const fits = rows.filter(
      (r) =>
        (r.submittedAt === null || r.submittedAt === n.submittedAt) &&
        (r.submittedDate === null || r.submittedDate === schoolToday(new Date(n.submittedAt))) &&
        (r.homeroomClassId === null || r.homeroomClassId === n.homeroomClassId) &&
        (r.studentGrade === null || r.studentGrade === n.grade) &&
        (r.campusId === null || r.campusId === n.campusId),
    );
    if (fits.length === 1) named++;
  }
  return named;
}

describe('join on time: anonymous responses × named completion', () => {
  it('names every student through the admin’s rows, nobody through the rows other staff get', async () => {
    const { surveyId, courseClassId, n } = await busiestClass();
    expect(n).toBeGreaterThanOrEqual(2 * K);
    const named = await get<{ items: TSurveyStudentStatus[] }>(
      'quantri',
      `/surveys/${surveyId}/students?done=true&courseClassId=${courseClassId}&limit=100`,
    );
    expect(named.status, named.body).toBe(200);
    const known: Known[] = named.data.items.map((s) => ({ ...s, submittedAt: s.submittedAt! }));
    expect(known).toHaveLength(n);

    const list = (who: string) =>
      get<{ items: TResponseView[]; total: number }>(who, `/surveys/${surveyId}/responses?courseClassId=${courseClassId}&limit=100`);
    // The attack works on rows that carry the time: the admin's (who may see who answered anyway).
    const asAdmin = await list('quantri');
    expect(namedByJoin(known, asAdmin.data.items)).toBe(n);

    for (const who of ['dbcl', 'hieutruong', 'giaovu']) {
      const rows = await list(who);
      expect(rows.status, rows.body).toBe(200);
      expect(rows.data.total).toBe(n);
      expect(namedByJoin(known, rows.data.items), who).toBe(0);
      for (const r of rows.data.items) expect(r).toMatchObject({ id: null, student: null, submittedAt: null, straightLined: null });
    }
  });

  it('a day is shown only when every day of the class holds k responses, for the whole class or for none of it', async () => {
    const { surveyId, courseClassId } = await busiestClass();
    const { data } = await get<{ items: TResponseView[] }>(
      'dbcl',
      `/surveys/${surveyId}/responses?courseClassId=${courseClassId}&limit=100`,
    );
    const days = new Map<string | null, number>();
    for (const r of data.items) days.set(r.submittedDate, (days.get(r.submittedDate) ?? 0) + 1);
    if (days.has(null)) expect(days.size).toBe(1);
    else for (const c of days.values()) expect(c).toBeGreaterThanOrEqual(K);
  });
});

describe('the order of the rows', () => {
  // 30 responses of one class, one a minute, each from its own homeroom class, so that with k = 1 the order is visible.
  const rows: ResponseRow[] = Array.from({ length: 30 }, (_, i) => ({
    id: 1000 + i,
    surveyId: 1,
    studentId: 5000 + i,
    studentCode: `HS${i}`,
    studentName: `Học sinh ${i}`,
    courseClassId: 7,
    courseClassName: 'Lớp 7',
    teacherIds: [3],
    studentGrade: 10,
    campusId: 1,
    campusName: 'Cơ sở',
    homeroomClassId: 100 + i,
    homeroomClassName: `10A${i}`,
    straightLined: false,
    submittedAt: new Date(Date.UTC(2026, 0, 5, 2, i)),
  }));

  it('follows neither id nor time, stays the same from page to page, and differs with another key', () => {
    const pages = [0, 10, 20].flatMap((offset) => staffPage(rows, { k: 1, key: 'k1', offset, limit: 10 }));
    const order = pages.map((r) => r.homeroomClassId! - 100);
    expect([...order].sort((a, b) => a - b)).toEqual(rows.map((_, i) => i)); // every row once
    expect(order).not.toEqual(rows.map((_, i) => i));
    expect(order).not.toEqual(rows.map((_, i) => 29 - i));
    // Not even roughly: fewer than 3/4 of the neighbouring pairs keep the submission order.
    const kept = order.slice(1).filter((x, i) => x > order[i]).length;
    expect(kept).toBeGreaterThan(29 / 4);
    expect(kept).toBeLessThan((29 * 3) / 4);
    expect(staffPage(rows, { k: 1, key: 'k1', offset: 0, limit: 30 })).toEqual(pages);
    expect(keyedOrder(rows, 'k2').map((r) => r.id)).not.toEqual(keyedOrder(rows, 'k1').map((r) => r.id));
  });

  it('a place seen by fewer than k is hidden for the whole class, never row by row', () => {
    const mixed = rows.slice(0, 12).map((r, i) => ({ ...r, homeroomClassId: i < 11 ? 100 : 101 }));
    const shown = staffPage(mixed, { k: 5, key: 'k', offset: 0, limit: 12 });
    expect(shown.every((r) => r.homeroomClassId === null && r.studentGrade === null)).toBe(true);
    // The teachers (one value, 12 responses) and the day (12 on one day) stay.
    expect(shown.every((r) => r.teacherIds?.[0] === 3 && r.submittedDate === '2026-01-05')).toBe(true);
  });
});

describe('the response id chain: a student’s list → one response’s answers', () => {
  it('principal, academic affairs and quality assurance get done / not done only, and no details', async () => {
    const [{ studentId, responseId }] = await queryRows<{ studentId: number; responseId: number }>(
      t.database.db,
      sql`select student_id as "studentId", id as "responseId" from survey_responses order by id limit 1`,
    );
    for (const who of ['hieutruong', 'giaovu', 'dbcl']) {
      const list = await get<TStudentSurveyItem[]>(who, `/surveys/students/${studentId}`);
      expect(list.status, list.body).toBe(200);
      expect(list.data.some((i) => i.completed)).toBe(true);
      for (const i of list.data) expect(i).toMatchObject({ responseId: null, submittedAt: null });
      expect(list.body).not.toContain(`"responseId":${responseId}`);
      const det = await get(who, `/surveys/responses/${responseId}/details`);
      expect(det.status, who).toBe(403);
    }
    // ADMIN keeps both: the admin deletes a response so the student can answer again.
    const admin = await get<TStudentSurveyItem[]>('quantri', `/surveys/students/${studentId}`);
    expect(admin.data.some((i) => i.responseId === responseId && i.submittedAt !== null)).toBe(true);
    expect((await get('quantri', `/surveys/responses/${responseId}/details`)).status).toBe(200);
  });
});

describe('homeroom peek', () => {
  async function classOf(local: string) {
    const [row] = await t.database.db
      .select({ id: homeroomClasses.id })
      .from(homeroomClasses)
      .innerJoin(teachers, eq(teachers.id, homeroomClasses.homeroomTeacherId))
      .where(eq(teachers.userId, await t.userId(local)));
    return row.id;
  }
  const studentOf = async (classId: number, other = false) => {
    const [row] = await t.database.db
      .select({ id: students.id })
      .from(students)
      .where(other ? sql`${students.homeroomClassId} <> ${classId}` : eq(students.homeroomClassId, classId))
      .limit(1);
    return row.id;
  };

  it('a homeroom teacher reads their own class’s students (done / not done), another class’s is 403', async () => {
    for (const who of ['gvcn.hoa', 'gv.toan']) {
      const own = await classOf(who);
      const mine = await get<TStudentSurveyItem[]>(who, `/surveys/students/${await studentOf(own)}`);
      expect(mine.status, mine.body).toBe(200);
      for (const i of mine.data) expect(i).toMatchObject({ responseId: null, submittedAt: null });
      const peek = await t.app.inject({
        method: 'GET',
        url: `/api/v1/surveys/students/${await studentOf(own, true)}`,
        headers: bearer(tok[who]),
      });
      expect(peek.statusCode, who).toBe(403);
      expect(peek.json().message).toBe(RESPONSE_MSG.homeroomOnly);
    }
  });
});

describe('the review queue: the text without who or when', () => {
  it('quality assurance reads no time and no student, in an order that is not the submission order', async () => {
    const all = await get<{ items: TTextReview[]; total: number }>(
      'dbcl',
      '/surveys/responses/reviews?limit=100&sort=submittedAt&order=asc',
    );
    expect(all.status, all.body).toBe(200);
    expect(all.data.items.length).toBeGreaterThan(20);
    for (const r of all.data.items) {
      expect(r).toMatchObject({ submittedAt: null, createdAt: null, updatedAt: null });
      if (r.decidedBy !== 'person') expect(r.reviewedAt).toBeNull();
      expect(Object.keys(r)).not.toContain('student');
    }
    const [named] = await queryRows<{ code: string; name: string }>(
      t.database.db,
      sql`select st.student_code as code, st.full_name as name from survey_responses r join students st on st.id = r.student_id limit 1`,
    );
    expect(all.body).not.toContain(named.code);
    // The same page as ADMIN sorts by submission; quality assurance's is another order of the same texts.
    const admin = await get<{ items: TTextReview[] }>('quantri', '/surveys/responses/reviews?limit=100&sort=submittedAt&order=asc');
    expect(admin.data.items.every((r) => r.submittedAt !== null)).toBe(true);
    const byTime = admin.data.items.map((r) => r.id);
    const asQa = all.data.items.map((r) => r.id);
    expect(new Set(asQa)).not.toEqual(new Set()); // a page of texts
    expect(asQa).not.toEqual(byTime);
    expect(asQa).not.toEqual([...asQa].sort((a, b) => a - b));
    // Stable: the next read pages the same way.
    expect((await get<{ items: TTextReview[] }>('dbcl', '/surveys/responses/reviews?limit=100')).data.items.map((r) => r.id)).toEqual(asQa);
    // One text's history: the auto-review's entries without their time.
    const detail = await get<TTextReview & { history: Array<{ reviewer: unknown; createdAt: string | null }> }>(
      'dbcl',
      `/surveys/responses/reviews/${asQa[0]}`,
    );
    expect(detail.data.submittedAt).toBeNull();
    for (const h of detail.data.history) if (h.reviewer === null) expect(h.createdAt).toBeNull();
  });
});

describe('submissions name exactly the class’s teachers', () => {
  let an: number;
  let cls: { id: number; subjectId: number; teacherIds: number[] };
  let moduleId: number;
  beforeAll(async () => {
    const [u] = await t.database.db
      .select({ studentId: users.studentId })
      .from(users)
      .where(eq(users.id, await t.userId('hs.an')));
    an = u.studentId!;
    ({ moduleId, cls } = await currentClassWithTeachers(t.database.db, an));
    // A co-taught class: a second teacher joins it.
    const [second] = await addTeachers(t.database.db, [{ fullName: 'Giáo viên Đồng Dạy' }]);
    await t.database.db.insert(courseClassTeachers).values({ courseClassId: cls.id, teacherId: second.id });
    cls = { ...cls, teacherIds: [...cls.teacherIds, second.id] };
  });
  async function survey() {
    const [sub] = await t.database.db.select().from(subjects).where(eq(subjects.id, cls.subjectId));
    return insertTestSurvey(
      t.database.db,
      makeSurvey({
        moduleId,
        subjectId: sub.id,
        subject: { id: sub.id, name: sub.name, usesLms: sub.usesLms },
        startDate: day(-1),
        endDate: day(1),
      }),
    );
  }
  const submit = (surveyId: number, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/surveys/${surveyId}/responses`, headers: bearer(tok['hs.an']), payload: body });
  const stored = (surveyId: number) =>
    t.database.db
      .select({ teacherIds: surveyResponses.teacherIds })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.studentId, an)));
  const body = (m: Awaited<ReturnType<typeof survey>>, teacherCourseClassIds: number[]) =>
    answersToSubmission(m.survey, m.answers(completeAnswers()), {
      studentId: an,
      courseClassId: cls.id,
      studentCourseClassId: cls.id,
      teacherCourseClassIds,
    });

  it('a subset of the teachers, or a stranger among them, is 400 and stores nothing', async () => {
    const m = await survey();
    const [stranger] = await addTeachers(t.database.db, [{ fullName: 'Người Ngoài Lớp' }]);
    for (const sent of [
      [cls.teacherIds[0]],
      [cls.teacherIds[1]],
      [...cls.teacherIds.slice(1), stranger.id],
      [...cls.teacherIds, stranger.id],
    ]) {
      const res = await submit(m.survey.id, body(m, sent));
      expect(res.statusCode, JSON.stringify(sent)).toBe(400);
      expect(res.json().message).toBe(RESPONSE_MSG.wrongTeachers);
    }
    expect(await stored(m.survey.id)).toEqual([]);
  });

  it('none sent: the server names all of them; all sent, in any order: stored', async () => {
    const m1 = await survey();
    expect((await submit(m1.survey.id, body(m1, []))).statusCode).toBe(200);
    expect((await stored(m1.survey.id))[0].teacherIds.sort()).toEqual([...cls.teacherIds].sort());
    const m2 = await survey();
    const res = await submit(m2.survey.id, body(m2, [...cls.teacherIds].reverse()));
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(m2.survey.id))[0].teacherIds.sort()).toEqual([...cls.teacherIds].sort());
  });
});
