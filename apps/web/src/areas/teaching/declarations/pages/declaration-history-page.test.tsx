import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TDeclarationHistoryRow } from '@app/shared/declarations';
import { mockApi, ok, type MockRequest } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makePeriod, page } from '../test/fixtures';
import DeclarationHistoryPage from './declaration-history-page';

const snap = {
  id: 1,
  kind: 'class' as const,
  label: 'Toán 10A1',
  periods: 288,
  moduleId: null,
  courseClassId: null,
  activityCode: null,
  dutyCode: null,
  weeks: null,
  onDate: null,
  untilDate: null,
  forTeacherId: null,
  tutoringGroupId: null,
  source: 'timetable' as const,
  note: null,
};
const row: TDeclarationHistoryRow = {
  id: 501,
  declarationId: 10,
  teacherId: 101,
  teacherCode: 'GV101',
  teacherName: 'Nguyễn Văn An',
  departmentId: 5,
  departmentName: 'Tổ Toán',
  periodId: 1,
  semesterName: 'Học kỳ 1',
  action: 'edit',
  fromStatus: 'draft',
  toStatus: 'draft',
  comment: null,
  changes: {
    added: [{ ...snap, id: null, kind: 'substitution', label: 'Dạy thay lớp 10A2', periods: 2, onDate: '2025-10-06', source: 'manual' }],
    removed: [{ ...snap, id: 2, kind: 'duty', label: 'Tổ phó', periods: 0, dutyCode: 'DEPUTY_HEAD', source: 'duty' }],
    changed: [{ before: snap, after: { ...snap, periods: 300 } }],
  },
  actorId: 7,
  actorName: 'Trần Thư Ký',
  at: '2025-10-07T09:30:00+07:00',
};
const sent = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url === '/v1/teaching/declarations/history');

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('DeclarationHistoryPage', { timeout: 30_000 }, () => {
  it('searches by action, period and a dd/mm/yyyy date range, and shows a row’s diff with before → after', async () => {
    const mock = mockApi({
      'GET /v1/teaching/declarations/history': () => page([row]),
      'GET /v1/teaching/declarations/periods': () => ok([makePeriod()]),
      'GET /v1/teachers': () => page([]),
      'GET /v1/departments': () => page([]),
    });
    restore = mock.restore;
    renderUi(<DeclarationHistoryPage />, { path: '/principal/declaration-history' });

    const table = await screen.findByRole('table', { name: 'Lịch sử khai báo' });
    expect(await within(table).findByText('Nguyễn Văn An')).toBeInTheDocument();
    expect(within(table).getByText('Sửa dòng kê khai')).toBeInTheDocument();
    expect(within(table).getByText('07/10/2025 09:30')).toBeInTheDocument();
    expect(within(table).getByText('thêm 1, xóa 1, sửa 1 dòng')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Thao tác'), 'Trả lại');
    await userEvent.selectOptions(screen.getByLabelText('Kỳ kê khai'), 'Học kỳ 1 – 2025-2026');
    await userEvent.type(screen.getByLabelText('Từ ngày'), '01/10/2025');
    await userEvent.type(screen.getByLabelText('Đến ngày'), '31/10/2025');
    await userEvent.selectOptions(screen.getByLabelText('Người thực hiện'), 'Trần Thư Ký');
    await waitFor(() =>
      expect(sent(mock.calls).at(-1)?.params).toEqual({
        page: '1',
        limit: '20',
        action: 'return',
        periodId: '1',
        from: '2025-10-01',
        to: '2025-10-31',
        actorId: '7',
      }),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Xem thay đổi lúc 07/10/2025 09:30 của Nguyễn Văn An' }));
    const diff = await screen.findByRole('dialog', { name: 'Sửa dòng kê khai – Nguyễn Văn An' });
    expect(within(diff).getByText(/Dạy thay: Dạy thay lớp 10A2 · 2 tiết · 06\/10\/2025/)).toBeInTheDocument();
    expect(within(diff).getByText(/Nhiệm vụ kiêm nhiệm \(giảm định mức\): Tổ phó/).tagName).toBe('DEL');
    const changed = within(diff).getByRole('region', { name: 'Dòng được sửa' });
    expect(within(changed).getByText('288').tagName).toBe('DEL');
    expect(within(changed).getByText('300').tagName).toBe('INS');
  });
});
