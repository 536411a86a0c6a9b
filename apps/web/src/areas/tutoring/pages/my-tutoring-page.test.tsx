import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ZTutoringGroup, type TMySession } from '@app/shared/tutoring';
import { fail, mockApi, ok, type MockRequest } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makeGroup, makeSession, makeSheet } from '../test/fixtures';
import MyTutoringPage from './my-tutoring-page';

const sent = (calls: MockRequest[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const mySession = (overrides: Partial<TMySession>): TMySession => ({
  ...makeSession(),
  groupName: 'Bồi dưỡng HSG Toán 11',
  kind: 'GIFTED',
  subjectName: 'Toán',
  ...overrides,
});

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('MyTutoringPage', { timeout: 20_000 }, () => {
  it('shows the teacher’s groups, upcoming sessions and takes the attendance of a past session', async () => {
    let marked = false;
    const mock = mockApi({
      'GET /v1/tutoring/mine': () =>
        ok({
          groups: [ZTutoringGroup.parse(makeGroup())],
          upcoming: [mySession({ id: 42, onDate: '2026-12-02', classroomName: 'B203' })],
          toMark: marked ? [] : [mySession({ id: 40 })],
        }),
      'GET /v1/tutoring/sessions/40/attendance': () => ok(makeSheet()),
      'PUT /v1/tutoring/sessions/40/attendance': () => {
        marked = true;
        return ok(makeSheet(makeSession({ status: 'taught' })), 'Đã lưu điểm danh.');
      },
    });
    restore = mock.restore;
    renderUi(<MyTutoringPage />, { path: '/teacher/tutoring' });

    const groups = await screen.findByRole('region', { name: 'Nhóm của tôi' });
    expect(await within(groups).findByText('Bồi dưỡng HSG Toán 11')).toBeInTheDocument();
    expect(groups).toHaveTextContent('2 học sinh · đã dạy 1/3 buổi (2 tiết)');
    expect(screen.getByRole('region', { name: 'Buổi sắp tới' })).toHaveTextContent('02/12/2026, tiết 7–8 · phòng B203');

    await userEvent.click(screen.getByRole('button', { name: 'Điểm danh buổi 18/11/2026, tiết 7–8 nhóm Bồi dưỡng HSG Toán 11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Điểm danh: Bồi dưỡng HSG Toán 11' });
    await userEvent.selectOptions(await within(dialog).findByLabelText('Điểm danh Lê Văn Bình'), 'Vắng không phép');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu điểm danh' }));

    await waitFor(() => expect(sent(mock.calls, 'PUT', '/v1/tutoring/sessions/40/attendance')).toHaveLength(1));
    expect(sent(mock.calls, 'PUT', '/v1/tutoring/sessions/40/attendance')[0].body).toEqual({
      items: [
        { studentId: 101, status: 'present', note: null },
        { studentId: 102, status: 'absent', note: null },
      ],
    });
    expect(await screen.findByText('Không có buổi nào chờ điểm danh.')).toBeInTheDocument();
  });

  it('keeps the sheet open with the server’s refusal', async () => {
    const refusal = 'Chưa đến ngày học (02/12/2026), chưa thể điểm danh.';
    const mock = mockApi({
      'GET /v1/tutoring/mine': () => ok({ groups: [], upcoming: [], toMark: [mySession({ id: 40 })] }),
      'GET /v1/tutoring/sessions/40/attendance': () => ok(makeSheet()),
      'PUT /v1/tutoring/sessions/40/attendance': () => fail(409, refusal, 'CONFLICT'),
    });
    restore = mock.restore;
    renderUi(<MyTutoringPage />, { path: '/teacher/tutoring' });

    expect(await screen.findByText('Bạn chưa được phân công nhóm phụ đạo nào.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Điểm danh buổi 18\/11\/2026/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Điểm danh: Bồi dưỡng HSG Toán 11' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Lưu điểm danh' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });

  it('shows the server’s refusal when the list cannot be read (a 4xx is not retried)', async () => {
    const mock = mockApi({ 'GET /v1/tutoring/mine': () => fail(403, 'Tài khoản chưa gắn với hồ sơ giáo viên.', 'NO_TEACHER_RECORD') });
    restore = mock.restore;
    renderUi(<MyTutoringPage />, { path: '/teacher/tutoring' });
    expect((await screen.findAllByText('Tài khoản chưa gắn với hồ sơ giáo viên.')).length).toBeGreaterThan(0);
  });
});
