import { now } from '../../components/clock';
import { addDays, firstOfMonth, formatDay, formatUtcDayTime, isoDay, shiftMonth } from '../../components/dates';
import { formatNumber } from '../../components/format';
import { currentLocale, intlLocaleOf, speaksEnglish } from '../../i18n/locales';

/**
 * How the downtime screens show dates, times and durations. The portal keeps no plant time zone: a stop's
 * actual date is the UTC date of its start, so times are shown in UTC too (as in the CSV export), and a stop
 * reads the same on every screen and in the file.
 */

/** A stop's day as every screen writes days (DD.MM.YYYY), from a YYYY-MM-DD date. */
export const formatHistoryDate = (value: string | null | undefined): string => formatDay(value);

/** DD.MM.YYYY HH:mm in UTC, from an ISO date-time. */
export const formatHistoryDateTime = (value: string | null | undefined): string => formatUtcDayTime(value);

const unitFormats = new Map<string, Intl.NumberFormat>();
/** Hours or minutes with the chosen language's short unit (Swedish `1 tim`, Finnish `1 t`, Latvian `1 st.`). */
function unitFormat(unit: 'hour' | 'minute'): Intl.NumberFormat {
  const locale = intlLocaleOf(currentLocale());
  const key = `${locale} ${unit}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
    unitFormats.set(key, format);
  }
  return format;
}

/**
 * A number of hours with its unit: English `12.3 h` (the screens' own short unit, which Intl writes `12.3 hr`), the
 * other languages as Intl writes them.
 */
export function formatHourUnit(hours: number): string {
  return speaksEnglish() ? `${formatNumber(hours)} h` : unitFormat('hour').format(hours);
}

/**
 * A duration in minutes as people say it: `40` -> `40 min`, `95` -> `1 h 35 min`, `120` -> `2 h` in English; the
 * other languages with their own short units (Swedish `1 tim 35 min`).
 */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes == null || Number.isNaN(minutes)) return '';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (speaksEnglish()) {
    if (hours === 0) return `${rest} min`;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  if (hours === 0) return unitFormat('minute').format(rest);
  return rest === 0 ? unitFormat('hour').format(hours) : `${unitFormat('hour').format(hours)} ${unitFormat('minute').format(rest)}`;
}

/** HH:mm of an instant in UTC, as the chosen language writes a time (Finnish 13.05). */
export const formatUtcTime = (value: string): string => formatUtcDayTime(value).split(' ').pop() ?? '';

/** Part 2: the history's period picker starts on the current month, first to last day. */
export function currentMonth(today = now()): { from: string; to: string } {
  const from = firstOfMonth(isoDay(today));
  return { from, to: addDays(shiftMonth(from, 1), -1) };
}

/** `YYYY-MM-DD HH:mm:ss` wall-clock time in UTC (what the day view places on its axis). */
export function utcWallClock(value: string): string {
  return new Date(value).toISOString().slice(0, 19).replace('T', ' ');
}
