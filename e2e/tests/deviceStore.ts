import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { buildSync } from 'esbuild';
import type { VaultScope } from '../../apps/web/lib/account/localNames';
import type { DeviceEdit } from './browser/deviceNotes';

export type { DeviceEdit };

type DeviceNotes = typeof import('./browser/deviceNotes');

const GLOBAL_NAME = 'baaldaDeviceNotes';
let bundle: string | undefined;

// Built once per worker: the app's own local-store modules, as the app bundles them.
function deviceNotesBundle(): string {
  bundle ??=
    buildSync({
      entryPoints: [join(import.meta.dirname, 'browser', 'deviceNotes.ts')],
      bundle: true,
      format: 'iife',
      globalName: GLOBAL_NAME,
      write: false,
      target: 'es2022',
    }).outputFiles[0]?.text ?? '';
  return bundle;
}

// Evaluated through the DevTools protocol, not added as a <script>: the app's policy (HTTP17) lets no inline
// script run that it did not ship, and this one is the test's, not the app's.
async function ensureDeviceNotes(page: Page): Promise<void> {
  const loaded = await page.evaluate((name) => name in globalThis, GLOBAL_NAME);
  if (!loaded) await page.evaluate(`${deviceNotesBundle()}\nglobalThis.${GLOBAL_NAME} = ${GLOBAL_NAME};`);
}

/** Edits notes in the page's local store (see browser/deviceNotes.ts); works offline. */
export async function editOnDevice(page: Page, scope: VaultScope, edits: readonly DeviceEdit[]): Promise<void> {
  await ensureDeviceNotes(page);
  await page.evaluate(
    ([name, scope, edits]) => (globalThis as unknown as Record<string, DeviceNotes>)[name]?.editNotes(scope, edits),
    [GLOBAL_NAME, scope, edits] as const,
  );
}

/** How many of the scope's notes the device counts as not yet on the relay. */
export async function pendingNotesOnDevice(page: Page, scope: VaultScope): Promise<number> {
  await ensureDeviceNotes(page);
  return page.evaluate(
    ([name, scope]) => (globalThis as unknown as Record<string, DeviceNotes>)[name]?.countPendingNotes(scope) ?? -1,
    [GLOBAL_NAME, scope] as const,
  );
}
