import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

let browser: Browser;
let dir: string;
let token: string;

/** A call to the real API as the demo admin (the test reads reference data the file must name). */
async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${BASE}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { success: boolean; data: T; message?: string };
  if (!res.ok || !body.success) throw new Error(`${path}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

beforeAll(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'e2e-import-'));
  const res = await fetch(`${BASE}/api/v1/auth/dev-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demo('quantri') }),
  });
  token = ((await res.json()) as { data: { token: string } }).data.token;
});
afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const HEADERS = ['Mã học sinh', 'Họ và tên', 'Ngày sinh', 'Giới tính', 'Khối', 'Cơ sở', 'Lớp chủ nhiệm'];

async function writeSheet(name: string, rows: Array<Array<string | number>>): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Học sinh');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(r);
  const path = join(dir, name);
  await wb.xlsx.writeFile(path);
  return path;
}

describe('admin students: import with a dry-run preview', () => {
  it('shows the bad row and offers the valid rows alone, then imports the fixed file', async () => {
    // A homeroom class of the current year names the campus and grade the rows must agree with.
    const years = await api<{ items: Array<{ id: number; isCurrent: boolean }> }>('/academic-years/academic-years?limit=100');
    const year = years.items.find((y) => y.isCurrent);
    expect(year).toBeDefined();
    const classes = await api<{ items: Array<{ name: string; grade: number; campusId: number }> }>(
      `/homeroom-classes?academicYearId=${year!.id}&limit=5`,
    );
    const cls = classes.items[0];
    const campuses = await api<{ items: Array<{ id: number; code: string }> }>('/campuses?limit=100');
    const campus = campuses.items.find((c) => c.id === cls.campusId)!;

    const tag = String(Date.now()).slice(-6);
    const good = [
      [`E2E${tag}A`, 'Lê Thị Thử Một', '05/09/2009', 'Nữ', cls.grade, campus.code, cls.name],
      [`E2E${tag}B`, 'Trần Văn Thử Hai', '12/01/2009', 'Nam', cls.grade, campus.code, cls.name],
    ];
    const bad = await writeSheet('hoc-sinh-loi.xlsx', [...good, [`E2E${tag}C`, 'Phạm Thử Ba', '01/02/2009', 'Nam', 13, campus.code, '']]);
    const fixed = await writeSheet('hoc-sinh.xlsx', good);

    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('quantri'));
      await page.goto(`${BASE}/admin/students`);
      await page.getByRole('button', { name: 'Nhập Excel' }).click();
      await page.getByRole('heading', { name: 'Nhập danh sách học sinh' }).waitFor();

      await page.getByLabel('Chọn tệp dữ liệu').setInputFiles(bad);
      await page.getByText('2 dòng hợp lệ, 1 dòng lỗi').waitFor();
      // Every problem grouped by row; the whole file cannot go in, the valid rows or the bad ones as a file can.
      const problems = page.getByRole('table', { name: 'Lỗi theo dòng' });
      await expect(problems.locator('tbody').count()).resolves.toBe(1);
      expect(await problems.textContent()).toContain('Khối phải là 10, 11 hoặc 12.');
      const importButton = page.getByRole('button', { name: 'Nhập dữ liệu' });
      expect(await importButton.count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Nhập các dòng hợp lệ (2)' }).isEnabled()).toBe(true);
      const [errors] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Tải các dòng lỗi' }).click()]);
      expect(errors.suggestedFilename()).toBe('loi-nhap-hoc-sinh.xlsx');

      // "Chọn tệp khác" opens the file picker again.
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Chọn tệp khác' }).click()]);
      await chooser.setFiles(fixed);
      await page.getByText('2 dòng hợp lệ, 0 dòng lỗi').waitFor();
      expect(await importButton.isEnabled()).toBe(true);
      await importButton.click();
      await page.getByRole('status').filter({ hasText: 'Đã nhập 2 dòng' }).first().waitFor();
      await page.getByRole('button', { name: 'Đóng', exact: true }).last().click();

      await page.getByLabel('Tìm học sinh').fill(`E2E${tag}`);
      const table = page.getByRole('table', { name: 'Danh sách học sinh' });
      await table.getByText(`E2E${tag}A`).waitFor();
      await table.getByText(`E2E${tag}B`).waitFor();
      expect(await table.getByText(`E2E${tag}C`).count()).toBe(0);
      expect(await table.getByText('Lê Thị Thử Một').count()).toBe(1);
      expect(
        await table
          .getByRole('row')
          .filter({ hasText: `E2E${tag}A` })
          .textContent(),
      ).toContain(cls.name);
    } finally {
      await ctx.close();
    }
  });
});

describe('current module', () => {
  it('the header picker shows the current module to an admin', async () => {
    const modules = await api<{ items: Array<{ code: string; name: string; isCurrent: boolean }> }>(
      '/academic-years/current-semester/modules',
    );
    const current = modules.items.find((m) => m.isCurrent) ?? modules.items[0];
    expect(current).toBeDefined();
    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('quantri'));
      const picker = page.getByTestId('module-picker');
      await picker.waitFor();
      expect(await picker.getAttribute('aria-label')).toBe(`Học phần: ${current.code}${current.isCurrent ? ' (hiện tại)' : ''}`);
      await picker.click();
      const options = page.getByRole('option');
      expect(await options.count()).toBe(modules.items.length);
      expect(await page.getByRole('option', { selected: true }).textContent()).toContain('(hiện tại)');
    } finally {
      await ctx.close();
    }
  });
});
