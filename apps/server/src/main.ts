import cluster from 'node:cluster';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { buildApp } from './app';
import { secureDataDir } from './db/data-dir';
import { resolveSecret } from './lib/tokens';
import { ensureAdmins } from './seed/admins';
import { seedDemo } from './seed/demo';
import { seedThemeCodes } from './seed/theme-codes';

/** A worker that dies is started again; this many deaths within `CRASH_WINDOW_MS` stop the server instead. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;

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
  await ensureAdmins(database.db, config.auth.adminEmails);
  // Every install starts with the analysis themes and codes (once; people may change them later).
  await seedThemeCodes(database.db);
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
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      db: database.kind,
      dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
      seededDemo: seeded,
      devLogin: config.auth.devLogin,
      worker: cluster.isWorker ? cluster.worker?.id : undefined,
      startupMs: Date.now() - started,
    },
    `Sẵn sàng tại http://${config.host}:${config.port}`,
  );
}

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only, config.ts): this process migrates and seeds once, then forks the
 * workers, which share the port (node:cluster hands them the connections) and only serve. What they
 * share lives in PostgreSQL or Redis (docs/architecture.md, "Several processes").
 */
async function primary(config: AppConfig) {
  // Only migrates and seeds: without the statement bound (see serve).
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const seeded = await prepare(config, database);
  await database.close();
  // Without AUTH_SECRET the secret is generated into DATA_DIR now, so every worker signs with the same one.
  resolveSecret({ secret: config.auth.secret, dataDir: config.dataDir, production: config.production });
  console.log(`Khởi động ${config.workers} tiến trình phục vụ (WEB_CONCURRENCY)${seeded ? ', đã nạp dữ liệu mẫu' : ''}.`);

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
      console.error(`Tiến trình phục vụ dừng ${crashes.length} lần trong một phút: máy chủ dừng.`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
      process.exitCode = 1;
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(1);
      return;
    }
    console.error(`Tiến trình phục vụ ${worker.process.pid} dừng (${signal ?? code}): khởi động lại.`);
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (!workers.length) process.exit(0);
    for (const w of workers) w?.process.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
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
