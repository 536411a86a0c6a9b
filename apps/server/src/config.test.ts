import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: './data', databaseUrl: undefined, seedDemo: true });
    expect(c.trustProxy).toBe(false);
    expect(c.auth).toMatchObject({
      devLogin: true,
      tokenTtl: '7d',
      googleClientId: null,
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    });
  });

  it('parses lists case-insensitively and a server URL turns the demo seed off', () => {
    const c = loadConfig({ ADMIN_EMAILS: ' A@X.vn, b@y.vn ,', ALLOWED_EMAIL_DOMAINS: 'School.edu.vn', DATABASE_URL: 'postgres://u@h/db' });
    expect(c.auth.adminEmails).toEqual(['a@x.vn', 'b@y.vn']);
    expect(c.auth.allowedDomains).toEqual(['school.edu.vn']);
    expect(c.seedDemo).toBe(false);
  });

  it('refuses dev login, a missing secret and the demo seed in production', () => {
    const secret = 'x'.repeat(40);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, AUTH_DEV_LOGIN: 'true', DATABASE_URL: 'postgres://u@h/db' }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, SEED_DEMO: 'true', DATABASE_URL: 'postgres://u@h/db' })).toThrow(
      ConfigError,
    );
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, DATABASE_URL: 'postgres://u@h/db' }).production).toBe(true);
  });

  it('turns demo sign-in on by default only on the embedded database without Google; a server needs it asked for', () => {
    const server = 'postgres://u@h/db';
    expect(loadConfig({}).auth.devLogin).toBe(true);
    expect(loadConfig({ DATABASE_URL: server }).auth.devLogin).toBe(false);
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' }).auth.devLogin).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), DATABASE_URL: server }).auth.devLogin).toBe(false);
    expect(loadConfig({ DATABASE_URL: server, AUTH_DEV_LOGIN: 'true' }).auth.devLogin).toBe(true);
    expect(loadConfig({ DATABASE_URL: server, AUTH_DEV_LOGIN: '1' }).auth.devLogin).toBe(true);
    expect(loadConfig({ AUTH_DEV_LOGIN: 'false' }).auth.devLogin).toBe(false);
  });

  it('reads TRUST_PROXY as off, true, a hop count or a list of addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16 ,::1,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('starts one process on the embedded database, the core count on a server, and refuses several on the embedded one', () => {
    const server = 'postgres://u@h/db';
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: server }).workers).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: server, WEB_CONCURRENCY: '3' }).workers).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).workers).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY > 1 cần máy chủ PostgreSQL/);
    expect(() => loadConfig({ DATABASE_URL: server, WEB_CONCURRENCY: '0' })).toThrow(ConfigError);
  });

  it('rejects malformed values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ AUTH_TOKEN_TTL: 'forever' })).toThrow(/AUTH_TOKEN_TTL/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });
});
