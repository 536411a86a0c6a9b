import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.E2E_SCREENSHOTS;
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Sets the school's name in the "Thông tin trường" section and waits for the save. */
async function saveName(page: Page, name: string) {
  const form = page.getByRole('form', { name: 'Thông tin trường' });
  const field = form.getByLabel(/Tên trường/);
  await field.fill(name);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await page.getByText('Đã lưu cài đặt.').first().waitFor();
}

// Issue 17: the admin changes the school's name on /admin/settings; the sidebar, the header, the title
// and the login page show it without a reload or a restart.
describe('system settings', { timeout: 150_000 }, () => {
  it('admin changes the school name and every page shows it', async () => {
    const admin = await newPage(browser);
    const errors: string[] = [];
    admin.page.on('pageerror', (e) => errors.push(e.message));
    const page = admin.page;
    await demoLogin(page, demo('quantri'));
    await page.goto(`${BASE}/admin/settings`);
    await page.getByRole('heading', { name: 'Cài đặt hệ thống', level: 1 }).waitFor();
    const field = page.getByRole('form', { name: 'Thông tin trường' }).getByLabel(/Tên trường/);
    await expect.poll(() => field.inputValue()).not.toBe('');
    const original = await field.inputValue();
    const renamed = 'Trường THPT Chuyên Kiểm Thử Cài Đặt';
    try {
      await saveName(page, renamed);
      const header = page.getByRole('banner');
      await expect.poll(() => header.innerText()).toContain(renamed);
      await expect.poll(() => page.locator('#app-sidebar').innerText()).toContain('THPT Chuyên Kiểm Thử Cài Đặt');
      await expect.poll(() => page.title()).toContain(renamed);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-1280.png`, fullPage: true });

      // Someone not signed in: the login page.
      const visitor = await newPage(browser);
      try {
        await visitor.page.goto(`${BASE}/login`);
        await visitor.page.getByRole('heading', { name: renamed, level: 1 }).waitFor();
      } finally {
        await visitor.ctx.close();
      }

      // A phone: the page and its section nav fit the screen.
      const phone = await newPage(browser, { width: 360, height: 740 });
      try {
        await demoLogin(phone.page, demo('quantri'));
        await phone.page.goto(`${BASE}/admin/settings`);
        await phone.page.getByRole('navigation', { name: 'Các phần cài đặt' }).waitFor();
        await phone.page.getByRole('form', { name: 'Thông tin trường' }).waitFor();
        expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
        if (SHOTS) await phone.page.screenshot({ path: `${SHOTS}/settings-360.png`, fullPage: true });
      } finally {
        await phone.ctx.close();
      }
      expect(errors).toEqual([]);
    } catch (err) {
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-failed.png`, fullPage: true });
      throw err;
    } finally {
      // Other browser tests expect the demo school's name.
      await saveName(page, original);
      await admin.ctx.close();
    }
  });
});
