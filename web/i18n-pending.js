/**
 * The web app's code not yet speaking through the catalogue: `lingui/no-unlocalized-strings` (eslint.config.js)
 * checks every other file of web/src. A folder leaves this list when its screens are converted, and nothing is ever
 * added to it (tests/contract/i18n.test.ts keeps every entry an existing path). Globs relative to the repository.
 */
export const PENDING_I18N = [
  'web/src/features/apiclients/**',
  'web/src/features/claims/**',
  'web/src/features/clients/**',
  'web/src/features/downtime/**',
  'web/src/features/invoices/**',
  'web/src/features/lots/**',
  'web/src/features/machines/**',
  'web/src/features/manufacturers/**',
  'web/src/features/plans/**',
  'web/src/features/portfolio/**',
  'web/src/features/preforms/**',
  'web/src/features/stats/**',
  'web/src/features/stock/**',
  'web/src/features/supply/**',
  'web/src/features/sustainability/**',
  'web/src/features/webhooks/**',
];
