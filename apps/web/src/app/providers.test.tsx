import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { mediaQueryList } from '@/test/setup';
import { Providers } from './providers';

const desktopMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = desktopMatchMedia;
});

async function toasterPosition() {
  render(
    <Providers client={createQueryClient()}>
      <p>trang</p>
    </Providers>,
  );
  act(() => void toast.success('Đăng nhập thành công'));
  await screen.findByText('Đăng nhập thành công');
  const list = document.querySelector('[data-sonner-toaster]')!;
  return `${list.getAttribute('data-y-position')}-${list.getAttribute('data-x-position')}`;
}

describe('toaster placement (issue 12: toasts cover no header control)', () => {
  it('on a phone (under 768 px) at the bottom, centred', async () => {
    window.matchMedia = (query: string) => mediaQueryList(query, false);
    expect(await toasterPosition()).toBe('bottom-center');
  });

  it('on a wider screen at the bottom right, away from the header menus', async () => {
    expect(await toasterPosition()).toBe('bottom-right');
  });
});
