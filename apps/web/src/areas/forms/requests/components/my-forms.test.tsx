import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TFormKind, TStudentFormDetail } from '@app/shared/forms';
import { makeUser } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { MyForms } from './my-forms';

const user = makeUser(['STUDENT'], { id: 77 });
const leave: TFormKind = {
  id: 1,
  code: 'NGHI_HOC',
  name: 'Đơn xin nghỉ học',
  description: 'Xin phép nghỉ học có lý do.',
  fields: [
    { key: 'period', label: 'Thời gian nghỉ', type: 'dateRange', required: true },
    { key: 'reason', label: 'Lý do', type: 'longText', required: true },
  ],
  escalation: { field: 'period', minDays: 4 },
  countsAbsence: true,
  template: '',
  active: true,
  sortOrder: 1,
  version: 1,
  used: 0,
};
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

function detail(over: Partial<TStudentFormDetail> = {}): TStudentFormDetail {
  const { used: _, ...kind } = leave;
  return {
    id: 9,
    kindId: 1,
    kindName: leave.name,
    studentId: 5001,
    studentCode: 'HS1',
    studentName: 'Nguyễn An',
    homeroomClassId: 3,
    className: '10 Toán',
    status: 'submitted',
    firstDay: '2026-11-23',
    lastDay: '2026-11-24',
    absenceSessions: 4,
    clientKey: 'k',
    submittedAt: '2026-11-20T01:00:00Z',
    escalatedAt: null,
    decidedAt: null,
    decidedByName: null,
    decisionComment: null,
    escalates: false,
    version: 2,
    updatedAt: '2026-11-20T01:00:00Z',
    values: { period: { from: '2026-11-23', fromSession: 'morning', to: '2026-11-24', toSession: 'afternoon' }, reason: 'Ốm' },
    kind,
    history: [],
    files: [],
    homeroomApprovedByName: null,
    homeroomApprovedAt: null,
    holidays: [],
    ...over,
  };
}

let restore: (() => void) | null = null;
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  restore?.();
  restore = null;
});

describe('filling a form', { timeout: 30_000 }, () => {
  it('shows the shared validator’s Vietnamese message under the field and sends nothing until it is valid', async () => {
    const mock = mockApi({
      'GET /v1/forms/kinds': () => ok([leave]),
      'GET /v1/forms/mine': () => ok([]),
      'POST /v1/forms/mine': (req) => ok(detail({ status: (req.body as { submit: boolean }).submit ? 'submitted' : 'draft' })),
      'GET /v1/forms/requests/9': () => ok(detail()),
      // The school is off on 25/11 in this test: no session that day.
      'GET /v1/forms/holidays': () => ok(['2026-11-25']),
    });
    restore = mock.restore;
    renderUi(<MyForms />, { auth: user });
    await userEvent.click(await screen.findByRole('button', { name: /Đơn xin nghỉ học/ }));
    const form = await screen.findByRole('form', { name: 'Đơn xin nghỉ học' });
    await userEvent.click(within(form).getByRole('button', { name: 'Gửi đơn' }));
    expect(within(form).getAllByText('Vui lòng điền thông tin này.')).toHaveLength(2);
    expect(mock.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Thời gian nghỉ: từ ngày'), { target: { value: '24/11/2026' } });
    fireEvent.change(within(form).getByLabelText('Thời gian nghỉ: đến ngày'), { target: { value: '23/11/2026' } });
    expect(within(form).getByText('Ngày kết thúc phải từ ngày bắt đầu trở đi.')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Thời gian nghỉ: đến ngày'), { target: { value: '25/11/2026' } });
    await userEvent.type(within(form).getByLabelText(/Lý do/), 'Em bị ốm.');
    expect(await within(form).findByText('Tổng cộng 2 buổi học (Chủ nhật và ngày nghỉ lễ không tính).')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Gửi đơn' }));
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'POST' && (c.body as { submit: boolean }).submit)).toBe(true));
    const sent = mock.calls.find((c) => c.method === 'POST' && (c.body as { submit: boolean }).submit)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      kindId: 1,
      values: { period: { from: '2026-11-24', to: '2026-11-25', fromSession: 'morning', toSession: 'afternoon' }, reason: 'Em bị ốm.' },
    });
    // Sent: the browser's draft is gone.
    await waitFor(() => expect(window.localStorage.getItem('sf_form_draft:77')).toBeNull());
  });

  it('keeps what was typed in the browser and restores it on return; an error loses nothing', async () => {
    const mock = mockApi({
      'GET /v1/forms/kinds': () => ok([leave]),
      'GET /v1/forms/mine': () => ok([]),
      'POST /v1/forms/mine': () => ({ status: 503, body: { success: false, message: 'Máy chủ đang bận.', code: 'DB_TIMEOUT' } }),
    });
    restore = mock.restore;
    const first = renderUi(<MyForms />, { auth: user });
    await userEvent.click(await screen.findByRole('button', { name: /Đơn xin nghỉ học/ }));
    const form = await screen.findByRole('form', { name: 'Đơn xin nghỉ học' });
    await userEvent.type(within(form).getByLabelText(/Lý do/), 'Đi khám răng');
    const stored = JSON.parse(window.localStorage.getItem('sf_form_draft:77')!) as { values: { reason: string }; clientKey: string };
    expect(stored.values.reason).toBe('Đi khám răng');
    first.unmount();

    renderUi(<MyForms />, { auth: user });
    const again = await screen.findByRole('form', { name: 'Đơn xin nghỉ học' });
    expect(within(again).getByLabelText(/Lý do/)).toHaveValue('Đi khám răng');
    expect(within(again).getByRole('status')).toHaveTextContent('Đã khôi phục bản nháp chưa gửi');
    fireEvent.change(within(again).getByLabelText('Thời gian nghỉ: từ ngày'), { target: { value: '23/11/2026' } });
    fireEvent.change(within(again).getByLabelText('Thời gian nghỉ: đến ngày'), { target: { value: '23/11/2026' } });
    await userEvent.click(within(again).getByRole('button', { name: 'Gửi đơn' }));
    expect(await screen.findByText('Máy chủ đang bận.')).toBeInTheDocument();
    // Nothing lost: the form and the browser's draft still hold it, under the same client key (a retry lands once).
    expect(within(again).getByLabelText(/Lý do/)).toHaveValue('Đi khám răng');
    const kept = JSON.parse(window.localStorage.getItem('sf_form_draft:77')!) as { clientKey: string };
    expect(kept.clientKey).toBe(stored.clientKey);
    const posts = mock.calls.filter((c) => c.method === 'POST' && (c.body as { submit: boolean }).submit);
    expect((posts[0].body as { clientKey: string }).clientKey).toBe(stored.clientKey);
  });
});
