import { sql } from 'drizzle-orm';
import { answersToSubmission } from '@app/shared/survey-answers';
import { validateSubmission } from '@app/shared/survey-validation';
import { htmlToPlainText, normalizeOptions, orderedSections, type TAnswers, type TSurvey, type TSurveyQuestion } from '@app/shared/surveys';
import { queryRows, type Tx } from '../db/client';
import { responseDetails, responseReviews, surveyResponses } from '../db/schema/survey-responses';
import { eligibleItemsSql } from '../areas/surveys/core/eligibility.repository';
import { isStraightLined } from '../areas/surveys/core/straight-lining.repository';
import { loadSurvey } from '../areas/surveys/core/surveys.repository';
import { detailsFromSubmission } from '../areas/surveys/responses/survey-responses.service';
import { bulkInsert } from './bulk-insert';
import { DEMO_STAFF, DEMO_STUDENTS, demoEmail } from './demo-accounts';
import type { Rng } from './demo-names';

/**
 * Demo answers to the demo school's active surveys (issue 5), so monitoring and results have
 * something to show on `npm start`: in each homeroom class 55–80 % of what is to answer is answered,
 * with varied, plausible answers and some free-text comments in Vietnamese.
 *
 * Stored exactly as a real submission would be: who must answer comes from the shared eligibility
 * rule, each answer set goes through the shared `answersToSubmission` → server `detailsFromSubmission`
 * (`responseToAnswer` / `answerToResponse`, grid numbers from the columns) and is checked with the same
 * `validateSubmission`; text answers get their `pending` review, which the seed then hands to the
 * app's own auto-review (demo-reviews.ts), as the submission queue would. Bulk inserts keep it fast.
 *
 * The demo STUDENT accounts (login page, browser and server tests) never answer an open survey: they
 * must still be able to answer themselves. Who answers what is fixed by the seed's rng; submission
 * times are spread from the survey's start to now (or its end), so "today" figures depend on the day.
 *
 * `closed` (issues 11, 12): the same for the module's closed surveys, as they stand after their window:
 * 60–90 % per class, a few classes under MIN_GROUP_SIZE (2–4 answers, so their figures stay hidden),
 * times over the whole window, a few rude texts among the comments (the reviewer rejects them), and
 * every demo student account answered (their list shows surveys done).
 */

const COMMENTS: Array<{ match: RegExp; texts: string[] }> = [
  {
    match: /thích nhất/i,
    texts: [
      'Thầy cô nhiệt tình, bạn bè thân thiện.',
      'Thư viện yên tĩnh, nhiều sách tham khảo hay.',
      'Các câu lạc bộ học thuật rất bổ ích.',
      'Không khí học tập sôi nổi, mọi người cùng cố gắng.',
      'Sân trường rộng, nhiều cây xanh.',
      'Các buổi ngoại khóa và hội trại.',
      'Em thích giờ sinh hoạt lớp vì được chia sẻ thoải mái.',
      'Phòng thí nghiệm mới, được thực hành nhiều.',
    ],
  },
  {
    match: /cải thiện|đề xuất/i,
    texts: [
      'Nhà vệ sinh cần được dọn thường xuyên hơn.',
      'Wi-Fi ở dãy nhà B hay bị chập chờn, mong nhà trường nâng cấp.',
      'Nên có thêm chỗ để xe có mái che.',
      'Căng tin nên có thêm món ăn sáng và giá mềm hơn.',
      'Máy chiếu ở một số phòng bị mờ.',
      'Mong có thêm giờ mở cửa thư viện buổi chiều.',
      'Quạt trong lớp hỏng đã lâu chưa được sửa.',
      'Nên giảm bớt bài kiểm tra dồn vào cuối học phần.',
    ],
  },
  {
    match: /hài lòng nhất/i,
    texts: [
      'Thầy giảng rất dễ hiểu, có nhiều ví dụ thực tế.',
      'Cô luôn giải đáp thắc mắc tận tình, kể cả ngoài giờ.',
      'Bài tập được chữa kỹ, em tiến bộ rõ.',
      'Thầy cô tạo không khí lớp học vui vẻ.',
      'Cách thầy hệ thống kiến thức sau mỗi chương rất hay.',
      'Cô nhận xét bài kiểm tra rất chi tiết.',
    ],
  },
  {
    match: /góp ý/i,
    texts: [
      'Mong thầy cô giảng chậm hơn ở phần khó.',
      'Em mong có thêm bài tập nâng cao cho đội tuyển.',
      'Nên đưa tài liệu lên LMS sớm hơn trước buổi học.',
      'Thầy cô có thể cho thêm thời gian làm bài trên lớp.',
      'Mong có thêm tiết ôn tập trước kiểm tra.',
      'Em mong thầy cô chữa bài tập về nhà kỹ hơn.',
    ],
  },
];
const GENERIC = ['Em không có ý kiến gì thêm.', 'Mọi thứ đều ổn ạ.', 'Em cảm ơn thầy cô.'];
/** What a reviewer rejects: written as students do write it, for the closed surveys' reviewed texts. */
export const REJECTED = ['Dạy chán vl, toàn đọc chép.', 'Giờ này buồn ngủ vãi, học như cc.', 'Thầy cô dạy dở ẹc, biến đi cho rồi.'];
/**
 * What the auto-review flags in the open surveys (a swear word, a phone number, a link, a pronoun of
 * contempt): every FLAG_EVERY-th free text becomes one of these, without drawing on the random stream,
 * so the review queue has real work on first start and every other answer stays as it was.
 */
