import { existsSync } from 'node:fs';
import { type Browser, chromium } from '@playwright/test';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Debian's Chromium as the browser benches run it: the headless shell when installed (what a headless
 * Chromium runs), else the full browser; `CHROMIUM_PATH` chooses another.
 */
export function launchBenchBrowser(): Promise<Browser> {
  const executablePath =
    process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}
