import { z } from 'zod';
import { ZModule, type TModule } from '@app/shared/school';
import { apiClient, httpStatus, unwrap } from '@/lib/api-client';

const ZModuleList = z.object({ items: z.array(ZModule) });

/** A 401 from the module call; the loader retries once before ending the session (spec section 8). */
export class ModulesUnauthorizedError extends Error {
  constructor() {
    super('Module load answered 401');
    this.name = 'ModulesUnauthorizedError';
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ModulesUnauthorizedError || httpStatus(error) === 401;
}

/**
 * GET /academic-years/current-semester/modules. A 401 is let through as a response instead of an
 * error: otherwise the client's global 401 handler would end the session at once, and the spec
 * gives this call its own rule (one retry, its own message, logout after 1 s).
 */
export async function getCurrentSemesterModules(): Promise<TModule[]> {
  const res = await apiClient.get('/v1/academic-years/current-semester/modules', {
    validateStatus: (status) => (status >= 200 && status < 300) || status === 401,
  });
  if (res.status === 401) throw new ModulesUnauthorizedError();
  return unwrap(ZModuleList, res.data).items;
}
