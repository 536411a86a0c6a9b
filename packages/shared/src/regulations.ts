import { z } from 'zod';
import { ZId } from './api';
import './zod-locale';

/**
 * Regulations (nội quy, quy chế; issue 17, DOMAIN.md "Student forms and regulations"). Admin writes a
 * document — rich text (sanitized on the server like survey HTML) or an uploaded PDF shown in the page —
 * with a category, an effective date and whether students must acknowledge it; draft → published →
 * archived. Students read the published ones and acknowledge ("Tôi đã đọc và cam kết thực hiện"), once.
 * Admin, the principal and the quality office read who has not acknowledged, per homeroom class; a
 * homeroom teacher reads the same for their own class only.
 *
 * Calls (under /api/v1; roles in apps/server/src/areas/forms/access.ts):
 *  GET    /regulations?search=&status=&category=&page=&limit=  ADMIN → page of ZRegulation (every state)
 *  POST   /regulations                          ADMIN  ZRegulationInput → ZRegulationDetail (a draft)
 *  GET    /regulations/{id}                     ADMIN → ZRegulationDetail
 *  PUT    /regulations/{id}                     ADMIN  ZRegulationInput (with version, reacknowledge) → ZRegulationDetail
 *  DELETE /regulations/{id}                     ADMIN (drafts only)
 *  POST   /regulations/{id}/pdf?version=        ADMIN  multipart "file" (PDF ≤ 10 MB) → ZRegulationDetail
 *  POST   /regulations/{id}/publish             ADMIN  ZRegulationTransition → ZRegulationDetail (emits regulation.published)
 *  POST   /regulations/{id}/archive             ADMIN  ZRegulationTransition → ZRegulationDetail
 *  GET    /regulations/categories               readers → string[] (suggestions and the categories in use)
 *  GET    /regulations/published?search=&category=&pending=&page=&limit=  readers → page of ZReaderRegulation, newest first
 *  GET    /regulations/published/{id}           readers → ZReaderRegulationDetail
 *  GET    /regulations/{id}/pdf                 readers (a draft or archived one: ADMIN only) → the PDF, inline
 *  POST   /regulations/{id}/acknowledge         STUDENT → ZReaderRegulationDetail (idempotent)
 *  GET    /regulations/{id}/report              ADMIN, PRINCIPAL, QUALITY_ASSURANCE, HOMEROOM_TEACHER (own classes) → ZAckReport
 *  GET    /regulations/{id}/report/classes/{classId}  same scope → ZAckStudent[]
 *  GET    /regulations/{id}/report/export       same scope → XLSX of the students who have not acknowledged
 *  GET    /regulations/homeroom                 HOMEROOM_TEACHER → ZHomeroomAckStatus[] (their classes × published documents to acknowledge)
 */

export const REGULATION_STATUSES = ['draft', 'published', 'archived'] as const;
export type TRegulationStatus = (typeof REGULATION_STATUSES)[number];
export const REGULATION_STATUS_LABELS: Record<TRegulationStatus, string> = {
  draft: 'Bản nháp',
  published: 'Đã ban hành',
  archived: 'Đã lưu trữ',
};

/** Suggested categories: the field takes free text, these come first in its list (docs/decisions/product.md). */
export const REGULATION_CATEGORIES = ['Nội quy', 'Quy chế thi', 'Quy chế đánh giá', 'Quy định', 'Hướng dẫn', 'An toàn trường học'] as const;

export const CONTENT_KINDS = ['html', 'pdf'] as const;
export type TContentKind = (typeof CONTENT_KINDS)[number];

export const REGULATION_PDF_MAX_BYTES = 10 * 1024 * 1024;
/** Rich text stored at most (HTML characters, before sanitizing). */
export const REGULATION_HTML_MAX = 200_000;
/** The words a student confirms with. */
export const ACK_STATEMENT = 'Tôi đã đọc và cam kết thực hiện';
/** A published document is "Mới" for this many days. */
export const NEW_DAYS = 14;

const isoDate = z.iso.date({ error: 'Ngày áp dụng không hợp lệ.' });

