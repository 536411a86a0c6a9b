import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

// The seeded template's title, copied as-is into the new survey (students see it, so no "Mẫu: " prefix).
const TEMPLATE = 'Khảo sát ý kiến học sinh về nhà trường';
const QUESTION = 'Em có đề xuất gì cho thư viện của trường?';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// The builder's longest walk (template, question, save, reopen): give a loaded machine room.
describe('admin: survey authoring', { timeout: 90_000 }, () => {
  it('creates a survey from a template, adds a question, saves and opens it', async () => {
    const { ctx, page } = await newPage(browser, { width: 1280, height: 900 });
    try {
      await demoLogin(page, demo('quantri'));
      await page.getByRole('navigation').getByRole('link', { name: 'Khảo sát', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/admin/surveys');
      await page.getByRole('table', { name: 'Danh sách khảo sát' }).locator('tbody tr').first().waitFor();

      // From a template: the general school-feedback one, in the current module, with dates.
      await page.getByRole('button', { name: 'Tạo từ mẫu' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tạo khảo sát từ mẫu' });
      const templateBox = dialog.getByRole('combobox', { name: /Mẫu khảo sát/ });
      await templateBox.locator('option', { hasText: TEMPLATE }).waitFor({ state: 'attached' });
      await templateBox.selectOption({ label: `${TEMPLATE} (Khảo sát chung)` });
      const moduleBox = dialog.getByRole('combobox', { name: /Học phần/ });
      await moduleBox.locator('option').nth(1).waitFor({ state: 'attached' });
      if ((await moduleBox.inputValue()) === '') await moduleBox.selectOption({ index: 1 });
      await dialog.getByRole('textbox', { name: /^Ngày bắt đầu/ }).fill('16/11/2026');
      await dialog.getByRole('textbox', { name: /^Ngày kết thúc/ }).fill('06/12/2026');
      await dialog.getByRole('button', { name: 'Tạo khảo sát' }).click();
      await page.waitForURL((u) => /^\/admin\/surveys\/\d+$/.test(u.pathname));
      const surveyPath = new URL(page.url()).pathname;

      // The builder opens on the new draft.
      await page.getByRole('button', { name: 'Lưu khảo sát' }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TEMPLATE);
      await page.getByText('Bản nháp', { exact: true }).first().waitFor();

      // A short-text question at the end of the last section.
      const last = page.getByRole('region', { name: /^Phần 4/ });
      await last.getByRole('combobox', { name: 'Loại câu hỏi mới' }).selectOption({ label: 'Trả lời ngắn' });
      await last.getByRole('button', { name: 'Thêm câu hỏi vào phần 4' }).click();
      const box = last.getByRole('textbox', { name: /^Nội dung câu hỏi 3/ });
      await box.waitFor();
      await box.click();
      await page.keyboard.type(QUESTION);
      await page.getByText('Có thay đổi chưa lưu').waitFor();
      await page.getByRole('button', { name: 'Lưu khảo sát' }).click();
      await page.getByText('Đã cập nhật khảo sát.').first().waitFor();
      await page.getByText(/Đã lưu mọi thay đổi · 19 câu hỏi/).waitFor();

      // Open it for students.
      await page.getByRole('button', { name: 'Mở khảo sát' }).click();
      const confirm = page.getByRole('dialog', { name: /Mở khảo sát “/ });
      await confirm.getByRole('button', { name: 'Mở khảo sát' }).click();
      await page.getByText('Đã cập nhật trạng thái khảo sát.').first().waitFor();
      await page.getByRole('button', { name: 'Đóng khảo sát' }).waitFor();

      // After a reload the server has it: active, with the new question.
      await page.goto(`${BASE}${surveyPath}`);
      await page.getByRole('button', { name: 'Lưu khảo sát' }).waitFor();
      await page.getByText('Đang mở', { exact: true }).first().waitFor();
      const saved = page.getByRole('region', { name: /^Phần 4/ }).getByRole('textbox', { name: /^Nội dung câu hỏi 3/ });
      expect((await saved.textContent())?.trim()).toBe(QUESTION);

      // And the list shows it open.
      await page.goto(`${BASE}/admin/surveys?status=active`);
      const row = page
        .getByRole('table', { name: 'Danh sách khảo sát' })
        .locator('tbody tr')
        // Exact title: the seeded "… - Học kỳ I" survey is open too and contains the same words.
        .filter({ has: page.getByRole('link', { name: TEMPLATE, exact: true }) });
      await row.first().waitFor();
      expect(await row.first().textContent()).toContain('Đang mở');
    } finally {
      await ctx.close();
    }
  });
});
