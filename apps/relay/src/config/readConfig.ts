import { join, resolve } from 'node:path';
import type { DatabaseTarget } from '../db/openDatabase';

/** The relay's settings, read from the environment (documented in README "Configuration"). */
export interface RelayConfig {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseTarget;
  readonly webDir: string;
}

/** Where the repository's exported web app lands after `npm run build`. */
export const DEFAULT_WEB_DIR = join(import.meta.dirname, '..', '..', '..', 'web', 'out');

/** Reads and checks the environment; a bad value throws an Error that names the variable and the fix. */
export function readConfig(env: NodeJS.ProcessEnv, cwd: string): RelayConfig {
  return {
    port: readPort(env.PORT),
    host: env.HOST?.trim() || '127.0.0.1',
    database: readDatabase(env, cwd),
    webDir: resolve(cwd, env.BAALDA_WEB_DIR?.trim() || DEFAULT_WEB_DIR),
  };
}

function readPort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8787;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got ${JSON.stringify(raw)}.`);
  }
  return port;
}

function readDatabase(env: NodeJS.ProcessEnv, cwd: string): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error(
        'DATABASE_URL must be a postgres:// or postgresql:// URL; unset it to use the embedded database.',
      );
    }
    return { kind: 'postgres', url };
  }
  return { kind: 'pglite', dataDir: resolve(cwd, env.BAALDA_DATA_DIR?.trim() || 'data') };
}
