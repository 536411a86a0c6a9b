import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TDeclarationDetail } from '@app/shared/declarations';
import { fail, mockApi, ok, type MockRequest, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { makeDetail, makeLine, makePeriod, makeSummary, page } from '../test/fixtures';
import DepartmentDeclarationPage from './department-declaration-page';

const sent = (calls: MockRequest[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
/** A teacher of the period's scope, with their declaration (id 10) or none. */
const teacher = (id: number, fullName: string, declarationId: number | null = null) => ({
  teacherId: id,
  staffCode: `GV${id}`,
  fullName,
  departmentId: 5,
  departmentName: 'Tổ Toán',
  declarationId,
  status: declarationId ? ('draft' as const) : null,
});

function api(detail: () => TDeclarationDetail, extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /v1/teaching/declarations/periods': () => ok([makePeriod()]),
    'GET /v1/teaching/declarations': () => page([makeSummary({ version: detail().version, status: detail().status })]),
    'GET /v1/teaching/declarations/10': () => ok(detail()),
    'GET /v1/teaching/declarations/periods/1/teachers': () => ok([teacher(101, 'Nguyễn Văn An', 10), teacher(102, 'Lê Thị Bình')]),
    ...extra,
  };
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const total = (label: string) => screen.getByTestId(`total-${label}`).textContent;

describe('DepartmentDeclarationPage', { timeout: 30_000 }, () => {
  it('lists the period’s declarations and creates one for a teacher without it (prefilled by the server), then opens it', async () => {
    const mock = mockApi(
      api(() => makeDetail(), {
        'POST /v1/teaching/declarations': () => ok(makeDetail({ id: 10 }), 'Đã tạo bản kê khai.'),
      }),
    );
    restore = mock.restore;
    renderUi(<DepartmentDeclarationPage />, { path: '/teacher/department-teaching-declaration' });

    const table = await screen.findByRole('table', { name: 'Danh sách bản kê khai' });
    expect(await within(table).findByText('Nguyễn Văn An')).toBeInTheDocument();
    expect(within(table).getByText('Nháp')).toBeInTheDocument();
    expect(within(table).getByText('360')).toBeInTheDocument();
    // The open period is chosen by default and sent.
    expect(sent(mock.calls, 'GET', '/v1/teaching/declarations')[0].params).toMatchObject({ periodId: '1' });

    const create = await screen.findByRole('button', { name: 'Tạo kê khai cho Lê Thị Bình' });
    expect(screen.queryByRole('button', { name: 'Tạo kê khai cho Nguyễn Văn An' })).not.toBeInTheDocument();
    await userEvent.click(create);
    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/teaching/declarations')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/teaching/declarations')[0].body).toEqual({ periodId: 1, teacherId: 102 });
    expect(await screen.findByRole('dialog', { name: 'Bản kê khai của Nguyễn Văn An' })).toBeInTheDocument();
  });

  it('recomputes the figures live as a line is edited, saves with the version read, and a 409 keeps the edited lines to save again', async () => {
    let detail = makeDetail();
    let conflictOnce = true;
    const mock = mockApi(
      api(() => detail, {
        'PUT /v1/teaching/declarations/10/lines': (req) => {
          if (conflictOnce) {
            conflictOnce = false;
            // Someone else saved meanwhile.
            detail = { ...makeDetail(), version: 4 };
            return fail(409, 'Bản kê khai đã được Trần Thư Ký thay đổi. Hãy tải lại.', 'CONFLICT');
          }
          const body = req.body as { version: number; lines: { periods: number }[] };
          detail = makeDetail({
            version: body.version + 1,
            lines: [makeLine({ id: 1, label: 'Toán 10A1', periods: body.lines[0].periods })],
          });
          return ok(detail, 'Đã lưu bản kê khai.');
        },
      }),
    );
    restore = mock.restore;
    renderUi(<DepartmentDeclarationPage />, { path: '/teacher/department-teaching-declaration?id=10' });

    const dialog = await screen.findByRole('dialog', { name: 'Bản kê khai của Nguyễn Văn An' });
    await within(dialog).findByText('Chủ nhiệm lớp 10A1');
    expect(total('Số tiết được tính')).toBe('360');
    expect(total('Vượt giờ')).toBe('54');

    const periods = within(dialog).getByLabelText('Số tiết của dòng Toán 10A1');
    await userEvent.clear(periods);
    await userEvent.type(periods, '300');
    // The calculator runs in the page: 300 + 72 = 372, overtime 372 − 306 = 66, before anything is sent.
    expect(total('Số tiết được tính')).toBe('372');
    expect(total('Vượt giờ')).toBe('66');
    expect(within(dialog).getByText(/Tổng số tiết được tính: dạy lớp 300 \+ giảm trừ 72 = 372 tiết/)).toBeInTheDocument();
    expect(sent(mock.calls, 'PUT', '/v1/teaching/declarations/10/lines')).toHaveLength(0);
    // Submitting waits for the lines to be saved.
    expect(within(dialog).getByRole('button', { name: 'Nộp' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Bản kê khai đã được Trần Thư Ký thay đổi. Hãy tải lại.')).toBeInTheDocument();
    const first = sent(mock.calls, 'PUT', '/v1/teaching/declarations/10/lines')[0].body as { version: number; lines: unknown[] };
    expect(first.version).toBe(3);
    expect(first.lines).toEqual([
      expect.objectContaining({ id: 1, kind: 'class', label: 'Toán 10A1', periods: 300 }),
      expect.objectContaining({ id: 2, kind: 'duty', dutyCode: 'HOMEROOM' }),
    ]);
    // The edited lines are still there.
    expect(within(dialog).getByLabelText('Số tiết của dòng Toán 10A1')).toHaveValue('300');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Tải bản mới nhất, giữ các dòng đang sửa' }));
    await waitFor(() => expect(within(dialog).queryByText(/đã được Trần Thư Ký thay đổi/)).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Số tiết của dòng Toán 10A1')).toHaveValue('300');
    expect(total('Số tiết được tính')).toBe('372');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(sent(mock.calls, 'PUT', '/v1/teaching/declarations/10/lines')).toHaveLength(2));
    const second = sent(mock.calls, 'PUT', '/v1/teaching/declarations/10/lines')[1].body as {
      version: number;
      lines: { periods: number }[];
    };
    expect(second.version).toBe(4);
    expect(second.lines[0].periods).toBe(300);
    expect(await screen.findByText('Đã lưu bản kê khai.')).toBeInTheDocument();
  });

  it('adds a substitution line with its date and teacher, removes a line after confirming, and submits with the version', async () => {
    let detail = makeDetail();
    const mock = mockApi(
      api(() => detail, {
        'PUT /v1/teaching/declarations/10/lines': () => {
          detail = { ...detail, version: 4 };
          return ok(detail);
        },
        'POST /v1/teaching/declarations/10/submit': () => {
          detail = { ...detail, status: 'submitted', version: 5, can: { ...detail.can, edit: false, submit: false } };
          return ok(detail, 'Đã nộp bản kê khai.');
        },
      }),
    );
    restore = mock.restore;
    renderUi(<DepartmentDeclarationPage />, { path: '/teacher/department-teaching-declaration?id=10' });
    const dialog = await screen.findByRole('dialog', { name: 'Bản kê khai của Nguyễn Văn An' });
    await within(dialog).findByText('Toán 10A1');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm dòng' }));
    const form = await screen.findByRole('dialog', { name: 'Thêm dòng kê khai' });
    await userEvent.selectOptions(within(form).getByLabelText(/Loại dòng/), 'Dạy thay');
    await userEvent.type(within(form).getByLabelText(/Nội dung/), 'Dạy thay lớp 10A2 – Toán');
    const p = within(form).getByLabelText(/Số tiết/);
    await userEvent.clear(p);
    await userEvent.type(p, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Thêm dòng' }));
    expect(await within(form).findByText('Ngày dạy thay là bắt buộc.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/Ngày dạy thay/), '06/10/2025');
    await userEvent.selectOptions(within(form).getByLabelText(/Dạy thay cho/), 'Lê Thị Bình (GV102)');
    await userEvent.click(within(form).getByRole('button', { name: 'Thêm dòng' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thêm dòng kê khai' })).not.toBeInTheDocument());
    expect(within(dialog).getByText(/06\/10\/2025 · dạy thay cho Lê Thị Bình/)).toBeInTheDocument();
    expect(total('Số tiết được tính')).toBe('362');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Xóa dòng Chủ nhiệm lớp 10A1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Xóa dòng kê khai?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Xóa dòng' }));
    await waitFor(() => expect(within(dialog).queryByText('Chủ nhiệm lớp 10A1')).not.toBeInTheDocument());
    expect(total('Số tiết được tính')).toBe('290');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(sent(mock.calls, 'PUT', '/v1/teaching/declarations/10/lines')).toHaveLength(1));
    const body = sent(mock.calls, 'PUT', '/v1/teaching/declarations/10/lines')[0].body as { lines: Record<string, unknown>[] };
    expect(body.lines).toHaveLength(2);
    expect(body.lines[1]).toMatchObject({ kind: 'substitution', periods: 2, onDate: '2025-10-06', forTeacherId: 102 });
    expect(body.lines[1]).not.toHaveProperty('id');

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Nộp' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nộp' }));
    const submit = await screen.findByRole('dialog', { name: 'Nộp bản kê khai?' });
    await userEvent.click(within(submit).getByRole('button', { name: 'Nộp' }));
    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/teaching/declarations/10/submit')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/teaching/declarations/10/submit')[0].body).toEqual({ version: 4 });
    // Read-only once submitted: no more line buttons.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Thêm dòng' })).not.toBeInTheDocument());
  });
});
