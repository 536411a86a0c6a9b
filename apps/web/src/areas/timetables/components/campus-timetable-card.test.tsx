import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { CampusTimetableCard } from './campus-timetable-card';
import { lesson, weekView, WEDNESDAY } from '../test/fixtures';

let mock: ReturnType<typeof mockApi> | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(WEDNESDAY);
});
afterEach(() => mock?.restore());

const stamps = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, limit: 100 });
const campus = (id: number, name: string) => ({ id, code: `CS${id}`, name, address: 'Hà Nội', classroomCount: 2, ...stamps });
const room = (id: number, code: string) => ({
  id,
  campusId: 1,
  campusName: 'Cơ sở 1',
  code,
  name: `Phòng ${code}`,
  capacity: 40,
  kind: 'standard',
  ...stamps,
});
const A101 = { id: 20, code: 'A101', name: 'Phòng A101' };

describe('the campus timetable card (facility manager)', () => {
  it("shows today's rooms × periods, each room's week occupancy, and finds a free room", async () => {
    const user = userEvent.setup();
    const campusWeek = weekView({
      view: 'campus',
      title: 'Cơ sở 1',
      // A101: 3 lessons in the week (one a double period: 4 of 60 slots); A102: none.
      entries: [lesson(1, 3, 1, { room: A101 }), lesson(2, 3, 2, { room: A101, length: 2 }), lesson(3, 5, 7, { room: A101 })],
    });
    mock = mockApi({
      'GET /v1/campuses': () => ok(page([campus(1, 'Cơ sở 1'), campus(2, 'Cơ sở 2')])),
      'GET /v1/classrooms': () => ok(page([room(20, 'A101'), room(21, 'A102')])),
      'GET /v1/timetables/week': () => ok(campusWeek),
      'GET /v1/timetables/free-rooms': () =>
        ok([{ id: 21, code: 'A102', name: 'Phòng A102', campusId: 1, campusName: 'Cơ sở 1', capacity: 40, kind: 'standard' }]),
    });
    renderUi(<CampusTimetableCard />, { path: '/facility/dashboard' });
    const cardEl = await screen.findByRole('region', { name: 'Thời khóa biểu cơ sở' });
    const table = await within(cardEl).findByRole('table');
    expect(mock.calls.find((c) => c.url === '/v1/classrooms')?.params).toMatchObject({ campusId: '1' });
    expect(mock.calls.find((c) => c.url === '/v1/timetables/week')?.params).toEqual({ view: 'campus', id: '1' });
    expect(within(cardEl).getByLabelText('Xem ngày')).toHaveDisplayValue('Thứ Tư 25/11/2026');

    const a101 = within(table).getByRole('row', { name: /A101/ });
    expect(a101.querySelector('td[data-day="3"][data-period="1"]')).toHaveTextContent('LHP1 · Lan');
    expect(a101.querySelector('td[data-day="3"][data-period="3"]')).toHaveTextContent('LHP2 · Lan');
    expect(a101.querySelector('td[data-day="3"][data-period="4"]')).toHaveTextContent('Trống');
    expect(within(a101).getByLabelText('A101 sử dụng 7% số tiết trong tuần')).toHaveTextContent('7%4/60 tiết');
    const a102 = within(table).getByRole('row', { name: /A102/ });
    expect(within(a102).getByLabelText('A102 sử dụng 0% số tiết trong tuần')).toBeInTheDocument();
    expect(cardEl).toHaveTextContent('Cả tuần: 2 phòng, 4/120 tiết có lớp (3%).');

    const form = within(cardEl).getByRole('form', { name: 'Tìm phòng trống' });
    await user.selectOptions(within(form).getByLabelText('Ngày'), 'Thứ Tư 25/11/2026');
    await user.selectOptions(within(form).getByLabelText('Tiết'), 'Tiết 2 (07:50 – 08:35)');
    await user.click(within(form).getByRole('button', { name: 'Tìm phòng trống' }));
    const free = await within(cardEl).findByRole('list', { name: 'Phòng trống' });
    expect(free).toHaveTextContent('A102 – Phòng A102');
    expect(mock.calls.at(-1)?.params).toEqual({ campusId: '1', date: '2026-11-25', day: '3', period: '2', length: '1', capacity: '0' });
  });
});
