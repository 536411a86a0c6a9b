import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { LANDING_PATHS, type TRole } from '@app/shared/roles';
import { APP_ROUTES, canAccess, REACHED_FROM, SAME_PAGE } from '@app/shared/routes';
import { BASE, demo, demoLogin, launch, newPage } from './browser';
import { DEMO_ACCOUNTS } from './accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The pages an account may open that need no context, each with the path its menu may list instead (a twin). */
function pagesFor(roles: readonly TRole[]) {
  return APP_ROUTES.filter((r) => canAccess(roles, r.roles) && !REACHED_FROM[r.path]).map((r) => {
    const twins = [r.path, SAME_PAGE[r.path], ...Object.keys(SAME_PAGE).filter((k) => SAME_PAGE[k] === r.path)];
    return { path: r.path, title: r.title, twins: twins.filter(Boolean) as string[] };
  });
}

/**
 * Where each account's own work shows on first start (the landing page unless `path`): a card's heading, and
 * text in the page that is that person's own (their class, their subject, their queue), from the demo school.
 */
const OWN_WORK: Record<string, { path?: string; heading: string; text: RegExp }> = {
  quantri: { heading: 'Ý kiến chờ duyệt', text: /\d+ý kiến chờ duyệt · [\d.]+ đã duyệt/ },
  hieutruong: {
    heading: 'Kết quả khảo sát đã công bố',
    text: /\d+ khảo sát đã công bố\s+Lấy ý kiến học sinh về hoạt động giảng dạy - .+ \(học phần 1\)/,
  },
  giaovu: { heading: 'Việc cần xử lý', text: /Lớp học phần chưa có giáo viên \(trên \d+ lớp\)/ },
  dbcl: { heading: 'Ý kiến chờ duyệt', text: /Xúc phạm, lăng mạ/ },
  'totruong.ly': { heading: 'Tiến độ khảo sát của tổ', text: /Đỗ Minh Tuấn/ },
  'gv.toan': { heading: 'Lớp chủ nhiệm 10 Toán', text: /Học sinh chưa hoàn thành \(\d+\)/ },
  'gv.van': { heading: 'Lớp học phần của tôi', text: /Văn chuyên – lớp 12 Văn/ },
  'gv.anh': { heading: 'Khảo sát về lớp của tôi', text: /Tiếng Anh – lớp 10 Toán/ },
  'gvcn.hoa': { heading: 'Tiến độ khảo sát', text: /Học sinh chưa hoàn thành \(\d+\)/ },
  'khaibao.sinh': { path: '/teacher/dashboard', heading: 'Kết quả khảo sát của tôi', text: /Sinh học/ },
  ketoan: { heading: 'Giáo viên và giờ dạy', text: /Tổ Toán\s+\d+\/\d+ giáo viên có giờ dạy/ },
  csvc: { heading: 'Cơ sở và phòng học', text: /Cơ sở 1 – Trần Phú \(CS1\)/ },
  'hs.an': {
    heading: 'Khảo sát cần làm',
    text: /Lấy ý kiến học sinh về hoạt động giảng dạy - .+\s+Lớp học phần .+\s+Hạn chót: \d{2}\/\d{2}\/\d{4}/,
  },
};

// Issue 12, "done when": every page allowed to an account is reachable from its menu, each menu item opens a page
// with its title and no error, and the dashboard shows something of the account's own work.
describe('the first hour of every demo account', () => {
  for (const acc of DEMO_ACCOUNTS) {
    it(`${acc.local} (${acc.roles.join('+')}): own work on the dashboard; every allowed page is in the menu and opens`, async () => {
      const { ctx, page } = await newPage(browser);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('response', (r) => {
        if (r.url().includes('/api/') && r.status() >= 500) errors.push(`${r.status()} ${r.url()}`);
      });
      try {
        await demoLogin(page, demo(acc.local));
        expect(new URL(page.url()).pathname).toBe(LANDING_PATHS[acc.roles[0]]);
        const own = OWN_WORK[acc.local];
        if (own.path) await page.goto(`${BASE}${own.path}`);
        await page.getByRole('heading', { name: own.heading, exact: true }).first().waitFor();
        await expect.poll(() => page.locator('main').innerText(), { timeout: 10_000 }).toMatch(own.text);
        const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
        await nav.getByRole('link').first().waitFor();
        const links = await nav
          .getByRole('link')
          .evaluateAll((as) =>
            as.map((a) => ({ path: new URL((a as HTMLAnchorElement).href).pathname, text: a.textContent?.trim() ?? '' })),
          );
        const hrefs = links.map((l) => l.path);
        for (const p of pagesFor(acc.roles))
          expect(
            p.twins.some((t) => hrefs.includes(t)),
            `${acc.local}: ${p.path} not in the menu`,
          ).toBe(true);

        for (const link of links) {
          await nav.locator(`a[href="${link.path}"]`).click();
          await page.waitForURL((u) => u.pathname === link.path);
          await expect.poll(() => page.locator('main h1').first().isVisible(), { timeout: 10_000 }).toBe(true);
          expect(
            await page
              .getByRole('alert')
              .filter({ hasText: /Đã xảy ra lỗi|Không thể tải/ })
              .count(),
            `${acc.local} ${link.path}`,
          ).toBe(0);
        }
        expect(errors, acc.local).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }
});
