import { z } from 'zod';

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
  'timetable.changed': 'Thời khóa biểu mới hoặc thay đổi',
  'form.submitted': 'Đơn từ chờ duyệt',
  'form.decided': 'Đơn từ đã được xử lý',
  'regulation.published': 'Quy chế, nội quy mới',
  'declaration.changed': 'Kê khai giảng dạy được trả lại, duyệt hoặc xác nhận',
  'declaration.reminded': 'Nhắc nộp kê khai giảng dạy',
  'pay.waiting': 'Bảng thanh toán chờ phê duyệt',
  'pay.approved': 'Bảng thanh toán đã được phê duyệt',
};
