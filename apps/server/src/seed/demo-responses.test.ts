import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { validateSubmission } from '@app/shared/survey-validation';
import { queryRows, type Database } from '../db/client';
import { loadSurvey } from '../areas/surveys/core/surveys.repository';
import { autoReviewUndecided } from '../areas/surveys/text-reviews/text-reviews.service';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/db';
import { DEMO_STUDENTS, demoEmail, seedDemo } from './demo';

/** The demo answers (demo-responses.ts) on the seeded template every test file starts from. */
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
  it('answer both active demo surveys, 55–80 % per homeroom class, and never for the demo student accounts', async () => {
    const surveys = await activeSurveys();
    expect(surveys).toHaveLength(2);
    for (const s of surveys) {
      const res = await t.app.inject({ url: `/api/v1/surveys/${s.id}/class-surveys-status`, headers: bearer(admin) });
      const classes = res.json().data as Array<{ homeroomClassName: string; rate: number; done: number; expected: number }>;
      expect(classes.length, s.title).toBeGreaterThanOrEqual(6);
      // 55–80 % of the items of students with no demo account; a demo student left unanswered lowers a class a little.
      for (const c of classes) expect(c.rate, `${s.title} / ${c.homeroomClassName}`).toBeGreaterThanOrEqual(50);
      for (const c of classes) expect(c.rate, `${s.title} / ${c.homeroomClassName}`).toBeLessThanOrEqual(80);
    }
    const emails = DEMO_STUDENTS.map((p) => demoEmail(p.local));
    const [{ n }] = await rows<{ n: number }>(sql`
      select count(*)::int as n from survey_responses r join users u on u.student_id = r.student_id
      where u.email = any(${`{${emails.join(',')}}`}::text[])`);
    expect(n).toBe(0);
  });

  it('are stored as real submissions: valid, numbers from the grid columns, a pending review per free text of the open surveys', async () => {
    const mismatched = await rows<{ n: number }>(sql`
      select count(*)::int as n from response_details d join grid_columns c on c.id = d.grid_column_id
      where d.answer_text <> c.label or d.value_number is distinct from c.value_number`);
    expect(mismatched[0].n).toBe(0);
    const [texts] = await rows<{ texts: number; reviewed: number; pending: number }>(sql`
      select count(*)::int as texts, count(v.id)::int as reviewed, count(*) filter (where v.status = 'pending')::int as pending
      from response_details d join survey_questions q on q.id = d.question_id
      join survey_responses r on r.id = d.response_id join surveys s on s.id = r.survey_id and s.status = 'active'
      left join response_reviews v on v.response_detail_id = d.id
      where q.question_type in ('short_text', 'long_text') or d.other_value is not null`);
    expect(texts.texts).toBeGreaterThan(20);
    expect(texts.reviewed).toBe(texts.texts);
    expect(texts.pending).toBe(texts.texts);
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

  it('the first module has a closed Toán survey: most classes ≥ MIN_GROUP_SIZE, a few under, every text decided, published by the quality office', async () => {
    const closed = await rows<{ id: number; publishedAt: string | null; publishedBy: string | null; module: string }>(sql`
      select s.id, s.published_at as "publishedAt", u.email as "publishedBy", m.code as module
      from surveys s join modules m on m.id = s.module_id left join users u on u.id = s.published_by
      where s.status = 'closed' and not s.is_template`);
    expect(closed).toHaveLength(1);
    const [c] = closed;
    expect(c.module).toBe('2026-HK1-M1');
    expect(c.publishedAt).not.toBeNull();
    expect(c.publishedBy).toBe(demoEmail('dbcl'));

    const perClass = await rows<{ n: number; size: number }>(sql`
      select count(r.id)::int as n, (select count(*)::int from course_class_students e where e.course_class_id = cc.id) as size
      from course_classes cc join surveys s on s.id = ${c.id} and s.subject_id = cc.subject_id and s.module_id = cc.module_id
      left join survey_responses r on r.survey_id = s.id and r.course_class_id = cc.id group by cc.id`);
    expect(perClass.length).toBeGreaterThanOrEqual(6);
    const under = perClass.filter((x) => x.n < 5);
    expect(under.length).toBeGreaterThanOrEqual(1);
    expect(under.length).toBeLessThanOrEqual(perClass.length / 3);
    for (const x of under) expect(x.n).toBeGreaterThanOrEqual(2);

    const [v] = await rows<{ texts: number; approved: number; rejected: number; rejectedByPerson: number; history: number }>(sql`
      select count(*)::int as texts, count(*) filter (where v.status = 'approved')::int as approved,
             count(*) filter (where v.status = 'rejected')::int as rejected,
             count(*) filter (where v.status = 'rejected' and u.email = ${demoEmail('dbcl')} and v.reason is not null)::int as "rejectedByPerson",
             (select count(*)::int from response_review_history h where h.review_id = any(array_agg(v.id))) as history
      from response_reviews v join response_details d on d.id = v.response_detail_id join survey_responses r on r.id = d.response_id
      left join users u on u.id = v.reviewer_id
      where r.survey_id = ${c.id}`);
    expect(v.texts).toBeGreaterThan(20);
    expect(v.approved + v.rejected).toBe(v.texts);
    expect(v.rejected).toBeGreaterThanOrEqual(1);
    expect(v.rejected).toBeLessThan(v.texts / 10);
    expect(v.rejectedByPerson).toBe(v.rejected);
    expect(v.history).toBe(v.approved + 2 * v.rejected);
    const [times] = await rows<{ outside: number }>(sql`
      select count(*)::int as outside from survey_responses r join surveys s on s.id = r.survey_id
      where s.id = ${c.id} and (r.submitted_at < (s.start_date::timestamp at time zone 'Asia/Ho_Chi_Minh')
                                or r.submitted_at > ((s.end_date + 1)::timestamp at time zone 'Asia/Ho_Chi_Minh'))`);
    expect(times.outside).toBe(0);
  });

  it('the published survey gives real figures to its teacher (gv.toan, head of Toán) for the first module', async () => {
    const [m] = await rows<{ id: number }>(sql`select id from modules where code = '2026-HK1-M1'`);
    const token = await t.tokenFor('gv.toan');
    const res = await t.app.inject({ url: `/api/v1/surveys/modules/${m.id}/teachers/me/course-results`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { summary: { n: number; score: number | null }; items: unknown[] };
    expect(data.summary.n).toBeGreaterThanOrEqual(5);
    expect(data.summary.score).not.toBeNull();
    expect(data.items.length).toBeGreaterThanOrEqual(1);
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

  // Last: it decides the open surveys' texts, as the first start's auto-review sweep does.
  it("the open surveys' queue has real work: after the auto-review a few texts stay pending with reasons, the rest are approved", async () => {
    await autoReviewUndecided(t.database.db, { limit: 100_000 });
    const byStatus = await rows<{ status: string; n: number; codes: string[] | null }>(sql`
      select v.status, count(*)::int as n,
             array(select distinct c ->> 'code' from jsonb_array_elements(jsonb_agg(v.reason_codes)) a, jsonb_array_elements(a) c order by 1) as codes
      from response_reviews v join response_details d on d.id = v.response_detail_id
      join survey_responses r on r.id = d.response_id join surveys s on s.id = r.survey_id and s.status = 'active'
      group by v.status order by v.status`);
    const pending = byStatus.find((r) => r.status === 'pending');
    const approved = byStatus.find((r) => r.status === 'approved');
    expect(pending?.n).toBeGreaterThanOrEqual(5);
    expect(pending?.n).toBeLessThanOrEqual(30);
    expect(approved?.n).toBeGreaterThan(10 * pending!.n);
    // A swear word, a phone number, a link and a pronoun of contempt: each reason the reviewer meets.
    expect(pending?.codes).toEqual(expect.arrayContaining(['profanity', 'phone', 'link', 'insult']));
  });
});
