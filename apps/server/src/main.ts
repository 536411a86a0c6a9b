import cluster from 'node:cluster';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { buildApp } from './app';
import { secureDataDir } from './db/data-dir';
import { announceReady, createLogger } from './lib/log';
import { resolveSecret } from './lib/tokens';
import { ensureAdmins } from './seed/admins';
import { firstStartDefaultsOf, firstStartSettings } from './areas/settings/settings.service';
import { seedDemo } from './seed/demo';
import { seedThemeCodes } from './seed/theme-codes';
import { seedWorkloadRules } from './seed/workload-rules';
import { seedFormKinds } from './seed/form-kinds';

/** A worker that dies is started again; this many deaths within `CRASH_WINDOW_MS` stop the server instead. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;
/** A stop (SIGTERM, SIGINT) waits this long for open requests and the database to close, then ends the process. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Started by `npm start` (scripts/start.mjs), the server has an IPC channel to it: when that process ends
 * without passing a signal on (killed with SIGKILL), the channel closes and the server stops as on SIGTERM.
 */
function onParentExit(stop: () => void) {
  if (!process.send || cluster.isWorker) return;
  process.once('disconnect', stop);
  // The channel alone must not keep the process alive.
  process.channel?.unref();
}

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** Migrations, the demo school, admins and themes: once per start, before anyone serves. */
async function prepare(config: AppConfig, database: Database) {
  await database.migrate();
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;
  // ADMIN_EMAILS is the first start's list; afterwards the settings page's (issue 17).
  const settings = await firstStartSettings(database.db, firstStartDefaultsOf(config));
  await ensureAdmins(database.db, settings.signIn.adminEmails);
  // Every install starts with the analysis themes and codes (once; people may change them later).
  await seedThemeCodes(database.db);
  // Every install starts with the workload rule set of Thông tư 05/2025 stored (once; people edit it later).
  await seedWorkloadRules(database.db);
  // Every install starts with the four student form kinds (once; admin edits them later).
  await seedFormKinds(database.db);
  return seeded;
}

/** Opens the database and serves; with `prepared` false it first migrates and seeds (one process). */
async function serve(config: AppConfig, prepared: boolean) {
  const started = Date.now();
  // Migrations may run longer than DB_STATEMENT_TIMEOUT_MS (an index on a large table): on a server
  // they run on a connection of their own without that bound (PGlite has none, and one process at a time).
  let seeded: boolean | undefined;
  if (!prepared && config.databaseUrl) {
    const tool = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    seeded = await prepare(config, tool).finally(() => tool.close());
    prepared = true;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.db });
  if (!prepared) seeded = await prepare(config, database);

  const app = await buildApp({ config, database });
  // Once, whichever comes first (Ctrl+C sends SIGINT to npm, start.mjs and the server alike): stop taking
  // connections, let open requests finish (Fastify answers new ones on kept-alive connections 503),
  // stop the background work (onClose), close the database.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'Đang dừng máy chủ');
    setTimeout(() => {
      app.log.error({ signal }, `Máy chủ chưa dừng sau ${SHUTDOWN_TIMEOUT_MS / 1000} s: thoát ngay`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  onParentExit(() => shutdown('parent exited'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  if (cluster.isWorker) {
    app.log.debug({ worker: cluster.worker?.id, startupMs: Date.now() - started }, 'tiến trình phục vụ sẵn sàng');
    return;
  }
  announceReady(app.log, config.logFormat, {
    host: config.host,
    port,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    workers: 1,
    devLogin: config.auth.devLogin,
    seededDemo: seeded,
    startupMs: Date.now() - started,
  });
}

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only, config.ts): this process migrates and seeds once, then forks the
 * workers, which share the port (node:cluster hands them the connections) and only serve. What they
 * share lives in PostgreSQL or Redis (docs/architecture.md, "Several processes").
 */
async function primary(config: AppConfig) {
  const started = Date.now();
  const log = createLogger(config);
  // Only migrates and seeds: without the statement bound (see serve).
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const seeded = await prepare(config, database);
  await database.close();
  // Without AUTH_SECRET the secret is generated into DATA_DIR now, so every worker signs with the same one.
  resolveSecret({ secret: config.auth.secret, dataDir: config.dataDir, production: config.production });
  log.debug({ workers: config.workers, seededDemo: seeded }, 'Khởi động các tiến trình phục vụ (WEB_CONCURRENCY)');

  // The banner once, when every first worker listens (a worker started again after a crash says nothing).
  let listening = 0;
  const onListening = (_worker: unknown, address: { port: number }) => {
    if (++listening < config.workers) return;
    cluster.off('listening', onListening);
    announceReady(log, config.logFormat, {
      host: config.host,
      port: address.port,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      workers: config.workers,
      devLogin: config.auth.devLogin,
      seededDemo: seeded,
      startupMs: Date.now() - started,
    });
  };
  cluster.on('listening', onListening);

  let stopping = false;
  const crashes: number[] = [];
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length >= MAX_CRASHES) {
      log.error(`Tiến trình phục vụ dừng ${crashes.length} lần trong một phút: máy chủ dừng.`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
      process.exitCode = 1;
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(1);
      return;
    }
    log.error(
      { pid: worker.process.pid, code, signal },
      `Tiến trình phục vụ ${worker.process.pid} dừng (${signal ?? code}): khởi động lại.`,
    );
    cluster.fork();
  });
  // Each worker stops as serve() does on the signal; the primary ends when the last one has.
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'Đang dừng máy chủ');
    const workers = Object.values(cluster.workers ?? {});
    if (!workers.length) process.exit(0);
    for (const w of workers) w?.process.kill(signal);
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS + 2_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  onParentExit(() => stop('SIGTERM'));
  for (let i = 0; i < config.workers; i++) cluster.fork();
}

async function main() {
  // Everything this server creates (database files, uploads, the secret) is the owner's alone:
  // files 0600, folders 0700. Workers inherit the mask.
  process.umask(0o077);
  const config = readConfig();
  if (!cluster.isWorker) secureDataDir(config.dataDir);
  if (cluster.isWorker) return serve(config, true);
  if (config.workers > 1) return primary(config);
  return serve(config, false);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
