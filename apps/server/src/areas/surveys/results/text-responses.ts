import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { type TTextResponses } from '@app/shared/survey-results';
import { htmlToPlainText, isTextType, normalizeOptions, type TSurveyQuestion } from '@app/shared/surveys';
import { notFound } from '@/plugins/errors';
import { loadSurvey } from '../authoring/surveys.repository';
import { analyticRows, intArray, respCte, sliceSizes } from './aggregates.repository';
import { isRestricted, resolveScope, sliceOf, viewerOf } from './access';
import { HIDDEN, minPartFor, SHOWN } from './anonymity';
import { questionsInOrder } from './question-results';
import type { Ctx } from './survey-results.service';
import { checkRestrictedSurvey, surveyOr404 } from './survey-results.service';

/** A choice question offering "Khác": its typed texts are reviewed like free text (text-reviews). */
const hasOther = (q: TSurveyQuestion) => !isTextType(q.questionType) && q.questionType !== 'grid' && q.questionType !== 'linear_scale'
  && normalizeOptions(q.questionType, q.options).allowOther;

/**
 * GET /surveys/{id}/text-questions-responses: per short/long text question, and per choice question
 * offering "Khác" (its typed texts), how many answers there are and how their review stands, and the
 * APPROVED texts only (pending and rejected ones never leave the server here). `teacherId` narrows to
 * the responses naming that teacher (a TEACHER: only themselves, the default). Teachers and heads:
 * teacher-visible questions, no time stamps, and the anonymity rule — texts and counts only from
 * classes with at least MIN_GROUP_SIZE responses in the scope (anonymity.ts).
 */
export async function textResponses(
  ctx: Ctx, req: FastifyRequest, id: number, q: { questionId?: number; courseClassId?: number; teacherId?: number; page: number; limit: number },
): Promise<TTextResponses> {
  const { db, rt } = ctx;
  const meta = await surveyOr404(db, id);
  const viewer = await viewerOf(db, req);
  checkRestrictedSurvey(viewer, meta);
  const restricted = isRestricted(viewer);
  const survey = await loadSurvey(db, id);
  if (!survey) throw notFound();
  const questions = questionsInOrder(survey).filter((m) =>
    (isTextType(m.q.questionType) || hasOther(m.q)) && (!restricted || m.q.visibleToTeacher) && (!q.questionId || m.q.id === q.questionId));
  if (q.questionId && !questions.length) throw notFound('Không tìm thấy câu hỏi tự luận trong khảo sát này.');
  const scoped = await resolveScope(db, viewer, [id], { courseClassId: q.courseClassId, teacherId: q.teacherId });
  // Not cached: a review decision (another module) must show at once.
  const slice = sliceOf(scoped, [id], false, 1, minPartFor(restricted, rt.config.minGroupSize));
  let hiddenAll = false;
  if (restricted) {
    const [kept, all] = await Promise.all([sliceSizes(db, slice, 'none'), sliceSizes(db, { ...slice, minPart: null }, 'none')]);
    hiddenAll = (all.get('') ?? 0) > 0 && !(kept.get('') ?? 0);
  }
  const textIds = questions.filter((m) => isTextType(m.q.questionType)).map((m) => m.q.id);
  const qids = questions.map((m) => m.q.id);
  // The reviewed text of an answer: the text of a text question, the "Khác" text of a choice question.
  const text = sql`coalesce(case when d.question_id = any(${intArray(textIds)}) then d.answer_text else d.other_value end, '')`;
  const counts = qids.length && !hiddenAll
    ? await analyticRows<{ questionId: number; answered: number; approved: number; pending: number; rejected: number }>(db, sql`
      with ${respCte(slice)}
      select d.question_id as "questionId", count(*)::int answered,
        count(*) filter (where rv.status = 'approved')::int approved,
        count(*) filter (where rv.status is null or rv.status = 'pending')::int pending,
        count(*) filter (where rv.status = 'rejected')::int rejected
      from resp r join response_details d on d.response_id = r.id left join response_reviews rv on rv.response_detail_id = d.id
      where d.question_id = any(${intArray(qids)}) and ${text} <> ''
      group by 1`)
    : [];
  const offset = (q.page - 1) * q.limit;
  const texts = qids.length && !hiddenAll
    ? await analyticRows<{ questionId: number; text: string; courseClassId: number | null; courseClassName: string | null; submittedAt: string }>(db, sql`
      with ${respCte(slice)}
      select x."questionId", x.text, x."courseClassId", x."courseClassName", x."submittedAt" from (
        select d.question_id as "questionId", ${text} as text, r.course_class_id as "courseClassId", cc.name as "courseClassName",
          sr.submitted_at as "submittedAt",
          row_number() over (partition by d.question_id order by sr.submitted_at desc, d.id desc) rn
        from resp r join survey_responses sr on sr.id = r.id
        join response_details d on d.response_id = r.id
        join response_reviews rv on rv.response_detail_id = d.id and rv.status = 'approved'
        left join course_classes cc on cc.id = r.course_class_id
        where d.question_id = any(${intArray(qids)}) and ${text} <> ''
      ) x where x.rn > ${offset} and x.rn <= ${offset + q.limit}
      order by x."questionId", x.rn`)
    : [];
  const countOf = new Map(counts.map((c) => [c.questionId, c]));
  return {
    surveyId: id,
    scope: scoped.scope,
    page: q.page,
    limit: q.limit,
    questions: questions.map((m) => {
      const c = countOf.get(m.q.id);
      return {
        questionId: m.q.id,
        questionType: m.q.questionType,
        otherText: !isTextType(m.q.questionType),
        content: htmlToPlainText(m.q.content),
        sectionTitle: m.sectionTitle,
        position: m.position,
        answered: c?.answered ?? 0,
        approved: c?.approved ?? 0,
        pending: c?.pending ?? 0,
        rejected: c?.rejected ?? 0,
        texts: texts
          .filter((t) => t.questionId === m.q.id)
          .map((t) => ({
            text: t.text,
            courseClassId: t.courseClassId,
            courseClassName: t.courseClassName,
            submittedAt: restricted ? null : new Date(t.submittedAt).toISOString(),
          })),
        ...(hiddenAll ? HIDDEN : SHOWN),
      };
    }),
  };
}
