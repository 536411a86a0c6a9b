import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TImportResult } from '@app/shared/school';
import { captureParams, mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { ImportDialog } from './import-dialog';

const goodRow = (row: number): TImportResult['rows'][number] => ({
  row,
  action: 'create',
  values: { 'Mã học sinh': `HS${row}`, 'Họ và tên': `Học sinh ${row}` },
  issues: [],
});

function result(rows: TImportResult['rows'], dryRun = true): TImportResult {
  const invalid = rows.filter((r) => r.action === 'error').length;
  return { kind: 'students', dryRun, total: rows.length, valid: rows.length - invalid, invalid, created: 0, updated: 0, rows };
}

const file = () => new File(['x'], 'hoc-sinh.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

let capture: ReturnType<typeof captureParams>;
beforeEach(() => {
  capture = captureParams();
});
afterEach(() => capture.stop());

describe('ImportDialog', () => {
  it('previews a dry run with a bad row first, highlighted, and keeps "Nhập dữ liệu" disabled', async () => {
    const bad: TImportResult['rows'][number] = {
      row: 5,
      action: 'error',
      values: { 'Mã học sinh': 'HS5', 'Họ và tên': '' },
      issues: [{ column: 'Họ và tên', message: 'Họ và tên là bắt buộc.' }],
    };
    const mock = mockApi({
      'POST /v1/imports/students': () =>
        ok(result([goodRow(2), goodRow(3), goodRow(4), bad]), 'Kiểm tra xong: 3 dòng hợp lệ, 1 dòng lỗi.'),
    });
    renderUi(<ImportDialog open onClose={() => {}} kind="students" invalidate={['/v1/students']} />);
    expect(screen.getByRole('dialog', { name: 'Nhập danh sách học sinh' })).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Chọn tệp dữ liệu'), file());

    expect(await screen.findByText('3 dòng hợp lệ, 1 dòng lỗi (3 thêm mới, 0 cập nhật)')).toBeInTheDocument();
    expect(capture.seen.at(-1)?.params).toEqual({ dryRun: 'true' });
    expect(mock.calls[0].body).toBeInstanceOf(FormData);
    expect((mock.calls[0].body as FormData).get('file')).toBeInstanceOf(File);

    // "Only errors" is on when there are errors: just the bad row, its cell marked.
    const table = screen.getByRole('table', { name: 'Kết quả kiểm tra tệp nhập' });
    let bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(1);
    expect(bodyRows[0]).toHaveTextContent('5');
    expect(bodyRows[0]).toHaveTextContent('Lỗi');
    expect(within(bodyRows[0]).getByText('Họ và tên là bắt buộc.').closest('td')).toHaveClass('bg-danger/10');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Chỉ hiện dòng lỗi' }));
    bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => r.getAttribute('data-action'))).toEqual(['error', 'create', 'create', 'create']);

    expect(screen.getByRole('button', { name: 'Nhập dữ liệu' })).toBeDisabled();
    expect(screen.getByText(/Tệp còn dòng lỗi nên chưa thể nhập/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chọn tệp khác' })).toBeEnabled();
    mock.restore();
  });

  it('imports a clean file, then says so and refreshes the list', async () => {
    let n = 0;
    const mock = mockApi({
      'POST /v1/imports/students': () =>
        ++n === 1
          ? ok(result([goodRow(2), goodRow(3)]), 'Kiểm tra xong: 2 dòng hợp lệ, 0 dòng lỗi.')
          : ok({ ...result([goodRow(2), goodRow(3)], false), created: 2 }, 'Đã nhập 2 dòng (2 mới, 0 cập nhật).'),
    });
    const { client } = renderUi(<ImportDialog open onClose={() => {}} kind="students" invalidate={['/v1/students']} />);
    const spy = vi.spyOn(client, 'invalidateQueries');
    await userEvent.upload(screen.getByLabelText('Chọn tệp dữ liệu'), file());
    const importButton = await screen.findByRole('button', { name: 'Nhập dữ liệu' });
    expect(importButton).toBeEnabled();
    await userEvent.click(importButton);

    expect(await screen.findAllByText('Đã nhập 2 dòng (2 mới, 0 cập nhật).')).not.toHaveLength(0);
    expect(capture.seen.at(-1)?.params).toEqual({});
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(screen.getAllByRole('button', { name: 'Đóng' })).toHaveLength(2);
    mock.restore();
  });

  it('shows a refused real run (400 IMPORT_INVALID) as a preview again, and missing columns on step 1', async () => {
    let n = 0;
    const bad = { row: 3, action: 'error' as const, values: { 'Mã học sinh': 'HS3' }, issues: [{ column: 'Mã học sinh', message: 'Mã học sinh đã tồn tại.' }] };
    const mock = mockApi({
      'POST /v1/imports/students': () => {
        n += 1;
        if (n === 1) return { status: 400, body: { success: false, code: 'BAD_REQUEST', message: 'Thiếu cột bắt buộc: Họ và tên. Hãy dùng tệp mẫu.' } };
        if (n === 2) return ok(result([goodRow(2), goodRow(3)]));
        return {
          status: 400,
          body: { success: false, code: 'IMPORT_INVALID', message: 'Tệp có 1 dòng lỗi; chưa có dòng nào được nhập. Hãy sửa rồi nhập lại.', details: result([goodRow(2), bad], false) },
        };
      },
    });
    renderUi(<ImportDialog open onClose={() => {}} kind="students" invalidate={['/v1/students']} />);
    await userEvent.upload(screen.getByLabelText('Chọn tệp dữ liệu'), file());
    expect(await screen.findByRole('alert')).toHaveTextContent('Thiếu cột bắt buộc: Họ và tên. Hãy dùng tệp mẫu.');

    await userEvent.upload(screen.getByLabelText('Chọn tệp dữ liệu'), file());
    await userEvent.click(await screen.findByRole('button', { name: 'Nhập dữ liệu' }));
    expect(await screen.findByText('Tệp có 1 dòng lỗi; chưa có dòng nào được nhập. Hãy sửa rồi nhập lại.')).toBeInTheDocument();
    expect(screen.getByText('Mã học sinh đã tồn tại.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nhập dữ liệu' })).toBeDisabled();
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
