import type { TRole } from './roles';
import { resolvePrimaryRole, ROLES } from './roles';

/**
 * Every page of the signed-in app (spec section 2), with the roles the guard lets in.
 * `planned` names the issue that brings the feature; until then the page shows an honest
 * empty state and README's status table lists it.
 */
export interface AppRoute {
  path: string;
  title: string;
  roles: readonly TRole[];
  icon: string;
  planned?: string;
}

const R = {
  admin: ['ADMIN'],
  academic: ['ACADEMIC_AFFAIR'],
  principal: ['PRINCIPAL'],
  quality: ['QUALITY_ASSURANCE'],
  department: ['HEAD_DEPARTMENT'],
  teacher: ['TEACHER'],
  homeroom: ['HOMEROOM_TEACHER'],
  teacherAny: ['TEACHER', 'HOMEROOM_TEACHER'],
  deptTeacher: ['HEAD_DEPARTMENT'],
  declaration: ['HEAD_DEPARTMENT', 'DECLARATION'],
  accountant: ['ACCOUNTANT'],
  facility: ['FACILITY_MANAGER'],
  student: ['STUDENT'],
} as const satisfies Record<string, readonly TRole[]>;

export const APP_ROUTES: readonly AppRoute[] = [
  // ADMIN
  { path: '/admin/dashboard', title: 'Tổng quan', roles: R.admin, icon: 'home' },
  { path: '/admin/users', title: 'Quản lý người dùng', roles: R.admin, icon: 'users' },
  { path: '/admin/students', title: 'Quản lý học sinh', roles: R.admin, icon: 'graduation' },
  { path: '/admin/academic', title: 'Quản lý học vụ', roles: R.admin, icon: 'book' },
  { path: '/admin/course-classes', title: 'Quản lý lớp học', roles: R.admin, icon: 'layers' },
  { path: '/admin/student-registration', title: 'Đăng ký học phần', roles: R.admin, icon: 'clipboard' },
  { path: '/admin/teaching-declaration', title: 'Khai báo giảng dạy', roles: R.admin, icon: 'file' },
  { path: '/admin/facilities', title: 'Cơ sở vật chất', roles: R.admin, icon: 'building' },
  { path: '/admin/schedule', title: 'Thời khóa biểu', roles: R.admin, icon: 'calendar' },
  { path: '/admin/surveys', title: 'Khảo sát', roles: R.admin, icon: 'survey' },
  { path: '/admin/surveys/:id', title: 'Chi tiết khảo sát', roles: R.admin, icon: 'survey' },
  { path: '/admin/reports', title: 'Báo cáo thống kê', roles: R.admin, icon: 'chart' },
  { path: '/admin/declaration-history', title: 'Lịch sử khai báo', roles: R.admin, icon: 'history' },
  { path: '/admin/tutoring', title: 'Phụ đạo', roles: R.admin, icon: 'help' },
  { path: '/admin/student-forms', title: 'Quy chế và đơn từ', roles: R.admin, icon: 'book' },
  { path: '/admin/settings', title: 'Cài đặt hệ thống', roles: R.admin, icon: 'settings' },
  { path: '/admin/system-logs', title: 'Nhật ký hệ thống', roles: R.admin, icon: 'log' },
  // Not in the spec's menus (issue 6): reached from the survey pages (tab "Duyệt ý kiến") and dashboards.
  { path: '/admin/text-reviews', title: 'Duyệt ý kiến', roles: R.admin, icon: 'survey' },
  // Not in the spec's menus (issue 6); linked from the survey pages and dashboards.
  { path: '/admin/themes', title: 'Phân tích ý kiến', roles: R.admin, icon: 'chart' },
  // ACADEMIC_AFFAIR
  { path: '/academic/dashboard', title: 'Tổng quan', roles: R.academic, icon: 'home' },
  { path: '/academic/teaching-declaration', title: 'Khai báo giảng dạy', roles: R.academic, icon: 'file' },
  { path: '/academic/tutoring', title: 'Phụ đạo', roles: R.academic, icon: 'help' },
  // PRINCIPAL
  { path: '/principal/dashboard', title: 'Tổng quan', roles: R.principal, icon: 'home' },
  { path: '/principal/schedule', title: 'Thời khóa biểu', roles: R.principal, icon: 'calendar' },
  { path: '/principal/surveys', title: 'Khảo sát', roles: R.principal, icon: 'survey' },
  { path: '/principal/reports', title: 'Kết quả khảo sát', roles: R.principal, icon: 'chart' },
  { path: '/principal/declaration-history', title: 'Lịch sử khai báo', roles: R.principal, icon: 'history' },
  // Not in the menus (issue 16): a pay run to approve, opened from the dashboard's card; read-only.
  { path: '/principal/pay-runs/:id', title: 'Duyệt đợt thanh toán', roles: R.principal, icon: 'wallet' },
  // QUALITY_ASSURANCE
  { path: '/quality/dashboard', title: 'Tổng quan', roles: R.quality, icon: 'home' },
  { path: '/quality/student-registration', title: 'Đăng ký học phần', roles: R.quality, icon: 'clipboard' },
  { path: '/quality/surveys', title: 'Khảo sát', roles: R.quality, icon: 'survey' },
  { path: '/quality/reports', title: 'Báo cáo', roles: R.quality, icon: 'chart' },
  { path: '/quality/text-reviews', title: 'Duyệt ý kiến', roles: R.quality, icon: 'survey' },
  { path: '/quality/themes', title: 'Phân tích ý kiến', roles: R.quality, icon: 'chart' },
  // HEAD_DEPARTMENT
  { path: '/department/dashboard', title: 'Tổng quan', roles: R.department, icon: 'home' },
  { path: '/department/teachers', title: 'Quản lý giáo viên', roles: R.department, icon: 'users' },
  { path: '/department/teaching-assignments', title: 'Phân công giảng dạy', roles: R.department, icon: 'layers' },
  { path: '/department/teaching-declaration', title: 'Khai báo giảng dạy', roles: R.department, icon: 'file' },
  { path: '/department/schedule', title: 'Thời khóa biểu', roles: R.department, icon: 'calendar' },
  { path: '/department/survey-results', title: 'Kết quả khảo sát của tổ', roles: R.department, icon: 'chart' },
  // TEACHER and the roles that extend it
  { path: '/teacher/dashboard', title: 'Tổng quan', roles: R.teacher, icon: 'home' },
  { path: '/teacher/schedule', title: 'Thời khóa biểu', roles: R.teacher, icon: 'calendar' },
  { path: '/teacher/teaching-declaration-results', title: 'Kết quả khai báo cá nhân', roles: R.teacher, icon: 'file' },
  { path: '/teacher/personal-survey-results', title: 'Kết quả khảo sát cá nhân', roles: R.teacher, icon: 'chart' },
  { path: '/teacher/tutoring', title: 'Phụ đạo của tôi', roles: R.teacher, icon: 'help' },
  { path: '/teacher/homeroom-class', title: 'Lớp chủ nhiệm', roles: R.homeroom, icon: 'users' },
  { path: '/teacher/department-schedule', title: 'Thời khóa biểu tổ', roles: R.deptTeacher, icon: 'calendar' },
  { path: '/teacher/survey-results', title: 'Kết quả khảo sát của tổ', roles: R.deptTeacher, icon: 'chart' },
  {
    path: '/teacher/department-teaching-declaration',
    title: 'Khai báo giảng dạy của tổ',
    roles: R.declaration,
    icon: 'file',
  },
  { path: '/teacher/homeroom-surveys', title: 'Khảo sát liên quan', roles: R.teacherAny, icon: 'survey' },
  { path: '/teacher/survey-preview/:surveyId', title: 'Xem trước khảo sát', roles: R.teacherAny, icon: 'survey' },
  // ACCOUNTANT
  { path: '/accountant/dashboard', title: 'Tổng quan', roles: R.accountant, icon: 'home' },
  { path: '/accountant/salary', title: 'Quản lý thù lao', roles: R.accountant, icon: 'wallet' },
  { path: '/accountant/coefficients', title: 'Cấu hình hệ số', roles: R.accountant, icon: 'settings' },
  { path: '/accountant/reports', title: 'Báo cáo tài chính', roles: R.accountant, icon: 'chart' },
  // FACILITY_MANAGER
  { path: '/facility/dashboard', title: 'Thời khóa biểu cơ sở', roles: R.facility, icon: 'calendar' },
  { path: '/facility/campus', title: 'Quản lý cơ sở', roles: R.facility, icon: 'building' },
  { path: '/facility/classrooms', title: 'Quản lý phòng học', roles: R.facility, icon: 'door' },
  // STUDENT
  { path: '/student/dashboard', title: 'Tổng quan', roles: R.student, icon: 'home' },
  { path: '/student/schedule', title: 'Thời khóa biểu', roles: R.student, icon: 'calendar' },
  { path: '/student/course-registration', title: 'Đăng ký học phần', roles: R.student, icon: 'clipboard' },
  { path: '/student/surveys', title: 'Khảo sát', roles: R.student, icon: 'survey' },
  { path: '/student/surveys/form', title: 'Làm khảo sát', roles: R.student, icon: 'survey' },
  { path: '/student/surveys/:id', title: 'Câu trả lời khảo sát', roles: R.student, icon: 'survey' },
  { path: '/student/forms', title: 'Quy chế và biểu mẫu', roles: R.student, icon: 'book' },
  // EVERY ROLE (issue 17): each user's own notifications, opened from the header's bell ("Xem tất cả").
  { path: '/notifications', title: 'Thông báo', roles: ROLES, icon: 'bell' },
  // EVERY ROLE (issue 17): the user's own profile, opened from the header's user menu ("Thông tin cá nhân").
  { path: '/profile', title: 'Thông tin cá nhân', roles: ROLES, icon: 'user' },
];

