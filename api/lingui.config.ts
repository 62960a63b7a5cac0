import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The API's texts (documents, e-mails, notifications, errors a person reads). English is the source and keeps the
 * spec's words; `pseudo` is generated from it (accented, lengthened) for development and tests. The messages are
 * message descriptors with explicit ids (`/*i18n*\/ { id, message }`), which the extractor finds without a macro: the
 * API builds with tsc and runs with tsx, neither of which runs Babel. Compiled catalogues are TypeScript modules
 * beside the PO files, loaded per locale on demand (api/src/lib/i18n.ts).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sv', 'fi', 'nb', 'lv', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: false,
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/*.test.ts', '**/locales/**'] }],
  format: formatter({ origins: false, lineNumbers: false }),
  compileNamespace: 'ts',
  orderBy: 'messageId',
});
