import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, fail } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { mediaQueryList } from '@/test/setup';
import { WeekViewPanel } from './week-view-panel';
import { fixed, lesson, weekView, WEDNESDAY } from '../test/fixtures';

const writeXlsx = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../lib/write-xlsx', () => ({ writeXlsx }));

let mock: ReturnType<typeof mockApi> | undefined;
const desktop = window.matchMedia;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(WEDNESDAY);
});
afterEach(() => {
  mock?.restore();
  window.matchMedia = desktop;
  writeXlsx.mockClear();
});

const VIEW = weekView({
  entries: [
    fixed('flag_salute', 1, 1),
    lesson(1, 1, 2, {
      subjectName: 'Toán chuyên',
      length: 2,
      teachers: [
        { id: 7, name: 'Nguyễn Thị Lan' },
        { id: 8, name: 'Phạm Hùng' },
      ],
    }),
    lesson(2, 3, 6, { subjectName: 'Vật lý', room: { id: 21, code: 'B202', name: 'Phòng thí nghiệm Lý' }, campusName: 'Cơ sở 2' }),
  ],
});

const cell = (day: number, period: number) => document.querySelector<HTMLElement>(`td[data-day="${day}"][data-period="${period}"]`);

function show(path = '/student/schedule', reply = () => ok(VIEW)) {
  mock = mockApi({ 'GET /v1/timetables/week': reply });
  return renderUi(<WeekViewPanel query={{ view: 'student' }} />, { path });
}

