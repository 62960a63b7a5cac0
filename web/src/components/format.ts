import { formatDay, formatDayTime } from './dates';

/** Display helpers of part 9: thousands separators and k/M abbreviations, in one place (en-US grouping). */
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const abbreviated = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** `1234567` -> `1,234,567`; decimals keep up to two places; null/undefined -> '' (a blank cell). */
export function formatNumber(value: number | null | undefined): string {
  if (value == null || Number.isNaN(value)) return '';
  return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
}

/** Stock numbers abbreviated with k and M: `950` -> `950`, `12500` -> `12.5k`, `3200000` -> `3.2M`. */
export function formatAbbreviated(value: number | null | undefined): string {
  if (value == null || Number.isNaN(value)) return '';
  const size = Math.abs(value);
  if (size >= 1_000_000) return `${abbreviated.format(value / 1_000_000)}M`;
  if (size >= 1_000) return `${abbreviated.format(value / 1_000)}k`;
  return abbreviated.format(value);
}

/** A day as lists (and every other screen) show it, DD.MM.YYYY, from a YYYY-MM-DD date field (`formatDay`). */
export const formatListDate = (value: string | null | undefined): string => formatDay(value);

/** A timestamp in the user's time zone: DD.MM.YYYY HH:mm (e.g. a forecast's 'Updated at', part 2.4). */
export const formatDateTime = (value: string | null | undefined): string => formatDayTime(value);

/** A part as a percent: x100, no decimals (part 9): `0.666` -> `67%`. */
export const formatPercent = (part: number) => `${Math.round(part * 100)}%`;

/** Capitalised words (part 9), for values stored in lower case: `'under investigation'` -> `'Under Investigation'`. */
export const formatCapitalized = (value: string | null | undefined) => (value ?? '').replace(/(^|\s)(\p{Ll})/gu, (_match, space: string, letter: string) => space + letter.toUpperCase());
