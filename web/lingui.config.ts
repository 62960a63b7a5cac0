import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The web app's catalogues: English is the source (the spec's texts word for word), four translations, and the
 * pseudo-locale (accented, lengthened English) that development and the end-to-end walk use to find text outside
 * the catalogue and layouts that break with longer words. `lingui extract` writes the PO files from the code;
 * the Vite plugin compiles the chosen one when it is imported, so no compiled catalogue is committed.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sv', 'fi', 'nb', 'lv', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/*.test.*', '**/test/**'] }],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
