import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TRoundStudent } from '@app/shared/registration';
import { renderUi } from '@/test/render-app';
import { UnmetStudents } from './unmet-students';

const student = (i: number, fullName = `Học sinh ${i}`): TRoundStudent => ({
  studentId: 6000 + i,
  studentCode: `HS${6000 + i}`,
  fullName,
  homeroomClassName: i % 2 ? '10 Toán' : '10 Văn',
  grade: 10,
  registered: 0,
  waitlisted: 0,
  rules: { met: false, problems: ['Cần chọn thêm 1 lớp trong nhóm Tự chọn A'] },
});
const rows = [...Array.from({ length: 44 }, (_, i) => student(i + 1)), student(45, 'Lê Minh Châu')];
const shownRows = () =>
  within(screen.getByRole('table', { name: 'Học sinh chưa đạt quy tắc' }))
    .getAllByRole('row')
    .slice(1);

describe('UnmetStudents', () => {
  it('pages a whole grade of students and finds one by name without accents, by code or by class', async () => {
    renderUi(<UnmetStudents rows={rows} loading={false} fetching={false} error={null} onRetry={() => {}} />);
    expect(shownRows()).toHaveLength(20);
    expect(screen.getByText('Hiển thị 1–20 trong 45')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Trang 3' }));
    expect(shownRows()).toHaveLength(5);
    expect(shownRows()[4]).toHaveTextContent('Lê Minh Châu (HS6045)');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Tìm học sinh chưa đạt quy tắc' }), 'minh chau');
    expect(shownRows()).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Phân trang' })).not.toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Tìm học sinh chưa đạt quy tắc' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Tìm học sinh chưa đạt quy tắc' }), 'HS6007');
    expect(shownRows().map((r) => r.textContent)).toEqual([expect.stringContaining('Học sinh 7 (HS6007)')]);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Tìm học sinh chưa đạt quy tắc' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Tìm học sinh chưa đạt quy tắc' }), 'van');
    expect(screen.getByText('Hiển thị 1–20 trong 22')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Tìm học sinh chưa đạt quy tắc' }), ' khong co');
    expect(screen.getByText('Không tìm thấy kết quả phù hợp')).toBeInTheDocument();
  });

  it('shows a short list whole, without search or pages', () => {
    renderUi(<UnmetStudents rows={rows.slice(0, 3)} loading={false} fetching={false} error={null} onRetry={() => {}} />);
    expect(shownRows()).toHaveLength(3);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Phân trang' })).not.toBeInTheDocument();
  });
});
