import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TAcademicYear, TSemester } from '@app/shared/school';
import { mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import type { CurrentModuleValue } from '@/areas/school/current-module/public';
import { SemestersTab } from './semesters-tab';
import { YearsTab } from './years-tab';

const stamps = { createdAt: '2026-09-01T00:00:00.000Z', updatedAt: '2026-09-01T00:00:00.000Z' };
const year: TAcademicYear = {
  id: 3,
  name: '2025-2026',
  startDate: '2025-09-01',
  endDate: '2026-06-30',
  isCurrent: false,
  semesterCount: 2,
  ...stamps,
};
const current: TAcademicYear = { ...year, id: 4, name: '2026-2027', startDate: '2026-09-01', endDate: '2027-06-30', isCurrent: true };
const semester: TSemester = {
  id: 8,
  name: 'Học kỳ 1',
  academicYearId: 3,
  academicYearName: '2025-2026',
  startDate: '2025-09-01',
  endDate: '2026-01-15',
  isCurrent: false,
  ...stamps,
};
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 10 });

describe('dated periods (years, semesters, modules)', () => {
  it('moves "current" to a year with the row as its input, and shows the badge only on the current one', async () => {
    const mock = mockApi({
      'GET /v1/academic-years/academic-years': () => page([current, year]),
      'PUT /v1/academic-years/academic-years/3': () => ok(year),
    });
    renderUi(<YearsTab />);
    const table = await screen.findByRole('table', { name: 'Danh sách năm học' });
    expect(await within(table).findByText('2025-2026')).toBeInTheDocument();
    expect(within(table).getAllByText('Hiện tại')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Đặt 2026-2027 làm năm học hiện tại' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Đặt 2025-2026 làm năm học hiện tại' }));
    expect(await screen.findByText('Đã đặt 2025-2026 làm năm học hiện tại.')).toBeInTheDocument();
    expect(mock.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: '2025-2026',
      startDate: '2025-09-01',
      endDate: '2026-06-30',
      isCurrent: true,
    });
    mock.restore();
  });

  it('edits a semester with its values, then reloads the module picker', async () => {
    const reload = vi.fn(() => Promise.resolve());
    const ctx: CurrentModuleValue = {
      module: null,
      modules: [],
      setModule: () => {},
      reload,
      status: 'ready' as CurrentModuleValue['status'],
    };
    const mock = mockApi({
      'GET /v1/academic-years/semesters': () => page([semester]),
      'GET /v1/academic-years/academic-years': () => page([year]),
      'PUT /v1/academic-years/semesters/8': () => ok(semester, 'Đã cập nhật học kỳ.'),
    });
    renderUi(<SemestersTab />, { module: ctx });
    await userEvent.click(await screen.findByRole('button', { name: 'Sửa Học kỳ 1 (2025-2026)' }));
    const dialog = screen.getByRole('dialog', { name: 'Sửa Học kỳ 1 (2025-2026)' });
    expect(within(dialog).getByRole('switch', { name: 'Học kỳ hiện tại' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('option', { name: '2025-2026' })).toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(reload).toHaveBeenCalledWith(true));
    expect(mock.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Học kỳ 1',
      academicYearId: 3,
      startDate: '2025-09-01',
      endDate: '2026-01-15',
      isCurrent: false,
    });
    mock.restore();
  });
});
