import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The app runs exactly as `npm start` runs it, on the embedded database in a fresh folder.
const port = Number(process.env.BAALDA_E2E_PORT ?? 8797);
// Workers load this file again; they inherit the variable, so they all see the folder the relay uses.
// Helpers read the relay's admin key from it (`<dataDir>/admin.key`) to create accounts.
const dataDir = process.env.BAALDA_E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'baalda-e2e-'));
process.env.BAALDA_E2E_DATA_DIR = dataDir;
// The relay's output still goes to the reporter, and to this file too: specs can read what it logged
// (relayLog.ts), which Playwright's own pipe keeps in the runner process.
const relayLog = join(dataDir, 'relay.log');

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: {
    command: `node ../scripts/start.mjs 2>&1 | tee ${JSON.stringify(relayLog)}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(port), HOST: '127.0.0.1', BAALDA_DATA_DIR: dataDir, DATABASE_URL: '' },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
