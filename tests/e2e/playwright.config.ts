import { defineConfig, type TraceMode } from '@playwright/test';
import { portalCount, useWorkersPortal } from './workers.test-utils.js';

useWorkersPortal();

const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'on-first-retry', 'on-all-retries', 'retain-on-first-failure', 'retain-on-failure-and-retries'];

function traceMode(value: string | undefined): TraceMode {
  if (value === undefined || value === '') return 'off';
  if (!TRACE_MODES.includes(value)) throw new Error(`E2E_TRACE is not one of ${TRACE_MODES.join(', ')}: ${value}`);
  return value as TraceMode;
}

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
    // A trace records every action's DOM and films the screen: a fifth of the run's time. Off unless E2E_TRACE names a
    // mode (`E2E_TRACE=retain-on-failure`); a failure still leaves its screenshot, the page's ARIA snapshot
    // (error-context.md) and the call log.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
