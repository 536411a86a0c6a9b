import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TCourseClass } from '@app/shared/school';
import { makeModule, makeUser } from '@/test/fixtures';
import { fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { MyCourseClassesCard } from './my-course-classes-card';

const MODULE = makeModule(3, { isCurrent: true, code: '2026-HK1-M2' });
const stamps = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const cc = (id: number, name: string, enrolledCount: number): TCourseClass => ({
  id,
  code: `C${id}`,
  name,
  subjectId: 4,
  subjectName: 'Toán',
  moduleId: 3,
  moduleCode: '2026-HK1-M2',
  campusId: 1,
  campusName: 'Cơ sở Trung tâm',
  grade: 10,
  capacity: 40,
  enrolledCount,
  teachers: [{ id: 7, fullName: 'Nguyễn Thị Lan', staffCode: 'GV7' }],
  ...stamps,
});
const page = (items: TCourseClass[]) => ok({ items, total: items.length, page: 1, limit: 100 });

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());
function renderCard(api: MockRoutes, module: typeof MODULE | null = MODULE) {
  mock = mockApi(api);
  return renderUi(<MyCourseClassesCard />, { path: '/teacher/dashboard', auth: makeUser(['TEACHER']), module });
}

describe('MyCourseClassesCard', () => {
  it("lists the teacher's course classes of the header's module with their students", async () => {
    renderCard({ 'GET /v1/course-classes/mine': () => page([cc(1, 'Toán 10A1', 32), cc(2, 'Toán 10A2', 30)]) });
    const card = screen.getByRole('region', { name: 'Lớp học phần của tôi' });
    const list = await within(card).findByRole('list', { name: 'Lớp học phần của tôi, học phần 2026-HK1-M2' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Toán 10A1Toán · Khối 10 · Cơ sở Trung tâm32/40 học sinh', 'Toán 10A2Toán · Khối 10 · Cơ sở Trung tâm30/40 học sinh']);
    expect(card).toHaveTextContent('Học phần 2026-HK1-M2 · 2 lớp, 62 học sinh');
    expect(mock!.calls[0].params).toEqual({ moduleId: 3, page: 1, limit: 100, sort: 'name', order: 'asc' });
  });

  it('reads every page of a long list', async () => {
    const many = Array.from({ length: 101 }, (_, i) => cc(i + 1, `Lớp ${i + 1}`, 1));
    renderCard({
      'GET /v1/course-classes/mine': (req) => {
        const p = Number(req.params.page);
        return ok({ items: many.slice((p - 1) * 100, p * 100), total: 101, page: p, limit: 100 });
      },
    });
    expect(await screen.findByText('Lớp 101')).toBeInTheDocument();
    expect(mock!.calls).toHaveLength(2);
  });

  it('says what will appear when the teacher has no class yet, or there is no module', async () => {
    const first = renderCard({ 'GET /v1/course-classes/mine': () => page([]) });
    expect(await screen.findByText(/chưa được phân công lớp học phần nào trong học phần 2026-HK1-M2/)).toBeInTheDocument();
    first.unmount();
    mock?.restore();
    renderCard({}, null);
    expect(await screen.findByText(/Chưa có học phần hiện tại/)).toBeInTheDocument();
    expect(mock!.calls).toHaveLength(0);
  });

  it('shows a skeleton while loading and the error with a retry', async () => {
    const first = renderCard({ 'GET /v1/course-classes/mine': () => new Promise(() => {}) });
    expect(screen.getByRole('region', { name: 'Lớp học phần của tôi' }).querySelector('[aria-busy="true"]')).not.toBeNull();
    first.unmount();
    mock?.restore();
    renderCard({ 'GET /v1/course-classes/mine': () => fail(403, 'Bạn không có quyền truy cập.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn không có quyền truy cập.');
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });
});
