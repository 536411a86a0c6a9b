import { z } from 'zod';
import { ZReviewStatus } from './surveys';

/**
 * Staff reads of stored responses (issue 4): `GET /surveys/{id}/responses` (a page of `ZResponseView`)
 * and `GET /surveys/responses/{id}/details` (`ZResponseDetails`). Only ADMIN sees the student; only
 * the reviewers (ADMIN, QUALITY_ASSURANCE) see a free text before it is approved (issue 6).
 */
const int = z.number().int();

export const ZResponseView = z.object({
  id: int,
  surveyId: int,
  /** Only for ADMIN; null (anonymised) for other staff. */
  student: z.object({ id: int, studentCode: z.string(), fullName: z.string() }).nullable(),
  courseClassId: int.nullable(),
  courseClassName: z.string().nullable(),
  teacherIds: z.array(int),
  studentGrade: int,
  campusId: int,
  campusName: z.string(),
  homeroomClassId: int.nullable(),
  homeroomClassName: z.string().nullable(),
  straightLined: z.boolean(),
  submittedAt: z.string(),
});
export type TResponseView = z.infer<typeof ZResponseView>;

export const ZResponseAnswer = z.object({
  id: int,
  questionId: int,
  sectionId: int,
  questionType: z.string(),
  content: z.string(),
  /** The answer; for a short/long text question the free text, null when `textHidden`. */
  answerText: z.string().nullable(),
  answerOptions: z.array(z.string()).nullable(),
  /** The "Khác" text of a choice answer, null when `textHidden`. */
  otherValue: z.string().nullable(),
  gridColumnId: int.nullable(),
  gridColumnLabel: z.string().nullable(),
  valueNumber: z.number().nullable(),
  /** The review of the answer's free text (short/long text, "Khác"); null when it has none. */
  reviewStatus: ZReviewStatus.nullable(),
  /**
   * True when the free text was withheld from this caller: every role but ADMIN and
   * QUALITY_ASSURANCE reads a text only once its review is `approved` (`reviewStatus` says why not).
   */
  textHidden: z.boolean(),
});
export type TResponseAnswer = z.infer<typeof ZResponseAnswer>;

export const ZResponseDetails = ZResponseView.extend({ answers: z.array(ZResponseAnswer) });
export type TResponseDetails = z.infer<typeof ZResponseDetails>;
