import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

/**
 * Survey results pages (issue 5) on the demo school. Teachers and heads read only published results
 * (issue 11): the demo's published survey is the closed Toán survey of the first module (2026-HK1-M1),
 * so each test picks that module in the header first, as a teacher would. gv.toan teaches Toán and
 * heads the Toán department: the personal page finds them by `teachers/me` and reads their comments in
 * one call about them.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Picks the first module of the semester in the header's module picker (first start shows the current one, M2). */
async function pickFirstModule(page: Page) {
  await page.getByRole('button', { name: /^Học phần:/ }).click();
  await page.getByRole('option', { name: /2026-HK1-M1/ }).click();
  await page.getByRole('button', { name: /^Học phần: 2026-HK1-M1/ }).waitFor();
}

/** The results calls the page made. */
function watchCalls(page: Page) {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/')) urls.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });
  return urls;
}

describe('survey results pages', () => {
  it('a teacher (who also heads a department) reads their own results, found by the server, on a desktop and a 360px phone', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      const { ctx, page } = await newPage(browser, viewport);
      page.setDefaultTimeout(20_000);
      const calls = watchCalls(page);
      try {
        await demoLogin(page, demo('gv.toan'));
        await page.goto(`${BASE}/teacher/personal-survey-results`);
        await pickFirstModule(page);
        const own = page.getByRole('group', { name: 'Điểm của thầy cô' });
        await expect.poll(() => own.textContent()).toMatch(/n = \d+ phản hồi/);
        // The list kit shows a table on a desktop, a list of cards on a phone.
        await page.getByRole(viewport.width < 640 ? 'list' : 'table', { name: 'Kết quả theo lớp học phần' }).waitFor();
        await page.getByRole('heading', { name: 'Ý kiến của học sinh (đã duyệt)' }).waitFor();
        await page.getByRole('article').first().waitFor();
        expect(await page.getByRole('alert').count()).toBe(0);
        expect(calls.some((u) => /\/teachers\/me\/course-results/.test(u))).toBe(true);
        expect(calls.some((u) => u.startsWith('/api/v1/course-classes/mine'))).toBe(false);
        const texts = calls.filter((u) => u.includes('/text-questions-responses'));
        expect(texts.length).toBe(1);
        expect(texts[0]).toMatch(/teacherId=\d+/);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      } finally {
        await ctx.close();
      }
    }
  });

  it('the head of department page shows the department beside the school', async () => {
    const { ctx, page } = await newPage(browser);
    page.setDefaultTimeout(20_000);
    try {
      await demoLogin(page, demo('gv.toan'));
      await page.goto(`${BASE}/department/survey-results`);
      await pickFirstModule(page);
      await expect.poll(() => page.getByRole('group', { name: 'Trung bình toàn trường' }).textContent()).toMatch(/n = \d+ phản hồi/);
      await page.getByRole('table', { name: 'Kết quả theo giáo viên' }).waitFor();
      await page
        .getByRole('note', { name: 'Giải thích cách lọc' })
        .getByText(/không được tính vào các số liệu tổng hợp/)
        .waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});
