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
    // A failing test keeps its trace: every action, request, console line and error. DOM snapshots and
    // screenshots are left out of it: recording them for every test (to keep the few that fail) took a
    // quarter of the suite's time on the two-core CI machine. A failure is replayed with them by running its
    // spec with `--trace on`.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
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
