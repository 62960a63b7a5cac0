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

/** A list date (part 9: DD.MM.YYYY) from a YYYY-MM-DD date field. */
export function formatListDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A timestamp in the user's time zone as lists show it: DD.MM.YYYY HH:mm (e.g. a forecast's 'Updated at'). */
export function formatDateTime(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A part as a percent: x100, no decimals (part 9): `0.666` -> `67%`. */
export const formatPercent = (part: number) => `${Math.round(part * 100)}%`;

/** Capitalised words (part 9), for values stored in lower case: `'under investigation'` -> `'Under Investigation'`. */
export const formatCapitalized = (value: string | null | undefined) => (value ?? '').replace(/(^|\s)(\p{Ll})/gu, (_match, space: string, letter: string) => space + letter.toUpperCase());
