import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@app/shared/messages';
import '@app/shared/zod-locale';

/** The one error type services throw; the handler turns it into the API's error body. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MSG.notFound) => new AppError('NOT_FOUND', 404, message);
export const conflict = (message: string, details?: unknown) => new AppError('CONFLICT', 409, message, details);
export const badRequest = (message: string, details?: unknown) => new AppError('BAD_REQUEST', 400, message, details);

/**
 * Vietnamese messages for the database's own constraints, by constraint name, so a race that
 * slips past a service's check still answers 409 with a clear message. Areas add theirs.
 */
export const CONSTRAINT_MESSAGES: Record<string, string> = {};

const PG_MESSAGES: Record<string, { status: number; code: string; message: string }> = {
  '23505': { status: 409, code: 'DUPLICATE', message: 'Dữ liệu bị trùng với bản ghi đã có.' },
  '23503': { status: 409, code: 'IN_USE', message: 'Dữ liệu đang được sử dụng hoặc tham chiếu đến bản ghi không tồn tại.' },
  '23514': { status: 400, code: 'CHECK_FAILED', message: 'Dữ liệu không hợp lệ.' },
};

/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it in `cause`). */
export function pgErrorOf(err: unknown): { code: string; constraint?: string } | null {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^\d{5}$|^[0-9A-Z]{5}$/.test(e.code) && PG_MESSAGES[e.code]) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
  }
  return null;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const pgErr = pgErrorOf(err);
    if (pgErr) {
      const known = PG_MESSAGES[pgErr.code];
      const message = (pgErr.constraint && CONSTRAINT_MESSAGES[pgErr.constraint]) || known.message;
      return reply.status(known.status).send({ success: false, message, code: known.code });
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
      return reply.status(400).send({ success: false, message: details[0]?.message ?? MSG.badRequest, code: 'VALIDATION_ERROR', details });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ success: false, message: MSG.tooManyRequests, code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, too large, wrong content type): say so in Vietnamese.
      return reply.status(status).send({ success: false, message: MSG.badRequest, code: err.code ?? 'BAD_REQUEST' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, message: MSG.internal, code: 'INTERNAL' });
  });
}
