import { formatDate } from '@app/shared/format';
import { answerToResponse, findGridColumnByLabel, responseToAnswer } from '@app/shared/survey-answers';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import { validateSubmission } from '@app/shared/survey-validation';
import type { TResponseAnswer, TResponseDetails } from '@app/shared/survey-responses';
import {
  isTextType,
  orderedSections,
  type TReviewStatus,
  type TStudentSurveyItem,
  type TSubmission,
  type TSurvey,
} from '@app/shared/surveys';
import type { Db } from '@/db/client';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { offsetOf, page } from '@/lib/list';
import { write } from '@/lib/write';
import { AppError, badRequest, notFound } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import {
  answeredSurveysOf,
  countDetails,
  deleteResponses,
  detailsOf,
  findResponse,
  findResponseRow,
  findStudent,
  listResponses,
  lockResponsesOfStudent,
  openSurveysFor,
  responsesOfStudent,
  isHomeroomTeacherOf,
  sliceOfResponses,
  surveyExists,
  teachersByIds,
  teachersOfClasses,
  type DetailRow,
  type NewDetail,
  type OpenSurveyRow,
  type ResponseRow,
} from './survey-responses.repository';
import { privateOrderKey } from '../core/order-key.repository';
import { schoolToday } from '../core/school-day';
import { isStraightLined } from '../core/straight-lining.repository';
import { insertSubmission, submissionContext, surveyForSubmission } from './submission.repository';
import { adminView, staffPage } from './staff-view';
import { ADMIN_ONLY, LIST_SCHOOL_WIDE, LIST_STAFF, REVIEW_ROLES } from '../access';

/** The identity rules of staff reads, for the results export (results/export.ts) to apply the same ones. */
export { keyedOrder, shownFields } from './staff-view';

export const RESPONSE_MSG = {
  submitted: SURVEY_MSG.submitSuccess,
  alreadySubmitted: 'Bạn đã hoàn thành khảo sát này.',
  ownOnly: 'Bạn chỉ có thể gửi khảo sát của chính mình.',
  ownListOnly: 'Bạn chỉ có thể xem khảo sát của chính mình.',
  notOpenDraft: 'Khảo sát chưa được mở.',
  notOpenClosed: 'Khảo sát đã đóng.',
  template: 'Đây là mẫu khảo sát, không thể trả lời.',
  beforeStart: (d: string) => `Khảo sát chưa đến thời gian làm bài (bắt đầu từ ngày ${d}).`,
  afterEnd: (d: string) => `Khảo sát đã hết hạn (kết thúc ngày ${d}).`,
  studentInactive: 'Học sinh không còn theo học nên không thể làm khảo sát.',
  gradeNotAllowed: (g: number) => `Khảo sát này không dành cho học sinh khối ${g}.`,
  generalNoClass: 'Khảo sát chung không gắn với lớp học phần.',
  classMissing: 'Thiếu lớp học phần của khảo sát theo môn học.',
  classMismatch: 'Lớp học phần gửi kèm không thống nhất (courseClassId khác studentCourseClassId).',
  notEnrolled: 'Bạn không học lớp học phần này của môn được khảo sát.',
  wrongTeachers: 'Danh sách giáo viên được đánh giá phải gồm đúng và đủ các giáo viên đang dạy lớp học phần này.',
  responseNotFound: 'Không tìm thấy câu trả lời khảo sát.',
  detailsAdminOnly: 'Chỉ quản trị viên được xem chi tiết một câu trả lời khảo sát.',
  homeroomOnly: 'Bạn chỉ được xem khảo sát của học sinh lớp chủ nhiệm của mình.',
  studentNotFound: 'Không tìm thấy học sinh.',
  deleted: (n: number) => `Đã xóa ${n} câu trả lời; học sinh có thể làm lại khảo sát.`,
};

const forbidden = (message: string) => new AppError('FORBIDDEN', message);
const notEligible = (message: string) => new AppError('NOT_ELIGIBLE', message);
const notOpen = (message: string) => new AppError('SURVEY_NOT_OPEN', message);
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const isAdmin = (actor: Actor) => hasAnyRole(actor, ADMIN_ONLY);

// ---- GET /surveys/students/{studentId} ----

/**
 * A student reads their own list (users.student_id) and ADMIN anyone's, with the response id and
 * time. PRINCIPAL, ACADEMIC_AFFAIR and QUALITY_ASSURANCE read anyone's and a HOMEROOM_TEACHER only
 * their own class's students' (403 otherwise, like the homeroom endpoints), both done / not done
 * only: a response id would open the answers, an exact time would be joined with other lists.
 */
