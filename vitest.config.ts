import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';

/**
 * One vitest run, three projects: api (endpoints against a real PostgreSQL), contract (the generated
 * document and zod schemas), web (components in jsdom with MSW). `pnpm test` runs them all.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          include: ['api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          // The audit key of this run, for the API in the test process and the command-line tools it starts.
          env: { AUDIT_HMAC_KEY: randomBytes(32).toString('base64') },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'contract', include: ['tests/contract/**/*.test.ts', 'tests/bench/**/*.test.ts'], environment: 'node' },
      },
      './web/vite.config.ts',
    ],
  },
});
