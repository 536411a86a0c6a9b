import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { THomeroomClass, TStudent } from '@app/shared/school';
import { captureParams, fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { mediaQueryList } from '@/test/setup';
import HomeroomClassPage from './homeroom-class-page';

const stamps = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 10 });

const cls = (id: number, name: string, over: Partial<THomeroomClass> = {}): THomeroomClass => ({
  id,
  name,
  academicYearId: 3,
  academicYearName: '2026-2027',
  grade: 11,
  campusId: 1,
  campusName: 'Cơ sở Trung tâm',
  homeroomTeacherId: 7,
  homeroomTeacherName: 'Bùi Thị Hương',
  studentCount: 32,
  ...stamps,
  ...over,
});
const student = (id: number, code: string, fullName: string, over: Partial<TStudent> = {}): TStudent => ({
  id,
  studentCode: code,
  fullName,
  email: `${code.toLowerCase()}@hs.edu.vn`,
  dateOfBirth: '2009-09-05',
  gender: 'female',
  grade: 11,
  campusId: 1,
  campusName: 'Cơ sở Trung tâm',
  homeroomClassId: 4,
  homeroomClassName: '11 Hóa',
  status: 'active',
  userId: null,
  ...stamps,
  ...over,
});

const HOA = cls(4, '11 Hóa');
const OLD = cls(2, '10 Hóa', { academicYearId: 2, academicYearName: '2025-2026', grade: 10, studentCount: 30 });

let mock: ReturnType<typeof mockApi> | undefined;
function renderPage(api: MockRoutes, path = '/teacher/homeroom-class') {
  mock = mockApi(api);
  return renderUi(<HomeroomClassPage />, { path: path });
}

const desktopMedia = window.matchMedia;
let capture: ReturnType<typeof captureParams>;
beforeEach(() => {
  capture = captureParams();
});
afterEach(() => {
  capture.stop();
  mock?.restore();
  window.matchMedia = desktopMedia;
  vi.restoreAllMocks();
});

