import { defineConfig } from '@playwright/test';
import { portalCount, useWorkersPortal } from './workers.test-utils.js';

useWorkersPortal();

/** End-to-end tests in Debian's Chromium against the built portal, one started on a free port for each worker. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: portalCount(),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A trace records every action's DOM and films the screen: a fifth of the run's time. Off unless asked for
    // (`--trace retain-on-failure`); a failure still leaves its screenshot, the page's ARIA snapshot
    // (error-context.md) and the call log.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
