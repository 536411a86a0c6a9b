import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCalendarFeed } from '@app/shared/timetables';
import { mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { CalendarFeedBlock } from './calendar-feed-block';

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());

const URL_1 = 'https://thptchuyen.edu.vn/api/v1/calendar/8f2c1d9e7a.ics';

function show(initial: TCalendarFeed) {
  let feed = initial;
  mock = mockApi({
    'GET /v1/timetables/calendar-feed': () => ok(feed),
    'POST /v1/timetables/calendar-feed': () => {
      feed = { active: true, url: null, createdAt: '2026-11-25T03:00:00Z' };
      return ok({ ...feed, url: URL_1 });
    },
    'DELETE /v1/timetables/calendar-feed': () => {
      feed = { active: false, url: null, createdAt: null };
      return ok(null);
    },
  });
  return renderUi(<CalendarFeedBlock />);
}

const block = () => screen.findByRole('region', { name: 'Đăng ký lịch vào Google Calendar' });

describe('the Google Calendar block', () => {
  it('makes the private link, shows it once with a copy button, and explains that it is private', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    show({ active: false, url: null, createdAt: null });
    const b = await block();
    expect(await within(b).findByText('Bạn chưa có liên kết lịch nào.')).toBeInTheDocument();
    expect(b).toHaveTextContent('Liên kết này là riêng tư');
    expect(within(b).queryByRole('button', { name: 'Thu hồi liên kết' })).not.toBeInTheDocument();

    await user.click(within(b).getByRole('button', { name: 'Tạo liên kết' }));
    const input = await within(b).findByRole('textbox', { name: /Liên kết lịch của bạn/ });
    expect(input).toHaveValue(URL_1);
    expect(mock?.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await user.click(within(b).getByRole('button', { name: 'Sao chép liên kết' }));
    expect(writeText).toHaveBeenCalledWith(URL_1);
    expect(await within(b).findByRole('button', { name: 'Đã sao chép' })).toBeInTheDocument();
    writeText.mockRestore();
  });

  it('says a link exists without showing it again, and revokes it after a confirmation', async () => {
    show({ active: true, url: null, createdAt: '2026-11-20T03:00:00Z' });
    const b = await block();
    expect(await within(b).findByText(/Bạn đã có một liên kết lịch \(tạo ngày 20\/11\/2026\)/)).toBeInTheDocument();
    expect(within(b).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(b).getByRole('button', { name: 'Tạo liên kết mới' })).toBeInTheDocument();

    await userEvent.click(within(b).getByRole('button', { name: 'Thu hồi liên kết' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thu hồi liên kết lịch?' });
    expect(mock?.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thu hồi' }));
    expect(await within(b).findByText('Bạn chưa có liên kết lịch nào.')).toBeInTheDocument();
    expect(mock?.calls.filter((c) => c.method === 'DELETE' && c.url === '/v1/timetables/calendar-feed')).toHaveLength(1);
  });
});
