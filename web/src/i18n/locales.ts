import { i18n } from '@lingui/core';

/**
 * The portal's languages and the rule that picks one. This module is in the first screen's JavaScript, so it holds
 * no catalogue: `i18n.ts` loads the chosen language's catalogue alone.
 */

/** The five languages a person can choose (the contract's `Language`), English first: it is the source. */
export const LANGUAGES = ['en', 'sv', 'fi', 'nb', 'lv'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Lingui's pseudo-locale: English accented and lengthened, to find text outside the catalogue and layouts that
 * break with longer words. Development and tests only; never offered to a person in a production build.
 */
export const PSEUDO_LOCALE = 'pseudo';
export type Locale = Language | typeof PSEUDO_LOCALE;

/** Each language named in itself, as the picker offers it: the same words in every language, so no catalogue's. */
/* eslint-disable lingui/no-unlocalized-strings */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  sv: 'Svenska',
  fi: 'Suomi',
  nb: 'Norsk bokmål',
  lv: 'Latviešu',
};
/* eslint-enable lingui/no-unlocalized-strings */

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * One of the five for a browser language tag, by its language subtag: `sv-FI` is Swedish, and Norwegian in any
 * written form (`no`, `nb`, `nn`) is Bokmål, the one Norwegian the portal has.
 */
export function languageOfTag(tag: string): Language | null {
  const subtag = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (subtag === 'no' || subtag === 'nn') return 'nb';
  return isLanguage(subtag) ? subtag : null;
}

/**
 * The language the app speaks: the person's own choice, else the first of the browser's languages that the portal
 * has, else the company's default.
 */
export function chooseLanguage(
  me: { language?: Language | null; companyLanguage?: Language | null },
  browserLanguages: readonly string[],
): Language {
  if (me.language) return me.language;
  for (const tag of browserLanguages) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return me.companyLanguage ?? 'en';
}

/**
 * The Intl locale that writes numbers and dates for a catalogue locale. English is the spec's face, which names
 * en-US grouping (1,234,567); the pseudo-locale writes them as English does.
 */
export const intlLocaleOf = (locale: Locale): string => (locale === 'en' || locale === PSEUDO_LOCALE ? 'en-US' : locale);

/** The locale the app speaks now (English until a catalogue is active). */
export const currentLocale = (): Locale => (i18n.locale || 'en') as Locale;

/** Whether the app speaks English now (or the pseudo-locale, which is English lengthened): the spec's formats hold. */
export const speaksEnglish = () => intlLocaleOf(currentLocale()) === 'en-US';

/** The language a person downloads a document in: the one the app speaks (the pseudo-locale asks for none). */
export const documentLanguage = (): Language | undefined => {
  const locale = currentLocale();
  return isLanguage(locale) ? locale : undefined;
};
