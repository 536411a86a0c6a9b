import { z } from 'zod';
import { ZId } from './api';
import { ZReviewStatus } from './surveys';

/**
 * Free-text answer review (issue 6, spec section 7 "Reviews"): the contracts of
 * /surveys/responses/reviews…, /surveys/responses/auto-review, batch-auto-review and
 * /surveys/{id}/auto-review-text-responses.
 */

/** Why the auto-review (or a person) flagged a text; the queue filters by these. */
export const REVIEW_REASON_CODES = [
  'profanity',
  'insult',
  'threat',
  'phone',
  'email',
  'social',
  'link',
  'address',
  'person_name',
  'spam',
  'empty',
] as const;
export type TReviewReasonCode = (typeof REVIEW_REASON_CODES)[number];
export const REVIEW_REASON_LABELS: Record<TReviewReasonCode, string> = {
  profanity: 'Ngôn từ thô tục',
  insult: 'Xúc phạm, lăng mạ',
  threat: 'Đe dọa',
  phone: 'Có số điện thoại',
  email: 'Có địa chỉ e-mail',
  social: 'Có liên kết mạng xã hội',
  link: 'Có đường liên kết',
  address: 'Có địa chỉ nhà',
  person_name: 'Có họ tên người khác',
  spam: 'Nội dung rác (lặp ký tự, gõ bừa)',
  empty: 'Không có nội dung góp ý',
};
export const ZReviewReasonCode = z.enum(REVIEW_REASON_CODES, { error: 'Mã lý do không hợp lệ.' });

/** Stored reasons keep any code (older or hand-made ones), so the read side accepts a plain string. */
export const ZReviewReason = z.object({ code: z.string(), text: z.string() });
export type TReviewReason = z.infer<typeof ZReviewReason>;
/** A flagged part of the text: UTF-16 offsets into the stored answer, `end` exclusive. */
export const ZReviewSpan = z.object({ code: z.string(), start: z.number().int().min(0), end: z.number().int().min(0) });
export type TReviewSpan = z.infer<typeof ZReviewSpan>;

export const ZAutoReviewDecision = z.object({
  flagged: z.boolean(),
  status: ZReviewStatus,
  reasons: z.array(ZReviewReason),
  spans: z.array(ZReviewSpan),
});
export type TAutoReviewDecision = z.infer<typeof ZAutoReviewDecision>;

export const TEXT_REVIEW_MSG = {
  batchNeedsInput: 'Phải cung cấp responses hoặc moduleId.',
  reviewNotFound: 'Không tìm thấy bản duyệt ý kiến.',
  detailNotFound: 'Không tìm thấy câu trả lời.',
  notFreeText: 'Câu trả lời này không có nội dung tự do để duyệt.',
  textMismatch: 'Nội dung gửi kèm không khớp với câu trả lời đã lưu.',
  textRequired: 'Vui lòng nhập nội dung cần kiểm duyệt.',
  rejectReason: 'Vui lòng nhập lý do từ chối.',
  decided: (n: number, status: 'approved' | 'rejected' | 'pending') =>
    `Đã ${status === 'approved' ? 'duyệt' : status === 'rejected' ? 'từ chối' : 'chuyển về chờ duyệt'} ${n} ý kiến.`,
  saved: 'Đã lưu kết quả duyệt.',
  autoDone: (n: number, flagged: number, approved: number) =>
    n === 0
      ? 'Không có ý kiến nào cần kiểm duyệt tự động.'
      : `Đã kiểm duyệt tự động ${n} ý kiến: ${flagged} cần xem lại, ${approved} được duyệt.`,
  humanKept: 'Ý kiến này đã được người duyệt quyết định; kiểm duyệt tự động không thay đổi.',
  settingsSaved: 'Đã lưu cài đặt kiểm duyệt.',
};

const id = ZId;
const reasonText = z.string().trim().max(500, 'Lý do tối đa 500 ký tự.');
const text = z.string().max(10_000, 'Nội dung tối đa 10.000 ký tự.');

// ---- Reviews ----

