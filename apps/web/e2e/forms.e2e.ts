import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

/**
 * Student forms (issue 17) in a real browser on the demo school: hs.chau (11 Hóa) fills a leave form —
 * the shared validator's message first, then a valid one-day leave — and submits it; her homeroom
 * teacher gvcn.hoa sees it waiting on her class page and approves it with a comment; hs.chau sees it
 * approved and opens its A4 print with the school's header, the decision, who and when. Both bells
 * count the other's act without a reload (the notifications stream). Screenshots of
 * the pages at 1280 and 360 px go to E2E_SHOTS when set.
 */

const STUDENT = demo('hs.chau');
const TEACHER = demo('gvcn.hoa');
const REASON = `Em đi khám mắt định kỳ (e2e ${Date.now()})`;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The bell's unread count (0 when it shows none). */
async function bellCount(page: Page): Promise<number> {
  const text = await page
    .getByTestId('notification-count')
    .textContent({ timeout: 1000 })
    .catch(() => '0');
  return Number(text ?? '0');
}

/** Waits, without reloading, until the bell shows `n`. */
async function bellShows(page: Page, n: number) {
  await page
    .getByTestId('notification-count')
    .filter({ hasText: String(n) })
    .waitFor({ timeout: 20_000 });
}

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

describe('a leave form from the student to the homeroom teacher and back', { timeout: 180_000 }, () => {
  it('submits, is approved on the class page, shows approved and prints', async () => {
    const student = await newPage(browser);
    const teacher = await newPage(browser);
    try {
      // The homeroom teacher has her class page open; the bell's count is read once the stream answered.
      const t = teacher.page;
      await demoLogin(t, TEACHER);
      await t.goto(`${BASE}/teacher/homeroom-class`);
      await t.getByRole('button', { name: /^Thông báo/ }).waitFor();
      await t.waitForTimeout(1500);
      const teacherBell = await bellCount(t);

      // The student fills the leave form.
      const s = student.page;
      await demoLogin(s, STUDENT);
      await s.goto(`${BASE}/student/forms`);
      await s.getByRole('button', { name: /Đơn xin nghỉ học/ }).click();
      const form = s.getByRole('form', { name: 'Đơn xin nghỉ học' });
      await form.getByRole('button', { name: 'Gửi đơn' }).click();
      await form.getByText('Vui lòng điền thông tin này.').first().waitFor();
      await form.getByLabel('Thời gian nghỉ: từ ngày').fill('15/03/2027');
      await form.getByLabel('Thời gian nghỉ: đến ngày').fill('15/03/2027');
      await form.getByLabel('Buổi kết thúc').selectOption('morning');
      await form.getByLabel(/Lý do/).fill(REASON);
      await form.getByText('Tổng cộng 1 buổi học').waitFor();
      await shot(s, 'forms-student-filling-1280');
      await form.getByRole('button', { name: 'Gửi đơn' }).click();
      const dialog = s.getByRole('dialog', { name: 'Đơn xin nghỉ học' });
      await dialog.getByText('Chờ GVCN duyệt').first().waitFor();
      const formId = Number(new URL(s.url()).searchParams.get('form'));
      expect(formId).toBeGreaterThan(0);

      // Her bell rings without a reload; she approves it from her class page.
      await bellShows(t, teacherBell + 1);
      await s.waitForTimeout(1500);
      const studentBell = await bellCount(s);
      await t.reload();
      const section = t.getByRole('region', { name: /Đơn từ của học sinh lớp/ });
      await section
        .getByText(/chờ duyệt/)
        .first()
        .waitFor();
      const waiting = section.getByRole('table', { name: /Đơn chờ duyệt/ });
      await waiting
        .getByRole('row', { name: /Đơn xin nghỉ học/ })
        .first()
        .waitFor();
      await shot(t, 'forms-homeroom-1280');
      await t.goto(`${BASE}/teacher/homeroom-class?form=${formId}`);
      const detail = t.getByRole('dialog', { name: 'Đơn xin nghỉ học' });
      await detail.getByText(REASON).waitFor();
      await detail.getByRole('button', { name: 'Duyệt', exact: true }).click();
      const confirm = t.getByRole('dialog', { name: 'Duyệt đơn?' });
      await confirm.getByRole('textbox').fill('Em nhớ chép bài buổi sáng.');
      await confirm.getByRole('button', { name: 'Duyệt', exact: true }).click();
      await t.getByText('Đã duyệt đơn.').waitFor();

      // The student's bell rings on the page she left open.
      await bellShows(s, studentBell + 1);

      // The student sees it approved and prints it.
      await s.goto(`${BASE}/student/forms?form=${formId}`);
      const approved = s.getByRole('dialog', { name: 'Đơn xin nghỉ học' });
      await approved.getByText('Đã duyệt').first().waitFor();
      await approved.getByText('Em nhớ chép bài buổi sáng.', { exact: false }).first().waitFor();
      await s.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void ((window as unknown as { printed: number }).printed += 1);
      });
      await approved.getByRole('button', { name: 'In đơn' }).click();
      const sheet = s.locator('.form-print');
      await sheet.waitFor();
      const text = (await sheet.textContent()) ?? '';
      const school = ((await (await fetch(`${BASE}/api/v1/school`)).json()) as { data: { name: string } }).data.name;
      expect(text.toUpperCase()).toContain(school.toUpperCase());
      expect(text).toContain('ĐƠN XIN NGHỈ HỌC');
      expect(text).toContain('ĐỒNG Ý');
      expect(text).toContain('Bùi Thị Hương');
      expect(text).toMatch(/15\/03\/2027/);
      await shot(s, 'forms-print-1280');
      await s
        .getByRole('dialog', { name: /In đơn xin nghỉ học/ })
        .getByRole('button', { name: 'In', exact: true })
        .click();
      expect(await s.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    } catch (err) {
      await shot(student.page, 'forms-fail-student');
      await shot(teacher.page, 'forms-fail-teacher');
      throw err;
    } finally {
      await student.ctx.close();
      await teacher.ctx.close();
    }
  });

  it('lays the pages out on a phone', async () => {
    if (!process.env.E2E_SHOTS) return;
    for (const [who, path, name] of [
      [STUDENT, '/student/forms', 'forms-student-360'],
      [TEACHER, '/teacher/homeroom-class', 'forms-homeroom-360'],
      [demo('quantri'), '/admin/student-forms?tab=forms', 'forms-admin-360'],
      [demo('quantri'), '/admin/student-forms', 'forms-admin-1280'],
      [demo('hieutruong'), '/principal/dashboard', 'forms-principal-1280'],
    ] as const) {
      const wide = name.endsWith('1280');
      const { ctx, page } = await newPage(browser, wide ? { width: 1280, height: 800 } : { width: 360, height: 740 });
      try {
        await demoLogin(page, who);
        await page.goto(`${BASE}${path}`);
        // The notifications stream keeps the network busy: wait for the page's heading and its reads.
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForTimeout(2000);
        await shot(page, name);
      } finally {
        await ctx.close();
      }
    }
  });
});
