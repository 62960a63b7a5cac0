import { defineConfig } from 'vitest/config';

/** Standalone run of the contract tests: `npx vitest run -c tests/contract/vitest.config.ts` (the root config has them as project "contract"). */
export default defineConfig({
  root: new URL('../..', import.meta.url).pathname,
  test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], environment: 'node' },
});