export const ZReviewDecisionInput = z
  .object({
    status: ZReviewStatus,
    reason: reasonText.nullish(),
    /** Codes a person attaches (the auto-review's codes are kept when left out). */
    reasonCodes: z.array(ZReviewReasonCode).max(REVIEW_REASON_CODES.length).optional(),
  })
  .refine((v) => v.status !== 'rejected' || (v.reason ?? '').trim() !== '', { message: TEXT_REVIEW_MSG.rejectReason, path: ['reason'] });
export type TReviewDecisionInput = z.infer<typeof ZReviewDecisionInput>;

/** The reject form of the review page (one or many texts). */
export const ZRejectInput = z.object({
  reason: z.string().trim().min(1, TEXT_REVIEW_MSG.rejectReason).max(500, 'Lý do tối đa 500 ký tự.'),
});
export type TRejectInput = z.infer<typeof ZRejectInput>;

/** POST /surveys/responses/reviews: create or decide the review of one answer. */
export const ZCreateReviewInput = z
  .object({
    responseDetailId: id,
    status: ZReviewStatus,
    reason: reasonText.nullish(),
    reasonCodes: z.array(ZReviewReasonCode).max(REVIEW_REASON_CODES.length).optional(),
  })
  .refine((v) => v.status !== 'rejected' || (v.reason ?? '').trim() !== '', { message: TEXT_REVIEW_MSG.rejectReason, path: ['reason'] });
export type TCreateReviewInput = z.infer<typeof ZCreateReviewInput>;

/** POST /surveys/responses/reviews/bulk: one decision for many reviews. */
export const ZBulkReviewInput = z
  .object({
    ids: z.array(id).min(1, 'Chọn ít nhất một ý kiến.').max(500, 'Mỗi lần duyệt tối đa 500 ý kiến.'),
    status: ZReviewStatus,
    reason: reasonText.nullish(),
  })
  .refine((v) => v.status !== 'rejected' || (v.reason ?? '').trim() !== '', { message: TEXT_REVIEW_MSG.rejectReason, path: ['reason'] });
export type TBulkReviewInput = z.infer<typeof ZBulkReviewInput>;

const ZPerson = z.object({ id: z.number().int(), name: z.string() });

/** One review in the queue: the text, where it comes from (survey, class, question), never the student. */
export const ZTextReview = z.object({
  /** The review's and the answer's ids are opaque tokens (issue 11: sorted, they say nothing); send them back as they came. */
  id: z.number().int(),
  responseDetailId: z.number().int(),
  status: ZReviewStatus,
  reason: z.string().nullable(),
  reasonCodes: z.array(ZReviewReason),
  matchedSpans: z.array(ZReviewSpan),
  /** Null while untouched or when the auto-review decided. */
  reviewer: ZPerson.nullable(),
  /** A person's decision's time; an auto-review's only for ADMIN (it follows the submission). */
  reviewedAt: z.string().nullable(),
  /** `auto`: the last decision was the auto-review's; `person`: a reviewer's; null: not reviewed yet. */
  decidedBy: z.enum(['auto', 'person']).nullable(),
  /** Times that follow the submission (created, updated, submitted): only for ADMIN, null for anyone else (issue 11: no who, no when). */
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  text: z.string(),
  /** The text is the "Khác" text of a choice question. */
  isOther: z.boolean(),
  question: z.object({ id: z.number().int(), content: z.string(), questionType: z.string() }),
  survey: z.object({ id: z.number().int(), title: z.string() }),
  module: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  courseClass: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The class's teachers the response was about (empty for a general survey). */
  teacherNames: z.array(z.string()),
  submittedAt: z.string().nullable(),
});
export type TTextReview = z.infer<typeof ZTextReview>;

export const ZTextReviewHistory = z.object({
  id: z.number().int(),
  status: ZReviewStatus,
  reason: z.string().nullable(),
  reasonCodes: z.array(ZReviewReason),
  matchedSpans: z.array(ZReviewSpan),
  reviewer: ZPerson.nullable(),
  /** A person's entry's time; an auto-review's only for ADMIN. */
  createdAt: z.string().nullable(),
});
export type TTextReviewHistory = z.infer<typeof ZTextReviewHistory>;
export const ZTextReviewDetail = ZTextReview.extend({ history: z.array(ZTextReviewHistory) });
export type TTextReviewDetail = z.infer<typeof ZTextReviewDetail>;

