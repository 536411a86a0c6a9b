import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { pgErrorOf } from '../plugins/errors';
import { createTestDatabase } from '../test/db';
import type { Database, Db } from './client';
import { academicYears, modules, semesters } from './schema/academic';
import { campuses, courseClasses, students, subjects, teachers } from './schema/school';
import { responseDetails, responseReviewHistory, responseReviews, surveyResponses } from './schema/survey-responses';
import { gridColumns, gridGroups, scoreConfigs, surveyQuestions, surveys, surveySections } from './schema/surveys';

/** The storage rules of issues 4–6 that the database itself must hold, on PGlite and on PostgreSQL. */

let database: Database;
let db: Db;
const ids = { module: 0, subject: 0, campus: 0, studentA: 0, studentB: 0, classA: 0, classB: 0, teacher: 0 };

async function expectPgError(run: Promise<unknown>, code: string, constraint: string) {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected ${code} ${constraint}`).not.toBeNull();
  expect(pgErrorOf(err)).toEqual({ code, constraint });
}

async function newSurvey(values: Partial<typeof surveys.$inferInsert> = {}) {
  const [row] = await db
    .insert(surveys)
    .values({ title: 'Khảo sát', surveyType: 'GENERAL', moduleId: ids.module, allowedGrades: [10, 11, 12], ...values })
    .returning();
  return row;
}

/** A survey with one section holding a grid of two rows (shared columns) and a long-text question. */
async function surveyWithContent(values: Partial<typeof surveys.$inferInsert> = {}) {
  const survey = await newSurvey(values);
  const [section] = await db.insert(surveySections).values({ surveyId: survey.id, title: 'Phần 1', displayOrder: 1 }).returning();
  const [group] = await db.insert(gridGroups).values({ sectionId: section.id }).returning();
  const columns = await db
    .insert(gridColumns)
    .values([
      { groupId: group.id, label: 'Rất không đồng ý', value: '1', valueNumber: 1, displayOrder: 1 },
      { groupId: group.id, label: 'Rất đồng ý', value: '5', valueNumber: 5, displayOrder: 2 },
      { groupId: group.id, label: 'Không có ý kiến', value: 'None', valueNumber: null, displayOrder: 0 },
    ])
    .returning();
  const questions = await db
    .insert(surveyQuestions)
    .values([
      {
        sectionId: section.id,
        content: '<p>Thầy cô giảng dễ hiểu</p>',
        questionType: 'grid',
        gridGroupId: group.id,
        required: true,
        displayOrder: 1,
      },
      {
        sectionId: section.id,
        content: '<p>Thầy cô đúng giờ</p>',
        questionType: 'grid',
        gridGroupId: group.id,
        required: true,
        displayOrder: 2,
      },
      { sectionId: section.id, content: '<p>Góp ý khác</p>', questionType: 'long_text', displayOrder: 3 },
    ])
    .returning();
  return { survey, section, group, columns, questions };
}

function response(surveyId: number, studentId: number, courseClassId: number | null = null) {
  return {
    surveyId,
    studentId,
    courseClassId,
    teacherIds: courseClassId ? [ids.teacher] : [],
    studentGrade: 10,
    campusId: ids.campus,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const [year] = await db.insert(academicYears).values({ name: '2026-2027', startDate: '2026-09-01', endDate: '2027-05-31' }).returning();
  const [semester] = await db
    .insert(semesters)
    .values({ name: 'HK1', academicYearId: year.id, startDate: '2026-09-01', endDate: '2027-01-15' })
    .returning();
  const [mod] = await db
    .insert(modules)
    .values({ code: 'M1', name: 'Module 1', semesterId: semester.id, startDate: '2026-09-01', endDate: '2026-10-31' })
    .returning();
  const [campus] = await db.insert(campuses).values({ code: 'CS1', name: 'Cơ sở 1' }).returning();
  const [subject] = await db.insert(subjects).values({ code: 'TOAN', name: 'Toán' }).returning();
  const [a, b] = await db
    .insert(students)
    .values([
      { studentCode: 'HS001', fullName: 'Nguyễn Văn An', grade: 10, campusId: campus.id },
      { studentCode: 'HS002', fullName: 'Trần Thị Bình', grade: 10, campusId: campus.id },
    ])
    .returning();
  const classes = await db
    .insert(courseClasses)
    .values([
      { code: 'TOAN-10-1', name: 'Toán 10.1', subjectId: subject.id, moduleId: mod.id, campusId: campus.id, grade: 10, capacity: 40 },
      { code: 'TOAN-10-2', name: 'Toán 10.2', subjectId: subject.id, moduleId: mod.id, campusId: campus.id, grade: 10, capacity: 40 },
    ])
    .returning();
  const [teacher] = await db.insert(teachers).values({ staffCode: 'GV001', fullName: 'Lê Văn Cường' }).returning();
  Object.assign(ids, {
    module: mod.id,
    subject: subject.id,
    campus: campus.id,
    studentA: a.id,
    studentB: b.id,
    classA: classes[0].id,
    classB: classes[1].id,
    teacher: teacher.id,
  });
});
afterAll(() => database.close());

describe('one response per (survey, student, course class)', () => {
  it('refuses a second GENERAL response (null course class counts as a value)', async () => {
    const survey = await newSurvey();
    await db.insert(surveyResponses).values(response(survey.id, ids.studentA));
    await expectPgError(db.insert(surveyResponses).values(response(survey.id, ids.studentA)), '23505', 'survey_responses_one_uq');
    await db.insert(surveyResponses).values(response(survey.id, ids.studentB));
    const [{ n }] = await db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.surveyId, survey.id));
    expect(n).toBe(2);
  });

  it('refuses a second response for the same course class, allows another class', async () => {
    const survey = await newSurvey({ surveyType: 'SUBJECT_SPECIFIC', subjectId: ids.subject });
    await db.insert(surveyResponses).values(response(survey.id, ids.studentA, ids.classA));
    await expectPgError(
      db.insert(surveyResponses).values(response(survey.id, ids.studentA, ids.classA)),
      '23505',
      'survey_responses_one_uq',
    );
    await db.insert(surveyResponses).values(response(survey.id, ids.studentA, ids.classB));
  });

  it('stores exactly one of 20 parallel identical submissions with ON CONFLICT DO NOTHING', async () => {
    const survey = await newSurvey();
    const target = [surveyResponses.surveyId, surveyResponses.studentId, surveyResponses.courseClassId];
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        db
          .insert(surveyResponses)
          .values(response(survey.id, ids.studentA))
          .onConflictDoNothing({ target })
          .returning({ id: surveyResponses.id }),
      ),
    );
    expect(results.filter((r) => r.length === 1)).toHaveLength(1);
    const [{ n }] = await db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.surveyId, survey.id));
    expect(n).toBe(1);
  });

  it('refuses teachers on a response without a course class', async () => {
    const survey = await newSurvey();
    await expectPgError(
      db.insert(surveyResponses).values({ ...response(survey.id, ids.studentA), teacherIds: [ids.teacher] }),
      '23514',
      'survey_responses_teachers_ck',
    );
  });
});

describe('survey rules', () => {
  it('refuses a SUBJECT_SPECIFIC survey without a subject, and a GENERAL one with a subject', async () => {
    await expectPgError(newSurvey({ surveyType: 'SUBJECT_SPECIFIC' }), '23514', 'surveys_subject_ck');
    await expectPgError(newSurvey({ surveyType: 'GENERAL', subjectId: ids.subject }), '23514', 'surveys_subject_ck');
  });

  it('lets a subject template leave its subject to apply-template, but keeps templates draft and moduleless', async () => {
    await newSurvey({ surveyType: 'SUBJECT_SPECIFIC', isTemplate: true, moduleId: null });
    await expectPgError(newSurvey({ isTemplate: true }), '23514', 'surveys_template_ck');
    await expectPgError(
      newSurvey({ isTemplate: true, moduleId: null, status: 'active', startDate: '2026-09-01', endDate: '2026-09-30' }),
      '23514',
      'surveys_template_ck',
    );
    await expectPgError(newSurvey({ moduleId: null }), '23514', 'surveys_template_ck');
  });

  it('needs dates in order once the survey leaves draft, and grades among 10–12', async () => {
    await expectPgError(newSurvey({ status: 'active' }), '23514', 'surveys_dates_ck');
    await expectPgError(newSurvey({ startDate: '2026-10-01', endDate: '2026-09-01' }), '23514', 'surveys_date_order_ck');
    await expectPgError(newSurvey({ allowedGrades: [9, 10] }), '23514', 'surveys_grades_ck');
    await newSurvey({ status: 'active', startDate: '2026-09-01', endDate: '2026-09-01' });
  });
});

describe('questions and grids', () => {
  it('refuses a grid question without a grid group, and a grid group on another type', async () => {
    const { section, group } = await surveyWithContent();
    await expectPgError(
      db.insert(surveyQuestions).values({ sectionId: section.id, content: 'x', questionType: 'grid', displayOrder: 10 }),
      '23514',
      'survey_questions_grid_ck',
    );
    await expectPgError(
      db
        .insert(surveyQuestions)
        .values({ sectionId: section.id, content: 'x', questionType: 'short_text', gridGroupId: group.id, displayOrder: 10 }),
      '23514',
      'survey_questions_grid_ck',
    );
    await expectPgError(
      db.insert(surveyQuestions).values({ sectionId: section.id, content: 'x', questionType: 'essay', displayOrder: 10 }),
      '23514',
      'survey_questions_type_ck',
    );
  });

  it('refuses a grid row joining a group of another section', async () => {
    const { survey, group } = await surveyWithContent();
    const [other] = await db.insert(surveySections).values({ surveyId: survey.id, title: 'Phần 2', displayOrder: 2 }).returning();
    await expectPgError(
      db
        .insert(surveyQuestions)
        .values({ sectionId: other.id, content: 'x', questionType: 'grid', gridGroupId: group.id, displayOrder: 1 }),
      '23503',
      'survey_questions_grid_group_fk',
    );
  });

  it('refuses a number on the "Không có ý kiến" column and a repeated label', async () => {
    const { group } = await surveyWithContent();
    await expectPgError(
      db.insert(gridColumns).values({ groupId: group.id, label: 'Khác', value: 'None', valueNumber: 0, displayOrder: 9 }),
      '23514',
      'grid_columns_none_ck',
    );
    await expectPgError(
      db.insert(gridColumns).values({ groupId: group.id, label: 'Rất đồng ý', value: '4', valueNumber: 4, displayOrder: 9 }),
      '23505',
      'grid_columns_label_uq',
    );
  });

  it('lets a transaction swap display orders row by row, and refuses a duplicate order at commit', async () => {
    const { survey, questions } = await surveyWithContent();
    const [q1, q2] = questions;
    await db.transaction(async (tx) => {
      await tx.update(surveyQuestions).set({ displayOrder: 2 }).where(eq(surveyQuestions.id, q1.id));
      await tx.update(surveyQuestions).set({ displayOrder: 1 }).where(eq(surveyQuestions.id, q2.id));
    });
    const rows = await db
      .select()
      .from(surveyQuestions)
      .where(inArray(surveyQuestions.id, [q1.id, q2.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.displayOrder]))).toEqual({ [q1.id]: 2, [q2.id]: 1 });

    await db.insert(surveySections).values({ surveyId: survey.id, title: 'Phần 2', displayOrder: 2 });
    await expectPgError(
      db.transaction(async (tx) => {
        await tx.insert(surveySections).values({ surveyId: survey.id, title: 'Phần 3', displayOrder: 2 });
      }),
      '23505',
      'survey_sections_order_uq',
    );
  });
});

describe('deleting', () => {
  it('refuses to delete a survey that has responses, or a question or column that was answered', async () => {
    const { survey, questions, columns } = await surveyWithContent();
    const [resp] = await db.insert(surveyResponses).values(response(survey.id, ids.studentA)).returning();
    await db
      .insert(responseDetails)
      .values({ responseId: resp.id, questionId: questions[0].id, gridColumnId: columns[1].id, valueNumber: 5 });
    await expectPgError(db.delete(surveys).where(eq(surveys.id, survey.id)), '23503', 'survey_responses_survey_id_surveys_id_fk');
    await expectPgError(
      db.delete(surveyQuestions).where(eq(surveyQuestions.id, questions[0].id)),
      '23503',
      'response_details_question_id_survey_questions_id_fk',
    );
    await expectPgError(
      db.delete(gridColumns).where(eq(gridColumns.id, columns[1].id)),
      '23503',
      'response_details_grid_column_id_grid_columns_id_fk',
    );
    const [{ n }] = await db.select({ n: count() }).from(surveySections).where(eq(surveySections.surveyId, survey.id));
    expect(n).toBe(1);
  });

  it('removes sections, groups, columns, questions and score config with a survey that has no responses', async () => {
    const { survey, section, group, questions } = await surveyWithContent();
    await db.insert(scoreConfigs).values({ surveyId: survey.id, questionId: questions[0].id });
    await db.delete(surveys).where(eq(surveys.id, survey.id));
    const left = await db.execute(sql`
      select (select count(*) from survey_sections where id = ${section.id})::int as sections,
             (select count(*) from grid_groups where id = ${group.id})::int as groups,
             (select count(*) from grid_columns where group_id = ${group.id})::int as columns,
             (select count(*) from survey_questions where section_id = ${section.id})::int as questions,
             (select count(*) from score_configs where survey_id = ${survey.id})::int as scores`);
    expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({ sections: 0, groups: 0, columns: 0, questions: 0, scores: 0 });
  });

  it('takes details, reviews and review history with a deleted response', async () => {
    const { survey, questions } = await surveyWithContent();
    const [resp] = await db.insert(surveyResponses).values(response(survey.id, ids.studentB)).returning();
    const [detail] = await db
      .insert(responseDetails)
      .values({ responseId: resp.id, questionId: questions[2].id, answerText: 'Thầy dạy rất hay' })
      .returning();
    const [review] = await db.insert(responseReviews).values({ responseDetailId: detail.id }).returning();
    await db.insert(responseReviewHistory).values({ reviewId: review.id, status: 'pending' });
    await expectPgError(
      db.update(responseReviews).set({ status: 'approved' }).where(eq(responseReviews.id, review.id)),
      '23514',
      'response_reviews_decided_ck',
    );
    await db.delete(surveyResponses).where(eq(surveyResponses.id, resp.id));
    expect(await db.select().from(responseDetails).where(eq(responseDetails.id, detail.id))).toEqual([]);
    expect(await db.select().from(responseReviewHistory).where(eq(responseReviewHistory.reviewId, review.id))).toEqual([]);
    // The student may answer again.
    await db.insert(surveyResponses).values(response(survey.id, ids.studentB));
  });
});
