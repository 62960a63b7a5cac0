import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'generated/**', '.data/**', '.tsp-out/**', 'test-results/**', 'playwright-report/**', 'reports/**', '.stryker-tmp/**'] },
  // The API's compiled catalogues: written by `lingui compile` from the PO files beside them.
  { ignores: ['api/src/locales/*/messages.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One clock: the API, the web app and their tests read the time from their clock modules, which tests pin.
    files: ['api/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'tests/support/**/*.ts', 'tests/e2e/**/*.ts'],
    ignores: ['api/src/lib/clock.ts', 'web/src/components/clock.ts', 'tests/e2e/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the time from the clock module (api/src/lib/clock.ts, web/src/components/clock.ts, tests/e2e/clock.ts), which tests pin; elapsed time is performance.now().',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read the time from the clock module (api/src/lib/clock.ts, web/src/components/clock.ts, tests/e2e/clock.ts), which tests pin; elapsed time is performance.now().',
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
