import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG } from '@app/shared/messages';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { API_PREFIX, registerAuth } from './plugins/auth';
import { LOG_SERIALIZERS, registerErrorHandler, registerInputGuard } from './plugins/errors';
import { createEventBus } from './plugins/events';
import { connectCallerCache } from './plugins/auth-cache';
import { connectClusterBus } from './plugins/cluster-bus';
import { sharedRateLimitStore } from './plugins/rate-limit-store';
import { createGoogleVerifier, createSessionTokens, resolveSecret } from './lib/tokens';
import { RequestLogController, requestLogLevel, serverLoggerOptions } from './lib/log';
import { responseSerializer } from './lib/serializer';
import { healthRoutes } from './areas/health/health.routes';
import { firstStartDefaultsOf, startSettings } from './areas/settings/settings.service';
import { apiRoutes, publicRoutes } from './routes';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * TRUST_PROXY as a hop count: the nearest n addresses (the socket's, then X-Forwarded-For from the
 * right) are proxies, as in Express. Fastify takes a bare number as "trust nobody", so it is given as
 * a function; it is safe only when clients cannot reach the server except through those proxies.
 */
const nearestHops = (n: number) => (_address: string, hop: number) => hop < n;

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ config, database, logger }: BuildOptions) {
  const app = Fastify({
    // Every logger gets the serializers that keep answers, query strings and SQL parameters out of the log;
    // the server's own writes LOG_FORMAT (lib/log.ts).
    logger:
      logger === undefined || logger === true
        ? serverLoggerOptions(config)
        : logger && typeof logger === 'object'
          ? { ...logger, serializers: { ...LOG_SERIALIZERS, ...logger.serializers } }
          : logger,
    // One line per request, when it is answered: at debug outside production (LOG_LEVEL=debug shows them).
    logController: new RequestLogController(requestLogLevel(config)),
    // The audit log's request id is the server's own: a client's X-Request-Id is never taken for it.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (off: the socket's address),
    // so nobody can pick the address the sign-in rate limit counts and the audit log records.
    trustProxy: typeof config.trustProxy === 'number' ? nearestHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandler(app);
  registerInputGuard(app);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  // The security headers, their middleware built once (@fastify/helmet built it again at every request:
  // about 2% of the server's CPU in the registration rush) and applied to every answer as that plugin did.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google Identity Services is loaded only when GOOGLE_CLIENT_ID is configured.
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        frameSrc: ['https://accounts.google.com/gsi/'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  // Counted across every process of the school (Redis, else PostgreSQL); on PGlite in this process's memory.
  const limitStore = await sharedRateLimitStore({
    db: database.db,
    redisUrl: config.results.redisUrl,
    redisPrefix: config.results.redisKeyPrefix,
    log: app.log,
  });
  if (limitStore) app.addHook('onClose', () => limitStore.close());
  await app.register(rateLimit, { global: false, ...(limitStore && { store: limitStore.store }) });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'API hệ thống quản lý trường THPT chuyên', version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const secret = resolveSecret({ secret: config.auth.secret, dataDir: config.dataDir, production: config.production });
  const tokens = createSessionTokens(secret, config.auth.tokenTtl);
  const google = config.auth.googleClientId
    ? createGoogleVerifier({ jwksUrl: config.auth.googleJwksUrl, clientId: config.auth.googleClientId })
    : null;
  const db = database.db;
  const events = createEventBus(app.log);
  app.decorate('events', events);
  // Events reach the other workers (WEB_CONCURRENCY) and servers of the school: their caches listen.
  const transport = await connectClusterBus({
    db,
    redisUrl: config.results.redisUrl,
    redisPrefix: config.results.redisKeyPrefix,
    log: app.log,
  });
  if (transport) {
    events.attach(transport);
    app.addHook('onClose', () => transport.close());
  }

  // The rush's routes take their caller from this cache, forgotten at the commit of any change (PostgreSQL only).
  const callerCache = await connectCallerCache({ db, log: app.log });
  if (callerCache) app.addHook('onClose', () => callerCache.close());
  registerAuth(app, { db, tokens, callerCache });
  healthRoutes(app, { db });
  // The school's settings (issue 17): SCHOOL_NAME, MIN_GROUP_SIZE, ALLOWED_EMAIL_DOMAINS and ADMIN_EMAILS are
  // only the first start's values; afterwards the settings page decides, and every process follows a save.
  const settingsDefaults = firstStartDefaultsOf(config);
  const settings = await startSettings({ db, events, defaults: settingsDefaults, log: app.log });
  const live = () => settings.schoolSettings();
  // Readers keep reading these fields; the getters answer the settings in force at each read.
  const results = {
    ...config.results,
    get minGroupSize() {
      return live().surveyResults.minGroupSize;
    },
  };
  const auth = {
    db,
    tokens,
    google,
    get allowedDomains() {
      return live().signIn.allowedDomains;
    },
    googleClientId: config.auth.googleClientId,
    devLogin: config.auth.devLogin,
    get schoolName() {
      return live().school.name;
    },
    rateLimit: config.auth.rateLimit,
  };
  await app.register(
    (api) =>
      apiRoutes(api, {
        db,
        events,
        dataDir: config.dataDir,
        results,
        settings,
        settingsDefaults,
        autoReview: config.autoReview,
        imports: config.imports,
        notifications: config.notifications,
        auth,
      }),
    {
      prefix: API_PREFIX,
    },
  );
  publicRoutes(app, { dataDir: config.dataDir });

  // The built web app, with the SPA's index.html for every non-API path.
  const webDist = resolve(config.webDist ?? DEFAULT_WEB_DIST);
  const hasWeb = existsSync(resolve(webDist, 'index.html'));
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/, so it can be cached for good; the rest is revalidated.
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api') || !hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ success: false, message: MSG.routeNotFound, code: 'NOT_FOUND' });
    }
    return reply.type('text/html').sendFile('index.html', webDist, { cacheControl: false });
  });
  return app;
}
