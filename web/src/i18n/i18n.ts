import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { PSEUDO_LOCALE, type Locale } from './locales';

/**
 * The catalogues, one chunk per language: only the chosen one is downloaded (a dynamic import each; the Vite plugin
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
 * Loads the locale's catalogue (once) and makes it the app's language: every `t`, `<Trans>` and the Intl helpers
 * (`components/format.ts`, `components/dates.ts`) follow it, and so does `<html lang>`, which screen readers and the
 * browser's hyphenation read. A locale without a catalogue is English.
 */
export async function activateLocale(locale: Locale): Promise<Locale> {
  const chosen: Locale = locale in catalogues ? locale : 'en';
  if (i18n.locale !== chosen) {
    const [{ messages }] = await Promise.all([catalogues[chosen](), pickerLocales[chosen]?.()]);
    i18n.loadAndActivate({ locale: chosen, messages });
  }
  document.documentElement.lang = chosen === PSEUDO_LOCALE ? 'en-XA' : chosen;
  return chosen;
}

export { i18n };
