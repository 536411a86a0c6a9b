import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
const empty = (v: unknown) => (v === '' ? undefined : v);

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
function isAddressOrRange(s: string) {
  if (PROXY_RANGES.includes(s)) return true;
  const [addr, bits, ...rest] = s.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}
/**
 * Fastify's trustProxy: whether X-Forwarded-For is believed for the caller's address. Off (false)
 * by default; `true` (any proxy), a hop count, or a comma list of addresses and CIDR ranges.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): boolean | number | string[] => {
    const s = (v ?? '').trim().toLowerCase();
    if (s === '' || s === 'false' || s === '0') return false;
    if (s === 'true') return true;
    if (/^\d+$/.test(s)) return Number(s);
    const items = s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = items.filter((x) => !isAddressOrRange(x));
    if (bad.length)
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: không phải true/false, số proxy hay địa chỉ/CIDR: ${bad.join(', ')}` });
    return items;
  });

/** Every environment variable the server reads, parsed in one place (README lists them). */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  TRUST_PROXY: trustProxy,
  DATABASE_URL: z.preprocess(empty, z.string().url().optional()),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST: z.preprocess(empty, z.string().optional()),
  SCHOOL_NAME: z.string().default('Trường THPT Chuyên Lê Quý Đôn'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: short lines and a start banner for a person; json: one JSON line per entry (default when NODE_ENV=production). */
  LOG_FORMAT: z.preprocess(empty, z.enum(['pretty', 'json']).optional()),
  GOOGLE_CLIENT_ID: z.preprocess(empty, z.string().optional()),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  ALLOWED_EMAIL_DOMAINS: list,
  ADMIN_EMAILS: list,
  AUTH_DEV_LOGIN: bool,
  AUTH_SECRET: z.preprocess(empty, z.string().min(32, 'AUTH_SECRET phải dài ít nhất 32 ký tự').optional()),
  AUTH_TOKEN_TTL: z
    .string()
    .regex(/^\d+\s*[smhdw]$/, 'AUTH_TOKEN_TTL dạng 7d, 12h, 30m')
    .default('7d'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  SEED_DEMO: bool,
  // Survey results (issue 5): the cache is shared through Redis when REDIS_URL is set, else in memory.
  REDIS_URL: z.preprocess(empty, z.string().url().optional()),
  REDIS_KEY_PREFIX: z.string().default('results:'),
  RESULTS_CACHE_TTL: z.coerce.number().int().min(1).default(600),
  /** Slices with fewer responses are hidden from teachers and heads of department. */
  MIN_GROUP_SIZE: z.coerce.number().int().min(1).default(5),
  /** Auto-calculate waits this long after a response, so a burst of responses makes one recalculation. */
  RESULTS_AUTO_DELAY_MS: z.coerce.number().int().min(0).default(10_000),
  /** Free texts the auto-review has not decided (left by a crash) are swept at start and this often; 0 turns the sweep off. */
  AUTO_REVIEW_SWEEP_SECONDS: z.coerce.number().int().min(0).default(60),
  // Bounded waits on the PostgreSQL server (issue 11); 0 turns a bound off.
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DB_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  // Imports are refused before unpacking when the file would unpack to more, or hold more rows.
  IMPORT_MAX_UNPACKED_MB: z.coerce.number().int().min(1).default(20),
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).default(20_000),
  // Notification e-mail (issue 17): off unless SMTP_URL is set (smtp://user:pass@host:587, smtps://… for TLS).
  SMTP_URL: z.preprocess(empty, z.string().url().optional()),
  SMTP_FROM: z.string().default('Thông báo nhà trường <no-reply@localhost>'),
  /** The address people open the app at, for links in e-mails; default http://localhost:PORT. */
  APP_URL: z.preprocess(empty, z.string().url().optional()),
  /** Reminders and openings (survey closing in 2 days, a round opening) are looked for at start and this often; 0 = never. */
  NOTIFICATION_SWEEP_MINUTES: z.coerce.number().int().min(0).default(60),
  /** Worker processes on one port (node:cluster); default 1 on the embedded database, the core count on PostgreSQL. */
  WEB_CONCURRENCY: z.preprocess(empty, z.coerce.number().int().min(1).max(64).optional()),
});

export type AppConfig = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Cấu hình không hợp lệ:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const embedded = !e.DATABASE_URL;
  // Demo sign-in (no password) is on by default only for the embedded demo database without Google;
  // on a PostgreSQL server it stays off unless asked for explicitly.
  const devLogin = e.AUTH_DEV_LOGIN ?? (embedded && !production && !e.GOOGLE_CLIENT_ID);
  if (production && devLogin) throw new ConfigError('AUTH_DEV_LOGIN=true bị từ chối khi NODE_ENV=production.');
  if (production && !e.AUTH_SECRET) throw new ConfigError('Thiếu AUTH_SECRET: bắt buộc khi NODE_ENV=production.');
  const seedDemo = e.SEED_DEMO ?? (embedded && !production);
  if (production && seedDemo) throw new ConfigError('Không được nạp dữ liệu mẫu khi NODE_ENV=production.');
  // PGlite is one process holding its data directory: a second process cannot open it.
  if (embedded && (e.WEB_CONCURRENCY ?? 1) > 1)
    throw new ConfigError(
      'WEB_CONCURRENCY > 1 cần máy chủ PostgreSQL (DATABASE_URL): cơ sở dữ liệu nhúng chỉ phục vụ được một tiến trình.',
    );
  const workers = e.WEB_CONCURRENCY ?? (embedded ? 1 : availableParallelism());
  // JSON lines for a log collector in production; short lines and a banner for a person otherwise.
  const logFormat: 'pretty' | 'json' = e.LOG_FORMAT ?? (production ? 'json' : 'pretty');
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    webDist: e.WEB_DIST,
    schoolName: e.SCHOOL_NAME,
    logLevel: e.LOG_LEVEL,
    logFormat,
    seedDemo,
    db: {
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleTxTimeoutMs: e.DB_IDLE_TX_TIMEOUT_MS,
    },
    imports: { maxUnpackedBytes: e.IMPORT_MAX_UNPACKED_MB * 1024 * 1024, maxRows: e.IMPORT_MAX_ROWS },
    workers,
    results: {
      redisUrl: e.REDIS_URL ?? null,
      redisKeyPrefix: e.REDIS_KEY_PREFIX,
      cacheTtlSeconds: e.RESULTS_CACHE_TTL,
      minGroupSize: e.MIN_GROUP_SIZE,
      autoCalculateDelayMs: e.RESULTS_AUTO_DELAY_MS,
    },
    autoReview: { sweepSeconds: e.AUTO_REVIEW_SWEEP_SECONDS },
    notifications: {
      smtpUrl: e.SMTP_URL ?? null,
      emailFrom: e.SMTP_FROM,
      appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      sweepMinutes: e.NOTIFICATION_SWEEP_MINUTES,
    },
    auth: {
      googleClientId: e.GOOGLE_CLIENT_ID ?? null,
      googleJwksUrl: e.GOOGLE_JWKS_URL,
      allowedDomains: e.ALLOWED_EMAIL_DOMAINS,
      adminEmails: e.ADMIN_EMAILS,
      devLogin,
      secret: e.AUTH_SECRET,
      tokenTtl: e.AUTH_TOKEN_TTL.replace(/\s+/g, ''),
      rateLimit: e.AUTH_RATE_LIMIT,
    },
  };
}
