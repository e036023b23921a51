import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { openDatabase } from './db/client.js';
import { findDemoTemplate } from './seed/demo-template.js';
import { seedIfEmpty } from './seed/seed.js';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

async function main(): Promise<void> {
  // Until the server listens, much of the start is promises with no libuv handle behind them. Whenever the
  // loop runs dry, Node waits for every V8 background task to finish (NodePlatform::DrainTasks), and
  // PGlite's WebAssembly is then being optimised on a worker: 0.2-0.5 s of a start spent waiting (decision 024).
  const startingUp = setInterval(() => undefined, 60_000);
  try {
    await startServer();
  } finally {
    clearInterval(startingUp);
  }
}

async function startServer(): Promise<void> {
  const config = readConfig();
  // A first start with the demo on the day of the build unpacks it ready-made (decision 024).
  const database = await openDatabase(config, undefined, {
    findNewClusterTemplate: () => (config.seedDemo ? findDemoTemplate() : undefined),
  });
  const seed = await database.withStartupLock((db) => seedIfEmpty(db, config));
  const app = await buildApp(config, database);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.isClosing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('://127.0.0.1', '://localhost');
  const lines = [
    '',
    `  Campus Console is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (seed.generatedAdminPassword) {
    lines.push(`  Sign in as admin with password: ${seed.generatedAdminPassword}`);
    if (seed.adminPasswordFile) lines.push(`  (also written to ${seed.adminPasswordFile}; shown only this once)`);
  } else if (seed.seeded) {
    lines.push('  Sign in as admin with the password from ADMIN_PASSWORD.');
  } else {
    lines.push('  Sign in as admin (the initial password was printed on the first start and kept in DATA_DIR/initial-admin-password).');
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `Campus Console failed to start: ${err.message}` : err);
  process.exit(1);
});
