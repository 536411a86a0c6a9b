import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a student answers the seeded subject survey', () => {
  it('sees it, is stopped on an empty required answer, gets the draft back after a reload, submits, and finds it done', async () => {
    const { ctx, page } = await newPage(browser, { width: 1280, height: 900 });
    try {
      await demoLogin(page, demo('hs.an'));
      await page.goto(`${BASE}/student/surveys`);
      await page.getByRole('heading', { name: 'Chưa hoàn thành' }).waitFor();
      // The Toán survey itself: other cards mention "lớp 10 Toán", the student's class.
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: 'Lấy ý kiến học sinh về hoạt động giảng dạy - Toán', exact: true }) });
      const title = (await card.locator('h3').textContent())!.trim();
      await card.getByRole('button', { name: /Làm khảo sát/ }).click();
      await page.waitForURL((u) => u.pathname === '/student/surveys/form');
      const submit = page.getByRole('button', { name: 'Gửi khảo sát' });
      await submit.waitFor();

      await submit.click();
      await page.getByText('Vui lòng điền đầy đủ thông tin cho các câu hỏi bắt buộc').first().waitFor();
      expect(await page.getByText('Vui lòng chọn một giá trị.').count()).toBeGreaterThan(0);

      await page.locator('input[type=radio]').first().check();
      await page.reload();
      await page.getByText('Đã khôi phục câu trả lời từ lần truy cập trước').first().waitFor();
      expect(await page.locator('input[type=radio]').first().isChecked()).toBe(true);

      const names = await page.$$eval('input[type=radio]', (els) => [...new Set(els.map((e) => (e as HTMLInputElement).name))]);
      for (const n of names) await page.locator(`input[type=radio][name="${n}"]`).first().check();
      for (const t of await page.locator('input[type=text]:visible, textarea:visible').all()) await t.fill('Ý kiến của em');
      for (const s of await page.locator('select').all()) await s.selectOption({ index: 1 });
      const groups = await page.$$eval('[role=group]', (els) => els.map((e) => e.closest('[id^="sv-q-"]')?.id).filter(Boolean) as string[]);
      for (const g of groups) await page.locator(`#${g} input[type=checkbox]`).first().check();
      await submit.click();
      await page.getByText('Gửi khảo sát thành công!').first().waitFor();
      await page.waitForURL((u) => u.pathname === '/student/surveys');
      const done = page.getByRole('region', { name: /Đã hoàn thành/ });
      await done.getByText(title, { exact: true }).waitFor();
      expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('surveyDraft')))).toEqual([]);

      await done.getByRole('link', { name: 'Xem câu trả lời' }).first().click();
      await page.locator('input[type=radio]:checked').first().waitFor();
      expect(await page.locator('input[type=radio]:not(:disabled)').count()).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});
