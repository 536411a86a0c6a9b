import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '@app/shared/constants';
import { httpStatus } from './api-client';

/** Exponential back-off capped at 30 s (spec section 9): 1 s, 2 s, 4 s … */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, QUERY_DEFAULTS.maxRetryDelayMs);
}

/**
 * Failed reads are retried 3 times. Answers that cannot change by asking again (401, 403, 404 and
 * other 4xx except 408/429) are not retried: a 401 has already ended the session.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_DEFAULTS.retries) return false;
  const status = httpStatus(error);
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        retry: shouldRetryQuery,
        retryDelay,
      },
      // Failed writes are not retried (spec section 9).
      mutations: { retry: 0 },
    },
  });
}

export const queryClient = createQueryClient();
