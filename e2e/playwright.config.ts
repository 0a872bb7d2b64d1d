import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './harness/constants';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the production build
 * served by the real server on a fresh embedded PostgreSQL (see harness/global-setup.ts).
 * Specs import `test` from harness/test.ts: each worker acts in a merchant of its own
 * (harness/merchant.ts), so operator changes in one worker never race another's pages.
 */
export default defineConfig({
  testDir: './tests',
  // One worker per core of the machines the suite runs on; E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Files are spread over the workers; the tests of one file run in order in one worker.
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list'], ['json']],
  globalSetup: './harness/global-setup.ts',
  // The cluster test starts a whole site of its own (PostgreSQL, PgBouncer, three API instances,
  // nginx): on two cores it slows every test running beside it, so `npm test` leaves it out of the
  // main run (E2E_WITHOUT_CLUSTER=1) and runs it after, alone (scripts/test.mjs).
  testIgnore: process.env.E2E_WITHOUT_CLUSTER === '1' ? /cluster\.spec\.ts$/ : undefined,
  outputDir: '../.test-results/playwright-artifacts',
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    // Pages asked for less motion, as a player can in their system settings: the site then runs no
    // carousel of its own (their autoplay redraws the page many times a second, for as long as it
    // is open, on the same two cores as the server). Tests of the moving carousel ask for motion.
    reducedMotion: 'reduce',
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
    // A failed test keeps its trace: the page's DOM at every step, its network and console. Without
    // the screencast (`screenshots`), which made Chromium draw and encode every frame of every test
    // and doubled its CPU on two cores; the failure's own screenshot is still taken below.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
  },
});
