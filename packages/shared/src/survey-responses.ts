import { z } from 'zod';
import { ZReviewStatus } from './surveys';

/**
 * Staff reads of stored responses (issue 4): `GET /surveys/{id}/responses` (a page of `ZResponseView`)
 * and `GET /surveys/responses/{id}/details` (`ZResponseDetails`, ADMIN only). Only ADMIN sees the
 * student, the response's id and its exact time; other staff get rows that lead back to nobody (issue 11).
 */
const int = z.number().int();

export const ZResponseView = z.object({
  /** Only for ADMIN (who deletes a response so the student may answer again); null for other staff. */
  id: int.nullable(),
  surveyId: int,
  /** Only for ADMIN; null (anonymised) for other staff. */
  student: z.object({ id: int, studentCode: z.string(), fullName: z.string() }).nullable(),
  courseClassId: int.nullable(),
  courseClassName: z.string().nullable(),
  /**
   * For other staff than ADMIN each field below is shown only when every group it splits the row's
   * class group into (the class's responses in the listed slice) holds at least MIN_GROUP_SIZE
   * responses; otherwise it is null for the whole class group (docs/decisions/product.md, "No identity on the way").
   */
  teacherIds: z.array(int).nullable(),
  studentGrade: int.nullable(),
  campusId: int.nullable(),
  campusName: z.string().nullable(),
  homeroomClassId: int.nullable(),
  homeroomClassName: z.string().nullable(),
  /** Only for ADMIN: drawn from the answers, so two reads around one submission would give that student's. */
  straightLined: z.boolean().nullable(),
  /** The exact time: only for ADMIN. */
  submittedAt: z.string().nullable(),
  /** The school day (YYYY-MM-DD, Asia/Ho_Chi_Minh); for other staff under the rule above. */
  submittedDate: z.string().nullable(),
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
