import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE, demo, demoLogin, launch, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A demo account's session token, for acting through the API as another person would. */
async function tokenOf(local: string): Promise<string> {
  const res = await fetch(`${BASE}/api/v1/auth/dev-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demo(local) }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: { id: number; version: number } };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

// Issue 17: the bell's count rises without a reload when another person's action notifies the user.
describe('the notification bell', () => {
  it('a student`s count rises live when the administrator publishes a regulation; the panel opens it', async () => {
    const { ctx, page } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await demoLogin(page, demo('hs.binh'));
      const bell = page.getByRole('button', { name: /^Thông báo/ });
      await bell.waitFor();
      // Whatever the count is now (the demo's, an earlier run's), read it once the stream has answered.
      await page.waitForTimeout(1500);
      const before = Number(
        (await page
          .getByTestId('notification-count')
          .textContent({ timeout: 1000 })
          .catch(() => '0')) ?? '0',
      );

      const admin = await tokenOf('quantri');
      const title = `Nội quy thử ${Date.now()}`;
      const draft = await api(admin, 'POST', '/regulations', {
        title,
        category: 'Nội quy',
        contentKind: 'html',
        bodyHtml: '<p>Học sinh đi học đúng giờ.</p>',
        effectiveFrom: '2026-12-01',
        requiresAck: true,
      });
      await api(admin, 'POST', `/regulations/${draft.id}/publish`, { version: draft.version });

      // No reload: the stream pushes the new count.
      await page
        .getByTestId('notification-count')
        .filter({ hasText: String(before + 1) })
        .waitFor({ timeout: 15_000 });
      await bell.click();
      const item = page.getByRole('button', { name: /Quy chế mới: hãy đọc và xác nhận/ }).first();
      await item.waitFor();
      await item.click();
      await page.waitForURL((u) => u.pathname === '/student/forms');
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
