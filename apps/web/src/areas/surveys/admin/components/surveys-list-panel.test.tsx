import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TAcademicYear } from '@app/shared/school';
import type { TSurveyListItem } from '@app/shared/surveys';
import { captureParams, fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { SurveysListPanel } from './surveys-list-panel';

const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T03:04:00.000Z' };
const item = (id: number, over: Partial<TSurveyListItem> = {}): TSurveyListItem => ({
  id,
  title: `Khảo sát ${id}`,
  surveyType: 'GENERAL',
  status: 'draft',
  startDate: '2026-11-16',
  endDate: '2026-12-06',
  allowedGrades: [10, 11],
  moduleId: 3,
  moduleCode: 'HP3',
  subjectId: null,
  subjectName: null,
  isTemplate: false,
  autoCalculate: false,
  questionCount: 12,
  responseCount: 0,
  ...stamps,
  ...over,
});
const year: TAcademicYear = {
  id: 5,
  name: '2026-2027',
  startDate: '2026-09-01',
  endDate: '2027-05-31',
  isCurrent: true,
  semesterCount: 2,
  ...stamps,
};
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 10 });

let capture: ReturnType<typeof captureParams>;
let mock: ReturnType<typeof mockApi> | undefined;
beforeEach(() => {
  capture = captureParams();
});
afterEach(() => {
  capture.stop();
  mock?.restore();
});
const renderList = (routes: MockRoutes = {}, templates = false) => {
  mock = mockApi({
    'GET /v1/surveys': () =>
      page([item(1, { title: 'Khảo sát nhà trường', status: 'active', responseCount: 3 }), item(2, { title: 'Khảo sát nháp' })]),
    'GET /v1/academic-years/academic-years': () => page([year]),
    'GET /v1/academic-years/semesters': () => page([]),
    'GET /v1/academic-years/modules': () => page([]),
    ...routes,
  });
  return renderUi(<SurveysListPanel templates={templates} />);
};
const lastListParams = () => capture.seen.filter((c) => c.url === '/v1/surveys').at(-1)?.params;

