import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

/**
 * Timetables (issue 13) in a real browser against the real server and the demo school's published
 * timetable: the admin generates and publishes, a student and a teacher see their week (desktop table
 * and phone day list), the facility manager finds a free room, and the print view renders.
 */

interface WeekEntry {
  kind: 'lesson' | 'fixed';
  day: number;
  period: number;
  length: number;
  subjectName: string | null;
  courseClass: { code: string; name: string } | null;
  room: { id: number; code: string } | null;
}
interface WeekView {
  timetable: { id: number; name: string } | null;
  weekStart: string;
  grid: { days: number[]; periods: Array<{ period: number }> };
  entries: WeekEntry[];
}

let browser: Browser;
const tokens = new Map<string, string>();

async function tokenOf(local: string): Promise<string> {
  const known = tokens.get(local);
  if (known) return known;
  const res = await fetch(`${BASE}/api/v1/auth/dev-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demo(local) }),
  });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  tokens.set(local, token);
  return token;
}

/** A call to the real API as a demo account: the test reads what the page must show. */
async function api<T>(local: string, path: string): Promise<T> {
  const res = await fetch(`${BASE}/api/v1${path}`, { headers: { authorization: `Bearer ${await tokenOf(local)}` } });
  const body = (await res.json()) as { success: boolean; data: T; message?: string };
  if (!res.ok || !body.success) throw new Error(`${path}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

/** The grid cell of a day and period (the week table marks them with data-day / data-period). */
const cell = (page: Page, day: number, period: number) => page.locator(`td[data-day="${day}"][data-period="${period}"]`);

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('timetables', () => {
  it('admin: a new draft, one lesson taken out, "Xếp tự động" puts it back with no clash, then publishes from a date', async () => {
    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('quantri'));
      await page.goto(`${BASE}/admin/schedule`);
      const versions = page.getByRole('region', { name: 'Phiên bản' });
      await versions.getByText('Đã công bố').first().waitFor();
      const before = await versions.getByRole('listitem').count();

      await versions.getByRole('button', { name: 'Tạo bản nháp mới' }).click();
      await page.getByText('Đã tạo bản nháp').first().waitFor();
      await expect.poll(() => versions.getByRole('listitem').count()).toBe(before + 1);
      const generate = page.getByRole('region', { name: 'Xếp tự động' });
      await generate.getByRole('button', { name: 'Xếp tự động' }).waitFor();

      // Take one placed lesson out of the week: it goes to the unplaced list.
      const chip = page.locator('table [data-lesson-id]').first();
      const lessonId = await chip.getAttribute('data-lesson-id');
      await chip.click();
      const inspector = page.getByRole('region', { name: 'Tiết đang chọn' });
      await inspector.getByRole('button', { name: 'Bỏ xếp' }).click();
      await page.getByText(/· 1 chưa xếp/).waitFor();
      await versions
        .locator('button[aria-pressed="true"]')
        .getByText(/1 chưa xếp · 0 xung đột/)
        .waitFor();

      // The generator places it again, with no hard clash.
      await generate.getByLabel('Thời gian tối đa (giây)').fill('5');
      await generate.getByRole('button', { name: 'Xếp tự động' }).click();
      await generate.getByText(/Đã xếp xong|Đã dừng/).waitFor({ timeout: 30_000 });
      await generate.getByText(/Xung đột cứng: 0/).waitFor();
      await versions
        .locator('button[aria-pressed="true"]')
        .getByText(/0 chưa xếp · 0 xung đột/)
        .waitFor();
      await page.locator(`table [data-lesson-id="${lessonId}"]`).first().waitFor({ state: 'attached' });

      // Publish from the dialog's default date.
      await page.getByRole('button', { name: 'Công bố', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Công bố thời khóa biểu' });
      await dialog.getByLabel(/Áp dụng từ ngày/).waitFor();
      await dialog.getByRole('button', { name: 'Công bố', exact: true }).click();
      await page.getByText('Thời khóa biểu đã công bố chỉ xem được', { exact: false }).waitFor();
      await expect.poll(() => versions.getByText('Đã công bố').count()).toBeGreaterThan(0);
      expect(await page.getByRole('region', { name: 'Xếp tự động' }).count()).toBe(0);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('a student sees the week the server has for them, as a table on a desktop and a day list on a phone', async () => {
    const week = await api<WeekView>('hs.an', '/timetables/week?view=student');
    expect(week.timetable).not.toBeNull();
    const lessons = week.entries.filter((e) => e.kind === 'lesson');
    expect(lessons.length).toBeGreaterThan(10);

    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('hs.an'));
      await page.goto(`${BASE}/student/schedule`);
      await page.getByRole('region', { name: /^Thời khóa biểu tuần/ }).waitFor();
      for (const e of lessons.slice(0, 6)) {
        const text = await cell(page, e.day, e.period).textContent();
        expect(text).toContain(e.subjectName!);
        if (e.room) expect(text).toContain(e.room.code);
      }
      // A slot with no lesson is empty.
      const busy = new Set(week.entries.flatMap((e) => Array.from({ length: e.length }, (_, k) => `${e.day}:${e.period + k}`)));
      const free = week.grid.days.flatMap((d) => week.grid.periods.map((p) => [d, p.period])).find(([d, p]) => !busy.has(`${d}:${p}`));
      if (free) expect(await cell(page, free[0], free[1]).textContent()).toBe('Trống');
    } finally {
      await ctx.close();
    }

    const phone = await newPage(browser, { width: 360, height: 740 });
    try {
      await demoLogin(phone.page, demo('hs.an'));
      await phone.page.goto(`${BASE}/student/schedule`);
      const tabs = phone.page.getByRole('tablist', { name: 'Ngày trong tuần' });
      await tabs.waitFor();
      const first = lessons[0];
      await tabs.getByRole('tab').nth(week.grid.days.indexOf(first.day)).click();
      await phone.page.getByRole('tabpanel').getByText(first.subjectName!, { exact: false }).first().waitFor();
      expect(await phone.page.getByRole('region', { name: /^Thời khóa biểu tuần/ }).count()).toBe(0);
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    } finally {
      await phone.ctx.close();
    }
  }, 90_000);

  it('a teacher sees their classes and rooms, and free periods marked "Trống"', async () => {
    const week = await api<WeekView>('gv.anh', '/timetables/week?view=teacher');
    const lessons = week.entries.filter((e) => e.kind === 'lesson');
    expect(lessons.length).toBeGreaterThan(0);

    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('gv.anh'));
      await page.goto(`${BASE}/teacher/schedule`);
      await page.getByRole('region', { name: /^Thời khóa biểu tuần/ }).waitFor();
      for (const e of lessons.slice(0, 6)) {
        const text = await cell(page, e.day, e.period).textContent();
        expect(text).toContain(e.courseClass!.name);
        if (e.room) expect(text).toContain(e.room.code);
      }
      expect(await page.locator('td[data-day]').getByText('Trống', { exact: true }).count()).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('the facility manager finds a free room: only rooms with no lesson in that slot are offered', async () => {
    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('csvc'));
      await page.waitForURL((u) => u.pathname === '/facility/dashboard');
      const form = page.getByRole('form', { name: 'Tìm phòng trống' });
      await form.waitFor();
      const [daySelect, periodSelect] = [form.locator('select').nth(0), form.locator('select').nth(1)];
      await daySelect.selectOption({ index: 0 });
      await periodSelect.selectOption({ index: 1 });
      await form.getByLabel('Sức chứa tối thiểu').fill('30');
      await form.getByRole('button', { name: 'Tìm phòng trống' }).click();
      const list = page.getByRole('list', { name: 'Phòng trống' });
      await list.waitFor();
      const shown = (await list.getByRole('listitem').allTextContents()).map((t) => t.split(' – ')[0].trim());
      expect(shown.length).toBeGreaterThan(0);
      await page.getByText(`${shown.length} phòng trống`).waitFor();

      // Cross-check against the campus week: none of them has a lesson on that day in period 2.
      const campuses = await api<{ items: Array<{ id: number }> }>('csvc', '/campuses?limit=100&sort=name');
      const day = Number(await daySelect.inputValue());
      const busyRooms = new Set<string>();
      for (const c of campuses.items) {
        const week = await api<WeekView>('csvc', `/timetables/week?view=campus&id=${c.id}`);
        for (const e of week.entries) if (e.room && e.day === day && e.period <= 2 && 2 < e.period + e.length) busyRooms.add(e.room.code);
      }
      expect(busyRooms.size).toBeGreaterThan(0);
      for (const code of shown) expect(busyRooms.has(code)).toBe(false);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it("prints a student's and a teacher's week on one A4 landscape page: the grid alone, without the menu and the buttons", async () => {
    for (const [local, path] of [
      ['hs.an', '/student/schedule'],
      ['gv.anh', '/teacher/schedule'],
    ] as const) {
      const { ctx, page } = await newPage(browser);
      try {
        await demoLogin(page, demo(local));
        await page.goto(`${BASE}${path}`);
        const grid = page.getByRole('region', { name: /^Thời khóa biểu tuần/ });
        await grid.waitFor();
        await page.emulateMedia({ media: 'print' });
        expect(await grid.isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'In', exact: true }).isVisible()).toBe(false);
        expect(await page.getByRole('group', { name: 'Chọn tuần' }).isVisible()).toBe(false);
        expect(await page.locator('aside, nav').filter({ visible: true }).count()).toBe(0);
        const raw = await page.pdf({ preferCSSPageSize: true, printBackground: true });
        // E2E_SAVE_PDF=/tmp/tt keeps the PDFs to look at (/tmp/tt-hs.an.pdf, …).
        if (process.env.E2E_SAVE_PDF) writeFileSync(`${process.env.E2E_SAVE_PDF}-${local}.pdf`, raw);
        const pdf = raw.toString('latin1');
        const pages = pdf.match(/\/Type\s*\/Page[^s]/g) ?? [];
        expect(pages.length).toBe(1);
        // A4 landscape: 842 × 595 points.
        const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf);
        expect(box).not.toBeNull();
        expect(Math.round(Number(box![1]))).toBe(842);
        expect(Math.round(Number(box![2]))).toBe(595);
      } finally {
        await ctx.close();
      }
    }
  }, 60_000);
});