export async function studentSurveys(db: Db, actor: Actor, studentId: number): Promise<TStudentSurveyItem[]> {
  const own = actor.studentId === studentId;
  const full = own || isAdmin(actor);
  if (!full && !hasAnyRole(actor, LIST_SCHOOL_WIDE)) {
    if (!hasAnyRole(actor, LIST_STAFF)) throw forbidden(RESPONSE_MSG.ownListOnly);
    // A homeroom teacher: checked before the student is looked up, so a 404 never tells another class's ids apart.
    if (actor.userId === null || !(await isHomeroomTeacherOf(db, actor.userId, studentId))) throw forbidden(RESPONSE_MSG.homeroomOnly);
  }
  const student = await findStudent(db, studentId);
  if (!student) throw notFound(RESPONSE_MSG.studentNotFound);
  const open = student.status === 'active' ? await openSurveysFor(db, student, schoolToday()) : [];
  const answered = await answeredSurveysOf(db, studentId);
  // Open ones first, then answered ones no longer open (closed, ended, other module), without repeats.
  const key = (r: OpenSurveyRow) => `${r.surveyId}:${r.courseClassId ?? ''}`;
  const rows = new Map<string, OpenSurveyRow>();
  for (const r of [...open, ...answered]) if (!rows.has(key(r))) rows.set(key(r), r);
  const all = [...rows.values()];
  const classTeachers = await teachersOfClasses(db, [
    ...new Set(all.filter((r) => r.courseClassId !== null && r.responseId === null).map((r) => r.courseClassId!)),
  ]);
  const snapshot = await teachersByIds(db, [...new Set(all.flatMap((r) => (r.responseId !== null ? (r.teacherIds ?? []) : [])))]);
  return all
    .map((r): TStudentSurveyItem => ({
      surveyId: r.surveyId,
      title: r.title,
      description: r.description,
      coverImageUrl: r.coverImageUrl,
      surveyType: r.surveyType as TStudentSurveyItem['surveyType'],
      startDate: r.startDate,
      endDate: r.endDate,
      subject: r.subjectId !== null && r.subjectName !== null ? { id: r.subjectId, name: r.subjectName, usesLms: !!r.usesLms } : null,
      courseClass:
        r.courseClassId === null
          ? null
          : {
              id: r.courseClassId,
              name: r.courseClassName ?? '',
              // Answered: the teachers it was about (snapshot); not yet: the class's teachers now.
              teachers:
                r.responseId !== null
                  ? (r.teacherIds ?? []).flatMap((t) => snapshot.get(t) ?? [])
                  : (classTeachers.get(r.courseClassId) ?? []),
            },
      completed: r.responseId !== null,
      responseId: full ? r.responseId : null,
      submittedAt: full ? iso(r.submittedAt) : null,
    }))
    .sort(
      (a, b) =>
        (a.endDate ?? '').localeCompare(b.endDate ?? '') ||
        a.title.localeCompare(b.title, 'vi') ||
        (a.courseClass?.name ?? '').localeCompare(b.courseClass?.name ?? '', 'vi'),
    );
}

// ---- POST /surveys/{id}/responses ----

export interface SubmitResult {
  responseId: number;
  alreadySubmitted: boolean;
  submittedAt: string;
}

/** The survey accepts answers now: active, not a template, today within start..end (school time). */
function checkOpen(survey: TSurvey, today: string) {
  if (survey.isTemplate) throw notOpen(RESPONSE_MSG.template);
  if (survey.status === 'draft') throw notOpen(RESPONSE_MSG.notOpenDraft);
  if (survey.status === 'closed') throw notOpen(RESPONSE_MSG.notOpenClosed);
  if (!survey.startDate || today < survey.startDate) throw notOpen(RESPONSE_MSG.beforeStart(formatDate(survey.startDate)));
  if (!survey.endDate || today > survey.endDate) throw notOpen(RESPONSE_MSG.afterEnd(formatDate(survey.endDate)));
}