/** Exact paths first; then patterns with `:param` segments (e.g. /student/surveys/:id). */
export function findRoute(path: string): AppRoute | undefined {
  const parts = path.split('/');
  const matches = (pattern: string) => {
    const p = pattern.split('/');
    return p.length === parts.length && p.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i]));
  };
  return APP_ROUTES.find((r) => r.path === path) ?? APP_ROUTES.find((r) => r.path.includes('/:') && matches(r.path));
}

/** The route guard's rule: any of the user's roles is among the route's allowed roles. */
export function canAccess(roles: readonly string[], allowed: readonly TRole[]): boolean {
  return allowed.some((r) => roles.includes(r));
}

export interface MenuItem {
  path: string;
  title: string;
  icon: string;
}
export interface MenuGroup {
  title: string;
  items: MenuItem[];
}

/**
 * Sidebar items of each role: the lists of spec section 2, plus (issue 12) every page a role may
 * open that needs no context: the principal's dashboard, the admin's system log, the review queue
 * and the theme analysis for the roles that use them, the teacher's survey previews.
 */
const MENU_PATHS: Record<TRole, readonly string[]> = {
  ADMIN: [
    '/admin/dashboard',
    '/admin/users',
    '/admin/students',
    '/admin/academic',
    '/admin/course-classes',
    '/admin/student-registration',
    '/admin/teaching-declaration',
    '/admin/facilities',
    '/admin/schedule',
    '/admin/surveys',
    '/admin/text-reviews',
    '/admin/themes',
    '/admin/reports',
    '/admin/declaration-history',
    '/admin/tutoring',
    '/admin/student-forms',
    '/admin/system-logs',
    '/admin/settings',
  ],
  ACADEMIC_AFFAIR: ['/academic/dashboard', '/academic/teaching-declaration', '/academic/tutoring'],
  PRINCIPAL: ['/principal/dashboard', '/principal/schedule', '/principal/surveys', '/principal/reports', '/principal/declaration-history'],
  QUALITY_ASSURANCE: [
    '/quality/dashboard',
    '/quality/student-registration',
    '/quality/surveys',
    '/quality/text-reviews',
    '/quality/themes',
    '/quality/reports',
  ],
  HEAD_DEPARTMENT: [
    '/department/dashboard',
    '/department/teachers',
    '/department/teaching-assignments',
    '/department/teaching-declaration',
    '/department/schedule',
    '/department/survey-results',
  ],
  TEACHER: [
    '/teacher/dashboard',
    '/teacher/schedule',
    '/teacher/teaching-declaration-results',
    '/teacher/personal-survey-results',
    '/teacher/tutoring',
  ],
  ACCOUNTANT: ['/accountant/dashboard', '/accountant/salary', '/accountant/coefficients', '/accountant/reports'],
  FACILITY_MANAGER: ['/facility/dashboard', '/facility/campus', '/facility/classrooms'],
  STUDENT: ['/student/dashboard', '/student/schedule', '/student/course-registration', '/student/surveys', '/student/forms'],
  HOMEROOM_TEACHER: ['/teacher/homeroom-class'],
  DECLARATION: ['/teacher/department-teaching-declaration'],
};

