import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TCampus, TClassroom } from '@app/shared/school';
import { captureParams, mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { ClassroomsPanel } from './classrooms-panel';

const stamps = { createdAt: '2026-09-01T00:00:00.000Z', updatedAt: '2026-09-01T00:00:00.000Z' };
const campus: TCampus = { id: 1, code: 'CS1', name: 'Cơ sở 1', address: '', classroomCount: 1, ...stamps };
const room: TClassroom = {
  id: 7,
  campusId: 1,
  campusName: 'Cơ sở 1',
  code: 'LAB-HOA',
  name: 'Phòng thí nghiệm Hóa',
  capacity: 36,
  kind: 'lab',
  ...stamps,
};
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 10 });

let capture: ReturnType<typeof captureParams>;
beforeEach(() => {
  capture = captureParams();
});
afterEach(() => capture.stop());

describe('ClassroomsPanel', () => {
  it('lists rooms with kind labels and filters by campus through the URL', async () => {
    const mock = mockApi({ 'GET /v1/classrooms': () => page([room]), 'GET /v1/campuses': () => page([campus]) });
    const { router } = renderUi(<ClassroomsPanel />);
    const table = await screen.findByRole('table', { name: 'Danh sách phòng học' });
    expect(await within(table).findByText('LAB-HOA')).toBeInTheDocument();
    expect(within(table).getByText('Phòng thí nghiệm')).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('option', { name: 'Cơ sở 1 (CS1)' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Cơ sở' }), 'Cơ sở 1 (CS1)');
    await waitFor(() => expect(capture.seen.filter((c) => c.url === '/v1/classrooms').at(-1)?.params).toMatchObject({ campusId: '1' }));
    expect(router.state.location.search).toContain('campusId=1');
    mock.restore();
  });

  it('keeps the delete dialog open with the server’s refusal', async () => {
    const mock = mockApi({
      'GET /v1/classrooms': () => page([room]),
      'GET /v1/campuses': () => page([campus]),
      'DELETE /v1/classrooms/7': () => ({
        status: 409,
        body: { success: false, code: 'CONFLICT', message: 'Không thể xóa phòng học này vì đang được sử dụng bởi 3 lịch học.' },
      }),
    });
    renderUi(<ClassroomsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Xóa phòng Phòng thí nghiệm Hóa' }));
    const dialog = screen.getByRole('dialog', { name: 'Xóa phòng Phòng thí nghiệm Hóa?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Không thể xóa phòng học này vì đang được sử dụng bởi 3 lịch học.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    mock.restore();
  });
});
