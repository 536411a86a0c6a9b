import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: './data', databaseUrl: undefined, seedDemo: true });
    expect(c.auth).toMatchObject({
      devLogin: false,
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

  it('rejects malformed values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ AUTH_TOKEN_TTL: 'forever' })).toThrow(/AUTH_TOKEN_TTL/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });
});
