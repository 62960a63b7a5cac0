import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';
import { AWKWARD_INSTANTS } from './tests/support/instants.js';

/** The API project: endpoints against a real PostgreSQL, every file at the pinned instant (tests/support/instants.ts). */
const api = {
  environment: 'node' as const,
  // The audit key of this run, for the API in the test process and the command-line tools it starts.
  env: { AUDIT_HMAC_KEY: randomBytes(32).toString('base64') },
  globalSetup: ['tests/support/global-setup.ts'],
  setupFiles: ['tests/support/pinned-clock.ts'],
  // One module graph per worker, not one per file: the app's modules are imported once. Files stay apart where it
  // matters: each builds its own app on its own database (useTestApp), and pinned-clock.ts pins the clock anew.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * The files whose rules turn on the calendar (a due date's earliest day and weekdays, this week's agenda and planner,
 * forecasts' weeks, today's fill rate and delivery window, the supply plan's horizon, lots and open stops): they run
 * again at each awkward instant, so a rule that breaks on a weekend, at a year's end or on a leap day fails here.
 */
const DATE_SENSITIVE = [
  'api/src/features/orders/orders.test.ts',
  'api/src/features/orders/agenda.test.ts',
  'api/src/features/orders/agenda.kept.test.ts',
  'api/src/features/orders/planner.test.ts',
  'api/src/features/orders/production-orders.test.ts',
  'api/src/features/plans/plans.test.ts',
  'api/src/features/stats/stats.test.ts',
  'api/src/features/stats/delivery.test.ts',
  'api/src/features/stats/delivery.kept.test.ts',
  'api/src/features/supply/plan.test.ts',
  'api/src/features/lots/lots.test.ts',
  'api/src/features/downtime/downtime.test.ts',
  'api/src/features/machines/machines.test.ts',
];

/**
 * One vitest run: api (endpoints against a real PostgreSQL), the date-sensitive API files again at each awkward
 * instant, contract (the generated document and zod schemas), web (components in jsdom with MSW).
 *
 * Three workers on two cores: an API test mostly waits for PostgreSQL, so a second and third file keep both cores busy
 * (vitest's default is one worker fewer than the cores, a single one here).
 */
export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      { test: { name: 'api', include: ['api/src/**/*.test.ts'], ...api } },
      ...Object.entries(AWKWARD_INSTANTS).map(([name, instant]) => ({
        test: { name: `api at ${name}`, include: DATE_SENSITIVE, ...api, env: { ...api.env, TEST_NOW: instant } },
      })),
      {
        test: { name: 'contract', include: ['tests/contract/**/*.test.ts', 'tests/bench/**/*.test.ts'], environment: 'node' },
      },
      './web/vite.config.ts',
    ],
  },
});
