import { now } from '../../components/clock';
import { addDays, firstOfMonth, isoDay, shiftMonth } from '../../components/dates';

/**
 * How the downtime screens show dates, times and durations. The portal keeps no plant time zone: a stop's
 * actual date is the UTC date of its start, so times are shown in UTC too (as in the CSV export), and a stop
 * reads the same on every screen and in the file.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** Part 9: the downtime history shows dates as MM/DD/YYYY (from a YYYY-MM-DD date). */
export function formatHistoryDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** MM/DD/YYYY HH:mm in UTC, from an ISO date-time. */
export function formatHistoryDateTime(value: string | null | undefined): string {
  const at = value ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) return '';
  return `${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}/${at.getUTCFullYear()} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
}

/** A duration in minutes as people say it: `40` -> `40 min`, `95` -> `1 h 35 min`, `120` -> `2 h`. */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes == null || Number.isNaN(minutes)) return '';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Part 2: the history's period picker starts on the current month, first to last day. */
export function currentMonth(today = now()): { from: string; to: string } {
  const from = firstOfMonth(isoDay(today));
  return { from, to: addDays(shiftMonth(from, 1), -1) };
}

/** `YYYY-MM-DD HH:mm:ss` wall-clock time in UTC (what the day view places on its axis). */
export function utcWallClock(value: string): string {
  return new Date(value).toISOString().slice(0, 19).replace('T', ' ');
}
