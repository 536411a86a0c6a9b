import type { TNotificationKind } from '@app/shared/notifications';
import type { Tx } from '../db/client';
import { notifications } from '../db/schema/notifications';

/**
 * The demo accounts' bells (issue 17): a few notifications each, as the sources would have stored them,
 * some read, so the bell, its count and the page of all notifications have content on first start.
 * The same words every install; the times are counted back from the seeding.
 */
const DEMO: Array<{
  local: string;
  kind: TNotificationKind;
  title: string;
  body?: string;
  link: string;
  minutesAgo: number;
  read?: boolean;
}> = [
  {
    local: 'hs.an',
    kind: 'survey.opened',
    title: 'Khảo sát mới: Lấy ý kiến học sinh về hoạt động giảng dạy',
    body: 'Hãy hoàn thành trước hạn.',
    link: '/student/surveys',
    minutesAgo: 45,
  },
  {
    local: 'hs.an',
    kind: 'registration.opened',
    title: 'Mở đăng ký học phần tự chọn',
    body: 'Chọn lớp trước khi đợt đăng ký đóng.',
    link: '/student/course-registration',
    minutesAgo: 60 * 5,
  },
  {
    local: 'hs.an',
    kind: 'timetable.changed',
    title: 'Thời khóa biểu mới đã được công bố',
    link: '/student/schedule',
    minutesAgo: 60 * 26,
    read: true,
  },
  {
    local: 'hs.binh',
    kind: 'survey.closing',
    title: 'Khảo sát sắp đóng: Lấy ý kiến học sinh về hoạt động giảng dạy',
    body: 'Còn 2 ngày và bạn chưa hoàn thành.',
    link: '/student/surveys',
    minutesAgo: 90,
  },
  {
    local: 'gv.toan',
    kind: 'form.submitted',
    title: 'Có đơn của học sinh lớp chủ nhiệm chờ duyệt',
    link: '/teacher/homeroom-class',
    minutesAgo: 20,
  },
  {
    local: 'gv.toan',
    kind: 'survey.results',
    title: 'Kết quả khảo sát học phần 1 đã công bố',
    link: '/teacher/personal-survey-results',
    minutesAgo: 60 * 30,
  },
  {
    local: 'gv.toan',
    kind: 'declaration.changed',
    title: 'Bản kê khai giảng dạy của bạn đã được duyệt',
    link: '/teacher/teaching-declaration-results',
    minutesAgo: 60 * 50,
    read: true,
  },
  {
    local: 'gv.van',
    kind: 'declaration.reminded',
    title: 'Nhắc nộp kê khai giảng dạy',
    body: 'Bản kê khai giảng dạy của bạn cho kỳ này chưa được nộp.',
    link: '/teacher/teaching-declaration-results',
    minutesAgo: 60 * 3,
  },
  {
    local: 'hieutruong',
    kind: 'pay.waiting',
    title: 'Đợt thanh toán chờ phê duyệt',
    body: 'Kế toán đã trình đợt tính tiền dạy thêm giờ.',
    link: '/principal/dashboard',
    minutesAgo: 35,
  },
  {
    local: 'hieutruong',
    kind: 'form.submitted',
    title: 'Có đơn của học sinh chờ Ban giám hiệu quyết định',
    link: '/principal/dashboard',
    minutesAgo: 60 * 4,
  },
  {
    local: 'ketoan',
    kind: 'declaration.changed',
    title: 'Các bản kê khai giảng dạy học kỳ trước đã được xác nhận',
    body: 'Có thể tính tiền dạy thêm giờ.',
    link: '/accountant/salary',
    minutesAgo: 60 * 8,
  },
  {
    local: 'quantri',
    kind: 'regulation.published',
    title: 'Quy chế mới đã được công bố',
    link: '/admin/dashboard',
    minutesAgo: 60 * 24 * 3,
    read: true,
  },
];

export async function seedDemoNotifications(
  tx: Tx,
  opts: { userId: (local: string) => number },
): Promise<{ counts: { notifications: number } }> {
  const now = Date.now();
  const rows = DEMO.map((n) => {
    const at = new Date(now - n.minutesAgo * 60_000);
    return {
      userId: opts.userId(n.local),
      kind: n.kind,
      title: n.title,
      body: n.body ?? '',
      link: n.link,
      dedupeKey: `demo:${n.kind}:${n.minutesAgo}`,
      createdAt: at,
      readAt: n.read ? at : null,
    };
  });
  await tx.insert(notifications).values(rows);
  return { counts: { notifications: rows.length } };
}
