import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TRole } from '@app/shared/roles';
import { makeUser } from '@/test/fixtures';
import { Sidebar, type SidebarProps } from './sidebar';

function renderSidebar(roles: TRole[], path = '/', props: Partial<SidebarProps> = {}) {
  const user = makeUser(roles);
  render(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar user={user} photoURL={null} open mobile={false} onClose={() => {}} {...props} />
    </MemoryRouter>,
  );
  return user;
}

/** Group title → item titles with their links, as a screen reader meets them. */
function menu() {
  const nav = screen.getByRole('navigation', { name: 'Điều hướng chính' });
  return within(nav)
    .getAllByRole('group')
    .map((group) => ({
      title: within(group).getByRole('heading').textContent,
      items: within(group)
        .getAllByRole('link')
        .map((a) => `${a.textContent} ${a.getAttribute('href')}`),
    }));
}

describe('Sidebar menus per role (spec section 2)', () => {
  it('ADMIN: one group with the admin items, the system log before settings', () => {
    renderSidebar(['ADMIN']);
    const groups = menu();
    expect(groups).toHaveLength(1);
    expect(groups[0].title).toBe('Quản trị');
    expect(groups[0].items).toHaveLength(18);
    expect(groups[0].items[0]).toBe('Tổng quan /admin/dashboard');
    expect(groups[0].items).toContain('Quản lý lớp học /admin/course-classes');
    expect(groups[0].items).toContain('Đăng ký học phần /admin/student-registration');
    expect(groups[0].items).toContain('Thời khóa biểu /admin/schedule');
    expect(groups[0].items.at(-1)).toBe('Cài đặt hệ thống /admin/settings');
    expect(groups[0].items.at(-2)).toBe('Nhật ký hệ thống /admin/system-logs');
    expect(groups[0].items).toContain('Duyệt ý kiến /admin/text-reviews');
    expect(groups[0].items).toContain('Phân tích ý kiến /admin/themes');
    expect(groups[0].items).toContain('Quy chế và đơn từ /admin/student-forms');
  });

  it('STUDENT: dashboard, schedule, course registration, surveys, regulations and forms', () => {
    renderSidebar(['STUDENT']);
    expect(menu()).toEqual([
      {
        title: 'Học sinh',
        items: [
          'Tổng quan /student/dashboard',
          'Thời khóa biểu /student/schedule',
          'Đăng ký học phần /student/course-registration',
          'Khảo sát /student/surveys',
          'Quy chế và biểu mẫu /student/forms',
        ],
      },
    ]);
  });

  it('TEACHER + HOMEROOM + HEAD_DEPARTMENT: "Giáo viên" with homeroom class, and "Tổ chuyên môn"', () => {
    renderSidebar(['TEACHER', 'HOMEROOM_TEACHER', 'HEAD_DEPARTMENT']);
    expect(menu()).toEqual([
      {
        title: 'Giáo viên',
        items: [
          'Tổng quan /teacher/dashboard',
          'Thời khóa biểu /teacher/schedule',
          'Kết quả khai báo cá nhân /teacher/teaching-declaration-results',
          'Kết quả khảo sát cá nhân /teacher/personal-survey-results',
          'Phụ đạo của tôi /teacher/tutoring',
          'Lớp chủ nhiệm /teacher/homeroom-class',
          'Khảo sát liên quan /teacher/homeroom-surveys',
        ],
      },
      {
        title: 'Tổ chuyên môn',
        items: [
          'Tổng quan – Tổ chuyên môn /department/dashboard',
          'Quản lý giáo viên /department/teachers',
          'Phân công giảng dạy /department/teaching-assignments',
          'Khai báo giảng dạy /department/teaching-declaration',
          'Thời khóa biểu tổ /teacher/department-schedule',
          'Kết quả khảo sát của tổ /teacher/survey-results',
          'Khai báo giảng dạy của tổ /teacher/department-teaching-declaration',
        ],
      },
    ]);
  });

  it('TEACHER + DECLARATION: the department group holds only the department declaration', () => {
    renderSidebar(['TEACHER', 'DECLARATION']);
    const groups = menu();
    expect(groups.map((g) => g.title)).toEqual(['Giáo viên', 'Tổ chuyên môn']);
    expect(groups[0].items).not.toContain('Lớp chủ nhiệm /teacher/homeroom-class');
    expect(groups[1].items).toEqual(['Khai báo giảng dạy của tổ /teacher/department-teaching-declaration']);
  });

  it('PRINCIPAL: dashboard, timetable, surveys, survey results, declaration history', () => {
    renderSidebar(['PRINCIPAL']);
    expect(menu()).toEqual([
      {
        title: 'Ban giám hiệu',
        items: [
          'Tổng quan /principal/dashboard',
          'Thời khóa biểu /principal/schedule',
          'Khảo sát /principal/surveys',
          'Kết quả khảo sát /principal/reports',
          'Lịch sử khai báo /principal/declaration-history',
        ],
      },
    ]);
  });
});

describe('Sidebar behaviour', () => {
  it('marks only the item whose href equals the current path', () => {
    renderSidebar(['STUDENT'], '/student/surveys');
    const current = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveAttribute('href', '/student/surveys');
  });

  it('shows name and e-mail; defaults the name to "Người dùng"', () => {
    const user = renderSidebar(['STUDENT']);
    expect(screen.getByTestId('sidebar-user-name')).toHaveTextContent('Nguyễn Văn An');
    expect(screen.getByText(user.email)).toBeInTheDocument();
  });

  it('collapsed (desktop, closed) is w-16 with icon tooltips; expanded is w-64', () => {
    const { rerender } = render(
      <MemoryRouter>
        <Sidebar user={makeUser(['STUDENT'], { displayName: null })} photoURL={null} open={false} mobile={false} onClose={() => {}} />
      </MemoryRouter>,
    );
    const aside = screen.getByRole('complementary', { name: 'Thanh điều hướng' });
    expect(aside).toHaveClass('w-16');
    expect(screen.getByRole('link', { name: 'Khảo sát' })).toHaveAttribute('title', 'Khảo sát');
    expect(screen.getByTestId('sidebar-user-name')).toHaveTextContent('Người dùng');
    rerender(
      <MemoryRouter>
        <Sidebar user={makeUser(['STUDENT'])} photoURL={null} open mobile={false} onClose={() => {}} />
      </MemoryRouter>,
    );
    expect(aside).toHaveClass('w-64');
    expect(screen.getByRole('link', { name: 'Khảo sát' })).not.toHaveAttribute('title');
  });

  it('on a phone: an overlay with a backdrop that closes it', async () => {
    const onClose = vi.fn();
    renderSidebar(['STUDENT'], '/', { mobile: true, open: true, onClose });
    const aside = screen.getByRole('complementary', { name: 'Thanh điều hướng' });
    expect(aside).toHaveClass('fixed', 'w-64', 'translate-x-0', 'shadow-2xl');
    await userEvent.click(screen.getByTestId('sidebar-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('on a phone, closed: off screen, inert and without a backdrop', () => {
    renderSidebar(['STUDENT'], '/', { mobile: true, open: false });
    const aside = document.getElementById('app-sidebar')!;
    expect(aside).toHaveClass('-translate-x-full');
    // Off screen without its shadow, which otherwise shows as a grey strip along the page's left edge.
    expect(aside).not.toHaveClass('shadow-2xl');
    expect(aside).toHaveAttribute('inert');
    expect(screen.queryByTestId('sidebar-backdrop')).toBeNull();
  });
});
