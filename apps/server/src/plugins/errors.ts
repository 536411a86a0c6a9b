import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@app/shared/messages';

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

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ success: false, message: err.message, code: err.code, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: `${err.validationContext ?? ''}${v.instancePath}`,
        message: v.message,
      }));
      return reply.status(400).send({ success: false, message: MSG.badRequest, code: 'VALIDATION_ERROR', details });
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
