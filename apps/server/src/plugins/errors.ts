import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@app/shared/messages';
import '@app/shared/zod-locale';
import { CONSTRAINT_MESSAGES } from '@/db/constraint-messages';

/**
 * Every error code the API answers with: its HTTP status and the message used when a thrower
 * gives none. `AppError` takes its status from here, so a code and its status cannot disagree.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, message: MSG.badRequest },
  VALIDATION_ERROR: { status: 400, message: MSG.badRequest },
  CHECK_FAILED: { status: 400, message: 'Dữ liệu không hợp lệ.' },
  OUT_OF_RANGE: { status: 400, message: 'Có giá trị vượt quá giới hạn cho phép (số quá lớn hoặc chuỗi quá dài).' },
  IMPORT_INVALID: { status: 400, message: MSG.badRequest },
  IMPORT_TOO_LARGE: { status: 400, message: 'Tệp quá lớn để nhập. Hãy chia thành nhiều tệp nhỏ hơn.' },
  INVALID_TEXT: {
    status: 400,
    message: 'Dữ liệu có ký tự không hợp lệ (ký tự rỗng NUL hoặc ký tự Unicode bị hỏng). Hãy xoá ký tự đó rồi gửi lại.',
  },
  SURVEY_NOT_OPEN: { status: 400, message: MSG.badRequest },
  UNAUTHENTICATED: { status: 401, message: MSG.sessionExpired },
  INVALID_GOOGLE_TOKEN: { status: 401, message: MSG.googleTokenInvalid },
  FORBIDDEN: { status: 403, message: MSG.forbidden },
  NOT_ELIGIBLE: { status: 403, message: MSG.forbidden },
  /** A teacher or head asked for the results of a survey not published yet (issue 11). */
  NOT_PUBLISHED: { status: 403, message: MSG.forbidden },
  ACCOUNT_NOT_FOUND: { status: 403, message: MSG.accountNotFound },
  ACCOUNT_INACTIVE: { status: 403, message: MSG.accountInactive },
  EMAIL_NOT_VERIFIED: { status: 403, message: MSG.emailNotVerified },
  DOMAIN_NOT_ALLOWED: { status: 403, message: MSG.domainNotAllowed },
  NOT_FOUND: { status: 404, message: MSG.notFound },
  NO_TEACHER_RECORD: { status: 404, message: MSG.notFound },
  DEV_LOGIN_DISABLED: { status: 404, message: MSG.devLoginDisabled },
  GOOGLE_DISABLED: { status: 404, message: 'Đăng nhập bằng Google chưa được cấu hình.' },
  CONFLICT: { status: 409, message: 'Dữ liệu bị trùng với bản ghi đã có.' },
  DUPLICATE: { status: 409, message: 'Dữ liệu bị trùng với bản ghi đã có.' },
  IN_USE: { status: 409, message: 'Dữ liệu đang được sử dụng hoặc tham chiếu đến bản ghi không tồn tại.' },
  RATE_LIMITED: { status: 429, message: MSG.tooManyRequests },
  INTERNAL: { status: 500, message: MSG.internal },
  DB_TIMEOUT: { status: 503, message: 'Cơ sở dữ liệu đang bận hoặc không phản hồi. Vui lòng thử lại sau ít phút.' },
  GRADE_CAMPUS_FAILED: { status: 500, message: MSG.internal },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The one error type services throw; the handler turns it into the API's error body. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? ERROR_CODES[code].message);
    this.status = ERROR_CODES[code].status;
  }
}

export const notFound = (message: string = MSG.notFound) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, details?: unknown) => new AppError('CONFLICT', message, details);
export const badRequest = (message: string, details?: unknown) => new AppError('BAD_REQUEST', message, details);

/** The error code for each PostgreSQL error the handler translates (its status and message from ERROR_CODES). */
const PG_CODES: Record<string, ErrorCode> = {
  '23505': 'DUPLICATE',
  '23503': 'IN_USE',
  '23514': 'CHECK_FAILED',
  // What got past the schemas and still does not fit a column: the caller's data, a 400, not a 500.
  '22003': 'OUT_OF_RANGE',
  '22001': 'OUT_OF_RANGE',
  '22021': 'INVALID_TEXT',
  '22P05': 'INVALID_TEXT',
  // statement_timeout, idle_in_transaction_session_timeout, idle_session_timeout: a bounded wait ran out.
  '57014': 'DB_TIMEOUT',
  '25P03': 'DB_TIMEOUT',
  '57P05': 'DB_TIMEOUT',
};

/** node-postgres's own errors when the server does not answer (no SQLSTATE: the client gave up or the link broke). */
const PG_CLIENT_GAVE_UP = /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated)/;

function causes(err: unknown): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (let e = err as Record<string, unknown> | undefined, i = 0; e && typeof e === 'object' && i < 4; e = e.cause as typeof e, i++)
    out.push(e);
  return out;
}

