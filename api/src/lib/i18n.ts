import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import type { Schemas } from './contract.js';
import { messages as englishMessages } from '../locales/en/messages.js';

/** A language of the contract (`Language`). */
export type Language = Schemas['Language'];

/** The contract's languages, English (the source, the plant's language) first. */
export const LANGUAGES: readonly Language[] = ['en', 'sv', 'fi', 'nb', 'lv'];

/** The languages plus Lingui's pseudo-locale (accented, lengthened English), which only development and tests ask for. */
export type Locale = Language | 'pseudo';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The compiled catalogues (`pnpm --filter @orders-portal/api i18n:compile`), one module per locale, imported the first
 * time that locale is asked for: a process that only ever writes Swedish documents loads only the Swedish catalogue.
 */
const catalogues: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.js'),
  sv: () => import('../locales/sv/messages.js'),
  fi: () => import('../locales/fi/messages.js'),
  nb: () => import('../locales/nb/messages.js'),
  lv: () => import('../locales/lv/messages.js'),
  pseudo: () => import('../locales/pseudo/messages.js'),
};

/** What a document, an e-mail or a message needs to speak one language: its texts, dates and numbers. */
export interface Translator {
  readonly locale: Locale;
  /** The message in this locale, its ICU placeholders and plurals filled from `values`. */
  t(descriptor: MessageDescriptor, values?: Record<string, unknown>): string;
  /** A calendar day (YYYY-MM-DD or an ISO instant, read in UTC): English DD.MM.YYYY as part 9 says, else the locale's own. */
  date(iso: string): string;
  /** A number with the locale's separators (English: 12,345.6). */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** An amount in `currency` (English as the Irish write it: €48,920.50, SEK 48,920.50), up to `maximumFractionDigits` decimals. */
  money(amount: number, currency: string, maximumFractionDigits?: number): string;
}

/** The Intl locale of a locale: the pseudo-locale formats as English so its lengthened texts are the only difference. */
const intlLocale = (locale: Locale) => (locale === 'pseudo' || locale === 'en' ? 'en-US' : locale);

const loaded = new Map<Locale, Promise<Translator>>();

/** The translator of `locale`, its catalogue loaded on the first call. */
export function translator(locale: Locale): Promise<Translator> {
  let pending = loaded.get(locale);
  if (!pending) {
    pending = catalogues[locale]().then(({ messages }) => makeTranslator(locale, messages));
    // A failed load is not remembered, so the next call tries again.
    pending.catch(() => loaded.delete(locale));
    loaded.set(locale, pending);
  }
  return pending;
}

/**
 * English at hand without a wait: an error's detail is built in English where it is thrown (the log and the English
 * caller read it as it is), and English is the source catalogue every process has anyway.
 */
export const english: Translator = makeTranslator('en', englishMessages);

function makeTranslator(locale: Locale, messages: Messages): Translator {
  const i18n: I18n = setupI18n({ locale, messages: { [locale]: messages } });
  const intl = intlLocale(locale);
  const day = new Intl.DateTimeFormat(intl, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const moneyLocale = intl === 'en-US' ? 'en-IE' : intl;
  return {
    locale,
    t: (descriptor, values) => i18n._(values ? { ...descriptor, values } : descriptor),
    date: (iso) => (intl === 'en-US' ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : day.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`))),
    number: (value, options) => value.toLocaleString(intl, options),
    money: (amount, currency, maximumFractionDigits = 2) =>
      new Intl.NumberFormat(moneyLocale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits }).format(amount),
  };
}
