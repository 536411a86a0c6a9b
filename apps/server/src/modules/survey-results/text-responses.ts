import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { type TTextResponses } from '@app/shared/survey-results';
import { htmlToPlainText, isTextType } from '@app/shared/surveys';
import { notFound } from '../../plugins/errors';
import { loadSurvey } from '../surveys/surveys.repository';
import { analyticRows, intArray, respCte, sliceSizes, type Slice } from './aggregates.repository';
import { isRestricted, resolveScope, sliceOf, viewerOf } from './access';
import { HIDDEN, SHOWN, siblingsToHide, tooSmall } from './anonymity';
import { questionsInOrder } from './question-results';
import type { Ctx } from './survey-results.service';
import { surveyOr404 } from './survey-results.service';

/**
 * GET /surveys/{id}/text-questions-responses: per text question, how many answers and how their
 * review stands, and the APPROVED texts only (pending and rejected ones never leave the server here).
 * Teachers and heads: their classes, teacher-visible questions, no time stamps, and no text from a
 * class the anonymity rule hides.
 */
export async function textResponses(ctx: Ctx, req: FastifyRequest, id: number, q: { questionId?: number; courseClassId?: number; page: number; limit: number }): Promise<TTextResponses> {
  const { db, rt } = ctx;
  await surveyOr404(db, id);
  const viewer = await viewerOf(db, req);
  const restricted = isRestricted(viewer);
  const survey = await loadSurvey(db, id);
  if (!survey) throw notFound();
  const questions = questionsInOrder(survey).filter((m) => isTextType(m.q.questionType) && (!restricted || m.q.visibleToTeacher) && (!q.questionId || m.q.id === q.questionId));
  if (q.questionId && !questions.length) throw notFound('Không tìm thấy câu hỏi tự luận trong khảo sát này.');
  const scoped = await resolveScope(db, viewer, [id], { courseClassId: q.courseClassId });
  // Not cached: a review decision (another module) must show at once.
  const min = rt.config.minGroupSize;
  let slice: Slice = sliceOf(scoped, [id], false, 1);
  let hiddenAll = false;
  if (restricted) {
    // Texts only from classes the anonymity rule shows, judged among all the viewer's classes.
    const sizes = await sliceSizes(db, { ...slice, courseClassIds: null }, 'courseClass');
    const hide = siblingsToHide(sizes, min);
    const shown = [...sizes.keys()].filter((k): k is string => !!k && !hide.has(k)).map(Number);
    const wanted = scoped.courseClassIds ? shown.filter((c) => scoped.courseClassIds!.includes(c)) : shown;
    const total = scoped.courseClassIds ? (sizes.get(String(scoped.courseClassIds[0])) ?? 0) : [...sizes.values()].reduce((a, b) => a + b, 0);
    hiddenAll = tooSmall(total, min) || !wanted.length;
    slice = { ...slice, courseClassIds: wanted.length ? wanted : [-1] };
  }
  const qids = questions.map((m) => m.q.id);
  const counts = qids.length
    ? await analyticRows<{ questionId: number; answered: number; approved: number; pending: number; rejected: number }>(db, sql`
      with ${respCte(sliceOf(scoped, [id], false, 1))}
      select d.question_id as "questionId", count(*)::int answered,
        count(*) filter (where rv.status = 'approved')::int approved,
        count(*) filter (where rv.status is null or rv.status = 'pending')::int pending,
        count(*) filter (where rv.status = 'rejected')::int rejected
      from resp r join response_details d on d.response_id = r.id left join response_reviews rv on rv.response_detail_id = d.id
      where d.question_id = any(${intArray(qids)}) and coalesce(d.answer_text, '') <> ''
      group by 1`)
    : [];
  const offset = (q.page - 1) * q.limit;
  const texts = qids.length && !hiddenAll
    ? await analyticRows<{ questionId: number; text: string; courseClassId: number | null; courseClassName: string | null; submittedAt: string }>(db, sql`
      with ${respCte(slice)}
      select x."questionId", x.text, x."courseClassId", x."courseClassName", x."submittedAt" from (
        select d.question_id as "questionId", d.answer_text as text, r.course_class_id as "courseClassId", cc.name as "courseClassName",
          sr.submitted_at as "submittedAt",
          row_number() over (partition by d.question_id order by sr.submitted_at desc, d.id desc) rn
        from resp r join survey_responses sr on sr.id = r.id
        join response_details d on d.response_id = r.id
        join response_reviews rv on rv.response_detail_id = d.id and rv.status = 'approved'
        left join course_classes cc on cc.id = r.course_class_id
        where d.question_id = any(${intArray(qids)}) and coalesce(d.answer_text, '') <> ''
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