/** The course class the submission is about (null for GENERAL), from courseClassId / studentCourseClassId. */
function courseClassOf(survey: TSurvey, s: TSubmission): number | null {
  const a = s.courseClassId ?? null;
  const b = s.studentCourseClassId ?? null;
  if (survey.surveyType === 'GENERAL') {
    if (a !== null || b !== null || (s.teacherCourseClassIds?.length ?? 0) > 0) throw badRequest(RESPONSE_MSG.generalNoClass);
    return null;
  }
  if (a !== null && b !== null && a !== b) throw badRequest(RESPONSE_MSG.classMismatch);
  const id = a ?? b;
  if (id === null) throw badRequest(RESPONSE_MSG.classMissing);
  return id;
}

/**
 * The rows to store, from the validated payload: each answered shown question goes through the
 * shared `responseToAnswer` → `answerToResponse` round trip (trimmed text, canonical "Khác"), grid
 * answers get the column found by label and ITS valueNumber (the client's `gridColumnValueNumber` is
 * ignored), scale answers their number. `reviewed` marks the rows holding free text.
 */
export function detailsFromSubmission(survey: TSurvey, submission: TSubmission) {
  const byQuestion = new Map(submission.sections.flatMap((s) => s.responses.map((r) => [r.questionId, r] as const)));
  const out: Array<{ row: Omit<NewDetail, 'responseId'>; reviewed: boolean; grid: boolean }> = [];
  for (const sec of orderedSections(survey))
    for (const q of sec.questions) {
      const sent = byQuestion.get(q.id);
      if (!sent) continue;
      const r = answerToResponse(q, responseToAnswer(q, sent));
      if (!r) continue;
      if (q.questionType === 'grid') {
        const col = findGridColumnByLabel(q, r.answerText);
        out.push({
          row: {
            questionId: q.id,
            answerText: col?.label ?? r.answerText ?? null,
            gridColumnId: col?.id ?? null,
            valueNumber: col?.valueNumber ?? null,
          },
          reviewed: false,
          grid: true,
        });
      } else if (q.questionType === 'linear_scale') {
        out.push({
          row: { questionId: q.id, answerText: r.answerText ?? null, valueNumber: Number(r.answerText) },
          reviewed: false,
          grid: false,
        });
      } else if (isTextType(q.questionType)) {
        out.push({ row: { questionId: q.id, answerText: r.answerText ?? null }, reviewed: true, grid: false });
      } else {
        const other = r.otherValue && r.otherValue.trim() !== '' ? r.otherValue : null;
        out.push({
          row: { questionId: q.id, answerOptions: r.answerOptions ?? [], otherValue: other },
          reviewed: other !== null,
          grid: false,
        });
      }
    }
  return out;
}

/**
 * The submission, in as few round trips as its rules allow (the survey window's peak, issue 4):
 * one query for the survey's version, the student, an earlier response, the score config and the
 * course class (enrolment, teachers); the survey's definition from the per-version cache; then ONE
 * statement (atomic by itself: one transaction) holding the response, its answers, their reviews and the audit entry. Not `write()`:
 * its BEGIN, separate audit INSERT and COMMIT would triple the round trips of the write for the
 * same all-or-nothing result (docs/decisions/technical.md, "Submission speed").
 */
