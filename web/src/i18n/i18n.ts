import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { PSEUDO_LOCALE, type Locale } from './locales';

/**
 * The shell's catalogues, one chunk per language: only the chosen one is downloaded (a dynamic import each; the Vite plugin
 * compiles the PO file when it is imported, the pseudo-locale's from the English one).
 */
const catalogues: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  sv: () => import('../locales/sv/messages.po'),
  fi: () => import('../locales/fi/messages.po'),
  nb: () => import('../locales/nb/messages.po'),
  lv: () => import('../locales/lv/messages.po'),
  [PSEUDO_LOCALE]: () => import('../locales/pseudo/messages.po'),
};

/**
 * The date pickers' month and weekday names (Mantine's pickers write them with dayjs): one small chunk per language,
 * loaded with its catalogue. English is dayjs' own.
 */
const pickerLocales: Partial<Record<Locale, () => Promise<unknown>>> = {
  sv: () => import('dayjs/locale/sv'),
  fi: () => import('dayjs/locale/fi'),
  nb: () => import('dayjs/locale/nb'),
  lv: () => import('dayjs/locale/lv'),
};

/** The dayjs locale of the date pickers for a catalogue locale. */
export const pickerLocaleOf = (locale: string): string => (locale in pickerLocales ? locale : 'en');

/**
 * The pseudo-locale is for development and tests, never a person's language: the development server offers it in
 * the picker, and a test turns it on in the browser it drives (`localStorage`, key below) — the built app's
 * end-to-end walk included. It outranks every other rule while it is on.
 */
export const PSEUDO_SWITCH = 'orders-portal.pseudo-locale';
export function pseudoLocaleOn(): boolean {
  try {
    return window.localStorage.getItem(PSEUDO_SWITCH) === 'on';
  } catch {
    return false; // storage refused (private mode, a sandboxed frame): no pseudo-locale
  }
}

/**
 * The features' own catalogues (`FEATURE_CATALOGUES`, lingui.config.ts): one chunk per feature and language, loaded
 * when a module of the feature that speaks is evaluated (`loadFeatureCatalogue`), so that a screen downloads only the
 * shell's texts and its own.
 */
const featureCatalogues = import.meta.glob<{ messages: Messages }>('../features/*/locales/*/messages.po');
/** The features whose modules are loaded: a change of language loads their catalogues too. */
const featuresInUse = new Set<string>();
/** `locale/feature` of each catalogue already merged into Lingui's messages (`locale/` for the shell's). */
const loaded = new Set<string>();
/** The feature catalogues being loaded now. */
const loading = new Set<Promise<void>>();

async function loadFeatureMessages(locale: Locale, feature: string): Promise<Messages> {
  const key = `${locale}/${feature}`;
  const load = featureCatalogues[`../features/${feature}/locales/${locale}/messages.po`];
  if (loaded.has(key) || !load) return {};
  const { messages } = await load();
  loaded.add(key);
  return messages;
}

/**
 * Makes a feature's texts available in the language the app speaks, and in every language it changes to later. The
 * feature's modules that speak import `features/<name>/catalogue.ts`, which calls this as they are evaluated; the
 * router draws a screen once `featureCataloguesLoaded()`. Before a language is chosen at start-up it only notes the
 * feature, and `activateLocale` loads it.
 */
export function loadFeatureCatalogue(feature: string): Promise<void> {
  featuresInUse.add(feature);
  const locale = i18n.locale as Locale;
  if (!locale) return Promise.resolve();
  const load = loadFeatureMessages(locale, feature).then((messages) => {
    if (Object.keys(messages).length > 0) i18n.load(locale, messages);
  });
  loading.add(load);
  void load.finally(() => loading.delete(load)).catch(() => undefined);
  return load;
}

/** Resolves once every feature catalogue asked for so far has loaded (or failed: the screen then shows message ids). */
export const featureCataloguesLoaded = (): Promise<void> => Promise.allSettled([...loading]).then(() => undefined);

/**
 * Loads the locale's catalogues (the shell's and those of the features in use, once each) and makes it the app's
 * language: every `t`, `<Trans>` and the Intl helpers (`components/format.ts`, `components/dates.ts`) follow it, and
 * so does `<html lang>`, which screen readers and the browser's hyphenation read. A locale without a catalogue is
 * English.
 */
export async function activateLocale(locale: Locale): Promise<Locale> {
  const chosen: Locale = locale in catalogues ? locale : 'en';
  if (i18n.locale !== chosen) {
    const shellKey = `${chosen}/`;
    const [shell, features] = await Promise.all([
      loaded.has(shellKey) ? { messages: {} } : catalogues[chosen](),
      Promise.all([...featuresInUse].map((feature) => loadFeatureMessages(chosen, feature))),
      pickerLocales[chosen]?.(),
    ]);
    loaded.add(shellKey);
    // Merged into what the language already has: a language chosen again loads nothing new, and must keep its texts.
    i18n.load(chosen, Object.assign({}, shell.messages, ...features));
    i18n.activate(chosen);
  }
  document.documentElement.lang = chosen === PSEUDO_LOCALE ? 'en-XA' : chosen;
  return chosen;
}

export { i18n };
