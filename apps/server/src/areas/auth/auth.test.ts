import { createServer, type Server } from 'node:http';
import type { webcrypto } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { and, desc, eq } from 'drizzle-orm';
import { MSG } from '@app/shared/messages';
import { users } from '@/db/schema/users';
import { auditLogs } from '@/db/schema/audit';
import { bearer, createTestApp, TEST_SECRET, type TestApp } from '@/test/app';
import { demoEmail } from '@/seed/demo';
import { createSessionTokens } from '@/lib/tokens';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
type CryptoKey = webcrypto.CryptoKey;
let jwksServer: Server;
let jwksUrl: string;
let key: CryptoKey;
let otherKey: CryptoKey;
let t: TestApp;

async function googleToken(
  claims: Record<string, unknown> = {},
  opts: { key?: CryptoKey; iss?: string; aud?: string; exp?: number | string } = {},
) {
  return new SignJWT({
    email: demoEmail('gv.anh'),
    email_verified: true,
    name: 'Vũ Thị Mai (Google)',
    picture: 'https://lh3.googleusercontent.com/a/photo',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(opts.iss ?? 'https://accounts.google.com')
    .setAudience(opts.aud ?? CLIENT_ID)
    .setSubject('1234567890')
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '1h')
    .sign(opts.key ?? key);
}

const login = (googleTokenValue: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { googleToken: googleTokenValue } });

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/certs`;
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl, AUTH_DEV_LOGIN: 'false' });
});
afterAll(async () => {
  await t.close();
  jwksServer.close();
});

describe('POST /auth/google', () => {
  it('signs in a known, active user with a valid token and updates name and photo', async () => {
    const res = await login(await googleToken());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe('string');
    expect(body.data.user).toMatchObject({
      email: demoEmail('gv.anh'),
      displayName: 'Vũ Thị Mai (Google)',
      photoURL: 'https://lh3.googleusercontent.com/a/photo',
      primaryRole: 'TEACHER',
      roles: [{ role: 'TEACHER', isPrimary: true }],
      studentId: null,
    });
    const verify = await t.app.inject({ url: '/api/v1/auth/verify', headers: bearer(body.data.token) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data.email).toBe(demoEmail('gv.anh'));
    const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'login'));
    expect(audits.some((a) => a.actorId === body.data.user.id)).toBe(true);
  });

  it('matches the e-mail case-insensitively and accepts the bare issuer', async () => {
    const res = await login(await googleToken({ email: demoEmail('GV.ANH').toUpperCase() }, { iss: 'accounts.google.com' }));
    expect(res.statusCode).toBe(200);
  });

  const refused: [string, () => Promise<string>, number, string][] = [
    ['wrong audience', () => googleToken({}, { aud: 'someone-else' }), 401, MSG.googleTokenInvalid],
    ['wrong issuer', () => googleToken({}, { iss: 'https://evil.example.com' }), 401, MSG.googleTokenInvalid],
    ['expired', () => googleToken({}, { exp: Math.floor(Date.now() / 1000) - 60 }), 401, MSG.googleTokenInvalid],
    ['bad signature', () => googleToken({}, { key: otherKey }), 401, MSG.googleTokenInvalid],
    ['not a JWT', async () => 'abc.def.ghi', 401, MSG.googleTokenInvalid],
    ['unverified e-mail', () => googleToken({ email_verified: false }), 403, MSG.emailNotVerified],
    ['unknown e-mail', () => googleToken({ email: 'nobody@demo.thptchuyen.edu.vn' }), 403, MSG.accountNotFound],
  ];
  it.each(refused)('refuses a token with %s', async (_name, make, status, message) => {
    const res = await login(await make());
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('refuses an inactive user', async () => {
    await t.database.db
      .update(users)
      .set({ active: false })
      .where(eq(users.email, demoEmail('ketoan')));
    const res = await login(await googleToken({ email: demoEmail('ketoan') }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.accountInactive);
    await t.database.db
      .update(users)
      .set({ active: true })
      .where(eq(users.email, demoEmail('ketoan')));
  });

  it('applies ALLOWED_EMAIL_DOMAINS', async () => {
    const other = await createTestApp({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: jwksUrl,
      ALLOWED_EMAIL_DOMAINS: 'school.edu.vn, other.vn',
    });
    try {
      const res = await login(await googleToken(), other.app);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.domainNotAllowed);
    } finally {
      await other.close();
    }
    const allowed = await createTestApp({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: jwksUrl,
      ALLOWED_EMAIL_DOMAINS: 'demo.thptchuyen.edu.vn',
    });
    try {
      expect((await login(await googleToken(), allowed.app)).statusCode).toBe(200);
    } finally {
      await allowed.close();
    }
  });

  it('validates the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: expect.stringMatching(/không hợp lệ/) });
  });
});

describe('dev login and session tokens', () => {
  it('is refused when AUTH_DEV_LOGIN is off, and so is the demo account list', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/dev-login', payload: { email: demoEmail('quantri') } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'DEV_LOGIN_DISABLED' });
    expect((await t.app.inject({ url: '/api/v1/auth/demo-accounts' })).statusCode).toBe(404);
    const cfg = await t.app.inject({ url: '/api/v1/auth/config' });
    expect(cfg.json().data).toMatchObject({ googleClientId: CLIENT_ID, devLogin: false });
  });

  it('signs in any active user when on, lists demo accounts, and refuses unknown or inactive ones', async () => {
    const dev = await createTestApp();
    try {
      const ok = await dev.app.inject({ method: 'POST', url: '/api/v1/auth/dev-login', payload: { email: demoEmail('gv.toan') } });
      expect(ok.statusCode).toBe(200);
      expect(
        ok
          .json()
          .data.user.roles.map((r: { role: string }) => r.role)
          .sort(),
      ).toEqual(['HEAD_DEPARTMENT', 'HOMEROOM_TEACHER', 'TEACHER']);
      const unknown = await dev.app.inject({ method: 'POST', url: '/api/v1/auth/dev-login', payload: { email: 'x@y.vn' } });
      expect(unknown.statusCode).toBe(403);
      const accounts = await dev.app.inject({ url: '/api/v1/auth/demo-accounts' });
      const primaries = new Set(accounts.json().data.map((a: { primaryRole: string }) => a.primaryRole));
      expect(primaries.size).toBe(11);
    } finally {
      await dev.close();
    }
  });

  it('stops a deactivated user at once and refuses expired or forged session tokens', async () => {
    const dev = await createTestApp();
    try {
      const token = await dev.tokenFor('gv.van');
      expect((await dev.app.inject({ url: '/api/v1/auth/verify', headers: bearer(token) })).statusCode).toBe(200);
      await dev.database.db
        .update(users)
        .set({ active: false })
        .where(eq(users.email, demoEmail('gv.van')));
      const after = await dev.app.inject({ url: '/api/v1/auth/verify', headers: bearer(token) });
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(MSG.sessionExpired);

      const id = await dev.userId('quantri');
      const expired = await createSessionTokens(new TextEncoder().encode(TEST_SECRET), '-1s').sign(id);
      expect((await dev.app.inject({ url: '/api/v1/auth/verify', headers: bearer(expired) })).statusCode).toBe(401);
      const forged = await createSessionTokens(new TextEncoder().encode('another-secret-another-secret-0000'), '1h').sign(id);
      expect((await dev.app.inject({ url: '/api/v1/auth/verify', headers: bearer(forged) })).statusCode).toBe(401);
    } finally {
      await dev.close();
    }
  });

  it('rate-limits the sign-in routes', async () => {
    const dev = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await dev.app.inject({ method: 'POST', url: '/api/v1/auth/dev-login', payload: { email: 'nobody@x.vn' } });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([403, 403, 403, 429, 429]);
      const last = await dev.app.inject({ method: 'POST', url: '/api/v1/auth/dev-login', payload: { email: 'nobody@x.vn' } });
      expect(last.json()).toMatchObject({ success: false, message: MSG.tooManyRequests });
    } finally {
      await dev.close();
    }
  });
});

describe('sign-out that signs out', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await createTestApp();
  });
  afterAll(() => d.close());
  const verify = (token: string) => d.app.inject({ url: '/api/v1/auth/verify', headers: bearer(token) });
  const logout = (token?: string) => d.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: token ? bearer(token) : {} });

  it('refuses the token after POST /auth/logout (that device only: another device stays signed in), audited as an auth event', async () => {
    const first = await d.tokenFor('gvcn.hoa');
    const second = await d.tokenFor('gvcn.hoa');
    expect((await verify(first)).statusCode).toBe(200);
    const res = await logout(first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: null });
    const after = await verify(first);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: MSG.sessionExpired });
    expect((await verify(second)).statusCode).toBe(200);
    expect((await logout(first)).statusCode).toBe(401);
    const id = await d.userId('gvcn.hoa');
    const entries = await d.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'logout'), eq(auditLogs.actorId, id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'user_session', before: { revokedAt: null }, after: { revokedAt: expect.any(String) } });
    // Signing in again gives a token that works.
    const fresh = await d.tokenFor('gvcn.hoa');
    expect((await verify(fresh)).statusCode).toBe(200);
  });

  it('refuses a token signed with an older version, and one from before versions existed, once the version moved on', async () => {
    const id = await d.userId('hs.binh');
    const sign = createSessionTokens(new TextEncoder().encode(TEST_SECRET), '1h');
    const v0 = await sign.sign(id, 0);
    const unversioned = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setIssuer('thpt-chuyen')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await verify(v0)).statusCode).toBe(200);
    expect((await verify(unversioned)).statusCode).toBe(200);
    await d.database.db.update(users).set({ tokenVersion: 3 }).where(eq(users.id, id));
    expect((await verify(v0)).statusCode).toBe(401);
    expect((await verify(unversioned)).statusCode).toBe(401);
    expect((await verify(await sign.sign(id, 2))).statusCode).toBe(401);
    // Issued after the bump: carries version 3 and keeps working.
    const after = await d.tokenFor('hs.binh');
    expect((await verify(after)).statusCode).toBe(200);
    expect((await verify(after)).statusCode).toBe(200);
  });

  it('answers 401 to a sign-out without a token', async () => {
    const res = await logout();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
  });
});

describe('behind a proxy: X-Forwarded-For and X-Request-Id', () => {
  const devLogin = (app: TestApp, email: string, headers: Record<string, string>) =>
    app.app.inject({ method: 'POST', url: '/api/v1/auth/dev-login', payload: { email }, headers });
  const lastLogin = async (app: TestApp, local: string) => {
    const id = await app.userId(local);
    const [row] = await app.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'login'), eq(auditLogs.actorId, id)))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    return row;
  };

  it('off by default: a forged X-Forwarded-For neither escapes the sign-in rate limit nor reaches the audit log', async () => {
    const app = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const ok = await devLogin(app, demoEmail('gv.anh'), { 'x-forwarded-for': '203.0.113.9' });
      expect(ok.statusCode).toBe(200);
      expect((await lastLogin(app, 'gv.anh')).ip).toBe('127.0.0.1');
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await devLogin(app, 'nobody@x.vn', { 'x-forwarded-for': `198.51.100.${i + 1}` });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([403, 403, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('believed from a trusted proxy: each forwarded address has its own limit and is the audit address', async () => {
    const app = await createTestApp({ AUTH_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    try {
      const ok = await devLogin(app, demoEmail('gv.anh'), { 'x-forwarded-for': '203.0.113.9' });
      expect(ok.statusCode).toBe(200);
      expect((await lastLogin(app, 'gv.anh')).ip).toBe('203.0.113.9');
      const codes: number[] = [];
      for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.1', '198.51.100.1']) {
        codes.push((await devLogin(app, 'nobody@x.vn', { 'x-forwarded-for': ip })).statusCode);
      }
      expect(codes).toEqual([403, 403, 403, 403, 429]);
      // A hop the list does not name is not believed: a forged entry before it is ignored.
      await devLogin(app, demoEmail('gv.anh'), { 'x-forwarded-for': '192.0.2.1, 172.16.0.5' });
      expect((await lastLogin(app, 'gv.anh')).ip).toBe('172.16.0.5');
    } finally {
      await app.close();
    }
  });

  it('as a hop count: only the nearest hops are proxies', async () => {
    const app = await createTestApp({ TRUST_PROXY: '1' });
    try {
      expect((await devLogin(app, demoEmail('gv.anh'), { 'x-forwarded-for': '192.0.2.1, 203.0.113.20' })).statusCode).toBe(200);
      expect((await lastLogin(app, 'gv.anh')).ip).toBe('203.0.113.20');
    } finally {
      await app.close();
    }
  });

  it("keeps the server's own request id in the audit log, whatever X-Request-Id the client sends", async () => {
    const app = await createTestApp();
    try {
      const res = await devLogin(app, demoEmail('gv.anh'), { 'x-request-id': 'forged-request-1' });
      expect(res.statusCode).toBe(200);
      const row = await lastLogin(app, 'gv.anh');
      expect(row.requestId).not.toBe('forged-request-1');
      expect(row.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(res.headers['x-request-id']).toBe(row.requestId);
    } finally {
      await app.close();
    }
  });
});