describe('the week grid', () => {
  it('puts each lesson in its day and period with subject, class, teachers, room and campus; a double period spans two rows', async () => {
    show();
    const table = await screen.findByRole('table');
    expect(
      within(within(table).getAllByRole('row')[0])
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Tiết',
      'Thứ Hai23/11/2026',
      'Thứ Ba24/11/2026',
      'Thứ Tư25/11/2026Hôm nay',
      'Thứ Năm26/11/2026',
      'Thứ Sáu27/11/2026',
      'Thứ Bảy28/11/2026',
    ]);
    expect(cell(1, 2)).toHaveTextContent('Toán chuyênLớp học phần 1Nguyễn Thị Lan, Phạm HùngPhòng A101Cơ sở 1Tiết đôi');
    expect(cell(1, 2)).toHaveAttribute('rowspan', '2');
    expect(cell(1, 3)).toBeNull(); // covered by the double period
    expect(cell(3, 6)).toHaveTextContent('Vật lýLớp học phần 2Nguyễn Thị LanPhòng B202Cơ sở 2');
    // The fixed event is its own kind (styled apart) and names the homeroom class.
    expect(cell(1, 1)?.querySelector('[data-kind="fixed"]')).toHaveTextContent('Chào cờ10 Toán');
    expect(cell(1, 2)?.querySelector('[data-kind="lesson"]')).not.toBeNull();
    // Empty slots are there, said as such to a screen reader.
    expect(cell(2, 1)).toHaveTextContent('Trống');
    // Sessions apart, each period with its times.
    expect(within(table).getByRole('columnheader', { name: 'Buổi sáng' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Buổi chiều' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: /^Tiết 6/ })).toHaveTextContent('Tiết 613:30 – 14:15');
    expect(screen.getByText('TKB học phần 2 · áp dụng từ 16/11/2026')).toBeInTheDocument();
  });

  it("highlights today's column and keeps the week in the address", async () => {
    const { router } = show();
    await screen.findByRole('table');
    expect(screen.getByRole('columnheader', { current: 'date' })).toHaveTextContent('Thứ Tư');
    expect(cell(3, 6)?.className).toContain('bg-primary/5');
    expect(cell(2, 6)?.className).not.toContain('bg-primary/5');
    expect(screen.getByText('23/11/2026 – 28/11/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tuần này' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Tuần sau' }));
    expect(router.state.location.search).toBe('?date=2026-11-30');
    await vi.waitFor(() => expect(mock?.calls.at(-1)?.params).toEqual({ view: 'student', date: '2026-11-30' }));
    expect(mock?.calls[0].params).toEqual({ view: 'student' });
  });

  it('shows no today when the week is another one', async () => {
    show('/student/schedule?date=2026-11-30', () => ok(weekView({ weekStart: '2026-11-30', entries: [] })));
    await screen.findByRole('table');
    expect(screen.queryByRole('columnheader', { current: 'date' })).not.toBeInTheDocument();
    expect(screen.getByText('30/11/2026 – 05/12/2026')).toBeInTheDocument();
  });

  it('says so when no published timetable is in force that week', async () => {
    show('/x', () => ok(weekView({ timetable: null, entries: [] })));
    expect(await screen.findByText('Chưa có thời khóa biểu được công bố cho tuần này.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Xuất Excel' })).not.toBeInTheDocument();
  });

  it("shows the server's message with a retry when the week cannot be read", async () => {
    let n = 0;
    show('/x', () => (n++ === 0 ? fail(409, 'Dữ liệu đang được cập nhật.') : ok(VIEW)));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Dữ liệu đang được cập nhật.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('exports days × periods with Vietnamese headers under the week’s file name', async () => {
    show();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await vi.waitFor(() => expect(writeXlsx).toHaveBeenCalledTimes(1));
    const spec = (writeXlsx.mock.calls[0] as unknown as [{ rows: string[][]; fileName: string }])[0];
    expect(spec.fileName).toBe('Thời khóa biểu - Lê Minh Châu – 10 Toán - 23-11-2026.xlsx');
    expect(spec.rows[0]).toEqual(['Buổi', 'Tiết', 'Giờ', 'Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy']);
    expect(spec.rows).toHaveLength(11);
    expect(spec.rows[1].slice(0, 4)).toEqual(['Sáng', '1', '07:00 – 07:45', 'Chào cờ · 10 Toán']);
    // The double period fills periods 2 and 3 of Monday.
    expect(spec.rows[2][3]).toBe('Toán chuyên · Lớp học phần 1 · Nguyễn Thị Lan, Phạm Hùng · Phòng A101 · Cơ sở 1 · Tiết đôi');
    expect(spec.rows[3][3]).toBe(spec.rows[2][3]);
    expect(spec.rows[6].slice(0, 3)).toEqual(['Chiều', '6', '13:30 – 14:15']);
    expect(spec.rows[6][5]).toBe('Vật lý · Lớp học phần 2 · Nguyễn Thị Lan · Phòng B202 · Cơ sở 2');
    expect(spec.rows[6][4]).toBe('');
  });

  it('prints the table with an A4 landscape page', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    show();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'In' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('timetable-print-styles').textContent).toContain('@page { size: A4 landscape');
    expect(document.querySelector('.tt-print')).toContainElement(screen.getByRole('table'));
    print.mockRestore();
  });
});

describe('the week on a phone (360 px)', () => {
  beforeEach(() => {
    window.matchMedia = (query: string) => mediaQueryList(query, false);
  });

  it("is a day list behind day tabs, today's first; the arrow keys move between days", async () => {
    show();
    const tabs = await screen.findByRole('tablist', { name: 'Ngày trong tuần' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { selected: true })).toHaveAccessibleName('Thứ Tư (hôm nay)');
    let panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Thứ Tư, 25/11/2026Hôm nay');
    const sixth = within(panel).getAllByRole('listitem')[5];
    expect(sixth).toHaveTextContent('Tiết 613:30 – 14:15Vật lýLớp học phần 2');

    within(tabs).getByRole('tab', { selected: true }).focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(tabs).getByRole('tab', { selected: true })).toHaveAccessibleName('Thứ Hai');
    expect(within(tabs).getByRole('tab', { selected: true })).toHaveFocus();
    panel = screen.getByRole('tabpanel');
    const items = within(panel).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Chào cờ');
    expect(items[1]).toHaveTextContent('Toán chuyên');
    expect(items[2]).toHaveTextContent('Toán chuyên');
    expect(items[3]).toHaveTextContent('Trống');
  });
});
