import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { FreeRoomFinder } from './free-room-finder';
import { weekView, WEEK_START } from '../test/fixtures';

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());

describe('Tìm phòng trống', () => {
  it('asks for the slot, capacity and kind chosen and lists the free rooms', async () => {
    const user = userEvent.setup();
    mock = mockApi({
      'GET /v1/timetables/free-rooms': () =>
        ok([
          { id: 31, code: 'C301', name: 'Phòng thí nghiệm Hóa', campusId: 1, campusName: 'Cơ sở 1', capacity: 45, kind: 'lab' },
          { id: 32, code: 'C302', name: 'Phòng thí nghiệm Sinh', campusId: 1, campusName: 'Cơ sở 1', capacity: 40, kind: 'lab' },
        ]),
    });
    renderUi(<FreeRoomFinder campusId={1} grid={weekView().grid} weekStart={WEEK_START} />);
    const form = screen.getByRole('form', { name: 'Tìm phòng trống' });
    await user.selectOptions(within(form).getByLabelText('Ngày'), 'Thứ Năm 26/11/2026');
    await user.selectOptions(within(form).getByLabelText('Tiết'), 'Tiết 7 (14:20 – 15:05)');
    await user.selectOptions(within(form).getByLabelText('Số tiết liền'), '2 tiết');
    await user.type(within(form).getByLabelText('Sức chứa tối thiểu'), '40');
    await user.selectOptions(within(form).getByLabelText('Loại phòng'), 'Phòng thí nghiệm');
    await user.click(within(form).getByRole('button', { name: 'Tìm phòng trống' }));

    const list = await screen.findByRole('list', { name: 'Phòng trống' });
    expect(mock.calls.at(-1)?.params).toEqual({
      campusId: '1',
      date: '2026-11-26',
      day: '4',
      period: '7',
      length: '2',
      capacity: '40',
      kind: 'lab',
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'C301 – Phòng thí nghiệm HóaPhòng thí nghiệm · 45 chỗ · Cơ sở 1',
      'C302 – Phòng thí nghiệm SinhPhòng thí nghiệm · 40 chỗ · Cơ sở 1',
    ]);
    expect(screen.getByText('2 phòng trống')).toBeInTheDocument();
  });

  it('says when no room is free', async () => {
    mock = mockApi({ 'GET /v1/timetables/free-rooms': () => ok([]) });
    renderUi(<FreeRoomFinder campusId={null} grid={weekView().grid} weekStart={WEEK_START} />);
    await userEvent.click(screen.getByRole('button', { name: 'Tìm phòng trống' }));
    expect(await screen.findByText(/Không có phòng nào trống phù hợp vào tiết này/)).toBeInTheDocument();
    expect(mock.calls[0].params).toEqual({ date: '2026-11-23', day: '1', period: '1', length: '1', capacity: '0' });
  });
});
