import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { Browser } from 'playwright-core';
import { LANDING_PATHS } from '@app/shared/roles';
import { menuFor } from '@app/shared/routes';
import { BASE, demo, demoLogin, launch, newPage } from './browser';
import { DEMO_ACCOUNTS } from './accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in lands each role on its path with exactly its menu', () => {
  for (const acc of DEMO_ACCOUNTS) {
    it(`${acc.local} (${acc.roles.join('+')})`, async () => {
      const { ctx, page } = await newPage(browser);
      try {
        await demoLogin(page, demo(acc.local));
        expect(new URL(page.url()).pathname).toBe(LANDING_PATHS[acc.roles[0]]);
        const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
        await nav.getByRole('link').first().waitFor();
        const hrefs = await nav.getByRole('link').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
        const user = { primaryRole: acc.roles[0], roles: acc.roles.map((role, i) => ({ role, isPrimary: i === 0 })) };
        expect(hrefs).toEqual(menuFor(user).flatMap((g) => g.items.map((i) => i.path)));
        expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe(acc.roles[0]);
      } finally {
        await ctx.close();
      }
    });
  }
});

describe('guards and session', () => {
  it('a teacher opening an admin page is sent to /unauthorized', async () => {
    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('gv.anh'));
      await page.goto(`${BASE}/admin/users`);
      await page.waitForURL((u) => u.pathname === '/unauthorized');
    } finally {
      await ctx.close();
    }
  });

  it('unknown paths go to / and a signed-in user lands on their path', async () => {
    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('hieutruong'));
      await page.goto(`${BASE}/khong-ton-tai`);
      await page.waitForURL((u) => u.pathname === LANDING_PATHS.PRINCIPAL);
    } finally {
      await ctx.close();
    }
  });

  it('an expired token sends the user to the login page with the session message', async () => {
    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('giaovu'));
      const res = await fetch(`${BASE}/api/v1/auth/dev-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demo('giaovu') }),
      });
      const { data } = (await res.json()) as { data: { user: { id: number } } };
      const secret = new TextEncoder().encode(process.env.E2E_AUTH_SECRET);
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(data.user.id))
        .setIssuer('thpt-chuyen')
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 3600)
        .sign(secret);
      await page.evaluate((t) => localStorage.setItem('userToken', t), expired);
      await page.reload();
      await page.getByText('Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.').first().waitFor();
      expect(['/', '/login']).toContain(new URL(page.url()).pathname);
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    } finally {
      await ctx.close();
    }
  });

  it('logout clears the session and returns to the login page', async () => {
    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('ketoan'));
      await page.getByRole('button', { name: /^Tài khoản:/ }).click();
      await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
      await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/login');
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    } finally {
      await ctx.close();
    }
  });
});

describe('shell', () => {
  it('the chosen theme survives a reload', async () => {
    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('dbcl'));
      await page.getByRole('button', { name: 'Cài đặt giao diện' }).click();
      await page.getByText('Tối xanh').click();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark-blue');
      await page.reload();
      await page.getByRole('navigation', { name: 'Điều hướng chính' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark-blue');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark-blue');
    } finally {
      await ctx.close();
    }
  });

  it('on a phone the sidebar opens as an overlay and the backdrop closes it', async () => {
    const { ctx, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await demoLogin(page, demo('hs.an'));
      const backdrop = page.getByTestId('sidebar-backdrop');
      expect(await backdrop.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Mở menu' }).click();
      await backdrop.waitFor({ state: 'visible' });
      await backdrop.click({ position: { x: 370, y: 400 } });
      await backdrop.waitFor({ state: 'hidden' });
    } finally {
      await ctx.close();
    }
  });
});