const GROUP_TITLES: Record<TRole, string> = {
  ADMIN: 'Quản trị',
  ACADEMIC_AFFAIR: 'Giáo vụ',
  PRINCIPAL: 'Ban giám hiệu',
  QUALITY_ASSURANCE: 'Đảm bảo chất lượng',
  HEAD_DEPARTMENT: 'Tổ chuyên môn',
  TEACHER: 'Giáo viên',
  ACCOUNTANT: 'Kế toán',
  FACILITY_MANAGER: 'Cơ sở vật chất',
  STUDENT: 'Học sinh',
  HOMEROOM_TEACHER: 'Chủ nhiệm',
  DECLARATION: 'Tổ chuyên môn',
};

/**
 * Pages that are one page under two paths (the head of department's pages in the teacher's area):
 * a menu lists one of the two. A route test and the browser walk treat either as the page.
 */
export const SAME_PAGE: Readonly<Record<string, string>> = {
  '/department/schedule': '/teacher/department-schedule',
  '/department/survey-results': '/teacher/survey-results',
};

/** REACHED_FROM's word for the header (the bell, the user menu), which every signed-in user has on every page. */
export const FROM_HEADER = 'header';

/** Pages that need a context (an id, a survey picked on another page): reached from the named page, not a menu. */
export const REACHED_FROM: Readonly<Record<string, string>> = {
  '/notifications': FROM_HEADER,
  '/profile': FROM_HEADER,
  '/admin/surveys/:id': '/admin/surveys',
  '/teacher/survey-preview/:surveyId': '/teacher/homeroom-surveys',
  '/student/surveys/form': '/student/surveys',
  '/student/surveys/:id': '/student/surveys',
  // A submitted pay run opens from the principal dashboard's card of runs waiting for them.
  '/principal/pay-runs/:id': '/principal/dashboard',
};

