import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

/**
 * Course registration (issue 14) in a real browser against the demo school's open round (electives of
 * the next module for grades 10 and 11): a student registers, finds a class full and joins its waitlist,
 * swaps, and sees their choices; the admin watches the fill and closes the round; quality assurance
 * sees the charts. The tests run in this order (the admin closes the round last).
 */

interface Offer {
  courseClassId: number;
  code: string;
  capacity: number;
  taken: number;
  groupId: number | null;
}
interface Mine {
  courseClassId: number;
  status: 'registered' | 'waitlisted';
  position: number | null;
}
interface MyRound {
  id: number;
  name: string;
  state: string;
  groups: Array<{ id: number; name: string }>;
  offers: Offer[];
  mine: Mine[];
}

let browser: Browser;
const tokens = new Map<string, string>();

async function api<T>(local: string, path: string): Promise<T> {
  let token = tokens.get(local);
  if (!token) {
    const res = await fetch(`${BASE}/api/v1/auth/dev-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo(local) }),
    });
    token = ((await res.json()) as { data: { token: string } }).data.token;
    tokens.set(local, token);
  }
  const res = await fetch(`${BASE}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { success: boolean; data: T; message?: string };
  if (!res.ok || !body.success) throw new Error(`${path}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

const myRound = async () => (await api<{ rounds: MyRound[] }>('hs.an', '/registration/me')).rounds.find((r) => r.state === 'open')!;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('course registration', () => {
  it('a student registers, joins the waitlist of a full class, swaps, and sees their choices (desktop and phone)', async () => {
    const round = await myRound();
    expect(round).toBeDefined();
    expect(round.mine).toEqual([]);
    const [groupA, groupB] = round.groups;
    const free = round.offers.filter((o) => o.groupId === groupB.id && o.taken < o.capacity - 1);
    expect(free.length).toBeGreaterThanOrEqual(2);
    const [first, second] = free;
    const full = round.offers.find((o) => o.groupId === groupA.id && o.taken >= o.capacity);
    expect(full, 'the demo round has a full class in the first group').toBeDefined();

    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('hs.an'));
      await page.goto(`${BASE}/student/course-registration`);
      await page.getByRole('heading', { name: round.name }).waitFor();

      await page.getByRole('button', { name: `Đăng ký ${first.code}` }).click();
      await page.getByRole('button', { name: `Hủy ${first.code}` }).waitFor();

      await page.getByRole('button', { name: `Vào danh sách chờ ${full!.code}` }).click();
      await page
        .getByText(/đã hết chỗ: bạn ở vị trí \d+ trong danh sách chờ/)
        .first()
        .waitFor();
      const waiting = (await myRound()).mine.find((m) => m.courseClassId === full!.courseClassId);
      expect(waiting).toMatchObject({ status: 'waitlisted' });
      await page.getByText(`Danh sách chờ · vị trí ${waiting!.position}`).first().waitFor();

      // Swap the first class of the second group for another: the old one goes only if the new one is had.
      await page.getByRole('button', { name: `Đổi lớp sang ${second.code}` }).click();
      const dialog = page.getByRole('dialog', { name: `Đổi sang lớp ${second.code}` });
      await dialog.getByRole('radio', { name: new RegExp(first.code) }).check();
      await dialog.getByRole('button', { name: 'Đổi lớp', exact: true }).click();
      await page.getByRole('button', { name: `Hủy ${second.code}` }).waitFor();
      await page.getByRole('button', { name: `Đăng ký ${first.code}` }).waitFor();
      const after = (await myRound()).mine;
      expect(after.map((m) => [m.courseClassId, m.status]).sort()).toEqual(
        [
          [second.courseClassId, 'registered'],
          [full!.courseClassId, 'waitlisted'],
        ].sort(),
      );
      const chosen = page.getByRole('list', { name: 'Các lớp đã chọn' });
      expect(await chosen.textContent()).toContain(second.code);
      expect(await chosen.textContent()).not.toContain(first.code);
    } finally {
      await ctx.close();
    }

    const phone = await newPage(browser, { width: 360, height: 740 });
    try {
      await demoLogin(phone.page, demo('hs.an'));
      await phone.page.goto(`${BASE}/student/course-registration`);
      await phone.page.getByRole('button', { name: `Hủy ${second.code}` }).waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await phone.ctx.close();
    }
  }, 120_000);

  it('quality assurance sees the fill of the open round as charts beside tables', async () => {
    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('dbcl'));
      await page.goto(`${BASE}/quality/student-registration`);
      const bySubject = page.getByRole('region', { name: 'Tỉ lệ lấp đầy theo môn' });
      await bySubject.waitFor();
      await bySubject.locator('svg').first().waitFor();
      expect(await bySubject.textContent()).toContain('Vật lý');
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('the admin watches the fill and closes the round: registrations become enrolments', async () => {
    const round = await myRound();
    const { ctx, page } = await newPage(browser);
    try {
      await demoLogin(page, demo('quantri'));
      await page.goto(`${BASE}/admin/student-registration`);
      await page.getByRole('heading', { name: round.name }).waitFor();
      await page.getByRole('region', { name: 'Chỗ theo lớp' }).waitFor();
      await page.getByRole('button', { name: 'Chốt đăng ký' }).first().click();
      const confirm = page.getByRole('dialog', { name: `Chốt đợt “${round.name}”?` });
      await confirm.getByRole('button', { name: 'Chốt đăng ký' }).click();
      const report = page.getByRole('region', { name: 'Kết quả chốt đăng ký' });
      await report.waitFor();
      const detail = await api<{ state: string; taken: number }>('quantri', `/registration/rounds/${round.id}`);
      expect(detail.state).toBe('closed');
      expect(await report.textContent()).toContain(String(detail.taken));
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