describe('SurveysListPanel', () => {
  it('lists surveys (dd/mm/yyyy, status, counts) and turns filters into query parameters kept in the URL', async () => {
    const { router } = renderList();
    const table = await screen.findByRole('table', { name: 'Danh sách khảo sát' });
    const row = (await within(table).findByText('Khảo sát nhà trường')).closest('tr')!;
    expect(row).toHaveTextContent('16/11/2026 – 06/12/2026');
    expect(row).toHaveTextContent('Đang mở');
    expect(row).toHaveTextContent('12 câu hỏi · 3 phản hồi');
    expect(within(row).getByRole('link', { name: 'Khảo sát nhà trường' })).toHaveAttribute('href', '/admin/surveys/1');
    expect(lastListParams()).toMatchObject({ isTemplate: 'false', page: '1', limit: '10' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Trạng thái' }), 'Đang mở');
    await waitFor(() => expect(lastListParams()).toMatchObject({ status: 'active', isTemplate: 'false' }));
    await waitFor(() => expect(screen.getByRole('option', { name: '2026-2027 (hiện tại)' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Năm học' }), '2026-2027 (hiện tại)');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Loại' }), 'Khảo sát theo môn học');
    await waitFor(() => expect(lastListParams()).toMatchObject({ status: 'active', academicYearId: '5', surveyType: 'SUBJECT_SPECIFIC' }));
    // The semester picker follows the chosen year.
    expect(capture.seen.filter((c) => c.url === '/v1/academic-years/semesters').at(-1)?.params).toMatchObject({ academicYearId: '5' });
    expect(router.state.location.search).toContain('status=active');
    expect(router.state.location.search).toContain('academicYearId=5');

    await userEvent.click(screen.getByRole('button', { name: 'Thời gian' }));
    await waitFor(() => expect(lastListParams()).toMatchObject({ sort: 'startDate', order: 'asc' }));
  });

  it('says up front that an answered survey cannot be deleted and offers closing it instead', async () => {
    renderList({ 'PATCH /v1/surveys/1/status': () => ok({}, 'Đã cập nhật trạng thái khảo sát.') });
    await userEvent.click(await screen.findByRole('button', { name: 'Xóa khảo sát “Khảo sát nhà trường”' }));
    const dialog = screen.getByRole('dialog', { name: 'Không thể xóa khảo sát “Khảo sát nhà trường”' });
    expect(dialog).toHaveTextContent('Khảo sát đã có 3 phản hồi nên không thể xóa');
    expect(within(dialog).queryByRole('button', { name: 'Xóa' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đóng khảo sát' }));
    await waitFor(() =>
      expect(mock!.calls.find((c) => c.method === 'PATCH')).toMatchObject({ url: '/v1/surveys/1/status', body: { status: 'closed' } }),
    );
    expect(mock!.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('a closed survey with responses only explains why it stays', async () => {
    renderList({ 'GET /v1/surveys': () => page([item(4, { title: 'Khảo sát cũ', status: 'closed', responseCount: 14 })]) });
    await userEvent.click(await screen.findByRole('button', { name: 'Xóa khảo sát “Khảo sát cũ”' }));
    const dialog = screen.getByRole('dialog', { name: 'Không thể xóa khảo sát “Khảo sát cũ”' });
    expect(dialog).toHaveTextContent('Khảo sát đã có 14 phản hồi nên không thể xóa');
    expect(within(dialog).queryByRole('button', { name: 'Xóa' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đã hiểu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock!.calls.filter((c) => c.method === 'DELETE' || c.method === 'PATCH')).toHaveLength(0);
  });

  it('shows the server’s refusal when a response came in after the list was loaded', async () => {
    const refusal = 'Khảo sát đã có phản hồi; hãy đóng khảo sát thay vì xóa.';
    renderList({ 'DELETE /v1/surveys/2': () => fail(409, refusal, 'CONFLICT') });
    await userEvent.click(await screen.findByRole('button', { name: 'Xóa khảo sát “Khảo sát nháp”' }));
    const dialog = screen.getByRole('dialog', { name: 'Xóa khảo sát “Khảo sát nháp”?' });
    expect(mock!.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes after the confirmation and refreshes the list', async () => {
    renderList({ 'DELETE /v1/surveys/2': () => ok(null, 'Đã xóa khảo sát.') });
    await userEvent.click(await screen.findByRole('button', { name: 'Xóa khảo sát “Khảo sát nháp”' }));
    const before = capture.seen.filter((c) => c.url === '/v1/surveys').length;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Xóa' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock!.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/v1/surveys/2']);
    await waitFor(() => expect(capture.seen.filter((c) => c.url === '/v1/surveys').length).toBeGreaterThan(before));
    expect(await screen.findByText('Đã xóa khảo sát.')).toBeInTheDocument();
  });

  it('changes status through PATCH and shows the server’s Vietnamese refusal', async () => {
    renderList({ 'PATCH /v1/surveys/2/status': () => fail(400, 'Khảo sát phải có ít nhất một câu hỏi trước khi mở.', 'BAD_REQUEST') });
    await userEvent.click(await screen.findByRole('button', { name: 'Mở khảo sát “Khảo sát nháp”' }));
    const dialog = screen.getByRole('dialog', { name: 'Mở khảo sát “Khảo sát nháp”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mở khảo sát' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Khảo sát phải có ít nhất một câu hỏi trước khi mở.');
    expect(mock!.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'active' });
    // An open survey offers closing instead.
    expect(screen.getByRole('button', { name: 'Đóng khảo sát “Khảo sát nhà trường”' })).toBeInTheDocument();
  });

  it('the templates tab asks only for templates', async () => {
    renderList(
      { 'GET /v1/surveys': () => page([item(9, { title: 'Góp ý về thư viện', isTemplate: true, moduleId: null, moduleCode: null })]) },
      true,
    );
    const table = await screen.findByRole('table', { name: 'Danh sách mẫu khảo sát' });
    expect(await within(table).findByText('Góp ý về thư viện')).toBeInTheDocument();
    expect(lastListParams()).toMatchObject({ isTemplate: 'true' });
    expect(screen.queryByRole('combobox', { name: 'Trạng thái' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tạo khảo sát từ mẫu “Góp ý về thư viện”' })).toBeInTheDocument();
  });
});
