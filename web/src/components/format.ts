import { formatDay, formatDayTime } from './dates';
import { currentLocale, intlLocaleOf, speaksEnglish } from '../i18n/locales';

/**
 * Display helpers of part 9: thousands separators and k/M abbreviations, in one place, in the chosen language's
 * Intl conventions (English: the spec's en-US grouping, 1,234,567; Swedish: 1 234 567). One formatter per language
 * and style, made when first used.
 */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(style: 'integer' | 'decimal' | 'abbreviated' | 'percent'): Intl.NumberFormat {
  const locale = intlLocaleOf(currentLocale());
  const key = `${locale} ${style}`;
  let format = formatters.get(key);
  if (!format) {
    const options: Intl.NumberFormatOptions =
      style === 'percent' ? { style: 'percent', maximumFractionDigits: 0 } : { maximumFractionDigits: style === 'integer' ? 0 : style === 'decimal' ? 2 : 1 };
    format = new Intl.NumberFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** `1234567` -> `1,234,567`; decimals keep up to two places; null/undefined -> '' (a blank cell). */
export function formatNumber(value: number | null | undefined): string {
  if (value == null || Number.isNaN(value)) return '';
  return numberFormat(Number.isInteger(value) ? 'integer' : 'decimal').format(value);
}

/**
 * What a number field (Mantine's NumberInput) groups thousands and separates decimals with in the chosen language:
 * English `,` and `.` (part 9), Swedish a space and `,`.
 */
export function numberInputSeparators(): { thousandSeparator: string; decimalSeparator: string } {
  const parts = numberFormat('decimal').formatToParts(1234567.5);
  return {
    thousandSeparator: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimalSeparator: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

const fixedFormatters = new Map<string, Intl.NumberFormat>();
/**
 * Amounts and rates with a set number of decimals, in the chosen language: `formatDecimals(48920.5, 2)` -> `48,920.50`
 * (Swedish `48 920,50`); `formatDecimals(0.08865, 2, 4)` -> `0.0887`.
 */
export function formatDecimals(value: number, minimumFractionDigits: number, maximumFractionDigits = minimumFractionDigits): string {
  const locale = intlLocaleOf(currentLocale());
  const key = `${locale} ${minimumFractionDigits} ${maximumFractionDigits}`;
  let format = fixedFormatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits });
    fixedFormatters.set(key, format);
  }
  return format.format(value);
}

/** Stock numbers abbreviated with k and M: `950` -> `950`, `12500` -> `12.5k`, `3200000` -> `3.2M`. */
export function formatAbbreviated(value: number | null | undefined): string {
  if (value == null || Number.isNaN(value)) return '';
  const abbreviated = numberFormat('abbreviated');
  const size = Math.abs(value);
  if (size >= 1_000_000) return `${abbreviated.format(value / 1_000_000)}M`;
  if (size >= 1_000) return `${abbreviated.format(value / 1_000)}k`;
  return abbreviated.format(value);
}

/** A day as lists (and every other screen) show it, DD.MM.YYYY in English, from a YYYY-MM-DD date field (`formatDay`). */
export const formatListDate = (value: string | null | undefined): string => formatDay(value);

/** A timestamp in the user's time zone: DD.MM.YYYY HH:mm in English (e.g. a forecast's 'Updated at', part 2.4). */
export const formatDateTime = (value: string | null | undefined): string => formatDayTime(value);

/** A part as a percent: x100, no decimals (part 9): `0.666` -> `67%` (Swedish `67 %`). */
export const formatPercent = (part: number) => (speaksEnglish() ? `${Math.round(part * 100)}%` : numberFormat('percent').format(Math.round(part * 100) / 100));

/** Capitalised words (part 9), for values stored in lower case: `'under investigation'` -> `'Under Investigation'`. */
export const formatCapitalized = (value: string | null | undefined) => (value ?? '').replace(/(^|\s)(\p{Ll})/gu, (_match, space: string, letter: string) => space + letter.toUpperCase());
