import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

/**
 * Teaching declarations (issue 15) in a real browser against the demo school's open HK1 period: the
 * Literature department's declaration clerk (gv.van) enters a colleague's declaration and submits it,
 * the head returns it with a comment, the teacher sees the comment and submits again, the head
 * approves, academic affairs confirms and locks, and the principal finds the return in the history.
 * Accounts outside the demo list sign in with a token from dev-login.
 */

interface Period {
  id: number;
  semesterName: string;
  yearName: string;
  opensAt: string;
  closesAt: string;
}
interface PeriodTeacher {
  teacherId: number;
  fullName: string;
  departmentId: number | null;
  declarationId: number | null;
}
interface Detail {
  id: number;
  status: string;
  version: number;
  lastComment: string | null;
  lines: Array<{ id: number; kind: string; label: string; periods: number }>;
  history: Array<{ action: string; comment: string | null }>;
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

/** The e-mail of a teacher's account (admin reads it). */
async function emailOfTeacher(teacherId: number): Promise<string> {
  const teacher = await api<{ userId: number | null }>(demo('quantri'), `/teachers/${teacherId}`);
  const user = await api<{ email: string }>(demo('quantri'), `/users/${teacher.userId}`);
  return user.email;
}

/** Clicks a state change's button in the open editor, fills the comment when given, and confirms. */
async function step(page: Page, button: string, title: string, comment?: string) {
  const editor = page.getByRole('dialog').first();
  await editor.getByRole('button', { name: button, exact: true }).click();
  // Headless UI's dialog element has no box of its own: wait on what is inside it.
  const confirm = page.getByRole('dialog', { name: title });
  if (comment) await confirm.getByRole('textbox').fill(comment);
  await confirm.getByRole('button', { name: button, exact: true }).click();
  await confirm.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('teaching declarations', { timeout: 180_000 }, () => {
  it('the clerk enters and submits, the head returns with a comment, the teacher resubmits, it is approved, confirmed, locked, and the principal finds it in the history', async () => {
    const clerk = demo('gv.van');
    const now = Date.now();
    const period = (await api<Period[]>(clerk, '/teaching/declarations/periods')).find(
      (p) => Date.parse(p.opensAt) <= now && now <= Date.parse(p.closesAt),
    )!;
    expect(period, 'the demo has an open declaration period').toBeDefined();
    const colleagues = await api<PeriodTeacher[]>(clerk, `/teaching/declarations/periods/${period.id}/teachers`);
    const clerkUser = await api<{ id: number }>(clerk, '/auth/verify');
    const teachers = await api<{ items: Array<{ id: number; isHead: boolean; userId: number | null }> }>(
      demo('quantri'),
      `/teachers?departmentId=${colleagues[0].departmentId}&limit=100`,
    );
    const clerkTeacher = teachers.items.find((t) => t.userId === clerkUser.id)?.id;
    const headTeacher = teachers.items.find((t) => t.isHead)?.id;
    const target = colleagues.find((t) => t.declarationId === null && t.teacherId !== clerkTeacher && t.teacherId !== headTeacher)!;
    expect(target, 'a Literature teacher without a declaration').toBeDefined();
    const headEmail = await emailOfTeacher(headTeacher!);
    const teacherEmail = await emailOfTeacher(target.teacherId);
    const comment = 'Số tiết tuần 12 chưa khớp thời khóa biểu, đề nghị kiểm tra lại.';

    // 1. The clerk creates the declaration (prefilled), changes a line's periods, saves and submits.
    const { ctx, page } = await newPage(browser);
    let id = 0;
    try {
      await demoLogin(page, clerk);
      await page.goto(`${BASE}/teacher/department-teaching-declaration`);
      await page.getByRole('button', { name: `Tạo kê khai cho ${target.fullName}` }).click();
      const editor = page.getByRole('dialog').first();
      const periods = editor.getByRole('textbox', { name: /^Số tiết của dòng / }).first();
      await periods.waitFor();
      const before = Number((await periods.inputValue()).replace(',', '.'));
      await periods.fill(String(before + 2));
      await editor.getByRole('button', { name: 'Lưu', exact: true }).click();
      await editor.getByRole('button', { name: 'Nộp', exact: true }).and(page.locator(':enabled')).waitFor();
      await step(page, 'Nộp', 'Nộp bản kê khai?');
      id = (await api<PeriodTeacher[]>(clerk, `/teaching/declarations/periods/${period.id}/teachers`)).find(
        (t) => t.teacherId === target.teacherId,
      )!.declarationId!;
      const submitted = await api<Detail>(clerk, `/teaching/declarations/${id}`);
      expect(submitted.status).toBe('submitted');
      expect(submitted.history.map((h) => h.action)).toEqual(['submit', 'edit', 'create']);
    } finally {
      await ctx.close();
    }

    // 2. The head opens it from the department's list and returns it with a comment.
    {
      const { ctx: c, page: p } = await newPage(browser);
      try {
        await tokenLogin(p, headEmail, '/department/teaching-declaration');
        await p
          .getByRole('button', { name: `Mở bản kê khai của ${target.fullName}` })
          .first()
          .click();
        await step(p, 'Trả lại', 'Trả lại bản kê khai', comment);
        expect((await api<Detail>(headEmail, `/teaching/declarations/${id}`)).status).toBe('returned');
      } finally {
        await c.close();
      }
    }

    // 3. The teacher sees the comment on their results page and submits again (at 360 px).
    {
      const { ctx: c, page: p } = await newPage(browser, { width: 360, height: 780 });
      try {
        await tokenLogin(p, teacherEmail, '/teacher/teaching-declaration-results');
        await p.getByText(comment).first().waitFor();
        await p.getByRole('button', { name: `Mở bản kê khai ${period.semesterName} ${period.yearName}` }).click();
        await step(p, 'Nộp', 'Nộp bản kê khai?');
        expect((await api<Detail>(teacherEmail, `/teaching/declarations/${id}`)).status).toBe('submitted');
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      } finally {
        await c.close();
      }
    }

    // 4. The head approves.
    {
      const { ctx: c, page: p } = await newPage(browser);
      try {
        await tokenLogin(p, headEmail, '/department/teaching-declaration');
        await p
          .getByRole('button', { name: `Mở bản kê khai của ${target.fullName}` })
          .first()
          .click();
        await step(p, 'Duyệt', 'Duyệt bản kê khai?');
        expect((await api<Detail>(headEmail, `/teaching/declarations/${id}`)).status).toBe('approved');
      } finally {
        await c.close();
      }
    }

    // 5. Academic affairs confirms, then locks, from their list.
    {
      const { ctx: c, page: p } = await newPage(browser);
      try {
        await demoLogin(p, demo('giaovu'));
        await p.goto(`${BASE}/academic/teaching-declaration`);
        for (const [button, title, status] of [
          ['Xác nhận', 'Xác nhận bản kê khai?', 'confirmed'],
          ['Khóa', 'Khóa bản kê khai?', 'locked'],
        ] as const) {
          await p
            .getByRole('button', { name: `${button} bản kê khai của ${target.fullName}` })
            .first()
            .click();
          const confirm = p.getByRole('dialog', { name: title });
          await confirm.getByRole('button', { name: button, exact: true }).click();
          await confirm.waitFor({ state: 'detached' });
          await expect.poll(async () => (await api<Detail>(demo('giaovu'), `/teaching/declarations/${id}`)).status).toBe(status);
        }
      } finally {
        await c.close();
      }
    }
    const locked = await api<Detail>(demo('giaovu'), `/teaching/declarations/${id}`);
    expect(locked.history.map((h) => h.action)).toEqual(['lock', 'confirm', 'approve', 'submit', 'return', 'submit', 'edit', 'create']);

    // 6. The principal finds the return, with its comment, and the edited line in the history.
    {
      const { ctx: c, page: p } = await newPage(browser);
      try {
        await demoLogin(p, demo('hieutruong'));
        await p.goto(`${BASE}/principal/declaration-history?teacherId=${target.teacherId}`);
        const table = p.getByRole('table', { name: 'Lịch sử khai báo' });
        await table.getByText(comment).first().waitFor();
        const rows = table.getByRole('row');
        expect(await rows.count()).toBeGreaterThanOrEqual(8);
        await p
          .getByRole('button', { name: new RegExp(`^Xem thay đổi lúc .* của ${target.fullName}$`) })
          .last()
          .click();
        const diff = p.getByRole('dialog');
        await diff.getByRole('heading').first().waitFor();
        expect(await diff.textContent()).toMatch(/→|Thêm|Sửa|Xóa/);
      } finally {
        await c.close();
      }
    }
  });
});
