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
  IMPORT_INVALID: { status: 400, message: MSG.badRequest },
  SURVEY_NOT_OPEN: { status: 400, message: MSG.badRequest },
  UNAUTHENTICATED: { status: 401, message: MSG.sessionExpired },
  INVALID_GOOGLE_TOKEN: { status: 401, message: MSG.googleTokenInvalid },
  FORBIDDEN: { status: 403, message: MSG.forbidden },
  NOT_ELIGIBLE: { status: 403, message: MSG.forbidden },
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
};

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
      return reply.status(known.status).send({ success: false, message, code });
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