function items(paths: readonly string[]): MenuItem[] {
  return paths.map((p) => {
    const r = findRoute(p);
    if (!r) throw new Error(`menu path without a route: ${p}`);
    return { path: r.path, title: r.title, icon: r.icon };
  });
}

const TEACHING: readonly TRole[] = ['TEACHER', 'HOMEROOM_TEACHER', 'HEAD_DEPARTMENT', 'DECLARATION'];

/**
 * The teacher's two groups of spec section 2, whichever of the teaching roles is primary:
 * "Giáo viên" (the teacher menu, the homeroom class, the survey previews) and "Tổ chuyên môn"
 * (the head's department pages, or only the department declaration for the declaration role).
 * A head whose primary role is HEAD_DEPARTMENT gets the spec's head menu (/department/…); a
 * teacher who is head gets the spec's teacher paths of the same pages (/teacher/…).
 */
function teachingGroups(primary: TRole, has: (r: TRole) => boolean): MenuGroup[] {
  const teacher: string[] = [];
  if (has('TEACHER')) teacher.push(...MENU_PATHS.TEACHER);
  if (has('HOMEROOM_TEACHER')) teacher.push('/teacher/homeroom-class');
  if (has('TEACHER') || has('HOMEROOM_TEACHER')) teacher.push('/teacher/homeroom-surveys');

  const department: string[] = [];
  if (has('HEAD_DEPARTMENT')) {
    const headFirst = primary === 'HEAD_DEPARTMENT';
    department.push(
      '/department/dashboard',
      '/department/teachers',
      '/department/teaching-assignments',
      '/department/teaching-declaration',
      headFirst ? '/department/schedule' : '/teacher/department-schedule',
      headFirst ? '/department/survey-results' : '/teacher/survey-results',
    );
  }
  if (has('HEAD_DEPARTMENT') || has('DECLARATION')) department.push('/teacher/department-teaching-declaration');

  const groups: MenuGroup[] = [];
  if (teacher.length) groups.push({ title: 'Giáo viên', items: items(teacher) });
  if (department.length) groups.push({ title: 'Tổ chuyên môn', items: items(department) });
  // The primary role's own group comes first.
  if (primary === 'HEAD_DEPARTMENT' || primary === 'DECLARATION') groups.reverse();
  // A dashboard after the first group is named after its group, so two items never both read "Tổng quan".
  return groups.map((g, i) =>
    i === 0 ? g : { ...g, items: g.items.map((it) => (it.path.endsWith('/dashboard') ? { ...it, title: `Tổng quan – ${g.title}` } : it)) },
  );
}

/**
 * The sidebar for a user (spec section 2, "Sidebar menus per role", and issue 12): the primary
 * role's group first, then a group for each other role the person holds, so every page the guard
 * lets them open is in their menu. The teaching roles make the spec's two teacher groups.
 */
export function menuFor(user: {
  primaryRole?: string | null;
  roles?: ReadonlyArray<{ role: string; isPrimary?: boolean }> | null;
}): MenuGroup[] {
  const primary = resolvePrimaryRole(user);
  if (!primary) return [];
  const held = new Set<string>([primary, ...(user.roles ?? []).map((r) => r.role)]);
  const has = (r: TRole) => held.has(r);
  const order = [primary, ...ROLES.filter((r) => r !== primary && has(r))];
  const groups: MenuGroup[] = [];
  let teachingDone = false;
  for (const role of order) {
    if (TEACHING.includes(role)) {
      if (!teachingDone) groups.push(...teachingGroups(primary, has));
      teachingDone = true;
    } else {
      groups.push({ title: GROUP_TITLES[role], items: items(MENU_PATHS[role]) });
    }
  }
  // A dashboard after the first group is named after its group, so two items never both read "Tổng quan".
  return groups.map((g, i) =>
    i === 0 ? g : { ...g, items: g.items.map((it) => (it.path.endsWith('/dashboard') ? { ...it, title: `Tổng quan – ${g.title}` } : it)) },
  );
}
