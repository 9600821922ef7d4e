import { readFile, rm } from 'node:fs/promises';
import { CliError } from '../cliError';
import { writeFileAtomically } from '../files/atomicWrite';
import type { MirrorLayout } from './mirrorLayout';

// Two mirrors on one folder would both take each file's edit and send it twice. A lock left by a mirror
// that was killed names a process that no longer runs, and is taken over.

/** Claims the folder for this process; refuses while another live process holds it. */
export async function takeLock(layout: MirrorLayout): Promise<void> {
  const holder = await lockHolder(layout);
  if (holder !== null && holder !== process.pid && isRunning(holder))
    throw new CliError(`Another mirror (pid ${holder}) is running on ${layout.root}; stop it first.`);
  await writeFileAtomically(layout.lock, `${process.pid}\n`, { tempDir: layout.tmp });
}

/** Gives the folder up, if this process still holds it. */
export async function releaseLock(layout: MirrorLayout): Promise<void> {
  if ((await lockHolder(layout)) === process.pid) await rm(layout.lock, { force: true });
}

async function lockHolder(layout: MirrorLayout): Promise<number | null> {
  const text = await readFile(layout.lock, 'utf8').catch(() => '');
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
