import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

// Issue 12, "Phones and small things", at the width of a small phone.
const PHONE = { width: 360, height: 740 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('phone (360 px)', { timeout: 90_000 }, () => {
  it('a page picked from the ☰ menu after scrolling another opens at its title; the sign-in toast covers no control', async () => {
    const { ctx, page } = await newPage(browser, PHONE);
    try {
      await demoLogin(page, demo('quantri'));
      const toggle = page.getByRole('button', { name: 'Mở menu' });
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Đăng nhập thành công' });
      await toast.waitFor();
      const toastBox = await box(toast);
      expect(overlaps(toastBox, await box(toggle))).toBe(false);
      expect(toastBox.y).toBeGreaterThan(PHONE.height / 2);

      // A long page, scrolled far down.
      await page.goto(`${BASE}/admin/surveys`);
      await page.locator('a[href^="/admin/surveys/"]').nth(4).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(PHONE.height * 2);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction(() => window.scrollY > 500);

      await toggle.click();
      await page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link', { name: 'Quản lý học sinh' }).click();
      await page.waitForURL((u) => u.pathname === '/admin/students');
      const title = page.getByRole('heading', { level: 1, name: 'Quản lý học sinh' });
      await title.waitFor();
      const t = await box(title);
      expect(t.y).toBeGreaterThanOrEqual(0);
      expect(t.y + t.height).toBeLessThanOrEqual(PHONE.height);
      expect(await scrollY(page)).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

      // Back returns to the long page where it was left.
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/admin/surveys');
      await page.waitForFunction(() => window.scrollY > 500);
    } finally {
      await ctx.close();
    }
  });

  it('the survey-detail tab bar shows that more tabs lie to the right and keeps the chosen one on screen', async () => {
    const { ctx, page } = await newPage(browser, PHONE);
    try {
      await demoLogin(page, demo('quantri'));
      await page.goto(`${BASE}/admin/surveys`);
      await page.locator('a[href^="/admin/surveys/"]').first().click();
      await page.waitForURL((u) => /^\/admin\/surveys\/\d+$/.test(u.pathname));
      const tabs = page.getByRole('tablist', { name: 'Khảo sát' });
      await tabs.waitFor();
      const hint = page.getByTestId('scroll-hint-end');
      await hint.waitFor();
      expect(await page.getByTestId('scroll-hint-start').count()).toBe(0);

      await tabs.getByRole('tab', { selected: true }).focus();
      await page.keyboard.press('End');
      const last = tabs.getByRole('tab').last();
      await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
      const b = await box(last);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
      await page.getByTestId('scroll-hint-start').waitFor();
      expect(await page.getByTestId('scroll-hint-end').count()).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it('the survey form keeps "Đã trả lời X/Y câu bắt buộc" under the header while scrolling, and counts an answer', async () => {
    const { ctx, page } = await newPage(browser, PHONE);
    try {
      await demoLogin(page, demo('hs.an'));
      await page.goto(`${BASE}/student/surveys`);
      await page
        .getByRole('button', { name: /Làm khảo sát/ })
        .first()
        .click();
      await page.waitForURL((u) => u.pathname === '/student/surveys/form');
      const progress = page.getByTestId('required-progress');
      await progress.waitFor();
      const count = async () => {
        const m = /Đã trả lời (\d+)\/(\d+) câu bắt buộc/.exec((await progress.textContent()) ?? '');
        if (!m) throw new Error('no progress text');
        return { answered: Number(m[1]), required: Number(m[2]) };
      };
      const before = await count();
      expect(before.required).toBeGreaterThan(0);

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await page.waitForFunction(() => window.scrollY > 300);
      const p = await box(progress);
      const header = await box(page.getByRole('banner').first());
      expect(p.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(p.y + p.height).toBeLessThan(PHONE.height / 3);

      // The first question of each demo survey is a required grid row.
      await page.locator('input[type=radio]').first().check();
      expect((await count()).answered).toBe(before.answered + 1);
    } finally {
      await ctx.close();
    }
  });
});
