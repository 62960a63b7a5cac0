/**
 * The web app's code not yet speaking through the catalogue: `lingui/no-unlocalized-strings` (eslint.config.js)
 * checks every other file of web/src. A folder leaves this list when its screens are converted, and nothing is ever
 * added to it (tests/contract/i18n.test.ts keeps every entry an existing path). Globs relative to the repository.
 */
export const PENDING_I18N = [
  'web/src/features/claims/renderClaims.test-utils.tsx',
  'web/src/features/downtime/downtime.test-utils.ts',
  'web/src/features/machines/machines.test-utils.tsx',
];
