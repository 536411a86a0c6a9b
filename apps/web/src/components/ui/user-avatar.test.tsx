import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarInitial, displayNameOf, UserAvatar } from './user-avatar';

describe('avatar fallbacks (spec section 2)', () => {
  it('uses the stored photo URL', () => {
    render(<UserAvatar photoURL="https://lh3.googleusercontent.com/a/x" displayName="An" />);
    const img = screen.getByTestId('user-avatar');
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', 'https://lh3.googleusercontent.com/a/x');
  });

  it('else the first letter of the display name', () => {
    render(<UserAvatar photoURL={null} displayName="  đặng thu hà" />);
    expect(screen.getByTestId('user-avatar')).toHaveTextContent(/^Đ$/);
  });

  it('else "U"', () => {
    render(<UserAvatar photoURL="" displayName={null} />);
    expect(screen.getByTestId('user-avatar')).toHaveTextContent(/^U$/);
    expect(avatarInitial('   ')).toBe('U');
    expect(avatarInitial(undefined)).toBe('U');
  });

  it('falls back to the letter when the photo fails to load', () => {
    render(<UserAvatar photoURL="https://broken" displayName="Bình" />);
    fireEvent.error(screen.getByTestId('user-avatar'));
    expect(screen.getByTestId('user-avatar')).toHaveTextContent(/^B$/);
  });

  it('display name defaults to "Người dùng"', () => {
    expect(displayNameOf(null)).toBe('Người dùng');
    expect(displayNameOf(' ')).toBe('Người dùng');
    expect(displayNameOf('Lan')).toBe('Lan');
  });
});
