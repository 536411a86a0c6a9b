import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { validateSubmission } from '@app/shared/survey-validation';
import { queryRows, type Database } from '../db/client';
import { loadSurvey } from '../areas/surveys/core/surveys.repository';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/db';
import { DEMO_STAFF, DEMO_STUDENTS, demoEmail, seedDemo } from './demo';
import { CLOSED_SURVEYS } from './demo-surveys';

/** The demo answers (demo-responses.ts), reviewed and published (demo-reviews.ts), on the seeded template every test file starts from. */
let t: TestApp;
let admin: string;
const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('quantri');
});
afterAll(() => t.close());

async function activeSurveys() {
  return rows<{ id: number; title: string }>(sql`select id, title from surveys where status = 'active' and not is_template order by id`);
}

describe('demo responses', () => {
  it('answer the four active demo surveys, 55–80 % per homeroom class, never for the demo student accounts; they answered every closed one', async () => {
    const surveys = await activeSurveys();
    expect(surveys).toHaveLength(4);
    for (const s of surveys) {
      const res = await t.app.inject({ url: `/api/v1/surveys/${s.id}/class-surveys-status`, headers: bearer(admin) });
      const classes = res.json().data as Array<{ homeroomClassName: string; rate: number; done: number; expected: number }>;
      expect(classes.length, s.title).toBeGreaterThanOrEqual(3);
      // 55–80 % of the items of students with no demo account; a demo student left unanswered lowers a class a little.
      for (const c of classes) expect(c.rate, `${s.title} / ${c.homeroomClassName}`).toBeGreaterThanOrEqual(50);
      for (const c of classes) expect(c.rate, `${s.title} / ${c.homeroomClassName}`).toBeLessThanOrEqual(80);
    }
    const emails = DEMO_STUDENTS.map((p) => demoEmail(p.local));
    const [{ n }] = await rows<{ n: number }>(sql`
      select count(*)::int as n from survey_responses r join users u on u.student_id = r.student_id join surveys s on s.id = r.survey_id
      where u.email = any(${`{${emails.join(',')}}`}::text[]) and s.status = 'active'`);
    expect(n).toBe(0);
    // Every item a demo student had on the closed surveys is answered.
    const [missed] = await rows<{ n: number }>(sql`
      select count(*)::int as n from surveys s
      join course_classes cc on cc.subject_id = s.subject_id and cc.module_id = s.module_id
      join course_class_students e on e.course_class_id = cc.id join students st on st.id = e.student_id and st.grade = any(s.allowed_grades)
      join users u on u.student_id = st.id and u.email = any(${`{${emails.join(',')}}`}::text[])
      where s.status = 'closed' and not exists (select 1 from survey_responses r where r.survey_id = s.id and r.student_id = st.id)`);
    expect(missed.n).toBe(0);
  });

  it('give every demo student something to do and something done in their own list', async () => {
    for (const p of DEMO_STUDENTS) {
      const [{ studentId }] = await rows<{ studentId: number }>(
        sql`select student_id as "studentId" from users where email = ${demoEmail(p.local)}`,
      );
      const res = await t.app.inject({ url: `/api/v1/surveys/students/${studentId}`, headers: bearer(await t.tokenFor(p.local)) });
      expect(res.statusCode, p.local).toBe(200);
      const list = res.json().data as Array<{ surveyId: number; responseId: number | null }>;
      expect(list.filter((x) => x.responseId === null).length, p.local).toBeGreaterThanOrEqual(1);
      expect(list.filter((x) => x.responseId !== null).length, p.local).toBeGreaterThanOrEqual(1);
    }
  });

  it('are stored as real submissions: valid, numbers from the grid columns, a review per free text', async () => {
    const mismatched = await rows<{ n: number }>(sql`
      select count(*)::int as n from response_details d join grid_columns c on c.id = d.grid_column_id
      where d.answer_text <> c.label or d.value_number is distinct from c.value_number`);
    expect(mismatched[0].n).toBe(0);
    const [texts] = await rows<{ texts: number; reviewed: number }>(sql`
      select count(*)::int as texts, count(v.id)::int as reviewed
      from response_details d join survey_questions q on q.id = d.question_id
      left join response_reviews v on v.response_detail_id = d.id
      where q.question_type in ('short_text', 'long_text') or d.other_value is not null`);
    expect(texts.texts).toBeGreaterThan(20);
    expect(texts.reviewed).toBe(texts.texts);
    const [noReview] = await rows<{ n: number }>(sql`
      select count(*)::int as n from response_reviews v join response_details d on d.id = v.response_detail_id join survey_questions q on q.id = d.question_id
      where q.question_type not in ('short_text', 'long_text') and d.other_value is null`);
    expect(noReview.n).toBe(0);
    expect(
      (
        await rows<{ t: string }>(
          sql`select answer_text as t from response_details d join survey_questions q on q.id = d.question_id where q.question_type = 'long_text' limit 50`,
        )
      ).some((r) => /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i.test(r.t)),
    ).toBe(true);

    // Read back through the admin's call and checked with the form's own validation.
    for (const s of await activeSurveys()) {
      const survey = (await loadSurvey(t.database.db, s.id))!;
      const sample = await rows<{ studentId: number }>(
        sql`select distinct student_id as "studentId" from survey_responses where survey_id = ${s.id} order by 1 limit 15`,
      );
      for (const { studentId } of sample) {
        const res = await t.app.inject({ url: `/api/v1/surveys/${s.id}/responses/student/${studentId}`, headers: bearer(admin) });
        for (const r of res.json().data as Array<{ submission: Parameters<typeof validateSubmission>[1] }>)
          expect(validateSubmission(survey, r.submission)).toEqual([]);
      }
    }
  });

  it('the first module has closed subject surveys: most classes ≥ MIN_GROUP_SIZE, a few under, every text decided, published by the system', async () => {
    const closed = await rows<{
      id: number;
      subject: string;
      grades: number[];
      publishedAt: string | null;
      publishedBy: number | null;
      module: string;
    }>(sql`
      select s.id, sj.code as subject, s.allowed_grades as grades, s.published_at as "publishedAt", s.published_by as "publishedBy", m.code as module
      from surveys s join modules m on m.id = s.module_id join subjects sj on sj.id = s.subject_id
      where s.status = 'closed' and not s.is_template order by s.id`);
    expect(closed.map((c) => c.subject)).toEqual(CLOSED_SURVEYS.map((c) => c.subject));
    expect(closed.map((c) => c.grades)).toEqual(CLOSED_SURVEYS.map((c) => c.grades));
    for (const c of closed) {
      expect(c.module).toBe('2026-HK1-M1');
      expect(c.publishedAt, c.subject).not.toBeNull();
      expect(c.publishedBy, c.subject).toBeNull();
    }
    // Published by the publication pass, as the system: one audited 'publish' per survey.
    const [pub] = await rows<{ n: number; system: number }>(sql`
      select count(*)::int as n, count(*) filter (where actor_id is null and request_id = 'system:publication')::int as system
      from audit_logs where entity = 'survey' and action = 'publish'`);
    expect(pub).toEqual({ n: closed.length, system: closed.length });

    const ids = `{${closed.map((c) => c.id).join(',')}}`;
    const perClass = await rows<{ n: number }>(sql`
      select count(r.id)::int as n
      from course_classes cc join surveys s on s.id = any(${ids}::int[]) and s.subject_id = cc.subject_id and s.module_id = cc.module_id
        and cc.grade = any(s.allowed_grades)
      left join survey_responses r on r.survey_id = s.id and r.course_class_id = cc.id group by s.id, cc.id`);
    expect(perClass.length).toBeGreaterThanOrEqual(20);
    const under = perClass.filter((x) => x.n < 5);
    expect(under.length).toBeGreaterThanOrEqual(1);
    expect(under.length).toBeLessThanOrEqual(perClass.length / 5);
    for (const x of under) expect(x.n).toBeGreaterThanOrEqual(2);

    const [v] = await rows<{
      texts: number;
      approved: number;
      rejected: number;
      rejectedByPerson: number;
      autoApproved: number;
      history: number;
    }>(sql`
      select count(*)::int as texts, count(*) filter (where v.status = 'approved')::int as approved,
             count(*) filter (where v.status = 'rejected')::int as rejected,
             count(*) filter (where v.status = 'rejected' and u.email = ${demoEmail('dbcl')} and v.reason is not null)::int as "rejectedByPerson",
             count(*) filter (where v.status = 'approved' and v.reviewer_id is null and v.reviewed_at is not null)::int as "autoApproved",
             (select count(*)::int from response_review_history h where h.review_id = any(array_agg(v.id))) as history
      from response_reviews v join response_details d on d.id = v.response_detail_id join survey_responses r on r.id = d.response_id
      left join users u on u.id = v.reviewer_id
      where r.survey_id = any(${ids}::int[])`);
    expect(v.texts).toBeGreaterThan(100);
    expect(v.approved + v.rejected).toBe(v.texts);
    expect(v.rejected).toBeGreaterThanOrEqual(1);
    expect(v.rejected).toBeLessThan(v.texts / 10);
    expect(v.rejectedByPerson).toBe(v.rejected);
    // Clean texts: approved by the auto-review (one history row); rude ones: flagged by it, then rejected by the reviewer (two).
    expect(v.autoApproved).toBe(v.approved);
    expect(v.history).toBe(v.approved + 2 * v.rejected);
    const [times] = await rows<{ outside: number }>(sql`
      select count(*)::int as outside from survey_responses r join surveys s on s.id = r.survey_id
      where s.id = any(${ids}::int[]) and (r.submitted_at < (s.start_date::timestamp at time zone 'Asia/Ho_Chi_Minh')
                                or r.submitted_at > ((s.end_date + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh'))`);
    expect(times.outside).toBe(0);
  });

  it('every demo teacher has published figures and approved comments of their own classes for the first module, every demo head their department’s', async () => {
    const [m] = await rows<{ id: number }>(sql`select id from modules where code = '2026-HK1-M1'`);
    const teachers = DEMO_STAFF.filter((p) => p.roles.includes('TEACHER'));
    expect(teachers.map((p) => p.local).sort()).toEqual(['gv.anh', 'gv.toan', 'gv.van', 'gvcn.hoa', 'khaibao.sinh', 'totruong.ly']);
    for (const p of teachers) {
      const token = await t.tokenFor(p.local);
      const res = await t.app.inject({ url: `/api/v1/surveys/modules/${m.id}/teachers/me/course-results`, headers: bearer(token) });
      expect(res.statusCode, p.local).toBe(200);
      const data = res.json().data as { summary: { n: number; score: number | null }; items: Array<{ surveyId: number }> };
      expect(data.summary.n, p.local).toBeGreaterThanOrEqual(5);
      expect(data.summary.score, p.local).not.toBeNull();
      expect(data.items.length, p.local).toBeGreaterThanOrEqual(1);
      const [{ teacherId }] = await rows<{ teacherId: number }>(sql`
        select t.id as "teacherId" from teachers t join users u on u.id = t.user_id where u.email = ${demoEmail(p.local)}`);
      let approved = 0;
      for (const surveyId of new Set(data.items.map((i) => i.surveyId))) {
        const texts = await t.app.inject({
          url: `/api/v1/surveys/${surveyId}/text-questions-responses?teacherId=${teacherId}`,
          headers: bearer(token),
        });
        expect(texts.statusCode, p.local).toBe(200);
        for (const q of (texts.json().data as { questions: Array<{ texts: unknown[] }> }).questions) approved += q.texts.length;
      }
      expect(approved, p.local).toBeGreaterThanOrEqual(3);
    }
    for (const local of DEMO_STAFF.filter((p) => p.roles.includes('HEAD_DEPARTMENT')).map((p) => p.local)) {
      const res = await t.app.inject({ url: `/api/v1/surveys/modules/${m.id}/results`, headers: bearer(await t.tokenFor(local)) });
      expect(res.statusCode, local).toBe(200);
      const data = res.json().data as { scope: { kind: string }; overall: { n: number; score: number | null }; teachers: unknown[] };
      expect(data.scope.kind, local).toBe('department');
      expect(data.overall.n, local).toBeGreaterThanOrEqual(5);
      expect(data.overall.score, local).not.toBeNull();
      expect(data.teachers.length, local).toBeGreaterThanOrEqual(1);
    }
  });

  it('vary: several levels on every grid row, a few straight-lined, times within the survey window', async () => {
    const spread = await rows<{ q: number; levels: number }>(sql`
      select d.question_id as q, count(distinct d.value_number)::int as levels from response_details d where d.grid_column_id is not null group by 1`);
    expect(spread.length).toBeGreaterThan(10);
    expect(spread.every((r) => r.levels >= 3)).toBe(true);
    const [f] = await rows<{ all: number; straight: number; early: number; late: number }>(sql`
      select count(*)::int as all, count(*) filter (where r.straight_lined)::int as straight,
             count(*) filter (where r.submitted_at < (s.start_date::timestamp at time zone 'Asia/Ho_Chi_Minh'))::int as early,
             count(*) filter (where r.submitted_at > now())::int as late
      from survey_responses r join surveys s on s.id = r.survey_id`);
    expect(f.all).toBeGreaterThan(200);
    expect(f.straight).toBeGreaterThan(0);
    expect(f.straight / f.all).toBeLessThan(0.15);
    expect(f.early).toBe(0);
  });

  it('are the same answers on every seeding (deterministic)', async () => {
    const other: Database = await createTestDatabase({ seeded: false });
    try {
      await seedDemo(other.db);
      const q = sql`select string_agg(st.student_code || ':' || coalesce(cc.code, '-') || ':' || (
                      select string_agg(coalesce(d.answer_text, '') || coalesce(d.answer_options::text, ''), ',' order by d.question_id)
                      from response_details d where d.response_id = r.id), ';' order by s.title, st.student_code, cc.code) as s
                    from survey_responses r join students st on st.id = r.student_id join surveys s on s.id = r.survey_id
                    left join course_classes cc on cc.id = r.course_class_id`;
      const [a] = await queryRows<{ s: string }>(t.database.db, q);
      const [b] = await queryRows<{ s: string }>(other.db, q);
      expect(a.s.length).toBeGreaterThan(1000);
      expect(b.s).toBe(a.s);
    } finally {
      await other.close();
    }
  });

  it("the open surveys' queue has real work: the seed's auto-review left a few texts pending with reasons and approved the rest", async () => {
    const byStatus = await rows<{ status: string; n: number; undecided: number; codes: string[] | null }>(sql`
      select v.status, count(*)::int as n, count(*) filter (where v.reviewed_at is null)::int as undecided,
             array(select distinct c ->> 'code' from jsonb_array_elements(jsonb_agg(v.reason_codes)) a, jsonb_array_elements(a) c order by 1) as codes
      from response_reviews v join response_details d on d.id = v.response_detail_id
      join survey_responses r on r.id = d.response_id join surveys s on s.id = r.survey_id and s.status = 'active'
      group by v.status order by v.status`);
    expect(byStatus.map((r) => r.status)).toEqual(['approved', 'pending']);
    const [approved, pending] = byStatus;
    expect(pending.n).toBeGreaterThanOrEqual(5);
    expect(pending.n).toBeLessThanOrEqual(30);
    expect(approved.n).toBeGreaterThan(10 * pending.n);
    expect(approved.codes).toEqual([]);
    // Every text was decided by the auto-review: nothing is left for the start-up sweep.
    expect(approved.undecided + pending.undecided).toBe(0);
    // A swear word, a phone number, a link and a pronoun of contempt: each reason the reviewer meets.
    expect(pending.codes).toEqual(expect.arrayContaining(['profanity', 'phone', 'link', 'insult']));
  });
});
