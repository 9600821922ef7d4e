// Builds what `npm start` runs, once, before any worker starts a relay: two workers starting at once would
// otherwise both find a stale build and build it side by side.
import { fileURLToPath } from 'node:url';

export default async function globalSetup(): Promise<void> {
  const { ensureBuilt } = (await import(fileURLToPath(new URL('../scripts/ensureBuilt.mjs', import.meta.url)))) as {
    ensureBuilt(options: { web: boolean }): Promise<void>;
  };
  await ensureBuilt({ web: true });
}
