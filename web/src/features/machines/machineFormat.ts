import { formatPercent } from '../../components/format';
import { formatDuration, formatHourUnit } from '../downtime/downtimeFormat';

/**
 * How the machine screens show their figures. Shares (availability, performance, quality, OEE, coverage) are parts of
 * 1 shown as whole percents (part 9); a figure the API could not work out (no planned time, nothing produced) is null
 * and reads '–', never 0 %.
 */
export const formatShare = (part: number | null | undefined) => (part == null || Number.isNaN(part) ? '–' : formatPercent(part));

/** Whole minutes from `since` to `now` (never negative: a clock a little behind the server's reads 0). */
export function minutesSince(since: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 60_000));
}

/** How long a machine has been in its state: '1 h 35 min'. */
export const formatElapsed = (since: string, now: Date) => formatDuration(minutesSince(since, now));

/** Hours with at most one decimal: `12.345` -> `12.3 h` (Swedish `12,3 tim`); null -> '–' (no failure in the period: no MTBF). */
export function formatHours(hours: number | null | undefined): string {
  if (hours == null || Number.isNaN(hours)) return '–';
  return formatHourUnit(Math.round(hours * 10) / 10);
}

/** A Pareto's bars: the causes by hours lost, largest first, each with the running share of all the hours. */
export function paretoOf<T extends { hours: number }>(causes: readonly T[]): (T & { cumulativeShare: number })[] {
  const total = causes.reduce((sum, cause) => sum + cause.hours, 0);
  let running = 0;
  return [...causes]
    .sort((a, b) => b.hours - a.hours)
    .map((cause) => {
      running += cause.hours;
      return { ...cause, cumulativeShare: total === 0 ? 0 : running / total };
    });
}
