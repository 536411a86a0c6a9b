import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TRoundDetail } from '@app/shared/registration';
import type { TCourseClass } from '@app/shared/school';
import { makeModule } from '@/test/fixtures';
import { mockApi, ok, type MockRequest, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makeRoundDetail } from '../test/fixtures';
import AdminRegistrationPage from './admin-registration-page';

const module = makeModule(3, { code: '2025-HK1-M1', isCurrent: true });
const stamps = { createdAt: '2025-08-01T00:00:00Z', updatedAt: '2025-08-01T00:00:00Z' };
const cc = (id: number, name: string): TCourseClass => ({
  id,
  code: `CC${id}`,
  name,
  subjectId: id,
  subjectName: name.split(' ')[0],
  moduleId: module.id,
  moduleCode: module.code,
  campusId: 1,
  campusName: 'Cơ sở 1',
  grade: 10,
  capacity: 30,
  enrolledCount: 0,
  teachers: [],
  ...stamps,
});
const classes = [cc(11, 'Toán 10A1'), cc(12, 'Ngữ văn 10A2')];
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 100 });
const sent = (calls: MockRequest[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

function api(detail: () => TRoundDetail | null, extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /v1/registration/rounds': () => {
      const d = detail();
      if (!d) return ok([]);
      const { groups: _g, offers: _o, unmetCount: _u, studentCount: _s, ...round } = d;
      return ok([round]);
    },
    'GET /v1/registration/rounds/7': () => ok(detail()),
    'GET /v1/registration/rounds/7/seats': () =>
      ok(detail()?.offers.map((o) => ({ courseClassId: o.courseClassId, capacity: o.capacity, taken: o.taken, waiting: o.waiting })) ?? []),
    'GET /v1/registration/rounds/7/students': (req) =>
      ok(
        req.params.status === 'unmet'
          ? [
              {
                studentId: 5001,
                studentCode: 'HS5001',
                fullName: 'Lê Minh Châu',
                homeroomClassName: '10A1',
                grade: 10,
                registered: 1,
                waitlisted: 0,
                rules: { met: false, problems: ['Cần chọn thêm 1 lớp trong nhóm Tự chọn A'] },
              },
            ]
          : [],
      ),
    'GET /v1/course-classes': () => page(classes),
    ...extra,
  };
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('AdminRegistrationPage', { timeout: 20_000 }, () => {
  it('creates a round: the form names what is missing before sending, then sends the contract’s input', async () => {
    let detail: TRoundDetail | null = null;
    const mock = mockApi(
      api(() => detail, {
        'POST /v1/registration/rounds': (req) => {
          detail = makeRoundDetail({ name: (req.body as { name: string }).name, state: 'upcoming' });
          return ok(detail, 'Đã tạo đợt đăng ký.');
        },
      }),
    );
    restore = mock.restore;
    renderUi(<AdminRegistrationPage />, { module, path: '/admin/student-registration' });

    expect(await screen.findByText('Chưa có đợt đăng ký')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tạo đợt đăng ký' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tạo đợt đăng ký' });
    await userEvent.type(within(dialog).getByLabelText(/Tên đợt/), 'Đăng ký HK1 khối 10');
    const opensDate = within(dialog).getByLabelText('Ngày mở lúc');
    await userEvent.clear(opensDate);
    await userEvent.type(opensDate, '20/08/2025');
    const closesDate = within(dialog).getByLabelText('Ngày đóng lúc');
    await userEvent.clear(closesDate);
    await userEvent.type(closesDate, '19/08/2025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo đợt' }));

    expect(await within(dialog).findByText('Thời điểm đóng phải sau thời điểm mở.')).toBeInTheDocument();
    expect(within(dialog).getByText('Hãy chọn ít nhất một lớp học phần.')).toBeInTheDocument();
    expect(sent(mock.calls, 'POST', '/v1/registration/rounds')).toHaveLength(0);

    await userEvent.clear(closesDate);
    await userEvent.type(closesDate, '25/08/2025');
    fireEvent.change(within(dialog).getByLabelText('Giờ đóng lúc'), { target: { value: '17:30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm nhóm tự chọn' }));
    await userEvent.type(within(dialog).getByLabelText('Tên nhóm A'), 'Tự chọn A');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /CC11/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /CC12/ }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Nhóm tự chọn của CC12'), 'A');
    await userEvent.type(within(dialog).getByLabelText('Sức chứa CC11'), '25');
    await userEvent.click(within(dialog).getAllByRole('checkbox', { name: 'Bắt buộc' })[0]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo đợt' }));

    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/registration/rounds')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/registration/rounds')[0].body).toEqual({
      moduleId: 3,
      name: 'Đăng ký HK1 khối 10',
      opensAt: '2025-08-20T07:00:00+07:00',
      closesAt: '2025-08-25T17:30:00+07:00',
      grades: [10],
      maxClasses: null,
      noClash: true,
      waitlist: true,
      groups: [{ key: 'A', name: 'Tự chọn A', choose: 1 }],
      offers: [
        { courseClassId: 11, compulsory: true, capacity: 25, groupKey: null },
        { courseClassId: 12, compulsory: false, capacity: null, groupKey: 'A' },
      ],
    });
    expect(await screen.findByText('Đã tạo đợt đăng ký.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Đăng ký HK1 khối 10' })).toBeInTheDocument();
  });

  it('starts a new round from the settings page’s registration defaults: seats, waitlist, maximum', async () => {
    let detail: TRoundDetail | null = null;
    const section = (name: string, value: Record<string, unknown>) => ({
      section: name,
      value,
      version: 2,
      updatedAt: null,
      updatedByName: null,
    });
    const mock = mockApi(
      api(() => detail, {
        'GET /v1/settings': () =>
          ok({
            sections: [section('registration', { defaultCapacity: 30, waitlistByDefault: false, maxClasses: 4 })],
            school: { name: 'Trường THPT Chuyên', address: '', logoUrl: null },
          }),
        'POST /v1/registration/rounds': (req) => {
          detail = makeRoundDetail({ name: (req.body as { name: string }).name, state: 'upcoming' });
          return ok(detail, 'Đã tạo đợt đăng ký.');
        },
      }),
    );
    restore = mock.restore;
    renderUi(<AdminRegistrationPage />, { module, path: '/admin/student-registration' });

    await userEvent.click(await screen.findByRole('button', { name: 'Tạo đợt đăng ký' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tạo đợt đăng ký' });
    await userEvent.type(within(dialog).getByLabelText(/Tên đợt/), 'Đăng ký theo mặc định');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /CC11/ }));
    expect(within(dialog).getByLabelText('Sức chứa CC11')).toHaveValue(30);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo đợt' }));

    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/registration/rounds')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/registration/rounds')[0].body).toMatchObject({
      maxClasses: 4,
      waitlist: false,
      offers: [{ courseClassId: 11, compulsory: false, capacity: 30, groupKey: null }],
    });
  });

  it('shows live seats and the unmet students, reminds them, closes with confirmation and shows the report', async () => {
    let detail = makeRoundDetail();
    const mock = mockApi(
      api(() => detail, {
        'POST /v1/registration/rounds/7/remind': () => ok({ reminded: 1 }, 'Đã nhắc 1 học sinh.'),
        'POST /v1/registration/rounds/7/close': () => {
          detail = { ...detail, state: 'closed', closedAt: '2025-08-25T10:05:00Z' };
          return ok({ roundId: 7, enrolled: 57, alreadyEnrolled: 3, waitlistDropped: 4, unmetStudents: 1 }, 'Đã chốt đăng ký.');
        },
      }),
    );
    restore = mock.restore;
    renderUi(<AdminRegistrationPage />, { module });

    expect(await screen.findByRole('heading', { name: 'Đăng ký HK1 khối 10' })).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'CC12: đã đăng ký / sức chứa' })).toHaveAttribute('aria-valuetext', '30/30 chỗ');
    expect(screen.getByTestId('fill-12')).toHaveTextContent('chờ 4');
    const unmet = await screen.findByRole('table', { name: 'Học sinh chưa đạt quy tắc' });
    expect(unmet).toHaveTextContent('Lê Minh Châu (HS5001)');
    expect(unmet).toHaveTextContent('Cần chọn thêm 1 lớp trong nhóm Tự chọn A');

    await userEvent.click(screen.getByRole('button', { name: 'Nhắc nhở' }));
    expect(await screen.findByText('Đã nhắc 1 học sinh.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Chốt đăng ký' }));
    const confirm = await screen.findByRole('dialog', { name: 'Chốt đợt “Đăng ký HK1 khối 10”?' });
    expect(sent(mock.calls, 'POST', '/v1/registration/rounds/7/close')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Chốt đăng ký' }));

    const report = await screen.findByRole('region', { name: 'Kết quả chốt đăng ký' });
    expect(report).toHaveTextContent('Ghi danh mới vào lớp57');
    expect(report).toHaveTextContent('Chỗ trong danh sách chờ bị hủy4');
    expect(await screen.findByRole('button', { name: 'Mở lại' })).toBeInTheDocument();
    expect(sent(mock.calls, 'POST', '/v1/registration/rounds/7/close')).toHaveLength(1);
  });

  it('adds a student with a reason, bypassing the rules only when ticked', async () => {
    const detail = makeRoundDetail();
    const mock = mockApi(
      api(() => detail, {
        'GET /v1/registration/rounds/7/students': (req) =>
          ok([
            {
              studentId: 5002,
              studentCode: 'HS5002',
              fullName: 'Phạm Thu Hà',
              homeroomClassName: '10A2',
              grade: 10,
              registered: 0,
              waitlisted: 0,
              rules: { met: req.params.status !== 'unmet', problems: [] },
            },
          ]),
        'POST /v1/registration/rounds/7/admin-registrations': (req) =>
          ok({
            id: 1,
            roundId: 7,
            studentId: 5002,
            studentCode: 'HS5002',
            studentName: 'Phạm Thu Hà',
            homeroomClassName: '10A2',
            courseClassId: (req.body as { courseClassId: number }).courseClassId,
            status: 'registered',
            position: null,
            createdAt: '2025-08-22T01:00:00Z',
          }),
      }),
    );
    restore = mock.restore;
    renderUi(<AdminRegistrationPage />, { module });

    await userEvent.click(await screen.findByRole('button', { name: 'Thêm học sinh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm học sinh vào lớp' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm vào lớp' }));
    expect(await within(dialog).findByText('Lý do là bắt buộc.')).toBeInTheDocument();
    // The student is found by typing, without accents.
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Học sinh/ }), 'pham thu');
    await userEvent.click(await screen.findByRole('option', { name: /Phạm Thu Hà/ }));
    await userEvent.click(within(dialog).getByLabelText(/Lý do/));
    expect(within(dialog).getByRole('list', { name: 'Học sinh đã chọn' })).toHaveTextContent('Phạm Thu Hà');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Lớp học phần/), within(dialog).getByRole('option', { name: /CC12/ }));
    await userEvent.type(within(dialog).getByLabelText(/Lý do/), 'Học sinh chuyển trường, cần vào lớp đầy');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Bỏ qua quy tắc' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm vào lớp' }));

    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/registration/rounds/7/admin-registrations')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/registration/rounds/7/admin-registrations')[0].body).toEqual({
      studentId: 5002,
      courseClassId: 12,
      reason: 'Học sinh chuyển trường, cần vào lớp đầy',
      bypassRules: true,
    });
  });

  it('with no module says so', async () => {
    const mock = mockApi({});
    restore = mock.restore;
    renderUi(<AdminRegistrationPage />, { module: null });
    expect(await screen.findByText('Chưa có học phần')).toBeInTheDocument();
  });
});
