import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client';
import { importRoutes } from './modules/imports/imports.routes';

export interface AreaDeps {
  db: Db;
}

/** Every area's /api/v1 routes; each area adds one line. */
export function areaRoutes(app: FastifyInstance, deps: AreaDeps) {
  importRoutes(app, deps);
}
