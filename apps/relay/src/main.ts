// The relay process: reads the environment, serves everything on one port, and stores every pending
// change before it exits on SIGINT or SIGTERM.
import { existsSync } from 'node:fs';
import { readConfig } from './app/readConfig';
import { startRelay } from './app/startRelay';
import { consoleLogger } from './support/logger';

async function main(): Promise<void> {
  const config = readConfig(process.env, process.cwd());
  if (!existsSync(config.webDir)) {
    consoleLogger.warn('web app not built; only the API and sync are served', { webDir: config.webDir });
  }
  const relay = await startRelay({ ...config, logger: consoleLogger });
  const where =
    config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
  consoleLogger.info(`storing notes in ${where}`);
  if (config.redisUrl) consoleLogger.info('sharing edits and events with the other relays through Redis (REDIS_URL)');
  console.log(`\n  Baalda is running at ${relay.httpUrl}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info(`${signal}: storing pending changes, then exiting`);
    relay.close().then(
      () => process.exit(0),
      (error: unknown) => {
        consoleLogger.error('shutdown failed', { message: (error as Error).message });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const failure = error as NodeJS.ErrnoException;
  const hint = failure.code === 'EADDRINUSE' ? ' Another program uses that port; set PORT to pick another.' : '';
  console.error(`[relay] could not start: ${failure.message}.${hint}`);
  process.exit(1);
});
