import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TImportResult } from '@app/shared/school';
import { captureParams, mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { ImportDialog } from './import-dialog';

type Row = TImportResult['rows'][number];
const FINGERPRINT = '0123456789abcdef0123456789abcdef';

const goodRow = (row: number): Row => ({
  row,
  action: 'create',
  values: { 'Mã học sinh': `HS${row}`, 'Họ và tên': `Học sinh ${row}` },
  issues: [],
});
const badRow = (row: number, issues: Row['issues'], values: Row['values'] = { 'Mã học sinh': `HS${row}` }): Row => ({
  row,
  action: 'error',
  values,
  issues,
});

function result(rows: Row[], extra: Partial<TImportResult> = {}): TImportResult {
  const invalid = rows.filter((r) => r.action === 'error').length;
  return {
    kind: 'students',
    dryRun: true,
    validOnly: false,
    total: rows.length,
    valid: rows.length - invalid,
    invalid,
    created: 0,
    updated: 0,
    rows,
    skipped: [],
    fingerprint: FINGERPRINT,
    ...extra,
  };
}

const file = () => new File(['x'], 'hoc-sinh.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const open = () => renderUi(<ImportDialog open onClose={() => {}} kind="students" invalidate={['/v1/students']} />);
const choose = () => userEvent.upload(screen.getByLabelText('Chọn tệp dữ liệu'), file());

/** One row with three problems (grade, campus, class) and one with one. */
const threeProblems = badRow(
  4,
  [
    { column: 'Khối', message: 'Khối phải là 10, 11 hoặc 12.' },
    { column: 'Cơ sở', message: 'Không tìm thấy cơ sở "CS9" (nhập mã hoặc tên cơ sở).' },
    { column: 'Lớp chủ nhiệm', message: 'Không tìm thấy lớp chủ nhiệm "10Z" trong năm học 2025-2026.' },
  ],
  { 'Mã học sinh': 'HS4', Khối: '13', 'Cơ sở': 'CS9', 'Lớp chủ nhiệm': '10Z' },
);
const oneProblem = badRow(6, [{ column: 'Khối', message: 'Khối là bắt buộc.' }]);

let capture: ReturnType<typeof captureParams>;
beforeEach(() => {
  capture = captureParams();
});
afterEach(() => capture.stop());

describe('ImportDialog', () => {
  it('lists every problem of every row at once, grouped by row, with counts per column', async () => {
    const mock = mockApi({
      'POST /v1/imports/students': () =>
        ok(result([goodRow(2), goodRow(3), threeProblems, goodRow(5), oneProblem]), 'Kiểm tra xong: 3 dòng hợp lệ, 2 dòng lỗi.'),
    });
    open();
    expect(screen.getByRole('dialog', { name: 'Nhập danh sách học sinh' })).toBeInTheDocument();
    await choose();

    expect(await screen.findByText('3 dòng hợp lệ, 2 dòng lỗi (3 thêm mới, 0 cập nhật)')).toBeInTheDocument();
    expect(capture.seen.at(-1)?.params).toEqual({ dryRun: 'true' });
    expect((mock.calls[0].body as FormData).get('file')).toBeInstanceOf(File);

    expect(screen.getByRole('heading', { name: '4 lỗi ở 2 dòng' })).toBeInTheDocument();
    const perColumn = within(screen.getByRole('list', { name: 'Số lỗi theo cột' })).getAllByRole('listitem');
    expect(perColumn.map((li) => li.textContent)).toEqual(['Khối: 2', 'Cơ sở: 1', 'Lớp chủ nhiệm: 1']);

    const problems = screen.getByRole('table', { name: 'Lỗi theo dòng' });
    const groups = problems.querySelectorAll('tbody');
    expect([...groups].map((g) => g.getAttribute('data-row'))).toEqual(['4', '6']);
    const row4 = within(groups[0] as HTMLElement);
    expect(row4.getByRole('rowheader')).toHaveTextContent('43 lỗi');
    expect(row4.getAllByRole('row').map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Khối', 'Cơ sở', 'Lớp chủ nhiệm']);
    expect(row4.getByText('Không tìm thấy cơ sở "CS9" (nhập mã hoặc tên cơ sở).')).toBeInTheDocument();
    expect(row4.getByText('Giá trị: “13”')).toBeInTheDocument();

    // The whole file on demand: the bad rows first, each cell marked.
    await userEvent.click(screen.getByText('Xem tất cả các dòng của tệp'));
    const table = screen.getByRole('table', { name: 'Kết quả kiểm tra tệp nhập' });
    let bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => r.getAttribute('data-action'))).toEqual(['error', 'error']);
    expect(within(bodyRows[0]).getByText('Khối phải là 10, 11 hoặc 12.').closest('td')).toHaveClass('bg-danger/10');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chỉ hiện dòng lỗi' }));
    bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => r.getAttribute('data-action'))).toEqual(['error', 'error', 'create', 'create', 'create']);

    expect(screen.queryByRole('button', { name: 'Nhập dữ liệu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nhập các dòng hợp lệ (3)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Tải các dòng lỗi' })).toBeEnabled();
    expect(screen.getByText(/Tệp còn 2 dòng lỗi/)).toBeInTheDocument();
    mock.restore();
  });

  it('pages through many bad rows', async () => {
    const bad = Array.from({ length: 12 }, (_, i) => badRow(i + 2, [{ column: 'Họ và tên', message: 'Họ và tên là bắt buộc.' }]));
    const mock = mockApi({ 'POST /v1/imports/students': () => ok(result(bad)) });
    open();
    await choose();
    expect(await screen.findByRole('heading', { name: '12 lỗi ở 12 dòng' })).toBeInTheDocument();
    const groups = () => [...screen.getByRole('table', { name: 'Lỗi theo dòng' }).querySelectorAll('tbody')].map((g) => g.getAttribute('data-row'));
    expect(groups()).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Trang sau' }));
    expect(groups()).toEqual(['12', '13']);
    // Nothing valid: no partial import, but the bad rows can still be downloaded.
    expect(screen.getByRole('button', { name: 'Nhập các dòng hợp lệ (0)' })).toBeDisabled();
    expect(screen.getByText(/Mọi dòng của tệp đều có lỗi/)).toBeInTheDocument();
    mock.restore();
  });

  it('imports only the valid rows of the check it shows, then offers the bad rows as a file', async () => {
    let n = 0;
    const mock = mockApi({
      'POST /v1/imports/students': () =>
        ++n === 1
          ? ok(result([goodRow(2), threeProblems, goodRow(5)]))
          : ok(
              result([goodRow(2), threeProblems, goodRow(5)], { dryRun: false, validOnly: true, created: 2 }),
              'Đã nhập 2 dòng (2 mới, 0 cập nhật); bỏ qua 1 dòng lỗi.',
            ),
      'POST /v1/imports/students/errors': () => ({ status: 200, body: new Blob(['xlsx']) }),
    });
    const { client } = open();
    const spy = vi.spyOn(client, 'invalidateQueries');
    await choose();
    await userEvent.click(await screen.findByRole('button', { name: 'Nhập các dòng hợp lệ (2)' }));

    expect(await screen.findAllByText('Đã nhập 2 dòng (2 mới, 0 cập nhật); bỏ qua 1 dòng lỗi.')).not.toHaveLength(0);
    expect(capture.seen.at(-1)?.params).toEqual({ validOnly: 'true', fingerprint: FINGERPRINT });
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(screen.getByText(/Các dòng lỗi chưa được nhập/)).toBeInTheDocument();

    URL.createObjectURL = vi.fn(() => 'blob:loi');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    }); // jsdom cannot download
    await userEvent.click(screen.getByRole('button', { name: 'Tải các dòng lỗi' }));
    await waitFor(() => expect(clicked).toEqual(['loi-nhap-hoc-sinh.xlsx']));
    const sent = mock.calls.at(-1)!;
    expect(sent.url).toBe('/v1/imports/students/errors');
    expect((sent.body as FormData).get('file')).toBeInstanceOf(File);
    vi.restoreAllMocks();
    mock.restore();
  });

  it('imports a clean file for the check shown, and says which rows it skipped', async () => {
    let n = 0;
    const mock = mockApi({
      'POST /v1/imports/students': () =>
        ++n === 1
          ? ok(result([goodRow(3), goodRow(4)], { skipped: [{ row: 2, reason: 'Dòng ví dụ: hãy ghi đè hoặc xoá.' }] }))
          : ok(result([goodRow(3), goodRow(4)], { dryRun: false, created: 2 }), 'Đã nhập 2 dòng (2 mới, 0 cập nhật).'),
    });
    const { client } = open();
    const spy = vi.spyOn(client, 'invalidateQueries');
    await choose();
    expect(await screen.findByText('Dòng 2 đã được bỏ qua: Dòng ví dụ: hãy ghi đè hoặc xoá.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tải các dòng lỗi' })).not.toBeInTheDocument();
    const importButton = screen.getByRole('button', { name: 'Nhập dữ liệu' });
    expect(importButton).toBeEnabled();
    await userEvent.click(importButton);

    expect(await screen.findAllByText('Đã nhập 2 dòng (2 mới, 0 cập nhật).')).not.toHaveLength(0);
    expect(capture.seen.at(-1)?.params).toEqual({ fingerprint: FINGERPRINT });
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(screen.getAllByRole('button', { name: 'Đóng' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Tải các dòng lỗi' })).not.toBeInTheDocument();
    mock.restore();
  });

  it('shows a refused run (400 IMPORT_INVALID: the data changed since the check) as the new check, and missing columns on step 1', async () => {
    let n = 0;
    const taken = badRow(3, [{ column: 'Mã học sinh', message: 'Mã học sinh đã tồn tại.' }]);
    const mock = mockApi({
      'POST /v1/imports/students': () => {
        n += 1;
        if (n === 1) return { status: 400, body: { success: false, code: 'BAD_REQUEST', message: 'Thiếu cột bắt buộc: Họ và tên. Hãy dùng tệp mẫu.' } };
        if (n === 2) return ok(result([goodRow(2), goodRow(3)]));
        return {
          status: 400,
          body: {
            success: false,
            code: 'IMPORT_INVALID',
            message: 'Tệp hoặc dữ liệu của trường đã thay đổi từ lúc kiểm tra; chưa có dòng nào được nhập. Hãy xem lại kết quả kiểm tra mới.',
            details: result([goodRow(2), taken], { dryRun: false, fingerprint: 'ffffffffffffffffffffffffffffffff' }),
          },
        };
      },
    });
    open();
    await choose();
    expect(await screen.findByRole('alert')).toHaveTextContent('Thiếu cột bắt buộc: Họ và tên. Hãy dùng tệp mẫu.');

    await choose();
    await userEvent.click(await screen.findByRole('button', { name: 'Nhập dữ liệu' }));
    expect(await screen.findByText(/đã thay đổi từ lúc kiểm tra/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Lỗi theo dòng' })).getByText('Mã học sinh đã tồn tại.')).toBeInTheDocument();
    // The new check's valid rows can go in, under its own fingerprint.
    await userEvent.click(screen.getByRole('button', { name: 'Nhập các dòng hợp lệ (1)' }));
    await waitFor(() => expect(capture.seen.at(-1)?.params).toEqual({ validOnly: 'true', fingerprint: 'ffffffffffffffffffffffffffffffff' }));
    mock.restore();
  });

  it('offers the template under its Vietnamese name', async () => {
    const mock = mockApi({ 'GET /v1/imports/templates/students': () => ({ status: 200, body: new Blob(['xlsx']) }) });
    URL.createObjectURL = vi.fn(() => 'blob:mau');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Tải tệp mẫu (mau-nhap-hoc-sinh.xlsx)' }));
    await waitFor(() => expect(clicked).toEqual(['mau-nhap-hoc-sinh.xlsx']));
    vi.restoreAllMocks();
    mock.restore();
  });

  it('refuses other file types before uploading', async () => {
    const mock = mockApi({});
    renderUi(<ImportDialog open onClose={() => {}} kind="students" invalidate={[]} />);
    await userEvent.upload(screen.getByLabelText('Chọn tệp dữ liệu'), new File(['x'], 'anh.png', { type: 'image/png' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Chỉ nhận tệp Excel (.xlsx) hoặc CSV (.csv).');
    expect(mock.calls).toHaveLength(0);
    mock.restore();
  });
});
