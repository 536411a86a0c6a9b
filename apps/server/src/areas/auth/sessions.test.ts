import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@app/shared/messages';
import type { TUserSession } from '@app/shared/profile';
import { ROLES } from '@app/shared/roles';
import { auditLogs } from '@/db/schema/audit';
import { userSessions } from '@/db/schema/users';
import { createSessionTokens } from '@/lib/tokens';
import { bearer, createTestApp, TEST_SECRET, type TestApp } from '@/test/app';
import { demoEmail } from '@/seed/demo';
import { deviceName } from './device';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in through the demo sign-in from a browser, as a device: its token. */
async function signIn(local: string, userAgent = CHROME_WINDOWS): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/dev-login',
    payload: { email: demoEmail(local) },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {} });
const sessionsOf = async (token: string) => {
  const res = await call('GET', '/auth/sessions', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TUserSession[];
};
const rowsOf = async (local: string) =>
  t.database.db
    .select()
    .from(userSessions)
    .where(eq(userSessions.userId, await t.userId(local)));

describe('device names (never the raw User-Agent)', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome trên Windows'],
    [SAFARI_IPHONE, 'Safari trên iPhone'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox trên Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge trên macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet trên Android',
    ],
    ['curl/8.5.0', 'Thiết bị không xác định'],
    [undefined, 'Thiết bị không xác định'],
  ])('%s → %s', (ua, words) => {
    expect(deviceName(ua)).toBe(words);
  });
});

describe('sessions: made at sign-in, listed for their user only', () => {
  it('makes a session row at sign-in with the device in words; the token names it and the list marks it', async () => {
    const before = (await rowsOf('gv.anh')).length;
    const laptop = await signIn('gv.anh');
    const phone = await signIn('gv.anh', SAFARI_IPHONE);
    const rows = await rowsOf('gv.anh');
    expect(rows).toHaveLength(before + 2);
    expect(rows.map((r) => r.device)).toEqual(expect.arrayContaining(['Chrome trên Windows', 'Safari trên iPhone']));
    // Nothing of the header but those words is kept.
    expect(rows.every((r) => !r.device.includes('Mozilla'))).toBe(true);

    const list = await sessionsOf(laptop);
    expect(list.length).toBeGreaterThanOrEqual(2);
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0].device).toBe('Chrome trên Windows');
    expect((await sessionsOf(phone)).find((s) => s.current)?.device).toBe('Safari trên iPhone');
    expect(list[0]).toMatchObject({ createdAt: expect.any(String), lastSeenAt: expect.any(String) });
    // Another person sees none of them.
    const theirs = await sessionsOf(await signIn('gv.van'));
    expect(theirs.some((s) => list.some((m) => m.id === s.id))).toBe(false);
  });

  it('answers every role (each their own list) and 401 without a token', async () => {
    for (const local of ['quantri', 'hieutruong', 'giaovu', 'dbcl', 'totruong.ly', 'gvcn.hoa', 'ketoan', 'csvc', 'hs.an', 'khaibao.sinh']) {
      const list = await sessionsOf(await signIn(local));
      expect(
        list.filter((s) => s.current),
        local,
      ).toHaveLength(1);
    }
    expect(ROLES.length).toBe(11);
    const none = await call('GET', '/auth/sessions');
    expect(none.statusCode).toBe(401);
  });
});

