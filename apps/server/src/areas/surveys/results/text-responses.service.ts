import { type TTextResponses } from '@app/shared/survey-results';
import { htmlToPlainText, isTextType, normalizeOptions, type TSurveyQuestion } from '@app/shared/surveys';
import type { Actor } from '@/plugins/actor';
import { notFound } from '@/plugins/errors';
import { loadSurvey } from '../core/surveys.repository';
import { sliceSizes } from './aggregates.repository';
import { isRestricted, resolveScope, sliceOf, variantFor, viewerOf } from './access';
import { HIDDEN, minPartFor, SHOWN } from './anonymity';
import { questionsInOrder } from './question-results';
import type { Ctx } from './survey-results.service';
import { checkRestrictedSurvey, surveyOr404, surveyStep } from './survey-results.service';
import { minResponsesSetting } from './survey-results.repository';
import { approvedTexts, textCounts } from './text-responses.repository';

/** A choice question offering "Khác": its typed texts are reviewed like free text (text-reviews). */
const hasOther = (q: TSurveyQuestion) =>
  !isTextType(q.questionType) &&
  q.questionType !== 'grid' &&
  q.questionType !== 'linear_scale' &&
  normalizeOptions(q.questionType, q.options).allowOther;

/**
 * GET /surveys/{id}/text-questions-responses: per short/long text question, and per choice question
 * offering "Khác" (its typed texts), how many answers there are and how their review stands, and the
 * APPROVED texts only (pending and rejected ones never leave the server here). `teacherId` narrows to
 * the responses naming that teacher (a TEACHER: only themselves, the default). Teachers and heads:
 * teacher-visible questions, no time stamps, and the anonymity rule — texts and counts only from
 * classes with at least MIN_GROUP_SIZE responses in the scope (anonymity.ts).
 */
export async function textResponses(
  ctx: Ctx,
  actor: Actor,
  id: number,
  q: { questionId?: number; courseClassId?: number; teacherId?: number; page: number; limit: number },
): Promise<TTextResponses> {
  const { db, rt } = ctx;
  const meta = await surveyOr404(db, id);
  const viewer = await viewerOf(db, actor);
  checkRestrictedSurvey(viewer, meta);
  const restricted = isRestricted(viewer);
  const survey = await loadSurvey(db, id);
  if (!survey) throw notFound();
  const questions = questionsInOrder(survey).filter(
    (m) =>
      (isTextType(m.q.questionType) || hasOther(m.q)) &&
      (!restricted || m.q.visibleToTeacher) &&
      (!q.questionId || m.q.id === q.questionId),
  );
  if (q.questionId && !questions.length) throw notFound('Không tìm thấy câu hỏi tự luận trong khảo sát này.');
  const scoped = await resolveScope(db, viewer, [id], { courseClassId: q.courseClassId, teacherId: q.teacherId });
  // Not cached: a review decision (another module) must show at once. Teachers and heads read the texts
  // of the one variant they read figures of; open surveys' texts move in steps of k like their figures.
  const filtered = await variantFor(db, viewer, undefined);
  const minResponses = filtered ? await minResponsesSetting(db) : 1;
  const slice = {
    ...sliceOf(scoped, [id], filtered, minResponses, minPartFor(restricted, rt.config.minGroupSize)),
    step: surveyStep(meta, rt.config.minGroupSize),
  };
  let hiddenAll = false;
  if (restricted) {
    const [kept, all] = await Promise.all([sliceSizes(db, slice, 'none'), sliceSizes(db, { ...slice, minPart: null }, 'none')]);
    hiddenAll = (all.get('') ?? 0) > 0 && !(kept.get('') ?? 0);
  }
  const textIds = questions.filter((m) => isTextType(m.q.questionType)).map((m) => m.q.id);
  const qids = questions.map((m) => m.q.id);
  const counts = qids.length && !hiddenAll ? await textCounts(db, slice, textIds, qids) : [];
  const texts =
    qids.length && !hiddenAll ? await approvedTexts(db, slice, textIds, qids, { offset: (q.page - 1) * q.limit, limit: q.limit }) : [];
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