describe('/teacher/homeroom-class', () => {
  it('shows the class and its students; search and export go to the server', async () => {
    renderPage({
      'GET /v1/homeroom-classes/mine': () => ok([HOA]),
      'GET /v1/homeroom-classes/4/students': () =>
        page([
          student(1, 'HS25001', 'Lê Thị Lan'),
          student(2, 'HS25002', 'Trần Văn Minh', { gender: 'male', dateOfBirth: null, email: null, status: 'transferred' }),
        ]),
      'GET /v1/homeroom-classes/4/students/export': () => ({ status: 200, body: new Blob(['xlsx']) }),
    });
    expect(await screen.findByRole('heading', { name: '11 Hóa' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: '11 Hóa' });
    expect(summary).toHaveTextContent('Khối11');
    expect(summary).toHaveTextContent('Cơ sởCơ sở Trung tâm');
    expect(summary).toHaveTextContent('Năm học2026-2027');
    expect(summary).toHaveTextContent('Sĩ số32 học sinh');
    // One class: no picker.
    expect(screen.queryByLabelText('Lớp chủ nhiệm')).not.toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Danh sách học sinh lớp 11 Hóa' });
    const lan = within(table).getByRole('row', { name: /HS25001/ });
    expect(lan).toHaveTextContent('Lê Thị Lan');
    expect(lan).toHaveTextContent('05/09/2009');
    expect(lan).toHaveTextContent('Nữ');
    expect(lan).toHaveTextContent('Đang học');
    expect(lan).toHaveTextContent('hs25001@hs.edu.vn');
    const minh = within(table).getByRole('row', { name: /HS25002/ });
    expect(minh).toHaveTextContent('Nam');
    expect(minh).toHaveTextContent('Đã chuyển trường');
    expect(capture.seen.find((c) => c.url === '/v1/homeroom-classes/4/students')?.params).toMatchObject({
      sort: 'fullName',
      page: '1',
      limit: '10',
    });

    await userEvent.type(screen.getByLabelText('Tìm học sinh trong lớp'), 'Lan');
    await waitFor(() =>
      expect(capture.seen.filter((c) => c.url === '/v1/homeroom-classes/4/students').at(-1)?.params).toMatchObject({ search: 'Lan' }),
    );
    await userEvent.click(within(table).getByRole('button', { name: /Ngày sinh/ }));
    await waitFor(() =>
      expect(capture.seen.filter((c) => c.url === '/v1/homeroom-classes/4/students').at(-1)?.params).toMatchObject({
        search: 'Lan',
        sort: 'dateOfBirth',
        order: 'asc',
      }),
    );

    // The export sends what the list shows, without paging.
    URL.createObjectURL = vi.fn(() => 'blob:lop');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {}); // jsdom cannot download
    await userEvent.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    expect(capture.seen.find((c) => c.url === '/v1/homeroom-classes/4/students/export')?.params).toEqual({
      search: 'Lan',
      sort: 'dateOfBirth',
      order: 'asc',
    });
  });

  it('says so when the teacher has no homeroom class', async () => {
    renderPage({ 'GET /v1/homeroom-classes/mine': () => ok([]) });
    expect(await screen.findByText('Bạn chưa được phân công lớp chủ nhiệm nào.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(mock!.calls.map((c) => c.url)).toEqual(['/v1/homeroom-classes/mine']);
  });

  it('shows the server’s message and retries when the classes cannot be loaded', async () => {
    let calls = 0;
    renderPage({ 'GET /v1/homeroom-classes/mine': () => (++calls === 1 ? fail(403, 'Bạn không có quyền truy cập.') : ok([HOA])) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bạn không có quyền truy cập.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('heading', { name: '11 Hóa' })).toBeInTheDocument();
  });

  it('with several classes a picker switches class, kept in the URL', async () => {
    const { router } = renderPage({
      'GET /v1/homeroom-classes/mine': () => ok([HOA, OLD]),
      'GET /v1/homeroom-classes/4/students': () => page([student(1, 'HS25001', 'Lê Thị Lan')]),
      'GET /v1/homeroom-classes/2/students': () => page([student(9, 'HS24009', 'Phạm Quốc Bảo', { homeroomClassId: 2 })]),
    });
    expect(await screen.findByRole('heading', { name: '11 Hóa' })).toBeInTheDocument();
    await screen.findByText('Lê Thị Lan');
    const picker = screen.getByLabelText('Lớp chủ nhiệm');
    expect(picker).toHaveValue('4');
    await userEvent.selectOptions(picker, '10 Hóa – 2025-2026');

    expect(await screen.findByRole('heading', { name: '10 Hóa' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '10 Hóa' })).toHaveTextContent('Năm học2025-2026');
    const table = await screen.findByRole('table', { name: 'Danh sách học sinh lớp 10 Hóa' });
    expect(await within(table).findByText('Phạm Quốc Bảo')).toBeInTheDocument();
    expect(within(table).queryByText('Lê Thị Lan')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?classId=2');
  });

  it('opens the class named in the URL', async () => {
    renderPage(
      {
        'GET /v1/homeroom-classes/mine': () => ok([HOA, OLD]),
        'GET /v1/homeroom-classes/2/students': () => page([student(9, 'HS24009', 'Phạm Quốc Bảo')]),
      },
      '/teacher/homeroom-class?classId=2',
    );
    expect(await screen.findByRole('heading', { name: '10 Hóa' })).toBeInTheDocument();
    expect(await screen.findByText('Phạm Quốc Bảo')).toBeInTheDocument();
    expect(screen.getByLabelText('Lớp chủ nhiệm')).toHaveValue('2');
  });

  it('on a phone the students are cards with their details', async () => {
    window.matchMedia = (query: string) => mediaQueryList(query, false);
    renderPage({
      'GET /v1/homeroom-classes/mine': () => ok([HOA]),
      'GET /v1/homeroom-classes/4/students': () => page([student(1, 'HS25001', 'Lê Thị Lan')]),
    });
    const cards = await screen.findByRole('list', { name: 'Danh sách học sinh lớp 11 Hóa' });
    const card = within(cards).getByRole('listitem');
    expect(card).toHaveTextContent('Lê Thị Lan');
    expect(card).toHaveTextContent('Ngày sinh05/09/2009');
    expect(card).toHaveTextContent('E-mailhs25001@hs.edu.vn');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
