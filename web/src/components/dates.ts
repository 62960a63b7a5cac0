/**
 * Dates, with one time-zone rule for the whole web app.
 *
 * - A **calendar day** is a string `YYYY-MM-DD` (the contract's date fields: due dates, periods, prices' validity).
 *   It names a day, not a moment: it is read as that day of the user's own (local) calendar, and arithmetic on it
 *   (`addDays`, `weekdayIndex`, `isWeekend`) works on calendar fields, so no time zone can shift it. "Today" is the
 *   local calendar day of the user's clock (`localToday()`, from `clock.ts`). Days compare as strings.
 * - An **instant** is an ISO date-time with its offset (`createdAt`, `recordedAt`, a downtime's start): a moment,
 *   shown in the user's time zone (`formatDayTime`). The one exception is downtime, which keeps no
 *   plant time zone: its day is the UTC day of the instant (`utcDayOf`, see `features/downtime/downtimeFormat.ts`).
 *
 * Weeks start on Monday; Saturday and Sunday are unavailable for order dates (part 9). How a day is written and typed:
 * `DAY_FORMAT` below.
 */

import { now } from './clock';
import { currentLocale, speaksEnglish, type Locale } from '../i18n/locales';

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of `date`, YYYY-MM-DD. */
export const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The day `YYYY-MM-DD` as a local date at its midnight (for pickers and calendar arithmetic). */
export function fromDay(day: string): Date {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  return new Date(year!, month! - 1, date!);
}

/** Today in the user's own calendar, YYYY-MM-DD. */
export const localToday = (at = now()) => isoDay(at);

/** The UTC calendar day of an instant (downtime's days, which keep no plant time zone). */
export const utcDayOf = (instant: Date | string = now()) => new Date(instant).toISOString().slice(0, 10);

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = fromDay(day);
  return isoDay(new Date(date.getFullYear(), date.getMonth(), date.getDate() + days));
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier); a daylight-saving change counts no hour. */
export const daysBetween = (from: string, to: string) => Math.round((fromDay(to).getTime() - fromDay(from).getTime()) / 86_400_000);

/** The first day of the month that holds `day`. */
export const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month `months` after (or before) the month of `day`. */
export function shiftMonth(day: string, months: number): string {
  const date = fromDay(day);
  return isoDay(new Date(date.getFullYear(), date.getMonth() + months, 1));
}

/** 0 for Monday … 6 for Sunday (weeks start on Monday, part 9). */
export const weekdayIndex = (day: string) => (fromDay(day).getDay() + 6) % 7;

/** Monday of the week that holds `day`. */
export const mondayOf = (day: string) => addDays(day, -weekdayIndex(day));

/** Saturday or Sunday: unavailable for order dates (part 9). */
export const isWeekend = (day: string) => weekdayIndex(day) >= 5;

/** Monday to Friday. */
export const isWeekday = (day: string) => !isWeekend(day);

/**
 * How the English face writes a day, everywhere a person reads or types one: lists, date fields, period pickers, chart
 * axes and tooltips, and the PDFs (the API writes the same). Part 9 named four formats (lists DD.MM.YYYY, pickers
 * MM.DD.YYYY, the downtime history MM/DD/YYYY, date fields YYYY-MM-DD), and a Nordic reader took 12.01 for 12 January;
 * the lists' DD.MM.YYYY is now the one format. Files and the API write ISO 8601 (YYYY-MM-DD). The other languages
 * write and type a day as their Intl convention does (`localDayFormat`: Swedish 2026-12-07, Finnish 07.12.2026),
 * everywhere, where English keeps the formats part 2 names.
 */
export const DAY_FORMAT = 'DD.MM.YYYY';
/** Part 2.4 names the order item's 'Deliver at' picker YYYY-MM-DD; ISO cannot be read as another day, so it stays. */
export const DELIVER_AT_FORMAT = 'YYYY-MM-DD';
/** Part 2.4 names the production quantities report's picker MM.DD.YYYY: that report shows its days so. */
export const REPORT_FORMAT = 'MM.DD.YYYY';
/** Part 2.4 names the fill-rate month picker YYYY-MM. */
export const MONTH_FORMAT = 'YYYY-MM';

export type DayFormat = typeof DAY_FORMAT | typeof DELIVER_AT_FORMAT | typeof REPORT_FORMAT;

const localFormats = new Map<Locale, string>();
/**
 * How the chosen language writes a day, as a pattern of Mantine's (dayjs') tokens, read from Intl's own parts:
 * Swedish `YYYY-MM-DD`, Finnish, Norwegian and Latvian `DD.MM.YYYY`. English is `DAY_FORMAT`.
 */
export function localDayFormat(locale: Locale = currentLocale()): string {
  if (speaksEnglish()) return DAY_FORMAT;
  let pattern = localFormats.get(locale);
  if (!pattern) {
    const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2026, 11, 7)));
    pattern = parts.map((part) => (part.type === 'year' ? 'YYYY' : part.type === 'month' ? 'MM' : part.type === 'day' ? 'DD' : part.value)).join('');
    localFormats.set(locale, pattern);
  }
  return pattern;
}

