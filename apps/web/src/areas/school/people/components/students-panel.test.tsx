import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { THomeroomClass, TStudent } from '@app/shared/school';
import { captureParams, fail, mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { StudentsPanel } from './students-panel';

const stamps = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 100 });

const STUDENT: TStudent = {
  id: 9,
  studentCode: 'HS001',
  fullName: 'Nguyễn Văn Học',
  email: null,
  dateOfBirth: '2009-09-05',
  gender: 'male',
  grade: 10,
  campusId: 1,
  campusName: 'Cơ sở 1',
  homeroomClassId: 4,
  homeroomClassName: '10 Toán',
  status: 'active',
  userId: null,
  ...stamps,
};
const CLASS: THomeroomClass = {
  id: 4,
  name: '10 Toán',
  academicYearId: 3,
  academicYearName: '2026-2027',
  grade: 10,
  campusId: 1,
  campusName: 'Cơ sở 1',
  homeroomTeacherId: null,
  homeroomTeacherName: null,
  studentCount: 30,
  ...stamps,
};

let mock: ReturnType<typeof mockApi> | undefined;
function renderPanel(extra = {}) {
  mock = mockApi({
    'GET /v1/students': () => page([STUDENT]),
    'GET /v1/campuses': () => page([{ id: 1, code: 'CS1', name: 'Cơ sở 1', address: '', classroomCount: 0, ...stamps }]),
    'GET /v1/academic-years/academic-years': () =>
      page([{ id: 3, name: '2026-2027', startDate: '2026-09-01', endDate: '2027-05-31', isCurrent: true, semesterCount: 2, ...stamps }]),
    'GET /v1/homeroom-classes': () => page([CLASS]),
    ...extra,
  });
  return mock;
}

let capture: ReturnType<typeof captureParams>;
beforeEach(() => {
  capture = captureParams();
});
afterEach(() => {
  capture.stop();
  mock?.restore();
});

describe('students panel', () => {
  it('shows dates as dd/mm/yyyy and narrows the class filter to the current year, grade and campus', async () => {
    renderPanel();
    renderUi(<StudentsPanel />);
    const table = await screen.findByRole('table', { name: 'Danh sách học sinh' });
    expect(await within(table).findByText('05/09/2009')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Khối'), 'Khối 10');
    await waitFor(() =>
      expect(capture.seen.filter((s) => s.url === '/v1/homeroom-classes').at(-1)?.params).toMatchObject({
        academicYearId: '3',
        grade: '10',
      }),
    );
    expect(capture.seen.filter((s) => s.url === '/v1/students').at(-1)?.params).toMatchObject({ grade: '10', sort: 'studentCode' });
  });

  it('a refused delete shows the server’s message in the dialog', async () => {
    const message = 'Không thể xóa học sinh vì đang ghi danh 2 lớp học phần.';
    const del = vi.fn(() => fail(409, message, 'CONFLICT'));
    renderPanel({ 'DELETE /v1/students/9': del });
    renderUi(<StudentsPanel />);
    await screen.findByText('HS001');
    await userEvent.click(screen.getByRole('button', { name: 'Xóa học sinh Nguyễn Văn Học' }));
    await screen.findByRole('heading', { name: 'Xóa học sinh Nguyễn Văn Học?' });
    await userEvent.click(screen.getByRole('button', { name: 'Xóa' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Xóa học sinh Nguyễn Văn Học?' })).toBeInTheDocument();
  });

  it('editing keeps the saved class and sends the shared input shape', async () => {
    const put = vi.fn(() => ok(STUDENT, 'Đã cập nhật học sinh.'));
    const api = renderPanel({ 'PUT /v1/students/9': put });
    renderUi(<StudentsPanel />);
    await screen.findByText('HS001');
    await userEvent.click(screen.getByRole('button', { name: 'Sửa học sinh Nguyễn Văn Học' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Ngày sinh')).toHaveValue('05/09/2009');
    await waitFor(() => expect(within(dialog).getByLabelText('Lớp chủ nhiệm')).toHaveDisplayValue('10 Toán'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      studentCode: 'HS001',
      fullName: 'Nguyễn Văn Học',
      email: null,
      dateOfBirth: '2009-09-05',
      gender: 'male',
      grade: 10,
      campusId: 1,
      homeroomClassId: 4,
      status: 'active',
    });
  });
});
