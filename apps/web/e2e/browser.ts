import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
export const demo = (local: string) => `${local}@demo.thptchuyen.edu.vn`;

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Click the demo account on the login page and wait until the app has left it. */
export async function demoLogin(page: Page, email: string): Promise<void> {
  await page.goto(`${BASE}/login`);
  await page.getByRole('button', { name: new RegExp(`\\(${email.replace(/\./g, '\\.')}\\)`) }).click();
  await page.waitForURL((u) => u.pathname !== '/login' && u.pathname !== '/');
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
  const page = await ctx.newPage();
  return { ctx, page };
}
