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

/** Every environment variable the server reads, parsed in one place (README lists them). */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.preprocess(empty, z.string().url().optional()),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST: z.preprocess(empty, z.string().optional()),
  SCHOOL_NAME: z.string().default('Trường THPT Chuyên Lê Quý Đôn'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  const devLogin = e.AUTH_DEV_LOGIN ?? false;
  if (production && devLogin) throw new ConfigError('AUTH_DEV_LOGIN=true bị từ chối khi NODE_ENV=production.');
  if (production && !e.AUTH_SECRET) throw new ConfigError('Thiếu AUTH_SECRET: bắt buộc khi NODE_ENV=production.');
  const embedded = !e.DATABASE_URL;
  const seedDemo = e.SEED_DEMO ?? (embedded && !production);
  if (production && seedDemo) throw new ConfigError('Không được nạp dữ liệu mẫu khi NODE_ENV=production.');
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    webDist: e.WEB_DIST,
    schoolName: e.SCHOOL_NAME,
    logLevel: e.LOG_LEVEL,
    seedDemo,
    results: {
      redisUrl: e.REDIS_URL ?? null,
      redisKeyPrefix: e.REDIS_KEY_PREFIX,
      cacheTtlSeconds: e.RESULTS_CACHE_TTL,
      minGroupSize: e.MIN_GROUP_SIZE,
      autoCalculateDelayMs: e.RESULTS_AUTO_DELAY_MS,
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