describe('sessions: revoking', () => {
  it("revokes one device: its token answers 401 with the session-expired message, the other device's keeps working; audited", async () => {
    const laptop = await signIn('gv.toan');
    const phone = await signIn('gv.toan', SAFARI_IPHONE);
    const phoneId = (await sessionsOf(phone)).find((s) => s.current)!.id;
    const res = await call('DELETE', `/auth/sessions/${phoneId}`, laptop);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: null });
    const refused = await call('GET', '/auth/verify', phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: MSG.sessionExpired });
    expect((await call('GET', '/auth/verify', laptop)).statusCode).toBe(200);
    expect((await sessionsOf(laptop)).some((s) => s.id === phoneId)).toBe(false);

    // Again (a second tab, a retried click): a success, and one audit entry only.
    expect((await call('DELETE', `/auth/sessions/${phoneId}`, laptop)).statusCode).toBe(200);
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'user_session'), eq(auditLogs.entityId, phoneId)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'revoke',
      actorId: await t.userId('gv.toan'),
      before: { device: 'Safari trên iPhone', revokedAt: null },
      after: { device: 'Safari trên iPhone', revokedAt: expect.any(String) },
    });
  });

  it("cannot revoke another person's session: 404, and their token keeps working", async () => {
    const victim = await signIn('hs.binh');
    const victimId = (await sessionsOf(victim)).find((s) => s.current)!.id;
    const attacker = await signIn('hs.an');
    const res = await call('DELETE', `/auth/sessions/${victimId}`, attacker);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Không tìm thấy phiên đăng nhập này trong các thiết bị của bạn.' });
    expect((await call('GET', '/auth/verify', victim)).statusCode).toBe(200);
    expect((await call('DELETE', '/auth/sessions/nope', attacker)).statusCode).toBe(404);
    const bad = await call('DELETE', '/auth/sessions/a%20b', attacker);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/không hợp lệ/);
  });

  it('signs out this device only: the other device stays signed in', async () => {
    const laptop = await signIn('totruong.ly');
    const phone = await signIn('totruong.ly', SAFARI_IPHONE);
    const laptopId = (await sessionsOf(laptop)).find((s) => s.current)!.id;
    expect((await call('POST', '/auth/logout', laptop)).statusCode).toBe(200);
    expect((await call('GET', '/auth/verify', laptop)).statusCode).toBe(401);
    expect((await call('GET', '/auth/verify', phone)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(userSessions).where(eq(userSessions.id, laptopId));
    expect(row.revokedAt).not.toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'user_session'), eq(auditLogs.entityId, laptopId)));
    expect(entry).toMatchObject({ action: 'logout', after: { device: 'Chrome trên Windows' } });
  });

  it('"Đăng xuất khỏi mọi thiết bị": every token stops working, this one and tokens from before sessions included; audited', async () => {
    const id = await t.userId('ketoan');
    const legacy = await createSessionTokens(new TextEncoder().encode(TEST_SECRET), '1h').sign(id, 0);
    const laptop = await signIn('ketoan');
    const phone = await signIn('ketoan', SAFARI_IPHONE);
    expect((await call('GET', '/auth/verify', legacy)).statusCode).toBe(200);
    const res = await call('POST', '/auth/sessions/revoke-all', laptop);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Đã đăng xuất khỏi mọi thiết bị.');
    for (const token of [laptop, phone, legacy]) {
      const after = await call('GET', '/auth/verify', token);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(MSG.sessionExpired);
    }
    expect((await rowsOf('ketoan')).every((r) => r.revokedAt !== null)).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'end_sessions'), eq(auditLogs.entityId, String(id))));
    expect(entry).toMatchObject({ actorId: id, entity: 'user', before: { tokenVersion: 0 }, after: { tokenVersion: 1 } });
    // Signing in again makes a working session, alone in the list.
    const fresh = await signIn('ketoan');
    expect((await sessionsOf(fresh)).map((s) => s.current)).toEqual([true]);
  });

  it('keeps accepting a token issued before sessions (no session id) until the version moves on', async () => {
    const id = await t.userId('csvc');
    const legacy = await createSessionTokens(new TextEncoder().encode(TEST_SECRET), '1h').sign(id, 0);
    expect((await call('GET', '/auth/verify', legacy)).statusCode).toBe(200);
    // Its list has no "this device": nothing to mark.
    expect((await sessionsOf(legacy)).some((s) => s.current)).toBe(false);
    // Sign-out with it can end it only by ending all (the version).
    expect((await call('POST', '/auth/logout', legacy)).statusCode).toBe(200);
    expect((await call('GET', '/auth/verify', legacy)).statusCode).toBe(401);
  });

  it('refuses a token naming a session that is not its user’s, or none at all', async () => {
    const sign = createSessionTokens(new TextEncoder().encode(TEST_SECRET), '1h');
    const other = await signIn('gv.van');
    const otherId = (await sessionsOf(other)).find((s) => s.current)!.id;
    const forgedOwner = await sign.sign(await t.userId('gvcn.hoa'), 0, otherId);
    expect((await call('GET', '/auth/verify', forgedOwner)).statusCode).toBe(401);
    const ghost = await sign.sign(await t.userId('gvcn.hoa'), 0, 'no-such-session');
    expect((await call('GET', '/auth/verify', ghost)).statusCode).toBe(401);
  });

  it('moves last_seen_at on at most once a minute, not on every request', async () => {
    const token = await signIn('giaovu');
    const sid = (await sessionsOf(token)).find((s) => s.current)!.id;
    const old = new Date(Date.now() - 5 * 60_000);
    await t.database.db.update(userSessions).set({ lastSeenAt: old }).where(eq(userSessions.id, sid));
    expect((await call('GET', '/auth/verify', token)).statusCode).toBe(200);
    const [moved] = await t.database.db.select().from(userSessions).where(eq(userSessions.id, sid));
    expect(moved.lastSeenAt.getTime()).toBeGreaterThan(old.getTime() + 60_000);
    // Within the minute: left as it is.
    const recent = new Date(Date.now() - 10_000);
    await t.database.db.update(userSessions).set({ lastSeenAt: recent }).where(eq(userSessions.id, sid));
    expect((await call('GET', '/auth/verify', token)).statusCode).toBe(200);
    const [kept] = await t.database.db.select().from(userSessions).where(eq(userSessions.id, sid));
    expect(kept.lastSeenAt.getTime()).toBe(recent.getTime());
  });
});