const FLAGGED = [
  'Dạy chán vl, toàn đọc chép.',
  'Có gì thắc mắc các bạn cứ gọi em 0912 345 678 nhé.',
  'Tài liệu ôn tập em để ở bit.ly/onthi-toan10 ạ.',
  'Mày dạy thế mà cũng đòi lương à.',
];
const FLAG_EVERY = 29;
export const REJECT_REASON = 'Ngôn từ thiếu tôn trọng, không phù hợp để gửi giáo viên.';
const OTHER_TEXTS = ['Tự học qua video', 'Nhờ anh chị khóa trên', 'Báo cho bạn bè cùng lớp', 'Câu lạc bộ tiếng Anh'];

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

/**
 * One plausible answer set. `mood` (about 2.6–4.8) is how satisfied this student is with this
 * survey; rows scatter around it; now and then a student ticks the same column everywhere, which
 * the straight-lining flag catches.
 */
function makeAnswers(rng: Rng, survey: TSurvey, mood: number, rude: boolean): TAnswers {
  const answers: TAnswers = {};
  const straight = rng.next() < 0.05 ? String(clamp(Math.round(mood), 3, 5)) : null;
  const noise = () => [-1, 0, 0, 0, 1][Math.floor(rng.next() * 5)];
  for (const sec of orderedSections(survey))
    for (const q of sec.questions) {
      const required = q.required === 1;
      if (!required && rng.next() < 0.25 && q.questionType !== 'long_text') continue;
      answers[q.id] = answerFor(rng, q, { mood, straight, noise, rude });
      if (answers[q.id] === undefined) delete answers[q.id];
    }
  return answers;
}

function answerFor(
  rng: Rng,
  q: TSurveyQuestion,
  m: { mood: number; straight: string | null; noise: () => number; rude: boolean },
): TAnswers[number] {
  switch (q.questionType) {
    case 'grid': {
      if (m.straight) return m.straight;
      if (rng.next() < 0.04 && q.gridGroup?.columns.some((c) => c.value === 'None')) return 'None';
      return String(clamp(Math.round(m.mood) + m.noise(), 1, 5));
    }
    case 'linear_scale': {
      const s = normalizeOptions(q.questionType, q.options).scale ?? { min: 1, max: 5 };
      const at = s.min + ((m.mood - 1) / 4) * (s.max - s.min);
      return clamp(Math.round(at) + m.noise(), s.min, s.max);
    }
    case 'multiple_choice':
    case 'dropdown': {
      const n = normalizeOptions(q.questionType, q.options);
      const plain = n.choices.filter((c) => !c.isOther);
      if (n.allowOther && rng.next() < 0.05) {
        const text = rng.pick(OTHER_TEXTS);
        return { selectedOptions: 'other', otherValue: text, otherAnswers: { other: text } };
      }
      return rng.pick(plain).value;
    }
    case 'checkbox': {
      const plain = normalizeOptions(q.questionType, q.options).choices.filter((c) => !c.isOther);
      return rng
        .shuffle(plain)
        .slice(0, rng.int(1, Math.min(3, plain.length)))
        .map((c) => c.value);
    }
    case 'short_text':
    case 'long_text': {
      if (rng.next() > 0.3) return undefined; // most students leave comment boxes empty
      if (m.rude && m.mood < 3.2 && rng.next() < 0.35) return rng.pick(REJECTED);
      const text = htmlToPlainText(q.content);
      return rng.pick(COMMENTS.find((c) => c.match.test(text))?.texts ?? GENERIC);
    }
    default:
      return undefined;
  }
}

