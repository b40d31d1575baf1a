import { buildApp } from './app.ts';
import { ensureRoot } from './platform/bootstrap.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { migrateToLatest } from './platform/migrate.ts';
import { startServices } from './services.ts';

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    // without its database the server would accept faults it cannot store: stop, so a supervisor
    // restarts it and the terminals deliver again to a working one
    onFatal: (err) => {
      process.stderr.write(`embedded database failed: ${err.message}\n`);
      process.exit(70);
    },
  });
  const applied = await migrateToLatest(handle.db);
  const root = await ensureRoot(handle.db, config.ADMIN_PASSWORD);
  const built = await buildApp(config, handle);
  built.ctx.onClose(() => handle.close());
  const log = built.app.log;
  if (applied.length) log.info({ applied }, 'migrations applied');
  await startServices(built);

  if (root.created && !config.ADMIN_PASSWORD) {
    // Printed once, on the first start only; it is not stored anywhere in clear.
    process.stdout.write(
      `\n  Root account created: username "admin", password "${root.password}"\n  Keep it now: it will not be shown again.\n\n`,
    );
  }

  await built.app.listen({ host: config.HOST, port: config.PORT });
  const ms = Math.round(performance.now() - started);
  log.info({ port: config.PORT, engine: handle.engine, ms }, 'LiftGuard ready');
  process.stdout.write(`LiftGuard ready on http://localhost:${config.PORT} (${handle.engine}, ${ms} ms)\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await built.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`LiftGuard failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
