import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { MSG } from '@app/shared/messages';
import { SETTINGS_MSG } from '@app/shared/settings';
import { queryRows } from '@/db/client';
import type { BusTransport, EventBus } from '@/plugins/events';
import { appOn, bearer, createTestApp, type TestApp } from '@/test/app';
import { multipart } from '@/test/multipart';
import { auditOf } from '@/test/school';
import { caller } from '@/test/timetables';
import { demoEmail } from '@/seed/demo';
import { notificationDefaults } from './settings.service';

const CLIENT_ID = 'settings-test.apps.googleusercontent.com';
let t: TestApp;
let call: ReturnType<typeof caller>;
let jwks: Server;
let signKey: webcrypto.CryptoKey;

const ENV = { SCHOOL_NAME: 'Trường THPT Chuyên Thử Nghiệm', MIN_GROUP_SIZE: '4', ALLOWED_EMAIL_DOMAINS: 'demo.thptchuyen.edu.vn' };

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`;
  t = await createTestApp({ ...ENV, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: url });
  call = caller(t);
});
afterAll(async () => {
  await t.close();
  jwks.close();
});

const view = async () =>
  (await call('GET', '/settings', 'quantri')).body.data as {
    sections: { section: string; value: Record<string, unknown> & { name?: string }; version: number }[];
  };
const sectionOf = async (name: string) => (await view()).sections.find((s) => s.section === name)!;
const save = (name: string, version: number, value: unknown, who = 'quantri') => call('PUT', `/settings/${name}`, who, { version, value });

const googleToken = (email: string) =>
  new SignJWT({ email, email_verified: true, name: 'Thử' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer('https://accounts.google.com')
    .setAudience(CLIENT_ID)
    .setSubject('42')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(signKey);

describe('system settings', { timeout: 60_000 }, () => {
  it('takes the environment as the first start`s values', async () => {
    const v = await view();
    expect(v.sections.map((s) => s.section)).toEqual([
      'school',
      'survey-results',
      'text-review',
      'registration',
      'notifications',
      'sign-in',
    ]);
    expect(v.sections.find((s) => s.section === 'school')!.value).toEqual({ name: ENV.SCHOOL_NAME, address: '' });
    expect(v.sections.find((s) => s.section === 'survey-results')!.value).toMatchObject({ minGroupSize: 4, autoPublish: true });
    expect(v.sections.find((s) => s.section === 'sign-in')!.value).toEqual({ allowedDomains: ['demo.thptchuyen.edu.vn'], adminEmails: [] });
    // A later start with other values keeps what is stored.
    const again = await appOn(t.database, { SCHOOL_NAME: 'Tên khác' });
    try {
      expect((await again.inject({ url: '/api/v1/school' })).json().data.name).toBe(ENV.SCHOOL_NAME);
    } finally {
      await again.close();
    }
  });

  const ROLES: [string, number][] = [
    ['quantri', 200],
    ['hieutruong', 403],
    ['giaovu', 403],
    ['ketoan', 403],
    ['totruong.ly', 403],
    ['gv.van', 403],
    ['hs.an', 403],
  ];
  it.each(ROLES)('GET /settings and /settings/summary as %s → %i', async (who, status) => {
    expect((await call('GET', '/settings', who)).status).toBe(status);
    expect((await call('GET', '/settings/summary', who)).status).toBe(status);
  });
  it.each(ROLES.filter(([, s]) => s === 403))('refuses %s every save (403)', async (who) => {
    const s = await sectionOf('registration');
    expect((await save('registration', s.version, s.value, who)).status).toBe(403);
    expect((await call('DELETE', '/settings/logo', who)).status).toBe(403);
  });
  it('refuses without a session (401); the school info is public', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/settings/school', payload: { version: 1, value: {} } })).statusCode).toBe(
      401,
    );
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/school' });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toEqual({ name: ENV.SCHOOL_NAME, address: '', logoUrl: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/school/logo' })).statusCode).toBe(404);
  });

  it('validates with Vietnamese messages at the field', async () => {
    const s = await sectionOf('school');
    const r = await save('school', s.version, { name: '   ', address: '' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.details)).toContain('Nhập tên trường.');
    const k = await save('survey-results', 1, { minGroupSize: 0, autoPublish: true, restrictedFiltered: true });
    expect(JSON.stringify(k.body.details)).toContain('Ngưỡng ẩn danh ít nhất là 1.');
    const d = await save('sign-in', 1, { allowedDomains: ['not a domain'], adminEmails: [] });
    expect(JSON.stringify(d.body.details)).toContain('Tên miền không hợp lệ');
    const n = await save('notifications', 1, { defaultOff: ['no.such.kind'], emailFrom: '' });
    expect(n.status).toBe(400);
  });

  it('saves a section, audits before/after, shows the new name at once; a stale version gets 409 with the newer values', async () => {
    const s = await sectionOf('school');
    const r = await save('school', s.version, { name: 'Trường THPT Chuyên Mới', address: '12 Lê Lợi' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(SETTINGS_MSG.saved);
    expect(r.body.data).toMatchObject({ version: s.version + 1, value: { name: 'Trường THPT Chuyên Mới', address: '12 Lê Lợi' } });
    expect((await t.app.inject({ url: '/api/v1/school' })).json().data.name).toBe('Trường THPT Chuyên Mới');
    expect((await t.app.inject({ url: '/api/v1/auth/config' })).json().data.schoolName).toBe('Trường THPT Chuyên Mới');
    const log = await auditOf(t.database.db, 'app_setting', 'settings.school');
    expect(log.at(-1)).toMatchObject({
      action: 'update',
      before: { name: ENV.SCHOOL_NAME, address: '' },
      after: { name: 'Trường THPT Chuyên Mới', address: '12 Lê Lợi' },
      actorId: await t.userId('quantri'),
    });

    const stale = await save('school', s.version, { name: 'Ghi đè', address: '' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(SETTINGS_MSG.stale);
    expect(stale.body.details.current).toMatchObject({ version: s.version + 1, value: { name: 'Trường THPT Chuyên Mới' } });
    expect((await sectionOf('school')).value.name).toBe('Trường THPT Chuyên Mới');
  });

  it('saves publication and auto-approve through their own areas` storage', async () => {
    const s = await sectionOf('survey-results');
    const r = await save('survey-results', s.version, { ...s.value, restrictedFiltered: false });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await call('GET', '/surveys/settings/publication', 'quantri')).body.data.restrictedFiltered).toBe(false);
    const tr = await sectionOf('text-review');
    expect((await save('text-review', tr.version, { autoApproveClean: false })).status).toBe(200);
    expect((await call('GET', '/surveys/responses/review-settings', 'quantri')).body.data.autoApproveClean).toBe(false);
    expect((await save('text-review', tr.version + 1, { autoApproveClean: true })).status).toBe(200);
  });

  it('results read the k in force', async () => {
    const [survey] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from surveys where status = 'closed' and not is_template order by id limit 1`,
    );
    const kOf = async () => (await call('GET', `/surveys/${survey!.id}/results`, 'quantri')).body.data.filter.minGroupSize;
    expect(await kOf()).toBe(4);
    const s = await sectionOf('survey-results');
    expect((await save('survey-results', s.version, { ...s.value, minGroupSize: 7 })).status).toBe(200);
    expect(await kOf()).toBe(7);
    const log = await auditOf(t.database.db, 'app_setting', 'settings.survey-results');
    expect(log.at(-1)).toMatchObject({ before: { minGroupSize: 4 }, after: { minGroupSize: 7 } });
  });

  it('sign-in honours a changed domain list, and keeps new admin e-mails as admins', async () => {
    const email = demoEmail('gv.anh');
    const login = async () =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { googleToken: await googleToken(email) } });
    expect((await login()).statusCode).toBe(200);
    const s = await sectionOf('sign-in');
    expect(
      (await save('sign-in', s.version, { allowedDomains: ['truong-khac.edu.vn'], adminEmails: ['hieu.moi@truong-khac.edu.vn'] })).status,
    ).toBe(200);
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.domainNotAllowed);
    const [admin] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users u join user_roles r on r.user_id = u.id where u.email = 'hieu.moi@truong-khac.edu.vn' and r.role = 'ADMIN'`,
    );
    expect(admin!.n).toBe(1);
    const s2 = await sectionOf('sign-in');
    expect((await save('sign-in', s2.version, { allowedDomains: [], adminEmails: [] })).status).toBe(200);
    expect((await login()).statusCode).toBe(200);
  });

  it('gives the notifications area its defaults', async () => {
    expect(await notificationDefaults(t.database.db)).toEqual({ defaultOff: [], emailFrom: null });
    const s = await sectionOf('notifications');
    const r = await save('notifications', s.version, {
      defaultOff: ['survey.results', 'survey.results'],
      emailFrom: 'Phòng Giáo vụ <giaovu@truong.edu.vn>',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await notificationDefaults(t.database.db)).toEqual({
      defaultOff: ['survey.results'],
      emailFrom: 'Phòng Giáo vụ <giaovu@truong.edu.vn>',
    });
  });

  it('uploads the logo (PNG, JPEG, WebP; no SVG; ≤ 512 KB), serves it publicly, removes it; audited', async () => {
    const token = await t.tokenFor('quantri');
    const upload = (filename: string, content: Buffer, contentType: string) => {
      const body = multipart({ filename, content, contentType });
      return t.app.inject({
        method: 'PUT',
        url: '/api/v1/settings/logo',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token) },
      });
    };
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    const svg = await upload('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml');
    expect(svg.statusCode).toBe(400);
    expect(svg.json().message).toBe(SETTINGS_MSG.logoType);
    const big = await upload('big.png', Buffer.concat([png, Buffer.alloc(600 * 1024)]), 'image/png');
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(SETTINGS_MSG.logoSize);
    const ok = await upload('logo.png', png, 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    const info = (await t.app.inject({ url: '/api/v1/school' })).json().data;
    expect(info.logoUrl).toMatch(/^\/api\/v1\/school\/logo\?v=\d+$/);
    const file = await t.app.inject({ url: info.logoUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    expect((await auditOf(t.database.db, 'school_asset', 'logo')).at(-1)).toMatchObject({
      action: 'create',
      after: { fileName: 'logo.png', mimeType: 'image/png', size: png.length },
    });
    expect((await call('DELETE', '/settings/logo', 'quantri')).status).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/school' })).json().data.logoUrl).toBeNull();
  });

  it('summarises holidays, period grids, the rule set and pay values from their areas', async () => {
    const r = await call('GET', '/settings/summary', 'quantri');
    expect(r.status).toBe(200);
    expect(r.body.data.grids.length).toBeGreaterThan(0);
    expect(r.body.data.ruleSet).not.toBeNull();
    expect(Array.isArray(r.body.data.holidays)).toBe(true);
  });
});

/** Joins buses in one process as Redis or LISTEN/NOTIFY joins processes (like plugins/events.test.ts). */
function joined(buses: EventBus[]) {
  const members: ((m: string) => void)[] = [];
  for (const bus of buses) {
    const t: BusTransport = {
      publish: (m) => members.forEach((deliver) => deliver(m)),
      subscribe: (onMessage) => void members.push(onMessage),
      close: async () => {},
    };
    bus.attach(t);
  }
}

describe('a save reaches every server process without a restart', { timeout: 60_000 }, () => {
  it('the other process reloads on the remote event', async () => {
    const other = await appOn(t.database);
    try {
      joined([t.app.events, other.events]);
      const s = await sectionOf('school');
      expect((await save('school', s.version, { name: 'Trường Hai Tiến Trình', address: '' })).status).toBe(200);
      await expect
        .poll(async () => (await other.inject({ url: '/api/v1/school' })).json().data.name, { timeout: 5_000 })
        .toBe('Trường Hai Tiến Trình');
    } finally {
      await other.close();
    }
  });
});