export async function submitResponse(
  deps: { db: Db; events: EventBus },
  actor: Actor,
  surveyId: number,
  submission: TSubmission,
): Promise<SubmitResult> {
  const { db, events } = deps;
  if (!actor.studentId) throw badRequest(SURVEY_MSG.noStudent);
  if (submission.studentId !== actor.studentId) throw forbidden(RESPONSE_MSG.ownOnly);
  // The class the payload names; `courseClassOf` below accepts only this one (or refuses).
  const named = submission.courseClassId ?? submission.studentCourseClassId ?? null;
  const ctx = await submissionContext(db, surveyId, actor.studentId, named);
  const survey = ctx.surveyVersion === null ? null : await surveyForSubmission(db, surveyId, ctx.surveyVersion);
  if (!survey) throw notFound(SURVEY_MSG.surveyNotFound);
  const courseClassId = courseClassOf(survey, submission);

  // A repeat (double click, retry after a lost answer) is told it is done, before anything else.
  if (ctx.existing) return { responseId: ctx.existing.id, alreadySubmitted: true, submittedAt: ctx.existing.submittedAt };

  checkOpen(survey, schoolToday());
  const student = ctx.student;
  if (!student) throw notFound(RESPONSE_MSG.studentNotFound);
  if (student.status !== 'active') throw notEligible(RESPONSE_MSG.studentInactive);
  if (!survey.allowedGrades.includes(student.grade)) throw notEligible(RESPONSE_MSG.gradeNotAllowed(student.grade));

  let teacherIds: number[] = [];
  if (courseClassId !== null) {
    // A class of the survey's subject in its module, the student enrolled in it (from the context query).
    if (!ctx.courseClass?.enrolled) throw notEligible(RESPONSE_MSG.notEnrolled);
    // Exactly the class's teachers now, all of them, or none sent (then the server names them): a
    // response naming some of them would make a teacher-narrowed figure differ by a small group (issue 11).
    const classTeachers = ctx.courseClass.teacherIds;
    const sent = [...new Set(submission.teacherCourseClassIds ?? [])];
    if (sent.length && (sent.length !== classTeachers.length || sent.some((t) => !classTeachers.includes(t))))
      throw badRequest(RESPONSE_MSG.wrongTeachers);
    teacherIds = classTeachers;
  }

  const errors = validateSubmission(survey, submission);
  if (errors.length) throw new AppError('VALIDATION_ERROR', errors[0].message, errors);

  const details = detailsFromSubmission(survey, submission);
  const straightLined = isStraightLined(details, ctx.scored);

  const stored = await insertSubmission(
    db,
    {
      surveyId,
      studentId: student.id,
      courseClassId,
      teacherIds,
      studentGrade: student.grade,
      campusId: student.campusId,
      homeroomClassId: student.homeroomClassId,
      straightLined,
    },
    details,
    {
      actorId: actor.userId,
      requestId: actor.requestId,
      ip: actor.ip,
      after: { surveyId, studentId: student.id, courseClassId, teacherIds, answerCount: details.length, straightLined },
    },
  );
  if (stored) {
    // Results (issue 5): non-blocking cache drop + batched auto-calculate. Free texts (issue 6): the
    // auto-review queue decides them after the reply. Listeners never fail the submission.
    events.emit('survey.response.created', { surveyId, responseId: stored.id, hasFreeText: details.some((d) => d.reviewed) });
    return { responseId: stored.id, alreadySubmitted: false, submittedAt: stored.submittedAt.toISOString() };
  }
  const winner = await findResponse(db, surveyId, student.id, courseClassId);
  if (!winner) throw new AppError('CONFLICT', RESPONSE_MSG.alreadySubmitted);
  return { responseId: winner.id, alreadySubmitted: true, submittedAt: winner.submittedAt.toISOString() };
}

// ---- Staff reads and delete ----

/**
 * ADMIN reads every field, newest first (the admin deletes a response so a student can answer
 * again). Other staff read the slice anonymised as a whole (staff-view.ts): no id, no student, no
 * exact time, a keyed order, each describing field only where its groups hold at least `k` responses.
 */
export async function responsePage(
  deps: { db: Db; k: number },
  actor: Actor,
  surveyId: number,
  q: { page: number; limit: number; courseClassId?: number },
) {
  const { db } = deps;
  if (!(await surveyExists(db, surveyId))) throw notFound(SURVEY_MSG.surveyNotFound);
  if (isAdmin(actor)) {
    const r = await listResponses(db, surveyId, { courseClassId: q.courseClassId, limit: q.limit, offset: offsetOf(q) });
    return page(r.items.map(adminView), r.total, q);
  }
  const rows = await sliceOfResponses(db, surveyId, q.courseClassId);
  const key = await privateOrderKey(db);
  return page(staffPage(rows, { k: deps.k, key, offset: offsetOf(q), limit: q.limit }), rows.length, q);
}

/**
 * An answer as staff read it. A free text (short/long text answer, "Khác" text) is shown to the
 * reviewers (ADMIN, QUALITY_ASSURANCE) whatever its review says, to everyone else only once its
 * review is `approved` (issue 6: no pending or rejected text outside the review); otherwise it is
 * null with `textHidden` and the `reviewStatus` that keeps it hidden (null: never reviewed).
 */
export function answerView(d: DetailRow, seesUnreviewed: boolean): TResponseAnswer {
  const isText = isTextType(d.questionType);
  const hasFreeText = (isText && d.answerText !== null) || d.otherValue !== null;
  const hidden = hasFreeText && !seesUnreviewed && d.reviewStatus !== 'approved';
  return {
    id: d.id,
    questionId: d.questionId,
    sectionId: d.sectionId,
    questionType: d.questionType,
    content: d.content,
    answerText: hidden && isText ? null : d.answerText,
    answerOptions: Array.isArray(d.answerOptions) ? d.answerOptions.map(String) : null,
    otherValue: hidden ? null : d.otherValue,
    gridColumnId: d.gridColumnId,
    gridColumnLabel: d.gridColumnLabel,
    valueNumber: d.valueNumber,
    reviewStatus: (d.reviewStatus as TReviewStatus | null) ?? null,
    textHidden: hidden,
  };
}