/** The field's format in the chosen language: the screen's own (part 2) in English, the language's otherwise. */
export const shownDayFormat = (format: DayFormat): string => (speaksEnglish() ? format : localDayFormat());

/** A day's pattern written with the letters its language reads (the placeholder of a date field): Swedish ÅÅÅÅ-MM-DD. */
const PATTERN_LETTERS: Partial<Record<Locale, Record<'Y' | 'M' | 'D', string>>> = {
  sv: { Y: 'Å', M: 'M', D: 'D' },
  fi: { Y: 'V', M: 'K', D: 'P' },
  nb: { Y: 'Å', M: 'M', D: 'D' },
  lv: { Y: 'G', M: 'M', D: 'D' },
};
const placeholderOf = (pattern: string) => {
  const letters = PATTERN_LETTERS[currentLocale()];
  return letters ? pattern.replace(/[YMD]/g, (token) => letters[token as 'Y' | 'M' | 'D']) : pattern;
};

const ISO_DAY = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;
const DOTTED_DAY = /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})\.?\s*$/;

/**
 * The day `YYYY-MM-DD` (or the day of a longer ISO text) written in `format` (English) or as the chosen language
 * writes a day; '' for anything else.
 */
export function formatDay(value: string | null | undefined, format: DayFormat = DAY_FORMAT): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return '';
  const [, year, month, date] = match;
  const pattern = shownDayFormat(format);
  if (pattern === REPORT_FORMAT) return `${month}.${date}.${year}`;
  return pattern.replace('YYYY', year!).replace('MM', month!).replace('DD', date!);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** Hours and minutes as the chosen language writes them (24-hour clock; Finnish 13.05), in the user's zone or UTC. */
function timeOf(date: Date, zone: 'local' | 'UTC'): string {
  if (speaksEnglish()) return zone === 'UTC' ? `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const key = `${currentLocale()} ${zone}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(currentLocale(), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(zone === 'UTC' ? { timeZone: 'UTC' } : {}) });
    timeFormats.set(key, format);
  }
  return format.format(date);
}

/** An instant in the user's time zone, the day as `formatDay` writes it and the time: DD.MM.YYYY HH:mm in English. */
export function formatDayTime(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${formatDay(isoDay(date))} ${timeOf(date, 'local')}`;
}

/** An instant in UTC (downtime keeps no plant time zone): DD.MM.YYYY HH:mm in English. */
export function formatUtcDayTime(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${formatDay(date.toISOString())} ${timeOf(date, 'UTC')}`;
}

/**
 * The one parser of typed days: the field's own format (`DD.MM.YYYY` unless the screen keeps another) and always the
 * unambiguous `YYYY-MM-DD`. The whole text must be a day that exists (no 30 February, no 31 April); the answer is the
 * day as YYYY-MM-DD, or null for anything else. Date fields parse as the user types (Mantine's DateInput keeps the last
 * text that parsed), so an ISO day with a one-digit day is no day: '2026-12-1' on the way to '2026-12-12' would
 * otherwise pick the 1st, and stay picked when the 12th turns out to be a Saturday. Where the year comes last, a
 * one-digit day and month stay (the text is not a day until the four-digit year is typed).
 */
export function parseDay(text: string, fieldFormat: DayFormat = DELIVER_AT_FORMAT): string | null {
  // Another language types its own day (Finnish 7.12.2026, Latvian 07.12.2026.): day first unless the year is.
  const local = shownDayFormat(fieldFormat);
  const format = local.startsWith('YYYY') ? DELIVER_AT_FORMAT : local === REPORT_FORMAT ? REPORT_FORMAT : DAY_FORMAT;
  const iso = ISO_DAY.exec(text);
  const dotted = format === DELIVER_AT_FORMAT ? null : DOTTED_DAY.exec(text);
  const parts = iso
    ? [iso[1], iso[2], iso[3]]
    : dotted
      ? format === REPORT_FORMAT
        ? [dotted[3], dotted[1], dotted[2]]
        : [dotted[3], dotted[2], dotted[1]]
      : null;
  if (!parts) return null;
  const [year, month, date] = parts.map(Number);
  const day = `${year}-${pad(month!)}-${pad(date!)}`;
  return addDays(day, 0) === day ? day : null; // new Date rolls 30 February over into March
}

/**
 * What every typed-date field (Mantine's DateInput) takes: it shows, hints and reads the same format. `accept`
 * narrows what a typed day may be (a weekday, on or after the first order day).
 */
export function dayInputProps(format: DayFormat = DAY_FORMAT, accept: (day: string) => boolean = () => true) {
  const shown = shownDayFormat(format);
  return {
    valueFormat: shown,
    placeholder: placeholderOf(shown),
    dateParser: (text: string) => {
      const day = parseDay(text, format);
      return day && accept(day) ? day : null;
    },
  };
}
