import { sql } from 'drizzle-orm';
import { AGREEMENT_COLUMNS } from '@app/shared/survey-fixtures';
import type { TSurvey, TSurveyQuestion } from '@app/shared/surveys';
import { queryRows, type Db } from '@/db/client';
import type { TestApp } from '@/test/app';
import { addCourseClass, addDepartments, addHead, addModules } from '@/test/school';
import { addResponses, insertTestSurvey, publishForTest } from '@/test/surveys';

/**
 * Tests only: a results fixture with known answers (issue 5). A module of its own holding one
 * SUBJECT_SPECIFIC survey with five grid rows (agreement 1–5 + "Không có ý kiến"; g5 hidden from
 * teachers), a linear scale, a multiple choice offering "Khác" and a long text; three course classes of grade-10
 * students of one campus:
 *   A (gv.van = T1): 6 responses, a5 straight-lined      B (T1): 3 responses
 *   C (gv.anh = T2): 5 responses, c2 straight-lined
 * T1 and T2 are put in the department headed by totruong.ly (H). The expected figures are worked
 * out by hand in the tests.
 */
const N = null;
export const ANSWERS = {
  A: [
    { g: [5, 4, 4, 5, 4], ls: 5, mc: 'A', tx: ['Thầy dạy rất dễ hiểu', 'approved'] },
    { g: [4, 4, 3, 4, 4], ls: 5, mc: 'B', tx: ['Cần thêm bài tập', 'pending'] },
    { g: [3, N, 2, 3, 3], ls: 4, mc: 'A' },
    { g: [4, 5, 5, 4, 5], ls: 4, mc: 'C' },
    { g: [5, 5, 5, 5, 5], ls: 5, mc: 'A', sl: true },
    { g: [2, 3, N, N, 3], ls: 1, mc: 'B', tx: ['Bị từ chối', 'rejected'] },
  ],
  B: [
    { g: [4, 4, 4, 3, 4], ls: 3, mc: 'A' },
    { g: [3, 3, 4, 4, 3], ls: 3, mc: 'B' },
    { g: [5, 4, 5, 5, 4], ls: 4, mc: 'A', tx: ['Lớp B rất vui', 'approved'] },
  ],
  C: [
    { g: [2, 2, 3, 2, 2], ls: 2, mc: 'C' },
    { g: [3, 3, 3, 3, 3], ls: 3, mc: 'C', sl: true },
    { g: [4, 3, 4, 4, 3], ls: 5, mc: 'A', tx: ['Cô nhiệt tình', 'approved'] },
    { g: [1, 2, 2, N, 1], ls: 1, mc: 'B' },
    { g: [3, 4, 3, 3, 4], ls: 2, mc: 'A' },
  ],
} as const satisfies Record<
  string,
  Array<{ g: Array<number | null>; ls: number; mc: string; sl?: boolean; tx?: readonly [string, string] }>
>;

export type ClassKey = keyof typeof ANSWERS;

function surveyInput(moduleId: number, subject: { id: number; name: string }): TSurvey {
  const group = { id: 1, columns: AGREEMENT_COLUMNS };
  const q = (p: Partial<TSurveyQuestion> & Pick<TSurveyQuestion, 'id' | 'questionType' | 'displayOrder'>): TSurveyQuestion => ({
    content: `<p>Câu ${p.id}</p>`,
    required: 0,
    options: null,
    visibleToTeacher: true,
    lmsOnly: false,
    gridGroup: null,
    ...p,
  });
  return {
    id: 1,
    title: 'Khảo sát kết quả (kiểm thử)',
    description: null,
    coverImageUrl: null,
    surveyType: 'SUBJECT_SPECIFIC',
    status: 'active',
    startDate: '2026-01-05',
    endDate: '2026-01-20',
    allowedGrades: [10, 11, 12],
    moduleId,
    subjectId: subject.id,
    subject: { id: subject.id, name: subject.name, usesLms: true },
    autoCalculate: false,
    isTemplate: false,
    studentCourseClass: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    sections: [
      {
        id: 1,
        title: 'Giảng dạy',
        description: null,
        displayOrder: 1,
        questions: [1, 2, 3, 4, 5].map((i) =>
          q({ id: i, questionType: 'grid', displayOrder: i, gridGroup: group, visibleToTeacher: i !== 5, content: `<p>Tiêu chí ${i}</p>` }),
        ),
      },
      {
        id: 2,
        title: 'Ý kiến',
        description: null,
        displayOrder: 2,
        questions: [
          q({ id: 6, questionType: 'linear_scale', displayOrder: 1, options: { min: 1, max: 5, minLabel: 'Kém', maxLabel: 'Tốt' } }),
          q({ id: 7, questionType: 'multiple_choice', displayOrder: 2, options: { choices: ['A', 'B', 'C'], allowOther: true } }),
          q({ id: 8, questionType: 'long_text', displayOrder: 3 }),
        ],
      },
    ],
  };
}

