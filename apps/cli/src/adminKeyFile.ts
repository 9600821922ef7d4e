import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isSecretShape } from '@baalda/core';
import { CliError } from './cliError';

/**
 * Where the admin key is: `--admin-key-file`, else BAALDA_ADMIN_KEY_FILE, else `$BAALDA_DATA_DIR/admin.key`,
 * else `./data/admin.key` — the relay's own lookup (readConfig), so both agree when run from the same place.
 */
export function adminKeyPath(flag: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const dataDir = env.BAALDA_DATA_DIR?.trim() || 'data';
  return resolve(cwd, flag?.trim() || env.BAALDA_ADMIN_KEY_FILE?.trim() || join(dataDir, 'admin.key'));
}

/** Reads the admin key the relay wrote at start-up; a missing or foreign file is a usage error naming it. */
export async function readAdminKey(path: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError(
      `Cannot read the admin key at ${path} (${reason}). The relay writes it to its data folder at start-up; ` +
        'run this where the relay runs, or pass --admin-key-file (or set BAALDA_ADMIN_KEY_FILE or BAALDA_DATA_DIR).',
    );
  }
  const key = text.trim();
  if (!isSecretShape(key)) throw new CliError(`${path} does not hold an admin key (the relay writes one at start-up).`);
  return key;
}
