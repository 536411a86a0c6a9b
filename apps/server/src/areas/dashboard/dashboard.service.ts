import type { TDashboard } from '@app/shared/auth';
import { formatDateTime, SCHOOL_TZ as TZ } from '@app/shared/format';
import { resolvePrimaryRole, ROLE_LABELS, type TRole } from '@app/shared/roles';
import type { Db } from '@/db/client';
import { countUsers, countUsersByRole, type UserWithRoles } from '@/areas/school/users/users.service';
import { activityToday, lastLogins } from './dashboard.repository';

function greetingFor(name: string | null, now: Date) {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: TZ }).format(now));
  const part = hour < 11 ? 'buổi sáng' : hour < 13 ? 'buổi trưa' : hour < 18 ? 'buổi chiều' : 'buổi tối';
  return `Chào ${part}, ${name || 'Người dùng'}!`;
}

function formatMoment(d: Date | null) {
  return d ? formatDateTime(d) : 'Lần đầu đăng nhập';
}

/** What the landing page of the caller's primary role shows, from what the database knows now. */
export async function dashboardFor(db: Db, user: UserWithRoles, now = new Date()): Promise<TDashboard> {
  // The sign-in that started this session is the newest; the one before it is "previous".
  const previousLogin = (await lastLogins(db, user.id, 2))[1] ?? null;
  const role = resolvePrimaryRole({ roles: user.roles }) as TRole;
  const byRole = await countUsersByRole(db);
  const n = (r: TRole) => byRole.get(r) ?? 0;
  const stats: TDashboard['stats'] = [];

  switch (role) {
    case 'ADMIN': {
      const users = await countUsers(db);
      const today = await activityToday(db);
      stats.push(
        { label: 'Tài khoản đang hoạt động', value: users.active, hint: `${users.total - users.active} tài khoản bị khóa` },
        { label: 'Giáo viên', value: n('TEACHER') },
        { label: 'Học sinh', value: n('STUDENT') },
        { label: 'Lượt đăng nhập hôm nay', value: today.logins, hint: `${today.writes} thay đổi khác được ghi nhật ký` },
      );
      break;
    }
    case 'PRINCIPAL':
    case 'ACADEMIC_AFFAIR':
    case 'QUALITY_ASSURANCE':
      stats.push(
        { label: 'Giáo viên', value: n('TEACHER') },
        { label: 'Học sinh', value: n('STUDENT') },
        { label: 'Tổ trưởng chuyên môn', value: n('HEAD_DEPARTMENT') },
        { label: 'Giáo viên chủ nhiệm', value: n('HOMEROOM_TEACHER') },
      );
      break;
    case 'HEAD_DEPARTMENT':
    case 'TEACHER':
    case 'HOMEROOM_TEACHER':
    case 'DECLARATION':
      stats.push({ label: 'Giáo viên toàn trường', value: n('TEACHER') }, { label: 'Học sinh toàn trường', value: n('STUDENT') });
      break;
    case 'ACCOUNTANT':
      stats.push({ label: 'Giáo viên hưởng thù lao', value: n('TEACHER') });
      break;
    case 'FACILITY_MANAGER':
      stats.push({ label: 'Người dùng đang hoạt động', value: (await countUsers(db)).active });
      break;
    case 'STUDENT':
      stats.push({ label: 'Mã học sinh', value: user.studentId ?? 'Chưa liên kết hồ sơ' });
      break;
  }
  stats.push({ label: 'Lần đăng nhập trước', value: formatMoment(previousLogin) });

  return {
    role,
    greeting: greetingFor(user.displayName, now),
    stats,
    notes: [`Vai trò: ${user.roles.map((r) => ROLE_LABELS[r.role] + (r.isPrimary ? ' (chính)' : '')).join(', ')}`],
  };
}
