import { defineConfig } from 'vitest/config';

/**
 * The tests `pnpm test:mutation` (Stryker) runs against each mutant of the rule modules: the unit tests of those
 * rules, which need no database or browser, so a mutant is judged in well under a second. The full suite is
 * vitest.config.ts.
 */
export default defineConfig({
  test: {
    include: [
      'api/src/features/machines/oee.rules.test.ts',
      'api/src/features/orders/orders.rules.test.ts',
      'api/src/features/orders/planner.rules.test.ts',
      'api/src/features/stats/fill-rate.test.ts',
      'api/src/features/stock/stock-rules.test.ts',
      'api/src/features/supply/planning.rules.test.ts',
      'api/src/features/sustainability/sustainability.rules.test.ts',
      'api/src/lib/roles.test.ts',
      'api/src/plugins/gate.test.ts',
      'web/src/features/orders/plannerCalendar.test.ts',
      'web/src/features/orders/orderItems.test.ts',
      'web/src/components/dates.test.ts',
      'web/src/app/contrast.test.ts',
    ],
    environment: 'node',
  },
});