const one = async <T>(db: Db, q: ReturnType<typeof sql>) => (await queryRows<T>(db, q))[0];

type Answer = { g: ReadonlyArray<number | null>; ls: number; mc: string; sl?: boolean; tx?: readonly [string, string] };
type Student = { id: number; homeroomClassId: number | null };

/** One subject survey of the module: its course classes (one teacher each) and their answers, stored as a submission would store them. */
async function addSurvey(
  db: Db,
  o: {
    moduleId: number;
    subject: { id: number; name: string };
    campusId: number;
    students: Student[];
    title?: string;
    classes: Array<{ code: string; name: string; teacherId: number; answers: readonly Answer[] }>;
    /** false: leave it open (active) and unpublished. */
    publish?: boolean;
  },
) {
  const input = surveyInput(o.moduleId, o.subject);
  const { survey } = await insertTestSurvey(db, o.title ? { ...input, title: o.title } : input);
  const questions = survey.sections.flatMap((s) => s.questions).sort((a, b) => a.id - b.id);
  const [g1, g2, g3, g4, g5, ls, mc, tx] = questions.map((q) => q.id);
  const columns = questions[0].gridGroup!.columns;
  const columnOf = (v: number | null) => columns.find((c) => (v === null ? c.value === 'None' : c.valueNumber === v))!;
  /** Stores one response of `student` in class `classId` naming `teacherIds`, as a submission stores it. */
  const answer = async (classId: number, teacherIds: number[], st: Student, a: Answer) => {
    const [r] = await addResponses(db, [
      {
        surveyId: survey.id,
        studentId: st.id,
        courseClassId: classId,
        teacherIds,
        studentGrade: 10,
        campusId: o.campusId,
        homeroomClassId: st.homeroomClassId,
        straightLined: a.sl === true,
      },
    ]);
    const rows = a.g.map((v, i) => {
      const c = columnOf(v);
      return sql`(${r.id}, ${[g1, g2, g3, g4, g5][i]}, ${c.label}, null::jsonb, ${c.id}, ${c.valueNumber})`;
    });
    rows.push(sql`(${r.id}, ${ls}, ${String(a.ls)}, null::jsonb, null, ${a.ls})`);
    rows.push(sql`(${r.id}, ${mc}, null, ${JSON.stringify([a.mc])}::jsonb, null, null)`);
    if (a.tx) rows.push(sql`(${r.id}, ${tx}, ${a.tx[0]}, null::jsonb, null, null)`);
    await db.execute(
      sql`insert into response_details (response_id, question_id, answer_text, answer_options, grid_column_id, value_number) values ${sql.join(rows, sql`, `)}`,
    );
    if (a.tx) {
      await db.execute(sql`insert into response_reviews (response_detail_id, status, reviewed_at)
          select id, ${a.tx[1]}, case when ${a.tx[1]} = 'pending' then null else now() end from response_details where response_id = ${r.id} and question_id = ${tx}`);
    }
    return r.id;
  };
  const classIds: number[] = [];
  const responseIds: number[][] = [];
  let s = 0;
  for (const cls of o.classes) {
    const classStudents = o.students.slice(s, (s += cls.answers.length));
    const { id: classId } = await addCourseClass(db, {
      code: cls.code,
      name: cls.name,
      subjectId: o.subject.id,
      moduleId: o.moduleId,
      campusId: o.campusId,
      grade: 10,
      teacherIds: [cls.teacherId],
      studentIds: classStudents.map((st) => st.id),
    });
    classIds.push(classId);
    responseIds.push([]);
    for (const [i, a] of cls.answers.entries())
      responseIds[responseIds.length - 1].push(await answer(classId, [cls.teacherId], classStudents[i], a));
  }
  // Closed and published, so teachers and heads read its figures (publication has tests of its own).
  if (o.publish !== false) await publishForTest(db, survey.id);
  return { surveyId: survey.id, classIds, responseIds, q: { g1, g2, g3, g4, g5, ls, mc, tx }, answer };
}

