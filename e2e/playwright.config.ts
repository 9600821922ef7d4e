import { defineConfig } from '@playwright/test';

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
    trace: 'retain-on-failure',
    launchOptions: {
      // Playwright's own browser download can't run here; Debian's chromium is what CI has.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
