import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '@/app';
import { ConfigError, loadConfig } from '@/config';
import type { Database } from '@/db/client';
import { testConfig } from '@/test/app';
import { createTestDatabase } from '@/test/db';
import { announceReady, browserUrl, prettyLine, readyBanner, serverLoggerOptions, shownDatabaseUrl } from './log';

/** An app on `database` whose log goes into `lines` at `level`. */
async function loggedApp(database: Database, env: Record<string, string>, level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const app = await buildApp({ config: testConfig(env), database, logger: { level, stream } });
  await app.ready();
  return { app, lines };
}

describe('request lines', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
  });
  afterAll(() => database.close());

  it('outside production: one debug line per answered request, none at info, no "incoming request"', async () => {
    const info = await loggedApp(database, {}, 'info');
    expect((await info.app.inject({ url: '/api/health?who=Nguyen' })).statusCode).toBe(200);
    await info.app.close();
    expect(info.lines.filter((l) => String(l.msg).startsWith('request'))).toEqual([]);

    const debug = await loggedApp(database, {}, 'debug');
    await debug.app.inject({ url: '/api/health?who=Nguyen' });
    await debug.app.close();
    const requests = debug.lines.filter((l) => l.req || l.res);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 20,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
    });
    expect(typeof requests[0]!.responseTime).toBe('number');
    expect(JSON.stringify(debug.lines)).not.toContain('Nguyen');
  });

  it('in production: the same line at info (the access log)', async () => {
    const prod = await loggedApp(database, { NODE_ENV: 'production', AUTH_DEV_LOGIN: 'false' }, 'info');
    await prod.app.inject({ url: '/api/health' });
    await prod.app.close();
    expect(prod.lines.filter((l) => l.msg === 'request completed').map((l) => l.level)).toEqual([30]);
  });
});

describe('LOG_FORMAT', () => {
  it('is pretty by default outside production, json in production, and refuses anything else', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(ConfigError);
  });

  it('pretty writes through a destination of its own; json is pino’s own stdout', () => {
    expect(serverLoggerOptions(loadConfig({ LOG_FORMAT: 'pretty' })).stream).toBeTruthy();
    expect('stream' in serverLoggerOptions(loadConfig({ LOG_FORMAT: 'json' }))).toBe(false);
  });

  it('Fastify’s "Server listening at" is a debug line (the ready entry says it once)', () => {
    const levels: Array<[number, string]> = [];
    const { hooks, level } = serverLoggerOptions(loadConfig({ LOG_FORMAT: 'json', LOG_LEVEL: 'debug' }));
    const log = pino({ hooks, level }, { write: (l: string) => void levels.push([JSON.parse(l).level, JSON.parse(l).msg]) });
    log.info('Server listening at http://127.0.0.1:3000');
    log.info('something else');
    expect(levels).toEqual([
      [20, 'Server listening at http://127.0.0.1:3000'],
      [30, 'something else'],
    ]);
  });
});

describe('the pretty line', () => {
  const time = new Date(2026, 8, 5, 14, 3, 21).getTime();
  const line = (e: Record<string, unknown>) => prettyLine(JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', ...e }));

  it('a request: method, path, status and time, the start of its request id, without pid or host', () => {
    expect(
      line({
        level: 20,
        reqId: '07094643-d825-44a8-a302-1e0d5835b5f8',
        req: { method: 'GET', url: '/api/v1/students', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: 12.4,
        msg: 'request completed',
      }),
    ).toBe('14:03:21 DEBUG GET /api/v1/students 200 12 ms reqId=07094643\n');
  });

  it('a message with its fields, an error with its class, message and stack frames', () => {
    expect(line({ msg: 'Đang dừng máy chủ', signal: 'SIGTERM' })).toBe('14:03:21 INFO  Đang dừng máy chủ signal=SIGTERM\n');
    const out = line({
      level: 50,
      msg: 'unhandled error',
      err: { type: 'DrizzleQueryError', message: 'DrizzleQueryError 22P02', stack: '    at run (db.ts:1:1)', code: '22P02' },
    });
    expect(out).toBe('14:03:21 ERROR unhandled error\n  DrizzleQueryError: DrizzleQueryError 22P02 code=22P02\n    at run (db.ts:1:1)\n');
  });

  it('colours only when asked (a terminal), and passes a line that is not JSON through', () => {
    expect(prettyLine(JSON.stringify({ level: 40, time, msg: 'x' }), { color: true })).toContain('\u001b[33mWARN');
    expect(prettyLine('plain text')).toBe('plain text\n');
  });
});

describe('the ready banner', () => {
  const info = {
    host: '127.0.0.1',
    port: 3000,
    dataDir: './data',
    workers: 1,
    devLogin: true,
    seededDemo: true,
    startupMs: 2345,
  };

  it('the address to open, the demo sign-in hint, the database and the process count', () => {
    expect(readyBanner(info)).toEqual([
      'Sẵn sàng tại http://localhost:3000',
      'Đăng nhập thử: mở trang đăng nhập và chọn một tài khoản demo',
      'Cơ sở dữ liệu: nhúng (PGlite) tại data/pgdata',
      '1 tiến trình phục vụ · đã nạp dữ liệu mẫu · khởi động 2,3 s',
      'Dừng: Ctrl+C',
    ]);
  });

  it('a PostgreSQL server without its password or query string; no demo hint when the demo sign-in is off', () => {
    const lines = readyBanner({
      ...info,
      devLogin: false,
      seededDemo: false,
      workers: 4,
      databaseUrl: 'postgres://app:s3cr%40t@db.example:5432/school?password=other&sslmode=require',
    });
    expect(lines.join('\n')).not.toMatch(/s3cr|other|Đăng nhập thử/);
    expect(lines).toContain('Cơ sở dữ liệu: máy chủ PostgreSQL postgres://app@db.example:5432/school');
    expect(lines).toContain('4 tiến trình phục vụ · khởi động 2,3 s');
    expect(shownDatabaseUrl('not a url')).toBe('máy chủ PostgreSQL');
  });

  it('addresses: loopback and any-address are localhost; others as given', () => {
    expect(browserUrl('0.0.0.0', 80)).toBe('http://localhost:80');
    expect(browserUrl('::', 3000)).toBe('http://localhost:3000');
    expect(browserUrl('10.0.0.5', 3000)).toBe('http://10.0.0.5:3000');
    expect(browserUrl('fd00::5', 3000)).toBe('http://[fd00::5]:3000');
  });

  it('json: one info entry with the same facts; pretty: the banner on stdout; nothing below info', () => {
    const entries: Array<[object, string]> = [];
    const log = (level: string) => ({ level, info: (obj: object, msg: string) => entries.push([obj, msg]) });
    announceReady(log('info'), 'json', { ...info, databaseUrl: 'postgres://app:pw@db:5432/school' });
    expect(entries).toEqual([
      [
        {
          url: 'http://localhost:3000',
          db: 'postgres',
          databaseUrl: 'postgres://app@db:5432/school',
          workers: 1,
          devLogin: true,
          seededDemo: true,
          startupMs: 2345,
        },
        'Sẵn sàng tại http://localhost:3000',
      ],
    ]);
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      announceReady(log('warn'), 'pretty', info);
      announceReady(log('warn'), 'json', info);
      expect(write).not.toHaveBeenCalled();
      announceReady(log('info'), 'pretty', info);
      expect(write.mock.calls.map((c) => String(c[0])).join('')).toContain('Sẵn sàng tại http://localhost:3000');
    } finally {
      write.mockRestore();
    }
    expect(entries).toHaveLength(1);
  });
});
