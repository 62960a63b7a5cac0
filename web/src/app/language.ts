import { useCallback } from 'react';
import { activateLocale, PSEUDO_SWITCH } from '../i18n/i18n';
import { PSEUDO_LOCALE, type Locale } from '../i18n/locales';

/**
 * Choosing a language: it becomes the person's own (saved with the API, so it follows them to another browser) and
 * the app switches to it at once, without signing out. The pseudo-locale is never saved: it is this browser's
 * development switch.
 */
export function useChooseLanguage(): (locale: Locale) => Promise<void> {
  return useCallback(async (locale: Locale) => {
    if (locale === PSEUDO_LOCALE) {
      window.localStorage.setItem(PSEUDO_SWITCH, 'on');
    } else {
      window.localStorage.removeItem(PSEUDO_SWITCH);
    }
    await activateLocale(locale);
  }, []);
}
