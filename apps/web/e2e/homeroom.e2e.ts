import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

const TEACHER = demo('gvcn.hoa');

let browser: Browser;
let token: string;

/** A call to the real API as the homeroom teacher: the test reads which class and students to expect. */
async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${BASE}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { success: boolean; data: T; message?: string };
  if (!res.ok || !body.success) throw new Error(`${path}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

beforeAll(async () => {
  browser = await launch();
  const res = await fetch(`${BASE}/api/v1/auth/dev-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: TEACHER }),
  });
  token = ((await res.json()) as { data: { token: string } }).data.token;
});
afterAll(async () => {
  await browser?.close();
});

describe('homeroom teacher: my class', () => {
  it('lands on the class page, lists the students and narrows them by search', async () => {
    const mine = await api<Array<{ id: number; name: string; studentCount: number }>>('/homeroom-classes/mine');
    expect(mine.length).toBeGreaterThan(0);
    const cls = mine[0];
    const students = await api<{ items: Array<{ studentCode: string; fullName: string }>; total: number }>(
      `/homeroom-classes/${cls.id}/students?sort=fullName&limit=10`,
    );
    expect(students.total).toBeGreaterThan(1);
    const target = students.items[students.items.length - 1];

    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, TEACHER);
      await page.waitForURL((u) => u.pathname === '/teacher/homeroom-class');
      await page.getByRole('heading', { name: cls.name, exact: true }).waitFor();

      const table = page.getByRole('table', { name: `Danh sách học sinh lớp ${cls.name}` });
      await table.getByText(students.items[0].studentCode).waitFor();
      const bodyRows = table.locator('tbody tr');
      expect(await bodyRows.count()).toBe(Math.min(10, students.total));

      await page.getByLabel('Tìm học sinh trong lớp').fill(target.studentCode);
      await page.waitForURL((u) => u.searchParams.get('search') === target.studentCode);
      await page.getByText('Hiển thị 1–1 trong 1').waitFor();
      expect(await bodyRows.count()).toBe(1);
      expect(await bodyRows.first().textContent()).toContain(target.fullName);
    } finally {
      await ctx.close();
    }
  });
});