export const ZRegulationInput = z.object({
  title: z.string().trim().min(1, 'Hãy nhập tiêu đề.').max(300, 'Tiêu đề tối đa 300 ký tự.'),
  category: z.string().trim().min(1, 'Hãy chọn hoặc nhập danh mục.').max(80, 'Danh mục tối đa 80 ký tự.'),
  /** html: `bodyHtml` is the content; pdf: the uploaded file is (uploaded by POST …/pdf after saving). */
  contentKind: z.enum(CONTENT_KINDS, { error: 'Hãy chọn loại nội dung.' }),
  bodyHtml: z.string().max(REGULATION_HTML_MAX, 'Nội dung quá dài.').default(''),
  effectiveFrom: isoDate,
  requiresAck: z.boolean().default(false),
  /** The version read (edits only): a stale one is refused with 409. */
  version: z.number().int().positive().optional(),
  /** Editing a published document: clear the acknowledgements so students acknowledge the new text. */
  reacknowledge: z.boolean().default(false),
});
export type TRegulationInput = z.input<typeof ZRegulationInput>;

export const ZRegulationTransition = z.object({ version: z.number().int().positive() });

export const ZRegulation = z.object({
  id: ZId,
  title: z.string(),
  category: z.string(),
  contentKind: z.enum(CONTENT_KINDS),
  effectiveFrom: z.string(),
  requiresAck: z.boolean(),
  status: z.enum(REGULATION_STATUSES),
  publishedAt: z.string().nullable(),
  pdfName: z.string().nullable(),
  pdfSize: z.number().nullable(),
  version: z.number(),
  updatedAt: z.string(),
  /** Students who acknowledged it. */
  ackCount: z.number(),
});
export type TRegulation = z.infer<typeof ZRegulation>;

export const ZRegulationDetail = ZRegulation.extend({ bodyHtml: z.string().nullable() });
export type TRegulationDetail = z.infer<typeof ZRegulationDetail>;

/** A published document as a reader sees it; `acknowledgedAt` is the student's own (null for staff). */
export const ZReaderRegulation = z.object({
  id: ZId,
  title: z.string(),
  category: z.string(),
  contentKind: z.enum(CONTENT_KINDS),
  effectiveFrom: z.string(),
  requiresAck: z.boolean(),
  publishedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
});
export type TReaderRegulation = z.infer<typeof ZReaderRegulation>;

export const ZReaderRegulationDetail = ZReaderRegulation.extend({
  bodyHtml: z.string().nullable(),
  pdfName: z.string().nullable(),
  pdfSize: z.number().nullable(),
});
export type TReaderRegulationDetail = z.infer<typeof ZReaderRegulationDetail>;

export const ZAckClass = z.object({
  classId: ZId,
  className: z.string(),
  grade: z.number(),
  studentCount: z.number(),
  acknowledged: z.number(),
  missing: z.number(),
});
export type TAckClass = z.infer<typeof ZAckClass>;

export const ZAckReport = z.object({
  regulation: z.object({ id: ZId, title: z.string(), requiresAck: z.boolean(), status: z.enum(REGULATION_STATUSES) }),
  classes: z.array(ZAckClass),
  totals: z.object({ studentCount: z.number(), acknowledged: z.number(), missing: z.number() }),
});
export type TAckReport = z.infer<typeof ZAckReport>;

export const ZAckStudent = z.object({
  studentId: ZId,
  studentCode: z.string(),
  fullName: z.string(),
  acknowledgedAt: z.string().nullable(),
});
export type TAckStudent = z.infer<typeof ZAckStudent>;

/** One published document to acknowledge with the homeroom teacher's classes' counts. */
export const ZHomeroomAckStatus = z.object({
  id: ZId,
  title: z.string(),
  category: z.string(),
  publishedAt: z.string(),
  classes: z.array(ZAckClass),
});
export type THomeroomAckStatus = z.infer<typeof ZHomeroomAckStatus>;

/** Whether a published document is new to a reader (published within NEW_DAYS of `now`). */
export function isNewRegulation(publishedAt: string, now: Date = new Date()): boolean {
  return now.getTime() - Date.parse(publishedAt) < NEW_DAYS * 86_400_000;
}
