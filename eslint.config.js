import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';
import { PENDING_I18N } from './web/i18n-pending.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'generated/**', '.data/**', '.tsp-out/**', 'test-results/**', 'playwright-report/**', 'reports/**', '.stryker-tmp/**', 'tests/e2e/.out/**', 'tests/bench/.server-*.mjs'] },
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
    ignores: ['api/src/lib/clock.ts', 'web/src/components/clock.ts', 'tests/e2e/clock.test-utils.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the time from the clock module (api/src/lib/clock.ts, web/src/components/clock.ts, tests/e2e/clock.test-utils.ts), which tests pin; elapsed time is performance.now().',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read the time from the clock module (api/src/lib/clock.ts, web/src/components/clock.ts, tests/e2e/clock.test-utils.ts), which tests pin; elapsed time is performance.now().',
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Every text a person sees comes from the catalogue: a string literal or JSX text in the app's code is an error
    // unless it is plainly no text (a class name, a key, a path, a format token). Tests, the boot's last-resort
    // message (main.tsx: shown when the app and its catalogues could not load) and the folders not converted yet
    // (web/i18n-pending.js, a list that only shrinks) are left out.
    files: ['web/src/**/*.{ts,tsx}'],
    // faces.ts names menu entries and routes in English: the menu shows each entry through app/menuLabels.ts, whose
    // test fails for an entry missing there.
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/test/**', 'web/src/main.tsx', 'web/src/app/mockSession.ts', 'web/src/app/faces.ts', ...PENDING_I18N],
    plugins: { lingui },
    rules: {
      ...lingui.configs['flat/recommended'].rules,
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // one "word" not starting with a capital (keys, ids, paths, CSS values, tokens)
            '^(?![A-Z])\\S+$',
            // UPPERCASE constants and format tokens (YYYY-MM-DD)
            '^[A-Z0-9_.:/-]+$',
            // identifiers and paths of the contract ('ClientProduct.articleNo', 'Documents_downloadDeclaration')
            '^[A-Za-z]+[._][A-Za-z0-9._]+$',
            // Mantine sizes and CSS with spaces ('0 auto', 'translateX(-50%)')
            '^[a-z0-9 ().%,-]+$',
          ],
          ignoreNames: [
            { regex: { pattern: 'className|classNames|style|variant|color|^c$|^bg$|size|^fz$|^fw$|^ta$|^w$|^h$|^mih$|^maw$|^px$|^py$|^p$|^m[tbxy]?$|gap|justify|align|wrap|order|component|type|role|^id$|key|href|to|^c$|radius|breakpoint|aria-live|^mode$|query|Authorization|scope|Content-Type', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_-]+$' } },
          ],
          ignoreFunctions: ['Error', 'DOMException', '*.replaceListItem', '*.insertListItem', '*.removeListItem', '*.clearFieldError', '*.setFieldValue', '*.getInputProps', '*.setFieldError', 'problemFieldErrors', 'console.*', 'useMediaQuery', '*.startsWith', '*.endsWith', '*.includes', 'document.*', '*.getItem', '*.setItem', '*.querySelector', 'import', 'navigate', 'new URL', 'URL', 'matchMedia', 'RegExp', '*.split', '*.join', '*.replace', 'fetch', 'createContext'],
        },
      ],
    },
  },
);