export async function buildResultsFixture(t: TestApp) {
  const db = t.database.db;
  const teacherOf = async (local: string) =>
    one<{ id: number }>(db, sql`select t.id from teachers t where t.user_id = ${await t.userId(local)}`).then((r) => r.id);
  const T1 = await teacherOf('gv.van');
  const T2 = await teacherOf('gv.anh');
  const H = await teacherOf('totruong.ly');
  const headed = await one<{ id: number } | undefined>(
    db,
    sql`select department_id as id from department_heads where teacher_id = ${H} limit 1`,
  );
  let D = headed?.id;
  if (!D) {
    D = (await addDepartments(db, [{ code: 'KQTT', name: 'Tổ kiểm thử' }]))[0].id;
    await addHead(db, D, H);
  }
  await db.execute(sql`update teachers set department_id = ${D} where id in (${T1}, ${T2}, ${H})`);

  const sem = await one<{ id: number }>(db, sql`select id from semesters order by is_current desc, id limit 1`);
  const [{ id: moduleId }] = await addModules(db, [
    { code: 'KQ-TEST', name: 'Module kiểm thử kết quả', semesterId: sem.id, startDate: '2026-01-01', endDate: '2026-02-01' },
  ]);
  const subject = await one<{ id: number; name: string }>(db, sql`select id, name from subjects order by id limit 1`);
  const campus = await one<{ id: number }>(
    db,
    sql`select campus_id as id from students where grade = 10 and status = 'active' group by 1 order by count(*) desc limit 1`,
  );
  const students = await queryRows<Student>(
    db,
    sql`
    select id, homeroom_class_id as "homeroomClassId" from students where grade = 10 and status = 'active' and campus_id = ${campus.id} order by id limit 14`,
  );
  if (students.length < 14) throw new Error('the demo school has too few grade-10 students on one campus');

  const teachersOf: Record<ClassKey, number> = { A: T1, B: T1, C: T2 };
  const keys = ['A', 'B', 'C'] as const;
  const made = await addSurvey(db, {
    moduleId,
    subject,
    campusId: campus.id,
    students,
    classes: keys.map((key) => ({ code: `KQ-${key}`, name: `Lớp ${key} kiểm thử`, teacherId: teachersOf[key], answers: ANSWERS[key] })),
  });
  const classes = Object.fromEntries(keys.map((k, i) => [k, made.classIds[i]])) as Record<ClassKey, number>;
  const fixture = {
    surveyId: made.surveyId,
    moduleId,
    subjectId: subject.id,
    campusId: campus.id,
    T1,
    T2,
    H,
    D,
    classes,
    q: made.q,
    responseIds: made.responseIds.flat(),
    students,
  };
  return {
    ...fixture,
    /**
     * A second subject survey in the module (another subject) with one class per entry, e.g. a class
     * of 3 for T2 so that T2 has a shown class in one survey and a hidden one in the other.
     */
    addSurvey: async (classes: Array<{ code: string; name: string; teacherId: number; answers: readonly Answer[] }>, publish = true) => {
      const other = await one<{ id: number; name: string }>(
        db,
        sql`select id, name from subjects where id <> ${subject.id} order by id limit 1`,
      );
      return addSurvey(db, {
        moduleId,
        subject: other,
        campusId: campus.id,
        students,
        classes,
        title: `Khảo sát môn ${other.name} (kiểm thử)`,
        publish,
      });
    },
  };
}

export type ResultsFixture = Awaited<ReturnType<typeof buildResultsFixture>>;