/** The database did not answer in time, or the link to it broke: a 503 the caller may retry, not a 500. */
function isDatabaseUnavailable(err: unknown) {
  return causes(err).some(
    (e) =>
      (typeof e.message === 'string' && PG_CLIENT_GAVE_UP.test(e.message)) ||
      (typeof e.code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'].includes(e.code)),
  );
}

/** Error classes whose messages are written by the program itself, never carry data: the only messages that are logged. */
const PROGRAM_ERRORS = new Set(['TypeError', 'ReferenceError', 'RangeError']);

/**
 * How errors reach the application log (the logger's `err` serializer, so every `log.x({ err })` goes
 * through it): class, code, the PostgreSQL fields that name no data (SQLSTATE, constraint, table,
 * column) and the stack's frames. Never the message of a database or parsing error, nor its `detail`,
 * query or parameters: Drizzle's "Failed query … params: …", pg's "Key (email)=(…)" and JSON's
 * "Unexpected token … in \"…\"" all carry what a person sent (answers, student ids, names).
 */
function loggableError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!err || typeof err !== 'object') return { type: typeof err, message: typeof err, stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  const type = e.constructor?.name ?? e.name;
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = { type, message: type, stack: '' };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (err instanceof AppError) out.message = ERROR_CODES[err.code].message;
  else if (PROGRAM_ERRORS.has(e.name) && typeof e.message === 'string') out.message = e.message;
  const pgErr = causes(err).find((c) => typeof c.severity === 'string' && typeof c.code === 'string');
  if (pgErr) {
    out.pg = Object.fromEntries(
      (['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const)
        .filter((k) => typeof pgErr[k] === 'string')
        .map((k) => [k, pgErr[k]]),
    );
  } else {
    const client = causes(err).find((c) => typeof c.message === 'string' && PG_CLIENT_GAVE_UP.test(c.message));
    if (client) out.message = String(client.message).match(PG_CLIENT_GAVE_UP)![0];
  }
  if (out.message === type && out.pg) out.message = `${type} ${(out.pg as { code: string }).code}`;
  if (typeof e.stack === 'string')
    out.stack = e.stack
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .join('\n');
  return out;
}

/** How a request reaches the log: its path without the query string (searches name people). */
function loggableRequest(req: { method?: string; url?: string; ip?: string; id?: unknown }) {
  return { method: req.method, url: req.url?.split('?')[0], remoteAddress: req.ip };
}

/** The application logger's serializers (app.ts): nothing a person sent reaches the log through an error or a request. */
export const LOG_SERIALIZERS = { err: loggableError, error: loggableError, req: loggableRequest };

/** A NUL, or half of a surrogate pair without its other half: PostgreSQL's text cannot hold either. */
// eslint-disable-next-line no-control-regex -- NUL is the character this test looks for
const HOSTILE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when any string (or key) inside a parsed body, query or params holds such a character (a 2 MB body holds well under the cap's million values). */
function holdsHostileText(value: unknown): boolean {
  const stack: unknown[] = [value];
  for (let seen = 0; stack.length && seen < 1_000_000; seen++) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (HOSTILE_TEXT.test(v)) return true;
    } else if (Array.isArray(v)) {
      stack.push(...v);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (HOSTILE_TEXT.test(k)) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

/**
 * Refuses, once for every route, a NUL byte or a lone surrogate anywhere in the JSON body, the query
 * string or the path: a 400 in Vietnamese before any schema or SQL sees it (PostgreSQL would fail the
 * statement with a 500).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (holdsHostileText(req.params) || holdsHostileText(req.query) || holdsHostileText(req.body)) throw new AppError('INVALID_TEXT');
  });
}

/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it in `cause`). */
export function pgErrorOf(err: unknown): { code: string; constraint?: string } | null {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^\d{5}$|^[0-9A-Z]{5}$/.test(e.code) && PG_CODES[e.code]) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
  }
  return null;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const pgErr = pgErrorOf(err);
    if (pgErr) {
      const code = PG_CODES[pgErr.code];
      const known = ERROR_CODES[code];
      const message = (pgErr.constraint && CONSTRAINT_MESSAGES[pgErr.constraint]) || known.message;
      if (known.status >= 500) req.log.warn({ err }, 'database timeout');
      return reply.status(known.status).send({ success: false, message, code });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).send({ success: false, message: ERROR_CODES.DB_TIMEOUT.message, code: 'DB_TIMEOUT' });
    }
    if (err instanceof AppError) {
      return reply.status(err.status).send({ success: false, message: err.message, code: err.code, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: `${err.validationContext ?? ''}${v.instancePath}`,
        message: v.message,
      }));
      // The first problem, in Vietnamese, is what a person reads; all of them are in details.
      return reply
        .status(400)
        .send({ success: false, message: details[0]?.message ?? ERROR_CODES.VALIDATION_ERROR.message, code: 'VALIDATION_ERROR', details });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ success: false, message: ERROR_CODES.RATE_LIMITED.message, code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, too large, wrong content type): say so in Vietnamese.
      return reply.status(status).send({ success: false, message: MSG.badRequest, code: err.code ?? 'BAD_REQUEST' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, message: ERROR_CODES.INTERNAL.message, code: 'INTERNAL' });
  });
}
