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

/** Opens "Thông tin cá nhân" from the header's user menu. */
async function openProfile(page: Page) {
  await page.getByRole('button', { name: /^Tài khoản:/ }).click();
  await page.getByRole('menuitem', { name: 'Thông tin cá nhân' }).click();
  await page.waitForURL((u) => u.pathname === '/profile');
  await page.getByRole('heading', { name: 'Thông tin cá nhân', level: 1 }).waitFor();
}

/** The page is no wider than the screen (nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

// Issue 17: the profile page from the user menu, the person's own record, their signed-in devices, and
// "Đăng xuất khỏi mọi thiết bị" ending every one of them.
describe('the profile page', () => {
  it('a student opens it from the user menu, sees their record and devices, and signs out of every device', async () => {
    const laptop = await newPage(browser);
    const phone = await newPage(browser, { width: 360, height: 740 });
    const errors: string[] = [];
    for (const { page } of [laptop, phone]) page.on('pageerror', (e) => errors.push(e.message));
    try {
      await demoLogin(phone.page, demo('hs.an'));
      await demoLogin(laptop.page, demo('hs.an'));
      const page = laptop.page;
      await openProfile(page);

      const record = page.getByRole('region', { name: 'Hồ sơ học sinh' });
      await record.getByText('Mã học sinh').waitFor();
      await expect.poll(() => record.innerText()).toMatch(/Ngày sinh\s+\d{2}\/\d{2}\/\d{4}/);
      expect(await record.innerText()).toMatch(/Giáo viên chủ nhiệm\s+\S+/);
      expect(await page.getByRole('region', { name: 'Tài khoản' }).innerText()).toMatch(/Vai trò chính\s+Học sinh/);
      await page.getByRole('region', { name: 'Đăng ký lịch vào Google Calendar' }).waitFor();

      const devices = page.getByRole('list', { name: 'Thiết bị đang đăng nhập' });
      await devices.waitFor();
      await expect.poll(() => devices.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
      expect(await devices.getByRole('listitem').filter({ hasText: 'Thiết bị này' }).count()).toBe(1);
      expect(await devices.innerText()).toMatch(/Chrome trên Linux/);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-student-1280.png`, fullPage: true });

      // The phone sees the same page, nothing wider than the screen.
      await openProfile(phone.page);
      await phone.page.getByRole('list', { name: 'Thiết bị đang đăng nhập' }).waitFor();
      expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
      if (SHOTS) await phone.page.screenshot({ path: `${SHOTS}/profile-student-360.png`, fullPage: true });

      await page.getByRole('button', { name: 'Đăng xuất khỏi mọi thiết bị' }).click();
      await page
        .getByRole('dialog', { name: 'Đăng xuất khỏi mọi thiết bị?' })
        .getByRole('button', { name: 'Đăng xuất khỏi mọi thiết bị' })
        .click();
      await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/login');
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();

      // The other device is signed out too: its next call answers 401 and it lands on the sign-in page.
      await phone.page.goto(`${BASE}/student/surveys`);
      await phone.page.waitForURL((u) => u.pathname === '/' || u.pathname === '/login');
      await phone.page.getByText('Phiên đăng nhập đã hết hạn').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await laptop.ctx.close();
      await phone.ctx.close();
    }
  });

  it('a teacher sees their department, subjects and homeroom class; signing another device out leaves this one', async () => {
    const first = await newPage(browser, { width: 360, height: 740 });
    const second = await newPage(browser);
    try {
      await demoLogin(second.page, demo('gv.toan'));
      await demoLogin(first.page, demo('gv.toan'));
      const page = first.page;
      await openProfile(page);
      const record = page.getByRole('region', { name: 'Hồ sơ giáo viên' });
      await record.getByText('Tổ chuyên môn').waitFor();
      await expect.poll(() => record.innerText()).toMatch(/Lớp chủ nhiệm\s+10 Toán/);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-teacher-360.png`, fullPage: true });

      const devices = page.getByRole('list', { name: 'Thiết bị đang đăng nhập' });
      const other = devices.getByRole('listitem').filter({ hasNotText: 'Thiết bị này' }).first();
      await other.getByRole('button', { name: /^Đăng xuất / }).click();
      await page.getByRole('dialog', { name: 'Đăng xuất thiết bị này?' }).getByRole('button', { name: 'Đăng xuất' }).click();
      await page.getByText('Đã đăng xuất thiết bị này.').waitFor();
      // This device stays signed in.
      await page.reload();
      await page.getByRole('heading', { name: 'Thông tin cá nhân', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/profile');
    } finally {
      await first.ctx.close();
      await second.ctx.close();
    }
  });
});
