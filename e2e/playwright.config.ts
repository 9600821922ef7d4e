import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's headless build of Chromium (package chromium-headless-shell, from the same source as `chromium`) is
// the browser Playwright itself runs headless; it ran the whole suite on a fifth less CPU than the full
// browser in new-headless mode. The full browser is used where the headless build is not installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// Each worker starts its own relay exactly as `npm start` runs it, on the embedded database in a fresh folder
// (tests/relayFixture.ts): workers share no accounts, vaults or notes. One worker by default: Chromium and
// the relay keep both cores of the CI machine busy, and a second worker only made every test twice as slow.
export default defineConfig({
  testDir: './tests',
  globalSetup: './globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.BAALDA_E2E_WORKERS ?? 1),
  retries: 0,
  reporter: 'list',
  use: {
    // Tracing is off by default: a trace is recorded for every test to keep the few that fail, and with DOM
    // snapshots and screenshots that took a quarter of the suite's CPU on the two-core CI machine (a tenth
    // without them), while CI keeps only what the run prints. A failure still writes its page's snapshot
    // (error-context.md) and prints the relay's log. BAALDA_E2E_TRACE=1 keeps each failing test's trace
    // (actions, requests, console, errors); a failing spec rerun with `--trace on` records everything.
    trace: process.env.BAALDA_E2E_TRACE ? { mode: 'retain-on-failure', snapshots: false, screenshots: false } : 'off',
    launchOptions: {
      // Playwright's own browser download can't run here; Debian's Chromium is what CI has.
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
