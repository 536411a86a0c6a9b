import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { ensureAdmins } from './seed/admins';
import { seedDemo } from './seed/demo';
import { seedThemeCodes } from './seed/theme-codes';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;
  await ensureAdmins(database.db, config.auth.adminEmails);
  // Every install starts with the analysis themes and codes (once; people may change them later).
  await seedThemeCodes(database.db);

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
      startupMs: Date.now() - started,
    },
    `Sẵn sàng tại http://${config.host}:${config.port}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