interface Item {
  surveyId: number;
  /** The student is a demo sign-in account. */
  demo: boolean;
  studentId: number;
  courseClassId: number | null;
  grade: number;
  campusId: number;
  homeroomClassId: number | null;
  teacherIds: number[] | null;
}

export async function seedDemoResponses(
  tx: Tx,
  opts: { rng: Rng; moduleCode: string; now?: Date; closed?: boolean },
): Promise<{ responses: number; answers: number }> {
  const closed = opts.closed ?? false;
  const now = opts.now ?? new Date();
  const status = closed ? 'closed' : 'active';
  const demoEmails = DEMO_STUDENTS.map((p) => demoEmail(p.local));
  const surveys = await queryRows<{ id: number; startDate: string; endDate: string }>(
    tx,
    sql`select s.id, to_char(s.start_date, 'YYYY-MM-DD') as "startDate", to_char(s.end_date, 'YYYY-MM-DD') as "endDate"
        from surveys s join modules m on m.id = s.module_id
        where m.code = ${opts.moduleCode} and s.status = ${status} and not s.is_template order by s.id`,
  );
  if (!surveys.length) return { responses: 0, answers: 0 };
  const ids = `{${surveys.map((s) => s.id).join(',')}}`;
  // Who must answer: the same rule as the student's own list and monitoring.
  const items = await queryRows<Item>(
    tx,
    sql`select x.survey_id as "surveyId", x.student_id as "studentId", x.course_class_id as "courseClassId", st.grade, st.campus_id as "campusId",
               st.homeroom_class_id as "homeroomClassId",
               exists (select 1 from users u where u.student_id = st.id and u.email = any(${`{${demoEmails.join(',')}}`}::text[])) as demo,
               (select array_agg(t.teacher_id order by t.teacher_id) from course_class_teachers t where t.course_class_id = x.course_class_id) as "teacherIds"
        from (${eligibleItemsSql({ surveys: sql`s.id = any(${ids}::int[])` })}) x
        join students st on st.id = x.student_id
        order by x.survey_id, st.homeroom_class_id nulls last, st.id, x.course_class_id nulls first`,
  );

  // Per survey and homeroom class: a completion rate in 55–80 %, exactly that share of its items answered.
  // The demo students: none of the open surveys, all of the closed ones.
  const groups = new Map<string, Item[]>();
  const answered: Item[] = closed ? items.filter((it) => it.demo) : [];
  for (const it of items) {
    if (it.demo) continue;
    const key = `${it.surveyId}:${it.homeroomClassId ?? '-'}`;
    groups.set(key, [...(groups.get(key) ?? []), it]);
  }
  // Closed: two classes answered only by a handful (their figures stay hidden under MIN_GROUP_SIZE), never
  // one a demo sign-in account teaches or studies in: their own pages show figures.
  const demoTeachers = closed ? await demoTeacherIds(tx) : new Set<number>();
  const demoClasses = new Set(items.filter((it) => it.demo).map((it) => it.homeroomClassId));
  const ordinary = [...groups]
    .filter(([, g]) => !g.some((it) => demoClasses.has(it.homeroomClassId) || it.teacherIds?.some((id) => demoTeachers.has(id))))
    .map(([k]) => k);
  const few = new Set(closed ? opts.rng.shuffle(ordinary).slice(0, 2) : []);
  for (const [key, group] of groups) {
    const share = closed ? 0.6 + opts.rng.next() * 0.3 : 0.55 + opts.rng.next() * 0.25;
    const n = few.has(key) ? opts.rng.int(2, 4) : Math.round(share * group.length);
    answered.push(...opts.rng.shuffle(group).slice(0, n));
  }

  const loaded = new Map<number, TSurvey>();
  for (const s of surveys) loaded.set(s.id, (await loadSurvey(tx, s.id))!);
  const window = new Map(
    surveys.map((s) => {
      const from = new Date(`${s.startDate}T07:00:00+07:00`).getTime();
      const end = new Date(`${s.endDate}T22:00:00+07:00`).getTime();
      const to = closed ? end : Math.min(now.getTime(), end);
      return [s.id, { from, span: Math.max(to - from, 3_600_000) }];
    }),
  );
  // A student's mood is theirs across subjects, nudged per item: classes differ, people differ more.
  const mood = new Map<number, number>();

  const responses: Array<typeof surveyResponses.$inferInsert> = [];
  const details: Array<{ response: number; row: Omit<typeof responseDetails.$inferInsert, 'responseId'>; reviewed: boolean }> = [];
  for (const it of answered) {
    const survey = loaded.get(it.surveyId)!;
    if (!mood.has(it.studentId)) mood.set(it.studentId, 2.6 + opts.rng.next() * 2.2);
    const answers = makeAnswers(
      opts.rng,
      survey,
      clamp(mood.get(it.studentId)! + (opts.rng.next() - 0.5) * 0.8, 1.5, 5),
      // Nothing rude from a demo account: people sign in as them and read their answers.
      closed && !it.demo,
    );
    const teacherIds = it.teacherIds ?? [];
    const submission = answersToSubmission(survey, answers, {
      studentId: it.studentId,
      courseClassId: it.courseClassId,
      studentCourseClassId: it.courseClassId,
      teacherCourseClassIds: teacherIds,
    });
    const errors = validateSubmission(survey, submission);
    if (errors.length) throw new Error(`demo answer to survey ${survey.id} is invalid: ${errors[0].message}`);
    const rows = detailsFromSubmission(survey, submission);
    const w = window.get(it.surveyId)!;
    responses.push({
      surveyId: it.surveyId,
      studentId: it.studentId,
      courseClassId: it.courseClassId,
      teacherIds,
      studentGrade: it.grade,
      campusId: it.campusId,
      homeroomClassId: it.homeroomClassId,
      straightLined: isStraightLined(rows, new Set()),
      // Earlier days weigh more: most students answer in the first sessions after the survey opens.
      submittedAt: new Date(w.from + Math.floor(w.span * opts.rng.next() ** 1.6)),
    });
    for (const d of rows) details.push({ response: responses.length - 1, row: d.row, reviewed: d.reviewed });
  }

  if (!closed) {
    let k = 0;
    for (const d of details)
      if (d.reviewed && d.row.answerText && ++k % FLAG_EVERY === 0)
        d.row = { ...d.row, answerText: FLAGGED[(k / FLAG_EVERY) % FLAGGED.length] };
  }
  const stored = await bulkInsert(tx, surveyResponses, responses, ['id']);
  const detailIds = await bulkInsert(
    tx,
    responseDetails,
    details.map((d) => ({ ...d.row, responseId: stored[d.response].id })),
    ['id'],
  );
  // Every free text waits for its review, as a submission leaves it; demo-reviews.ts decides them.
  await bulkInsert(
    tx,
    responseReviews,
    details.flatMap((d, i) => (d.reviewed ? [{ responseDetailId: detailIds[i].id, status: 'pending' }] : [])),
  );
  return { responses: stored.length, answers: detailIds.length };
}

async function demoTeacherIds(tx: Tx): Promise<Set<number>> {
  const emails = DEMO_STAFF.map((p) => demoEmail(p.local));
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select t.id from teachers t join users u on u.id = t.user_id where u.email = any(${`{${emails.join(',')}}`}::text[])`,
  );
  return new Set(rows.map((r) => r.id));
}
