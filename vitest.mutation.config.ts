import type { UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import webConfig from './web/vite.config.ts';

// The web app's plugins (Lingui's macros, React), aliases and test settings; `extends` would also add its list of test
// files to the one below.
const web = (webConfig as (env: { mode: string; command: 'serve' }) => UserConfig)({ mode: 'test', command: 'serve' });

/**
 * The tests `pnpm test:mutation` (Stryker) runs against each mutant of the rule modules: the unit tests of those
 * rules, which need no database or browser, so a mutant is judged in well under a second. The full suite is
 * vitest.config.ts. The web app's rules speak through Lingui's macros, which only the web app's own config compiles
 * (web/vite.config.ts): their tests run in a project with its plugins and its test setup.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api rules',
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
          ],
          environment: 'node',
        },
      },
      {
        plugins: web.plugins,
        resolve: web.resolve,
        test: {
          // The web project's own settings (root, jsdom, setup), with only these files.
          ...web.test,
          name: 'web rules',
          include: [
            'src/features/orders/plannerCalendar.test.ts',
            'src/features/orders/orderItems.test.ts',
            'src/components/dates.test.ts',
            // The days, times and placeholders of dates.ts in the other languages.
            'src/i18n/intl.test.ts',
            'src/app/contrast.test.ts',
          ],
        },
      },
    ],
  },
});
