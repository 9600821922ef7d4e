import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * PGlite has no server to arbitrate between processes: two relays on one data folder would corrupt it.
 * This lock file holds the owner's pid; a lock whose process is gone is taken over.
 * @returns a function that releases the lock.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, 'baalda.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (isRunning(owner)) {
        throw new Error(`Another Baalda relay (pid ${owner}) is using ${dataDir}; stop it or set BAALDA_DATA_DIR.`);
      }
      await rm(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}.`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
