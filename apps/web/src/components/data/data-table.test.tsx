import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { captureParams, fail, mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { DataTable, type Column } from './data-table';
import { Pagination, pageWindow } from './pagination';
import { SearchInput } from './search-input';
import { useListQuery } from './use-list-query';

const ZRow = z.object({ id: z.number(), code: z.string(), name: z.string() });
type Row = z.infer<typeof ZRow>;

const columns: Column<Row>[] = [
  { key: 'code', header: 'Mã', cell: (r) => r.code, sortKey: 'code' },
  { key: 'name', header: 'Tên', cell: (r) => r.name, sortKey: 'name' },
];

function TestList({ delay = 0 }: { delay?: number }) {
  const list = useListQuery({ path: '/v1/things', schema: ZRow, searchDelayMs: delay });
  return (
    <div>
      <SearchInput value={list.searchText} onChange={list.setSearch} />
      <DataTable label="Danh sách" columns={columns} rowKey={(r) => r.id} {...list.tableProps} />
      <Pagination {...list.paginationProps} />
    </div>
  );
}

const rows = (n: number, from = 1): Row[] => Array.from({ length: n }, (_, i) => ({ id: from + i, code: `M${from + i}`, name: `Tên ${from + i}` }));

let capture: ReturnType<typeof captureParams>;
beforeEach(() => {
  capture = captureParams();
});
afterEach(() => capture.stop());

describe('DataTable with useListQuery', () => {
  it('sorts by a header click, marks aria-sort and sends sort/order', async () => {
    const mock = mockApi({ 'GET /v1/things': () => ok({ items: rows(3), total: 3, page: 1, limit: 10 }) });
    const { router } = renderUi(<TestList />);
    expect(await screen.findByText('M1')).toBeInTheDocument();

    const codeHeader = screen.getByRole('columnheader', { name: /Mã/ });
    expect(codeHeader).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(codeHeader).getByRole('button'));
    await waitFor(() => expect(codeHeader).toHaveAttribute('aria-sort', 'ascending'));
    expect(capture.seen.at(-1)?.params).toMatchObject({ sort: 'code', order: 'asc' });
    expect(router.state.location.search).toContain('sort=code');

    // Keyboard: Enter on the focused header button flips the direction.
    within(codeHeader).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(codeHeader).toHaveAttribute('aria-sort', 'descending'));
    expect(capture.seen.at(-1)?.params).toMatchObject({ sort: 'code', order: 'desc' });
    mock.restore();
  });

  it('says "Không có dữ liệu" for an empty list and "Không tìm thấy kết quả phù hợp" for an empty search', async () => {
    const mock = mockApi({ 'GET /v1/things': () => ok({ items: [], total: 0, page: 1, limit: 10 }) });
    renderUi(<TestList delay={300} />);
    expect(await screen.findByText('Không có dữ liệu')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Phân trang' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Tìm kiếm' }), 'xyz');
    expect(await screen.findByText('Không tìm thấy kết quả phù hợp')).toBeInTheDocument();
    // Debounced: one request for the whole word, none per keystroke.
    expect(capture.seen.map((c) => c.params.search ?? '')).toEqual(['', 'xyz']);
    expect(capture.seen.at(-1)?.params).toMatchObject({ search: 'xyz', page: '1' });

    await userEvent.click(screen.getByRole('button', { name: 'Xóa tìm kiếm' }));
    expect(await screen.findByText('Không có dữ liệu')).toBeInTheDocument();
    mock.restore();
  });

  it('pages: "Hiển thị 1–10 trong 235", next page, page size', async () => {
    const mock = mockApi({
      'GET /v1/things': () => {
        const p = capture.seen.at(-1)?.params ?? {};
        const page = Number(p.page ?? 1);
        const limit = Number(p.limit ?? 10);
        return ok({ items: rows(Math.min(limit, 235 - (page - 1) * limit), (page - 1) * limit + 1), total: 235, page, limit });
      },
    });
    const { router } = renderUi(<TestList />);
    expect(await screen.findByText('Hiển thị 1–10 trong 235')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trang trước' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Trang 24' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Trang sau' }));
    expect(await screen.findByText('Hiển thị 11–20 trong 235')).toBeInTheDocument();
    expect(screen.getByText('M11')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trang 2' })).toHaveAttribute('aria-current', 'page');
    expect(router.state.location.search).toContain('page=2');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Số dòng' }), '50');
    expect(await screen.findByText('Hiển thị 1–50 trong 235')).toBeInTheDocument();
    expect(capture.seen.at(-1)?.params).toMatchObject({ page: '1', limit: '50' });
    mock.restore();
  });

  it('reads its state from the URL (reload keeps the page and search)', async () => {
    const mock = mockApi({ 'GET /v1/things': () => ok({ items: rows(10, 21), total: 235, page: 3, limit: 10 }) });
    renderUi(<TestList />, { path: '/list?page=3&search=abc&sort=name&order=desc' });
    expect(await screen.findByText('M21')).toBeInTheDocument();
    expect(capture.seen[0].params).toMatchObject({ page: '3', search: 'abc', sort: 'name', order: 'desc', limit: '10' });
    expect(screen.getByRole('searchbox')).toHaveValue('abc');
    expect(screen.getByRole('columnheader', { name: /Tên/ })).toHaveAttribute('aria-sort', 'descending');
    mock.restore();
  });

  it('shows the error with a retry button', async () => {
    let calls = 0;
    const mock = mockApi({
      'GET /v1/things': () => (++calls === 1 ? fail(403, 'Bạn không có quyền truy cập.') : ok({ items: rows(1), total: 1, page: 1, limit: 10 })),
    });
    renderUi(<TestList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn không có quyền truy cập.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('M1')).toBeInTheDocument();
    mock.restore();
  });
});

describe('pageWindow', () => {
  it('keeps first, last and neighbours', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 24)).toEqual([1, 'gap', 4, 5, 6, 'gap', 24]);
    expect(pageWindow(3, 24)).toEqual([1, 2, 3, 4, 'gap', 24]);
  });
});
