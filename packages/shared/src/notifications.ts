import { z } from 'zod';
import type { TRole } from './roles';

/*
 * Notifications (issue 17): the kinds a user can receive, with their Vietnamese names. The settings
 * page says which are on by default; each user chooses for themselves on their profile.
 */

export const NOTIFICATION_KINDS = [
  'survey.opened',
  'survey.closing',
  'survey.results',
  'registration.opened',
  'registration.promoted',
  'registration.reminded',
  'registration.closed',
  'timetable.changed',
  'form.submitted',
  'form.decided',
  'regulation.published',
  'declaration.changed',
  'declaration.reminded',
  'pay.waiting',
  'pay.approved',
] as const;

export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

export const NOTIFICATION_KIND_LABELS: Record<TNotificationKind, string> = {
  'survey.opened': 'Khảo sát mới cần thực hiện',
  'survey.closing': 'Khảo sát sắp đóng mà chưa làm',
  'survey.results': 'Kết quả khảo sát đã công bố',
  'registration.opened': 'Mở đợt đăng ký học phần',
  'registration.promoted': 'Được nhận chỗ từ danh sách chờ',
  'registration.reminded': 'Nhắc hoàn thành đăng ký học phần',
  'registration.closed': 'Đợt đăng ký học phần đã chốt',
  'timetable.changed': 'Thời khóa biểu mới hoặc thay đổi',
  'form.submitted': 'Đơn từ chờ duyệt',
  'form.decided': 'Đơn từ đã được xử lý',
  'regulation.published': 'Quy chế, nội quy mới',
  'declaration.changed': 'Kê khai giảng dạy được trả lại, duyệt hoặc xác nhận',
  'declaration.reminded': 'Nhắc nộp kê khai giảng dạy',
  'pay.waiting': 'Bảng thanh toán chờ phê duyệt',
  'pay.approved': 'Bảng thanh toán đã được phê duyệt',
};

/** One notification as its owner reads it; `link` is a path inside the app. */
export const ZNotification = z.object({
  id: z.number().int(),
  kind: ZNotificationKind,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** GET /notifications: newest first; `unread=true` keeps the unread ones, `kind` one kind. */
export const ZNotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(2_147_483_647).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  kind: ZNotificationKind.optional(),
});
export type TNotificationListQuery = z.input<typeof ZNotificationListQuery>;

export const ZNotificationCount = z.object({ unread: z.number().int() });
export type TNotificationCount = z.infer<typeof ZNotificationCount>;

/** What the live stream pushes when a notification is stored for the user (and once on connecting). */
export const ZNotificationPush = z.object({ unread: z.number().int(), latest: ZNotification.nullable() });
export type TNotificationPush = z.infer<typeof ZNotificationPush>;

/** A short-lived ticket the browser puts in the stream's URL (EventSource sends no headers). */
export const ZNotificationStreamTicket = z.object({ ticket: z.string(), expiresInSeconds: z.number().int() });
export type TNotificationStreamTicket = z.infer<typeof ZNotificationStreamTicket>;

/** One kind's choice; `isDefault`: no choice saved, the school's default applies. */
export const ZNotificationPreference = z.object({
  kind: ZNotificationKind,
  inApp: z.boolean(),
  email: z.boolean(),
  isDefault: z.boolean(),
});
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;

/** `emailAvailable`: the server sends e-mail (SMTP_URL is set); the e-mail switches do nothing otherwise. */
export const ZNotificationPreferences = z.object({ items: z.array(ZNotificationPreference), emailAvailable: z.boolean() });
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const ZNotificationPreferencesInput = z.object({
  items: z
    .array(z.object({ kind: ZNotificationKind, inApp: z.boolean(), email: z.boolean() }))
    .max(NOTIFICATION_KINDS.length)
    .refine((items) => new Set(items.map((i) => i.kind)).size === items.length, 'Mỗi loại thông báo chỉ được chọn một lần.'),
});
export type TNotificationPreferencesInput = z.infer<typeof ZNotificationPreferencesInput>;

export const NOTIFICATION_MSG = {
  notFound: 'Không tìm thấy thông báo.',
  ticketInvalid: 'Phiên nhận thông báo trực tiếp đã hết hạn: hãy tải lại trang.',
  markedAll: (n: number) => (n ? `Đã đánh dấu ${n} thông báo là đã đọc.` : 'Không còn thông báo chưa đọc.'),
  preferencesSaved: 'Đã lưu lựa chọn nhận thông báo.',
};

const STUDENT: readonly TRole[] = ['STUDENT'];
const TEACHING: readonly TRole[] = ['TEACHER', 'HOMEROOM_TEACHER', 'HEAD_DEPARTMENT', 'DECLARATION'];

/** Who can receive each kind: a user's preferences list only the kinds one of their roles can receive. */
export const NOTIFICATION_KIND_ROLES: Record<TNotificationKind, readonly TRole[]> = {
  'survey.opened': STUDENT,
  'survey.closing': STUDENT,
  'survey.results': TEACHING,
  'registration.opened': STUDENT,
  'registration.promoted': STUDENT,
  'registration.reminded': STUDENT,
  'registration.closed': STUDENT,
  'timetable.changed': [...STUDENT, ...TEACHING],
  'form.submitted': ['HOMEROOM_TEACHER', 'PRINCIPAL'],
  'form.decided': STUDENT,
  'regulation.published': STUDENT,
  'declaration.changed': TEACHING,
  'declaration.reminded': TEACHING,
  'pay.waiting': ['PRINCIPAL'],
  'pay.approved': TEACHING,
};

/** Whether someone holding `roles` can receive `kind`. */
export const kindConcerns = (kind: TNotificationKind, roles: readonly string[]) =>
  NOTIFICATION_KIND_ROLES[kind].some((r) => roles.includes(r));
