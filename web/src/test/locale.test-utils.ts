import { afterEach, beforeEach } from 'vitest';
import { activateLocale } from '../i18n/i18n';
import type { Locale } from '../i18n/locales';

/**
 * The tests of the enclosing `describe` run with the app speaking `locale` (its shell catalogue and those of the
 * features whose modules the test file imports, and its Intl formats), and English again after each: the setup's
 * default, which every other test expects.
 */
export function speaking(locale: Locale) {
  beforeEach(async () => {
    await activateLocale(locale);
  });
  afterEach(async () => {
    await activateLocale('en');
  });
}
