import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './harness/constants';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the production build
 * served by the real server on a fresh embedded PostgreSQL (see harness/global-setup.ts).
 */
export default defineConfig({
  testDir: './tests',
  // One server and one database behind every test; operator changes must not race.
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list'], ['json']],
  globalSetup: './harness/global-setup.ts',
  outputDir: '../.test-results/playwright-artifacts',
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
