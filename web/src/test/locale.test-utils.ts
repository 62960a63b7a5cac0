import { onTestFinished } from 'vitest';
import { activateLocale } from '../i18n/i18n';
import type { Locale } from '../i18n/locales';

/**
 * Tests: the app speaks `locale` for the rest of the test (its catalogues, the shell's and those of the features in
 * use, and Intl's dates and numbers), and English again once the test ends, as every other test expects.
 */
export async function speakInTest(locale: Locale): Promise<void> {
  await activateLocale(locale);
  onTestFinished(async () => {
    await activateLocale('en');
  });
}

/** Intl groups thousands with a no-break space in several languages: compared as a plain space. */
export const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
