/**
 * What bench/submit.ts (the load over HTTP) and bench/submit-cost.ts (the per-submission cost,
 * in-process) share: the 40-question survey, the students' answers and the check (the fresh
 * database is bench/support.ts's).
 */
import { sql } from 'drizzle-orm';
import { AGREEMENT_COLUMNS } from '@app/shared/survey-fixtures';
import type { TAnswers, TSurvey, TSurveyQuestion } from '@app/shared/surveys';
import { queryRows, type Database } from '../apps/server/src/db/client';
import { insertTestSurvey } from '../apps/server/src/test/surveys';
import { schoolToday } from '../apps/server/src/areas/surveys/core/school-day';
import { seedDemo } from '../apps/server/src/seed/demo';
import { type createRng } from '../apps/server/src/seed/demo-names';
import { insertBenchStudents } from './support';

export const ANSWERS = 40;

/** 30 grid rows (5 numbered columns + "Không có ý kiến"), 5 linear scales, 3 multiple choice, 2 long texts. */
export function surveyInput(moduleId: number, title: string): TSurvey {
  let id = 1;
  const q = (p: Pick<TSurveyQuestion, 'questionType' | 'displayOrder'> & Partial<TSurveyQuestion>): TSurveyQuestion => ({
    id: id++,
    content: `<p>Câu hỏi ${id}</p>`,
    required: 1,
    options: null,
    visibleToTeacher: true,
    lmsOnly: false,
    gridGroup: null,
    ...p,
  });
  const group = { id: 1, columns: AGREEMENT_COLUMNS };
  const today = schoolToday();
  const day = (offset: number) => new Date(Date.parse(today) + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    id: 1,
    title,
    description: null,
    coverImageUrl: null,
    surveyType: 'GENERAL',
    status: 'active',
    startDate: day(-1),
    endDate: day(6),
    allowedGrades: [10, 11, 12],
    moduleId,
    subjectId: null,
    subject: null,
    autoCalculate: false,
    isTemplate: false,
    studentCourseClass: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    sections: [
      {
        id: 1,
        title: 'Nhà trường',
        description: null,
        displayOrder: 1,
        questions: Array.from({ length: 30 }, (_, i) => q({ questionType: 'grid', displayOrder: i + 1, gridGroup: group })),
      },
      {
        id: 2,
        title: 'Ý kiến chung',
        description: null,
        displayOrder: 2,
        questions: [
          ...Array.from({ length: 5 }, (_, i) =>
            q({ questionType: 'linear_scale', displayOrder: i + 1, options: { min: 1, max: 5, minLabel: 'Kém', maxLabel: 'Tốt' } }),
          ),
          ...Array.from({ length: 3 }, (_, i) =>
            q({ questionType: 'multiple_choice', displayOrder: 6 + i, options: { choices: ['A', 'B', 'C'], allowOther: false } }),
          ),
          ...Array.from({ length: 2 }, (_, i) => q({ questionType: 'long_text', displayOrder: 9 + i })),
        ],
      },
    ],
  };
}

export function answersFor(survey: TSurvey, rng: ReturnType<typeof createRng>): TAnswers {
  const a: TAnswers = {};
  for (const s of survey.sections)
    for (const x of s.questions) {
      if (x.questionType === 'grid') a[x.id] = rng.next() < 0.05 ? 'None' : String(rng.int(1, 5));
      else if (x.questionType === 'linear_scale') a[x.id] = rng.int(1, 5);
      else if (x.questionType === 'multiple_choice') a[x.id] = rng.pick(['A', 'B', 'C']);
      else a[x.id] = `Em mong nhà trường có thêm nhiều hoạt động ngoại khoá, câu lạc bộ và giờ thực hành (${rng.int(1, 1000)}).`;
    }
  return a;
}

export interface Fixture {
  students: Array<{ studentId: number; userId: number }>;
  surveyId: number;
  /** A copy of the survey the bare SQL reference answers (same questions, no conflict with the load's rows). */
  refSurvey: TSurvey;
  survey: TSurvey;
}

/** Migrated and seeded, `count` students with accounts, the survey and its reference copy. */
export async function prepare(database: Database, count: number): Promise<Fixture> {
  const db = database.db;
  await database.migrate();
  await seedDemo(db);
  const studentIds = await insertBenchStudents(db, { count, prefix: 'SB', seed: 1_500 });
  const [mod] = await queryRows<{ id: number }>(db, sql`select id from modules where is_current`);
  const { survey } = await insertTestSurvey(db, surveyInput(mod.id, 'Khảo sát cuối kỳ (bench)'));
  const { survey: refSurvey } = await insertTestSurvey(db, surveyInput(mod.id, 'Khảo sát tham chiếu (bench, bare SQL)'));
  await db.execute(sql`analyze`);
  return { students: studentIds, surveyId: survey.id, survey, refSurvey };
}

/** Exactly `students` responses, one each, each with all ANSWERS details. */
export async function checkCounts(db: Database['db'], surveyId: number, students: number) {
  const [c] = await queryRows<{ responses: number; students: number; details: number; short: number }>(
    db,
    sql`
    select (select count(*)::int from survey_responses where survey_id = ${surveyId}) as responses,
           (select count(distinct student_id)::int from survey_responses where survey_id = ${surveyId}) as students,
           (select count(*)::int from response_details d join survey_responses r on r.id = d.response_id where r.survey_id = ${surveyId}) as details,
           (select count(*)::int from (select r.id from survey_responses r left join response_details d on d.response_id = r.id
              where r.survey_id = ${surveyId} group by r.id having count(d.id) <> ${ANSWERS}) x) as short`,
  );
  return { ...c, ok: c.responses === students && c.students === students && c.details === students * ANSWERS && c.short === 0 };
}
