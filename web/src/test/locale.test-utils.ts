import { afterEach, beforeEach } from 'vitest';
import { activateLocale } from '../i18n/i18n';
import type { Locale } from '../i18n/locales';

/**
 * Tests: the tests of the enclosing `describe` run with the app speaking `locale`, as a person who chose it reads
 * it (the shell's catalogue and those of the features imported so far, and the Intl formats); English again after
 * each, as every other test expects.
 */
export function speaking(locale: Locale) {
  beforeEach(async () => {
    await activateLocale(locale);
  });
  afterEach(async () => {
    await activateLocale('en');
  });
}
