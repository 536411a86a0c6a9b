import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/shared/messages';
import { bearer, createTestApp, type TestApp } from './test/app';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root">SPA</div>');
  writeFileSync(join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(() => t.close());

describe('app shell', () => {
  it('reports health with the database', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/google', '/api/v1/auth/verify', '/api/v1/dashboard']));
    expect(doc.paths['/api/v1/auth/google'].post.requestBody).toBeTruthy();
  });

  it('answers unknown API paths with a JSON 404 and other paths with the web app', async () => {
    const token = await t.tokenFor('quantri');
    const api = await t.app.inject({ url: '/api/v1/khong-co', headers: bearer(token) });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, message: MSG.routeNotFound, code: 'NOT_FOUND' });
    const page = await t.app.inject({ url: '/admin/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('SPA');
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
  });

  it("answers bad JSON with a Vietnamese 400 and tags every response with the server's own request id", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/dev-login',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-123' },
      payload: '{bad json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.badRequest });
    // The client's X-Request-Id is not taken: the id (the audit log's) is a UUID the server made.
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
