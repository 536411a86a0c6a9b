import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoney } from '@app/shared/pay-calc';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

/**
 * Teacher pay (issue 16) in a real browser on the demo school: the accountant imports a teacher's new
 * coefficients from an XLSX (dry run, then for real), opens this year's draft HK1 interim run, sees a
 * blocking teacher and what they lack, recomputes (the imported coefficients raise the teacher's line),
 * and submits without the blocked teachers; the principal approves from the dashboard's card; the
 * accountant confirms the payment and exports the sheet, whose grand total is the page's; the teacher
 * finds the run on their statement. The demo allows one unpaid run a year, so the flow works on the
 * seeded draft rather than a new run.
 */

interface RunSummary {
  id: number;
  name: string;
  kind: string;
  status: string;
  teachers: number;
  blockers: number;
  amount: number;
}
interface Blocker {
  teacherId: number;
  fullName: string;
  missing: string[];
}
interface Line {
  teacherId: number;
  fullName: string;
  staffCode: string;
  amount: number;
}

let browser: Browser;
const tokens = new Map<string, string>();

async function tokenOf(email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    const res = await fetch(`${BASE}/api/v1/auth/dev-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    token = ((await res.json()) as { data: { token: string } }).data.token;
    tokens.set(email, token);
  }
  return token;
}

async function api<T>(email: string, path: string): Promise<T> {
  const res = await fetch(`${BASE}/api/v1${path}`, { headers: { authorization: `Bearer ${await tokenOf(email)}` } });
  const body = (await res.json()) as { success: boolean; data: T; message?: string };
  if (!res.ok || !body.success) throw new Error(`${path}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

/** Signs a page in as any account: the token from dev-login where the app keeps it. */
async function tokenLogin(page: Page, email: string, path: string) {
  const token = await tokenOf(email);
  await page.goto(`${BASE}/login`);
  await page.evaluate((t) => localStorage.setItem('userToken', t), token);
  await page.goto(`${BASE}${path}`);
}

/** "1.234.567 đ" as 1234567. */
const money = (text: string | null) => Number((text ?? '').replace(/[^\d-]/g, ''));

/** The run's "Thành tiền" figure in its summary. */
const pageTotal = async (page: Page) =>
  money(
    await page
      .locator('dt', { hasText: /^Thành tiền$/ })
      .locator('+ dd')
      .textContent(),
  );

/** Confirms a dialog opened by `button` with its own button of the same name. */
async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

const pad = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('teacher pay', { timeout: 180_000 }, () => {
  it('imports coefficients, recomputes and submits the draft run past its blocking teachers, the principal approves, the export totals the page, the teacher sees the statement', async () => {
    const accountant = demo('ketoan');
    const runs = await api<{ items: RunSummary[] }>(accountant, '/pay/runs?limit=100');
    const run = runs.items.find((r) => r.status === 'draft' && r.kind === 'semester')!;
    expect(run, "the demo has this year's draft HK1 interim run").toBeDefined();
    expect(run.blockers).toBeGreaterThan(0);
    const { blockerList } = await api<{ blockerList: Blocker[] }>(accountant, `/pay/runs/${run.id}`);
    const blocked = blockerList[0];
    const lines = (await api<{ items: Line[] }>(accountant, `/pay/runs/${run.id}/lines?limit=100`)).items;
    const paid = lines.find((l) => l.amount > 0)!;
    expect(paid, 'a teacher of the draft run teaches overtime').toBeDefined();

    // Rank I step 6 (coefficient 6,10, above the teacher's seeded ones) from the first of this month:
    // in force today, and inside the run's year.
    const now = new Date();
    const from = `01/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
    const dir = mkdtempSync(join(tmpdir(), 'e2e-pay-'));
    const file = join(dir, 'he-so-luong.xlsx');
    {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Hệ số lương');
      ws.addRow([
        'Mã giáo viên',
        'Ngày hiệu lực',
        'Hạng',
        'Bậc',
        'Hệ số PC chức vụ',
        'PC ưu đãi (%)',
        'PC thâm niên (%)',
        'Ngày bắt đầu công tác',
        'Hệ số PC khác',
        'Ghi chú',
      ]);
      ws.addRow([paid.staffCode, from, 'I', 6, 0, 70, null, '01/09/2002', 0, 'Thăng hạng I (kiểm thử)']);
      await wb.xlsx.writeFile(file);
    }

    const { ctx, page } = await newPage(browser);
    try {
      // 1. The import: dry run, then the rows go in, and the list shows the teacher's new coefficients.
      await demoLogin(page, accountant);
      await page.goto(`${BASE}/accountant/coefficients`);
      await page.getByRole('button', { name: 'Nhập Excel' }).click();
      await page.getByRole('heading', { name: 'Nhập hệ số lương giáo viên' }).waitFor();
      await page.getByLabel('Chọn tệp dữ liệu').setInputFiles(file);
      await page.getByText(/^1 dòng hợp lệ, 0 dòng lỗi/).waitFor();
      await page.getByRole('button', { name: 'Nhập dữ liệu' }).click();
      await page.getByRole('status').filter({ hasText: 'Đã nhập 1 dòng' }).first().waitFor();
      await page.getByRole('button', { name: 'Đóng', exact: true }).last().click();
      await page.getByLabel('Tìm giáo viên').fill(paid.staffCode);
      const row = page
        .getByRole('table', { name: 'Hệ số lương của giáo viên' })
        .getByRole('row')
        .filter({ hasText: paid.fullName })
        .filter({ hasText: 'I/6' });
      await row.waitFor();
      expect(await row.textContent()).toContain(from);

      // 2. The draft run: a blocking teacher and what they lack; recomputing raises the teacher's line.
      await page.goto(`${BASE}/accountant/salary`);
      await page.getByRole('link', { name: run.name }).click();
      const blockers = page.getByRole('region', { name: /^Giáo viên chưa đủ điều kiện/ });
      const blockedRow = blockers.getByRole('row').filter({ hasText: blocked.fullName });
      await blockedRow.waitFor();
      expect(await blockedRow.textContent()).toContain(blocked.missing[0]);
      await page.getByRole('button', { name: 'Tính lại', exact: true }).click();
      await confirmIn(page, 'Tính lại đợt tính?', 'Tính lại');
      const amountOf = async () =>
        (await api<{ items: Line[] }>(accountant, `/pay/runs/${run.id}/lines?limit=100`)).items.find((l) => l.teacherId === paid.teacherId)
          ?.amount ?? 0;
      await expect.poll(amountOf).toBeGreaterThan(paid.amount);
      const after = await amountOf();
      const lineRow = page
        .getByRole('table', { name: 'Bảng tiền dạy thêm giờ của giáo viên' })
        .getByRole('row')
        .filter({ hasText: paid.fullName });
      await lineRow.filter({ hasText: formatMoney(after) }).waitFor();

      // 3. Submitting with blocking teachers needs the explicit "without them".
      const detail = await api<RunSummary>(accountant, `/pay/runs/${run.id}`);
      await page.getByRole('button', { name: 'Trình duyệt', exact: true }).click();
      const submit = page.getByRole('dialog', { name: 'Trình Hiệu trưởng duyệt?' });
      await submit.getByRole('checkbox', { name: `Tiếp tục không gồm ${detail.blockers} giáo viên chưa đủ điều kiện` }).check();
      await submit.getByRole('button', { name: 'Trình duyệt', exact: true }).click();
      await submit.waitFor({ state: 'detached' });
      await page.getByText('Đợt tính đang chờ Hiệu trưởng duyệt').waitFor();
      expect((await api<RunSummary>(accountant, `/pay/runs/${run.id}`)).status).toBe('submitted');
    } finally {
      await ctx.close();
    }

    // 4. The principal finds it on the dashboard's card, opens it and approves.
    {
      const { ctx: c, page: p } = await newPage(browser);
      try {
        await demoLogin(p, demo('hieutruong'));
        await p.goto(`${BASE}/principal/dashboard`);
        await p.getByRole('link', { name: run.name }).click();
        await p.waitForURL(`**/principal/pay-runs/${run.id}`);
        await p.getByRole('button', { name: 'Duyệt', exact: true }).click();
        await confirmIn(p, 'Duyệt đợt thanh toán?', 'Duyệt');
        await expect.poll(async () => (await api<RunSummary>(demo('hieutruong'), `/pay/runs/${run.id}`)).status).toBe('approved');
      } finally {
        await c.close();
      }
    }

    // 5. The accountant confirms the payment and exports the sheet: its grand total is the page's.
    {
      const { ctx: c, page: p } = await newPage(browser);
      try {
        await demoLogin(p, accountant);
        await p.goto(`${BASE}/accountant/salary?run=${run.id}`);
        await p.getByRole('button', { name: 'Xác nhận đã chi trả', exact: true }).click();
        await confirmIn(p, 'Xác nhận đã chi trả?', 'Xác nhận đã chi trả');
        await p.getByText('Đợt đã chi trả: số liệu được giữ nguyên').waitFor();
        const total = await pageTotal(p);
        expect(total).toBe((await api<RunSummary>(accountant, `/pay/runs/${run.id}`)).amount);
        const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'Xuất Excel' }).click()]);
        const saved = join(dir, 'bang-thanh-toan.xlsx');
        await download.saveAs(saved);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.readFile(saved);
        const ws = wb.worksheets[0];
        let grand: number | null = null;
        let amountCol = 0;
        ws.eachRow((r) => {
          r.eachCell((cell, col) => {
            if (cell.value === 'Thành tiền (đ)') amountCol = col;
          });
          if (r.getCell(2).value === 'TỔNG CỘNG TOÀN TRƯỜNG') grand = Number(r.getCell(amountCol).value);
        });
        expect(amountCol).toBeGreaterThan(0);
        expect(grand).toBe(total);
      } finally {
        await c.close();
      }
    }

    // 6. The teacher of the raised line sees the run, paid, and their amount on their statement.
    {
      const teacher = await api<{ userId: number | null }>(demo('quantri'), `/teachers/${paid.teacherId}`);
      const user = await api<{ email: string }>(demo('quantri'), `/users/${teacher.userId}`);
      const line = (await api<{ items: Line[] }>(accountant, `/pay/runs/${run.id}/lines?limit=100`)).items.find(
        (l) => l.teacherId === paid.teacherId,
      )!;
      const { ctx: c, page: p } = await newPage(browser);
      try {
        await tokenLogin(p, user.email, '/teacher/teaching-declaration-results');
        const statement = p.getByRole('article', { name: run.name });
        await statement.getByText(formatMoney(line.amount), { exact: true }).first().waitFor();
        expect(await statement.textContent()).toContain('Đã chi trả');
      } finally {
        await c.close();
      }
    }
  });

  it('the salary page does not scroll sideways at 360 px', async () => {
    const { ctx, page } = await newPage(browser, { width: 360, height: 780 });
    try {
      await demoLogin(page, demo('ketoan'));
      const runs = await api<{ items: RunSummary[] }>(demo('ketoan'), '/pay/runs?limit=100');
      await page.goto(`${BASE}/accountant/salary`);
      await page.getByRole('link', { name: runs.items[0].name }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.goto(`${BASE}/accountant/salary?run=${runs.items[0].id}`);
      await page.getByRole('heading', { name: runs.items[0].name }).waitFor();
      await page
        .getByRole('button', { name: /^Xem cách tính của / })
        .first()
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await ctx.close();
    }
  });
});
