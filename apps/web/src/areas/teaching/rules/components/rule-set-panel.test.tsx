import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TRuleSet } from '@app/shared/teaching';
import { TT05_2025_RULES } from '@app/shared/workload';
import { fail, mockApi, ok, type MockRequest } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { RuleSetPanel } from './rule-set-panel';

const tt05: TRuleSet = {
  id: 1,
  name: TT05_2025_RULES.name,
  effectiveFrom: '2025-04-22',
  rules: TT05_2025_RULES,
  updatedAt: '2025-05-01T00:00:00Z',
  inForce: true,
};
const future: TRuleSet = {
  ...tt05,
  id: 2,
  name: 'Quy định 2027',
  effectiveFrom: '2027-09-01',
  rules: { ...TT05_2025_RULES, name: 'Quy định 2027', effectiveFrom: '2027-09-01' },
  inForce: false,
};
const list = (items: TRuleSet[]) => ok({ items, inForceId: 1, today: '2026-10-01' });
const sent = (calls: MockRequest[], method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('RuleSetPanel', { timeout: 20_000 }, () => {
  it('shows the version in force and the others; readers get no buttons', async () => {
    restore = mockApi({ 'GET /v1/teaching/rule-sets': () => list([future, tt05]) }).restore;
    renderUi(<RuleSetPanel canEdit={false} />);
    expect(await screen.findByText('Đang áp dụng: Thông tư 05/2025/TT-BGDĐT (từ 22/04/2025).')).toBeInTheDocument();
    expect(screen.getByText('17 tiết/tuần')).toBeInTheDocument();
    expect(screen.getAllByText('Quy định 2027').length).toBeGreaterThan(0);
    expect(screen.getByText('01/09/2027')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tạo phiên bản mới' })).not.toBeInTheDocument();
  });

  it('creates a version from a date: Vietnamese errors from ZWorkloadRules first, then the contract’s input', async () => {
    let items = [tt05];
    const mock = mockApi({
      'GET /v1/teaching/rule-sets': () => list(items),
      'POST /v1/teaching/rule-sets': (req) => {
        items = [{ ...future, ...(req.body as object) } as TRuleSet, tt05];
        return ok(items[0], 'Đã tạo phiên bản quy định định mức.');
      },
    });
    restore = mock.restore;
    renderUi(<RuleSetPanel canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Tạo phiên bản mới' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tạo phiên bản quy định mới' });
    const weeks = within(dialog).getByLabelText('Số tuần thực dạy');
    await userEvent.clear(weeks);
    await userEvent.type(weeks, '0');
    const factor = within(dialog).getByLabelText('Hệ số Phụ đạo');
    await userEvent.clear(factor);
    await userEvent.type(factor, '1,8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo phiên bản' }));
    expect(within(dialog).getByText('Ngày hiệu lực phải là ngày hợp lệ (YYYY-MM-DD).')).toBeInTheDocument();
    expect(within(dialog).getByText('Số tuần thực dạy phải từ 1 trở lên.')).toBeInTheDocument();
    expect(within(dialog).getByText('Hệ số quy đổi không được vượt quá 1,5.')).toBeInTheDocument();
    expect(sent(mock.calls, 'POST', '/v1/teaching/rule-sets')).toHaveLength(0);

    await userEvent.clear(weeks);
    await userEvent.type(weeks, '35');
    await userEvent.clear(factor);
    await userEvent.type(factor, '1,5');
    const name = within(dialog).getByLabelText('Tên bộ quy định');
    await userEvent.clear(name);
    await userEvent.type(name, 'Quy định 2027');
    await userEvent.type(within(dialog).getByLabelText('Ngày hiệu lực'), '01092027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo phiên bản' }));
    await waitFor(() => expect(sent(mock.calls, 'POST', '/v1/teaching/rule-sets')).toHaveLength(1));
    expect(sent(mock.calls, 'POST', '/v1/teaching/rule-sets')[0].body).toMatchObject({
      name: 'Quy định 2027',
      effectiveFrom: '2027-09-01',
      teachingWeeks: 35,
      norms: { TEACHER: 17, PRINCIPAL: 2, VICE_PRINCIPAL: 4 },
      maxConcurrentDuties: 2,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes only after a confirmation, and keeps the server’s refusal in the dialog', async () => {
    const mock = mockApi({
      'GET /v1/teaching/rule-sets': () => list([future, tt05]),
      'DELETE /v1/teaching/rule-sets/1': () =>
        fail(409, 'Không thể xóa bộ quy định "Thông tư 05/2025/TT-BGDĐT" vì đang có hiệu lực.', 'CONFLICT'),
    });
    restore = mock.restore;
    renderUi(<RuleSetPanel canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: `Xóa ${TT05_2025_RULES.name}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Xóa phiên bản quy định?' });
    expect(sent(mock.calls, 'DELETE', '/v1/teaching/rule-sets/1')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Xóa' }));
    expect(await within(confirm).findByText(/vì đang có hiệu lực/)).toBeInTheDocument();
  });
});
