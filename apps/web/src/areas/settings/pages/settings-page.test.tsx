import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MSG, type TSettingsSection, type TSettingsView } from '@app/shared/settings';
import { makeUser } from '@/test/fixtures';
import { ok, type MockRequest } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const section = (name: TSettingsSection['section'], value: Record<string, unknown>, version = 1): TSettingsSection => ({
  section: name,
  value: value as never,
  version,
  updatedAt: null,
  updatedByName: null,
});

function view(schoolName = 'Trường THPT Chuyên Thử Nghiệm'): TSettingsView {
  return {
    school: { name: schoolName, address: '', logoUrl: null },
    sections: [
      section('school', { name: schoolName, address: '' }, 3),
      section('survey-results', { minGroupSize: 5, autoPublish: true, restrictedFiltered: true }),
      section('text-review', { autoApproveClean: true }),
      section('registration', { defaultCapacity: null, waitlistByDefault: true, maxClasses: null }),
      section('notifications', { defaultOff: [], emailFrom: '' }),
      section('sign-in', { allowedDomains: ['truong.edu.vn'], adminEmails: [] }),
    ],
  };
}

const summary = {
  holidays: [{ periodId: 1, label: 'Học kỳ 1 · 2025-2026', holidays: ['2025-09-02'] }],
  grids: [],
  ruleSet: null,
  pay: null,
};

function open(api: Record<string, (req: MockRequest) => ReturnType<typeof ok>>) {
  return renderApp({
    path: '/admin/settings',
    user: makeUser(['ADMIN']),
    api: { 'GET /v1/settings': () => ok(view()), 'GET /v1/settings/summary': () => ok(summary), ...api },
  });
}

const schoolForm = async () => screen.findByRole('form', { name: 'Thông tin trường' }, { timeout: 10_000 });

describe('the settings page', { timeout: 20_000 }, () => {
  it('shows a section`s validation message at the field and sends nothing', async () => {
    const { mock } = open({});
    const form = await schoolForm();
    const name = within(form).getByLabelText(/Tên trường/);
    await userEvent.clear(name);
    await userEvent.click(within(form).getByRole('button', { name: 'Lưu' }));
    expect(await within(form).findByText('Nhập tên trường.')).toBeInTheDocument();
    expect(mock.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves a section with the version it was read at and says so', async () => {
    let sent: unknown;
    open({
      'PUT /v1/settings/school': (req) => {
        sent = req.body;
        return {
          status: 200,
          body: { success: true, data: section('school', { name: 'Trường Mới', address: '' }, 4), message: SETTINGS_MSG.saved },
        };
      },
    });
    const form = await schoolForm();
    const name = within(form).getByLabelText(/Tên trường/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Trường Mới');
    expect(within(form).getByText('Có thay đổi chưa lưu')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText(SETTINGS_MSG.saved)).toBeInTheDocument();
    expect(sent).toEqual({ version: 3, value: { name: 'Trường Mới', address: '' } });
    await waitFor(() => expect(within(form).queryByText('Có thay đổi chưa lưu')).not.toBeInTheDocument());
  });

  it('on a stale save keeps what was typed, shows the newer values, and saves next with the newer version', async () => {
    const versions: number[] = [];
    open({
      'PUT /v1/settings/school': (req) => {
        const body = req.body as { version: number; value: { name: string } };
        versions.push(body.version);
        if (body.version === 3)
          return {
            status: 409,
            body: {
              success: false,
              code: 'CONFLICT',
              message: SETTINGS_MSG.stale,
              details: {
                current: { ...section('school', { name: 'Tên do người khác lưu', address: '' }, 4), updatedByName: 'Quản trị 2' },
              },
            },
          };
        return { status: 200, body: { success: true, data: section('school', body.value, 5), message: SETTINGS_MSG.saved } };
      },
    });
    const form = await schoolForm();
    const name = within(form).getByLabelText(/Tên trường/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Tên của tôi');
    await userEvent.click(within(form).getByRole('button', { name: 'Lưu' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(SETTINGS_MSG.stale);
    expect(within(alert).getByTestId('newer-values')).toHaveTextContent('Tên do người khác lưu');
    expect(name).toHaveValue('Tên của tôi');
    await userEvent.click(within(form).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(versions).toEqual([3, 4]));
  });
});
