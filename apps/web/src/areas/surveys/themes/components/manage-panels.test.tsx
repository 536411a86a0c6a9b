import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TCode, TTheme } from '@app/shared/theme-codes';
import { fail, mockApi, ok } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { CodesPanel } from './codes-panel';
import { ThemesPanel } from './themes-panel';

const stamps = { createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' };
const theme: TTheme = { id: 1, name: 'Phương pháp giảng dạy', description: 'Cách thầy cô truyền đạt', codeCount: 1, ...stamps };
const other: TTheme = { id: 2, name: 'Cơ sở vật chất', description: null, codeCount: 0, ...stamps };
const code: TCode = {
  id: 11,
  name: 'Tốc độ giảng nhanh',
  description: null,
  tagCount: 4,
  themes: [{ id: 1, name: theme.name }],
  keywords: ['nói nhanh', 'giảng nhanh', 'dạy nhanh', 'chạy bài', 'tốc độ nhanh', 'đi nhanh quá', 'nói chậm lại'],
  ...stamps,
};
const free: TCode = { ...code, id: 12, name: 'Máy chiếu, thiết bị', themes: [], keywords: ['máy chiếu'], tagCount: 0 };
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 100 });

describe('CodesPanel', () => {
  it('lists codes with their themes and keywords, and creates one with keywords typed and pasted', { timeout: 20_000 }, async () => {
    const mock = mockApi({
      'GET /v1/theme-codes/codes': () => page([code]),
      'GET /v1/theme-codes/themes': () => page([theme, other]),
      'POST /v1/theme-codes/codes': (req) => ok({ ...free, id: 99, ...(req.body as object) }, 'Đã tạo mã.'),
    });
    renderUi(<CodesPanel canWrite />);
    const table = await screen.findByRole('table', { name: 'Danh sách mã' });
    expect(await within(table).findByText('Tốc độ giảng nhanh')).toBeInTheDocument();
    expect(within(table).getByText('Phương pháp giảng dạy')).toBeInTheDocument();
    expect(within(table).getByText(/nói nhanh, giảng nhanh/)).toBeInTheDocument();
    expect(within(table).getByText('và 1 từ khác')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Thêm mã' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm mã' });
    await userEvent.type(within(dialog).getByLabelText(/Tên mã/), 'Phòng học nóng');
    const box = within(dialog).getByLabelText('Từ khóa');
    await userEvent.type(box, 'phòng nóng{Enter}');
    // A comma-separated paste adds several; "phong nong" is the same keyword without diacritics.
    await userEvent.type(box, 'lớp nóng, phong nong, quạt hỏng{Enter}');
    const chips = within(dialog).getByRole('list', { name: 'Từ khóa đã thêm' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['phòng nóng', 'lớp nóng', 'quạt hỏng']);
    expect(within(dialog).getByText('Đã có hoặc không hợp lệ: phong nong')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bỏ từ khóa lớp nóng' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Thuộc chủ đề' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Cơ sở vật chất/ }));
    // Leave the picker (its open list makes the rest of the dialog inert for a moment).
    await userEvent.click(within(dialog).getByLabelText(/Tên mã/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    await waitFor(() => expect(mock.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = mock.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ name: 'Phòng học nóng', description: null, keywords: ['phòng nóng', 'quạt hỏng'], themeIds: [2] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    mock.restore();
  });

  it('keeps the dialog open with the server’s refusal and names what a delete takes', async () => {
    const mock = mockApi({
      'GET /v1/theme-codes/codes': () => page([code]),
      'GET /v1/theme-codes/themes': () => page([theme]),
      'PUT /v1/theme-codes/codes/11': () => fail(409, 'Mã "Tốc độ giảng nhanh" đã tồn tại.', 'CONFLICT'),
      'DELETE /v1/theme-codes/codes/11': () => ok(code, 'Đã xóa mã.'),
    });
    renderUi(<CodesPanel canWrite />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sửa mã Tốc độ giảng nhanh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sửa mã Tốc độ giảng nhanh' });
    expect(within(within(dialog).getByRole('list', { name: 'Từ khóa đã thêm' })).getAllByRole('listitem')).toHaveLength(7);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Mã "Tốc độ giảng nhanh" đã tồn tại.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));

    await userEvent.click(screen.getByRole('button', { name: 'Xóa mã Tốc độ giảng nhanh' }));
    const confirm = await screen.findByRole('dialog', { name: 'Xóa mã Tốc độ giảng nhanh?' });
    expect(confirm).toHaveTextContent('khỏi 4 câu trả lời');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Xóa' }));
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'DELETE' && c.url === '/v1/theme-codes/codes/11')).toBe(true));
    mock.restore();
  });

  it('offers no writes without the right to write', async () => {
    const mock = mockApi({ 'GET /v1/theme-codes/codes': () => page([code]), 'GET /v1/theme-codes/themes': () => page([theme]) });
    renderUi(<CodesPanel canWrite={false} />);
    await screen.findByText('Tốc độ giảng nhanh');
    expect(screen.queryByRole('button', { name: 'Thêm mã' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sửa mã/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeInTheDocument();
    mock.restore();
  });
});

describe('ThemesPanel', () => {
  it('assigns a code to a theme and takes one out after a confirmation', async () => {
    const mock = mockApi({
      'GET /v1/theme-codes/themes': () => page([theme, other]),
      'GET /v1/theme-codes/themes/1/codes': () => ok([code]),
      'GET /v1/theme-codes/codes': () => page([code, free]),
      'POST /v1/theme-codes/theme-codes': () =>
        ok({ themeId: 1, themeName: theme.name, codeId: 12, codeName: free.name, createdAt: stamps.createdAt }, 'Đã gắn mã vào chủ đề.'),
      'DELETE /v1/theme-codes/themes/1/codes/11': () =>
        ok({ themeId: 1, themeName: theme.name, codeId: 11, codeName: code.name, createdAt: stamps.createdAt }, 'Đã gỡ mã khỏi chủ đề.'),
    });
    renderUi(<ThemesPanel canWrite />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mã của chủ đề Phương pháp giảng dạy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mã của chủ đề Phương pháp giảng dạy' });
    const listed = await within(dialog).findByRole('list', { name: 'Các mã của chủ đề Phương pháp giảng dạy' });
    expect(within(listed).getByText('Tốc độ giảng nhanh')).toBeInTheDocument();

    const select = within(dialog).getByRole('combobox', { name: 'Thêm mã vào chủ đề' });
    // Only codes not yet in the theme are offered.
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['— Chọn mã —', 'Máy chiếu, thiết bị']),
    );
    await userEvent.selectOptions(select, 'Máy chiếu, thiết bị');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gắn mã' }));
    await waitFor(() => expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ themeId: 1, codeId: 12 }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Gỡ mã Tốc độ giảng nhanh khỏi chủ đề' }));
    const confirm = await screen.findByRole('dialog', { name: 'Gỡ mã Tốc độ giảng nhanh?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Gỡ' }));
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'DELETE' && c.url === '/v1/theme-codes/themes/1/codes/11')).toBe(true));
    mock.restore();
  });

  it('creates a theme and refuses an empty name before sending', async () => {
    const mock = mockApi({
      'GET /v1/theme-codes/themes': () => page([]),
      'POST /v1/theme-codes/themes': () => ok({ ...other, id: 5, name: 'Hoạt động ngoại khóa' }, 'Đã tạo chủ đề.'),
    });
    renderUi(<ThemesPanel canWrite />);
    expect(await screen.findByText('Chưa có chủ đề nào')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Thêm chủ đề' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm chủ đề' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await within(dialog).findByText('Tên chủ đề là bắt buộc.')).toBeInTheDocument();
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/Tên chủ đề/), 'Hoạt động ngoại khóa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Hoạt động ngoại khóa', description: null }),
    );
    mock.restore();
  });
});
