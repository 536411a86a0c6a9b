import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

const TEACHER = demo('gv.toan');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('teacher: survey preview', () => {
  it('lists the Toán survey, opens the preview read-only and typing changes nothing', async () => {
    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, TEACHER);
      await page.goto(`${BASE}/teacher/homeroom-surveys`);
      const table = page.getByRole('table', { name: 'Danh sách khảo sát liên quan' });
      const row = table
        .locator('tbody tr')
        .filter({ hasText: /hoạt động giảng dạy - Toán/ })
        .first();
      await row.waitFor();
      expect(await row.textContent()).toContain('Đang mở');

      await row.getByRole('link', { name: /Xem trước/ }).click();
      await page.waitForURL((u) => /^\/teacher\/survey-preview\/\d+$/.test(u.pathname));
      await page.getByText('Giáo viên không thể làm khảo sát này.', { exact: false }).waitFor();
      await page.getByText('Các môn không sử dụng LMS sẽ không có các câu hỏi về LMS.', { exact: false }).waitFor();
      // The title of a subject survey is hidden; the back link goes to the list.
      expect(await page.getByText(/Lấy ý kiến học sinh về hoạt động giảng dạy - Toán/).count()).toBe(0);
      expect(await page.getByRole('link', { name: /Quay lại danh sách khảo sát/ }).getAttribute('href')).toBe('/teacher/homeroom-surveys');
      expect(await page.getByRole('button', { name: /Gửi khảo sát/ }).count()).toBe(0);
      expect(await page.getByRole('columnheader', { name: 'Không có ý kiến' }).count()).toBe(0);

      const inputs = page.locator('main input, main textarea, main select');
      const n = await inputs.count();
      expect(n).toBeGreaterThan(5);
      for (let i = 0; i < n; i++) expect(await inputs.nth(i).isDisabled(), `input ${i}`).toBe(true);

      const area = page.locator('main textarea').first();
      expect(await area.isEditable()).toBe(false);
      await area.click({ force: true });
      await page.keyboard.type('Thử nhập');
      expect(await area.inputValue()).toBe('');
    } finally {
      await ctx.close();
    }
  });
});