export const REVIEW_SORT_KEYS = ['submittedAt', 'createdAt', 'reviewedAt', 'status', 'surveyTitle'] as const;

// ---- Auto-review ----

/** POST /surveys/responses/auto-review: with `responseDetailId` the decision is stored on that answer's review. */
export const ZAutoReviewInput = z
  .object({
    responseDetailId: id.optional(),
    responseText: text.optional(),
    /** Names the text may mention without counting as personal data (the class's teachers); text-only checks. */
    teacherNames: z.array(z.string().max(200)).max(20).optional(),
  })
  .refine((v) => v.responseDetailId !== undefined || v.responseText !== undefined, {
    message: TEXT_REVIEW_MSG.textRequired,
    path: ['responseText'],
  });
export type TAutoReviewInput = z.infer<typeof ZAutoReviewInput>;

export const ZAutoReviewResult = ZAutoReviewDecision.extend({
  /** The answer's review, when a `responseDetailId` was given. */
  reviewId: z.number().int().nullable(),
  /** The decision was stored (false: text-only check, or a person had already decided). */
  applied: z.boolean(),
  /** The review's status after the call (a person's decision stays). */
  currentStatus: ZReviewStatus.nullable(),
});
export type TAutoReviewResult = z.infer<typeof ZAutoReviewResult>;

export const ZBatchAutoReviewInput = z.object({
  moduleId: id.optional(),
  responses: z
    .array(
      z.object({
        responseDetailId: id.optional(),
        responseText: text.optional(),
        teacherNames: z.array(z.string().max(200)).max(20).optional(),
      }),
    )
    .max(500, 'Mỗi lần kiểm duyệt tối đa 500 câu trả lời.')
    .optional(),
});
export type TBatchAutoReviewInput = z.infer<typeof ZBatchAutoReviewInput>;

/** What a batch did: counts over the stored reviews it touched, plus per-item results for `responses`. */
export const ZAutoReviewRun = z.object({
  checked: z.number().int(),
  flagged: z.number().int(),
  approved: z.number().int(),
  pending: z.number().int(),
  /** Decided by a person already (left as they were). */
  skipped: z.number().int(),
  /** Reviews whose status, reasons or spans changed. */
  changed: z.number().int(),
  results: z.array(ZAutoReviewResult).optional(),
});
export type TAutoReviewRun = z.infer<typeof ZAutoReviewRun>;

// ---- Settings ----

export const ZTextReviewSettings = z.object({
  /** Clean texts are approved by the auto-review without a person (default on). */
  autoApproveClean: z.boolean(),
});
export type TTextReviewSettings = z.infer<typeof ZTextReviewSettings>;
export const DEFAULT_TEXT_REVIEW_SETTINGS: TTextReviewSettings = { autoApproveClean: true };

// ---- Helpers the web shares ----

/** The label of a reason code (stored codes outside the list show as they are). */
export function reasonLabel(code: string): string {
  return (REVIEW_REASON_LABELS as Record<string, string>)[code] ?? code;
}

/**
 * The text cut into plain and flagged parts for highlighting: overlapping or touching spans merge,
 * spans outside the text are clipped; each flagged part lists its codes.
 */
export function highlightParts(value: string, spans: readonly TReviewSpan[]): Array<{ text: string; codes: string[] }> {
  const clipped = spans
    .map((s) => ({ code: s.code, start: Math.max(0, Math.min(s.start, value.length)), end: Math.max(0, Math.min(s.end, value.length)) }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Array<{ start: number; end: number; codes: string[] }> = [];
  for (const s of clipped) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) {
      last.end = Math.max(last.end, s.end);
      if (!last.codes.includes(s.code)) last.codes.push(s.code);
    } else merged.push({ start: s.start, end: s.end, codes: [s.code] });
  }
  const out: Array<{ text: string; codes: string[] }> = [];
  let at = 0;
  for (const m of merged) {
    if (m.start > at) out.push({ text: value.slice(at, m.start), codes: [] });
    out.push({ text: value.slice(m.start, m.end), codes: m.codes });
    at = m.end;
  }
  if (at < value.length || out.length === 0) out.push({ text: value.slice(at), codes: [] });
  return out;
}