/** One response with its answers and its student: ADMIN only (the route's roles; checked here again). */
export async function responseDetails(db: Db, actor: Actor, responseId: number): Promise<TResponseDetails> {
  if (!isAdmin(actor)) throw forbidden(RESPONSE_MSG.detailsAdminOnly);
  const r = await findResponseRow(db, responseId);
  if (!r) throw notFound(RESPONSE_MSG.responseNotFound);
  const seesUnreviewed = hasAnyRole(actor, REVIEW_ROLES);
  return { ...adminView(r), answers: (await detailsOf(db, [r.id])).map((d) => answerView(d, seesUnreviewed)) };
}

/** The stored answers back in the payload shape (`ZSubmission`), so the web reads them with `submissionToAnswers`. */
function asSubmission(r: ResponseRow, details: DetailRow[]): TSubmission {
  const sections = new Map<number, TSubmission['sections'][number]>();
  for (const d of details) {
    if (!sections.has(d.sectionId))
      sections.set(d.sectionId, { sectionId: d.sectionId, displayOrder: d.sectionDisplayOrder, responses: [] });
    const other = d.otherValue ?? null;
    sections.get(d.sectionId)!.responses.push({
      questionId: d.questionId,
      displayOrder: d.questionDisplayOrder,
      answerText: d.answerText,
      answerOptions: Array.isArray(d.answerOptions) ? d.answerOptions.map(String) : null,
      otherValue: other,
      otherAnswers: other !== null ? { other } : null,
      ...(d.questionType === 'grid' ? { questionType: 'grid', gridColumnValueNumber: d.valueNumber } : {}),
    });
  }
  return {
    studentId: r.studentId,
    courseClassId: r.courseClassId,
    ...(r.courseClassId !== null ? { studentCourseClassId: r.courseClassId, teacherCourseClassIds: r.teacherIds } : {}),
    sections: [...sections.values()],
  };
}

/** The student's own responses to a survey (one per course class); ADMIN reads anyone's. */
export async function studentResponses(db: Db, actor: Actor, surveyId: number, studentId: number, courseClassId?: number) {
  if (!isAdmin(actor) && actor.studentId !== studentId) throw forbidden(RESPONSE_MSG.ownListOnly);
  if (!(await surveyExists(db, surveyId))) throw notFound(SURVEY_MSG.surveyNotFound);
  const rows = await responsesOfStudent(db, surveyId, studentId, courseClassId);
  const details = await detailsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    responseId: r.id,
    surveyId: r.surveyId,
    courseClassId: r.courseClassId,
    courseClassName: r.courseClassName,
    teacherIds: r.teacherIds,
    submittedAt: r.submittedAt.toISOString(),
    submission: asSubmission(
      r,
      details.filter((d) => d.responseId === r.id),
    ),
  }));
}

/**
 * ADMIN: removes the student's response(s) so they may answer again; audited with what was removed (no
 * answer text). After the commit the results hear of it like of a new response: cached figures are
 * dropped, stored ones read as stale (their response count no longer matches), and an auto-calculating
 * survey is recalculated.
 */
export async function removeStudentResponses(
  deps: { db: Db; events: EventBus },
  actor: Actor,
  surveyId: number,
  studentId: number,
  courseClassId?: number,
) {
  const { db } = deps;
  const done = await write(db, actor, async (ctx) => {
    const rows = await lockResponsesOfStudent(ctx.tx, surveyId, studentId, courseClassId);
    if (!rows.length) throw notFound(RESPONSE_MSG.responseNotFound);
    for (const r of rows) {
      const answerCount = await countDetails(ctx.tx, [r.id]);
      await ctx.log({
        action: 'delete',
        entity: 'survey_response',
        entityId: r.id,
        before: {
          surveyId,
          studentId,
          courseClassId: r.courseClassId,
          teacherIds: r.teacherIds,
          straightLined: r.straightLined,
          submittedAt: r.submittedAt.toISOString(),
          answerCount,
        },
      });
    }
    await deleteResponses(
      ctx.tx,
      rows.map((r) => r.id),
    );
    return { deleted: rows.length, responseIds: rows.map((r) => r.id) };
  });
  deps.events.emit('survey.responses.changed', { surveyId });
  return done;
}
