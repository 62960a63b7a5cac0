import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The web app's catalogues: English is the source (the spec's texts word for word), four translations, and the
 * pseudo-locale (accented, lengthened English) that development and the end-to-end walk use to find text outside
 * the catalogue and layouts that break with longer words. `lingui extract` writes the PO files from the code;
 * the Vite plugin compiles the chosen one when it is imported, so no compiled catalogue is committed.
 */
/**
 * The feature folders whose texts are a catalogue of their own, so that the first screen loads only the shell's texts
 * and its own screen's. A feature reached only through lazily loaded screens joins this list when it is converted.
 */
export const FEATURE_CATALOGUES = ['apiclients', 'audit', 'claims', 'clients', 'downtime', 'invoices', 'lots', 'machines', 'manufacturers', 'notifications', 'orders', 'plans', 'portfolio', 'preforms', 'stats', 'stock', 'supply', 'sustainability', 'webhooks'];
const notCode = ['**/*.test.*', '**/test/**'];
/**
 * The bell is in every face's top bar, so its few words stay in the shell's catalogue; the rest of the notifications'
 * texts (the drawer, every kind's name, the settings) load with the drawer or the screen that shows them.
 */
const SHELL_FILES: Record<string, string> = { notifications: 'NotificationsBell.tsx' };
const featureFolder = (name: string) => `<rootDir>/src/features/${name}`;
/** What the shell's catalogue leaves to a feature's: its folder, but for a file of the shell's (its other files, and those of its subfolders). */
const leftToFeature = (name: string) =>
  SHELL_FILES[name] ? [`${featureFolder(name)}/!(${SHELL_FILES[name]})`, `${featureFolder(name)}/*/**/*`] : [`${featureFolder(name)}/**`];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sv', 'fi', 'nb', 'lv', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  catalogs: [
    // The shell's (app, components, the validation messages, the bell): loaded before the first screen draws.
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: [...notCode, ...FEATURE_CATALOGUES.flatMap(leftToFeature)] },
    // A feature's own: loaded with the screen that needs it (`loadFeatureCatalogue`, src/i18n/i18n.ts).
    ...FEATURE_CATALOGUES.map((name) => ({
      path: `${featureFolder(name)}/locales/{locale}/messages`,
      include: [featureFolder(name)],
      exclude: [...notCode, ...(SHELL_FILES[name] ? [`${featureFolder(name)}/${SHELL_FILES[name]}`] : [])],
    })),
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
