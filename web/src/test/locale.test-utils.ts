import { onTestFinished } from 'vitest';
import { activateLocale } from '../i18n/i18n';
import type { Locale } from '../i18n/locales';

/**
 * Makes the app speak `locale` for the rest of the test, as a person who chose it reads it: the shell's catalogue
 * and those of the features whose modules are loaded, and Intl's numbers and dates. English again after the test.
 */
export async function speakLocale(locale: Locale) {
  onTestFinished(async () => {
    await activateLocale('en');
  });
  await activateLocale(locale);
}

/** Intl groups thousands with a no-break space in the Nordic languages: compared as a plain space. */
export const plainSpaces = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
