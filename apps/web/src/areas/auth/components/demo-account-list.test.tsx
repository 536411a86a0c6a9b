import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DemoAccountList } from './demo-account-list';

const accounts = [
  {
    email: 'gv.anh@demo.vn',
    displayName: 'Vũ Thị Mai',
    primaryRole: 'TEACHER' as const,
    roles: ['TEACHER' as const],
    hint: 'Tiếng Anh: kết quả khảo sát cá nhân, ý kiến đã duyệt',
  },
  { email: 'gv.khac@demo.vn', displayName: 'Giáo viên khác', primaryRole: 'TEACHER' as const, roles: ['TEACHER' as const], hint: null },
];

describe('demo account list', () => {
  it('shows each account’s line on what it shows, read with its button, and none for an account without one', async () => {
    const onSelect = vi.fn();
    render(<DemoAccountList accounts={accounts} pendingEmail={null} onSelect={onSelect} />);
    const anh = screen.getByRole('button', { name: /Vũ Thị Mai/ });
    expect(anh).toHaveAccessibleDescription('Tiếng Anh: kết quả khảo sát cá nhân, ý kiến đã duyệt');
    expect(screen.getByText('Tiếng Anh: kết quả khảo sát cá nhân, ý kiến đã duyệt')).toBeVisible();
    const other = screen.getByRole('button', { name: /Giáo viên khác/ });
    expect(other).not.toHaveAttribute('aria-describedby');
    await userEvent.click(anh);
    expect(onSelect).toHaveBeenCalledWith('gv.anh@demo.vn');
  });
});
