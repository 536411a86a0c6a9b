import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ZTutoringGroup } from '@app/shared/tutoring';
import { fail, mockApi, ok, type MockRequest, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makeGroup, makeSession, makeSheet, page, semester, subject, teacher } from '../test/fixtures';
import TutoringPage from './tutoring-page';

const sent = (calls: MockRequest[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const listRow = () => ZTutoringGroup.parse(makeGroup());

function api(extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /v1/academic-years/semesters': () => page([semester]),
    'GET /v1/tutoring/groups': () => page([listRow()]),
    'GET /v1/tutoring/groups/5': () => ok(makeGroup()),
    'GET /v1/tutoring/groups/5/sessions': () =>
      ok([makeSession({ id: 40 }), makeSession({ id: 41, onDate: '2026-11-25', status: 'taught' })]),
    'GET /v1/subjects': () => page([subject]),
    'GET /v1/campuses': () => page([]),
    'GET /v1/classrooms': () => page([]),
    'GET /v1/teachers': () => page([teacher(21, 'Nguyễn Văn Toán'), teacher(22, 'Phạm Thu Hà')]),
    'GET /v1/students': () => page([]),
    ...extra,
  };
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('TutoringPage', { timeout: 20_000 }, () => {
  it('lists the current semester’s groups with kind, teachers and sessions taught/planned', async () => {
    const mock = mockApi(api());
    restore = mock.restore;
    renderUi(<TutoringPage />, { path: '/academic/tutoring' });

    const table = await screen.findByRole('table', { name: 'Danh sách nhóm phụ đạo' });
    const row = (await within(table).findByRole('button', { name: 'Bồi dưỡng HSG Toán 11' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Bồi dưỡng học sinh giỏi');
    expect(row).toHaveTextContent('Nguyễn Văn Toán');
    expect(row).toHaveTextContent('1/3');
    expect(sent(mock.calls, 'GET', '/v1/tutoring/groups').at(-1)?.params).toMatchObject({ semesterId: '3' });
    expect(screen.getByLabelText('Học kỳ')).toHaveValue('3');
  });

  it('creates a group: sends the contract’s input', async () => {
    const mock = mockApi(
      api({ 'POST /v1/tutoring/groups': (req) => ok({ ...makeGroup(), ...(req.body as object) }, 'Đã tạo nhóm phụ đạo.') }),
    );
    restore = mock.restore;
    renderUi(<TutoringPage />, { path: '/academic/tutoring' });

    await userEvent.click(await screen.findByRole('button', { name: 'Tạo nhóm phụ đạo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tạo nhóm phụ đạo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Tên nhóm là bắt buộc.')).toBeInTheDocument();
    expect(sent(mock.calls, 'POST', '/v1/tutoring/groups')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Tên nhóm/), 'Phụ đạo Toán 10');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Loại hoạt động/), 'Phụ đạo');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: /^Toán/ })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByLabelText(/Môn học/), within(dialog).getByRole('option', { name: /^Toán/ }));
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Giáo viên/ }), 'pham');
    await userEvent.click(await screen.findByRole('option', { name: /Phạm Thu Hà/ }));
    await userEvent.type(within(dialog).getByLabelText(/Ghi chú/), 'Chiều thứ Năm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/tutoring/groups')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/tutoring/groups')[0].body).toEqual({
      semesterId: 3,
      name: 'Phụ đạo Toán 10',
      kind: 'REMEDIAL',
      subjectId: 7,
      campusId: null,
      note: 'Chiều thứ Năm',
      teacherIds: [22],
      studentIds: [],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the deletion refusal of the server in the confirmation', async () => {
    const refusal = 'Nhóm đã có buổi được điểm danh, không thể xóa.';
    const mock = mockApi(api({ 'DELETE /v1/tutoring/groups/5': () => fail(409, refusal, 'CONFLICT') }));
    restore = mock.restore;
    renderUi(<TutoringPage />, { path: '/admin/tutoring' });

    await userEvent.click(await screen.findByRole('button', { name: 'Xóa nhóm Bồi dưỡng HSG Toán 11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xóa nhóm Bồi dưỡng HSG Toán 11?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  it('a clash (409) keeps the session dialog open with the server’s sentence and what was typed', async () => {
    const clash = 'Trùng lịch: Phòng A101 đã có tiết học theo thời khóa biểu (18/11/2026, tiết 7).';
    const mock = mockApi(api({ 'POST /v1/tutoring/groups/5/sessions': () => fail(409, clash, 'CONFLICT') }));
    restore = mock.restore;
    renderUi(<TutoringPage />, { path: '/academic/tutoring?group=5' });

    expect(await screen.findByRole('heading', { name: 'Bồi dưỡng HSG Toán 11' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Thêm buổi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm buổi phụ đạo' });
    await userEvent.type(within(dialog).getByLabelText(/Tiết bắt đầu/), '7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    expect(await within(dialog).findByText(clash)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Tiết bắt đầu/)).toHaveValue(7);
    const body = sent(mock.calls, 'POST', '/v1/tutoring/groups/5/sessions')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ period: 7, length: 2, teacherId: 21, classroomId: null, status: 'planned', note: null });
  });

  it('saves the attendance of every student at once', async () => {
    const mock = mockApi(
      api({
        'GET /v1/tutoring/sessions/40/attendance': () => ok(makeSheet()),
        'PUT /v1/tutoring/sessions/40/attendance': () => ok(makeSheet(makeSession({ status: 'taught' })), 'Đã lưu điểm danh.'),
      }),
    );
    restore = mock.restore;
    renderUi(<TutoringPage />, { path: '/academic/tutoring?group=5' });

    await userEvent.click(await screen.findByRole('button', { name: 'Điểm danh buổi 18/11/2026, tiết 7–8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Điểm danh: Bồi dưỡng HSG Toán 11' });
    const an = await within(dialog).findByLabelText('Điểm danh Trần Thị An');
    expect(an).toHaveValue('present');
    expect(within(dialog).getByLabelText('Điểm danh Lê Văn Bình')).toHaveValue('late');
    await userEvent.selectOptions(an, 'Vắng có phép');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu điểm danh' }));

    await waitFor(() => expect(sent(mock.calls, 'PUT', '/v1/tutoring/sessions/40/attendance')).toHaveLength(1));
    expect(sent(mock.calls, 'PUT', '/v1/tutoring/sessions/40/attendance')[0].body).toEqual({
      items: [
        { studentId: 101, status: 'excused', note: null },
        { studentId: 102, status: 'late', note: null },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reports periods per teacher and kind and the attendance rate per group for the semester', async () => {
    const mock = mockApi(
      api({
        'GET /v1/tutoring/report': () =>
          ok({
            from: '2026-09-05',
            to: '2027-01-15',
            byTeacher: [{ teacherId: 21, teacherName: 'Nguyễn Văn Toán', sessions: 4, periods: 8 }],
            byKind: [{ kind: 'GIFTED', sessions: 4, periods: 8 }],
            byGroup: [{ groupId: 5, name: 'Bồi dưỡng HSG Toán 11', kind: 'GIFTED', sessions: 4, marked: 8, attended: 7, rate: 87.5 }],
            byStudent: [],
          }),
      }),
    );
    restore = mock.restore;
    renderUi(<TutoringPage />, { path: '/academic/tutoring?tab=report' });

    const byGroup = await screen.findByRole('table', { name: 'Tỉ lệ chuyên cần theo nhóm' });
    expect(byGroup).toHaveTextContent('7/8');
    expect(byGroup).toHaveTextContent('87,5%');
    expect(screen.getByRole('table', { name: 'Theo loại hoạt động' })).toHaveTextContent('Bồi dưỡng học sinh giỏi');
    expect(sent(mock.calls, 'GET', '/v1/tutoring/report').at(-1)?.params).toEqual({
      from: '2026-09-05',
      to: '2027-01-15',
      semesterId: '3',
    });
    expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeInTheDocument();
  });
});
