import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';

/** The API project: endpoints against a real PostgreSQL, every file at the pinned instant (tests/support/instants.test-utils.ts). */
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
 * One vitest run: api (endpoints against a real PostgreSQL, and the date-sensitive files again at each awkward instant:
 * tests/awkward/), contract (the generated document and zod schemas), web (components in jsdom with MSW).
 *
 * Three workers on two cores: an API test mostly waits for PostgreSQL, so a second and third file keep both cores busy
 * (vitest's default is one worker fewer than the cores, a single one here).
 */
export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      { test: { name: 'api', include: ['api/src/**/*.test.ts', 'tests/awkward/*.test.ts'], ...api } },
      {
        test: { name: 'contract', include: ['tests/contract/**/*.test.ts', 'tests/bench/**/*.test.ts'], environment: 'node' },
      },
      './web/vite.config.ts',
    ],
  },
});
