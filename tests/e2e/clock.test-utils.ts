/**
 * The one clock of the end-to-end run. The run is pinned at one named instant, E2E_NOW: the portal starts its business
 * clock there (PORTAL_NOW; the demo data is seeded around it), every browser context's clock is set to it (support.ts),
 * and the specs compute "today", this week and this month from it. Like the portal's clock it runs on from the pinned
 * instant, so the browser, the portal and the specs agree on "now" within the second or two the portal takes to start,
 * and an open stop or "the last hour" means the same on every side.
 *
 * The default is an ordinary weekday morning: Wednesday 18 November 2026, 08:00 UTC, the same Wednesday from UTC-8 to
 * UTC+13, far from a month's or a year's end and from a daylight-saving change, so a run of any length stays on that
 * day. Set E2E_NOW to run the suite on another day (a Saturday, New Year's Eve).
 */
const DEFAULT_NOW = '2026-11-18T08:00:00Z';

/** The instant the run is pinned at, as given (ISO 8601 with its offset). */
export function pinnedInstant(): string {
  const instant = process.env.E2E_NOW ?? DEFAULT_NOW;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(instant) || !Number.isFinite(Date.parse(instant))) {
    throw new Error(`E2E_NOW is not an ISO instant with its offset: ${instant}`);
  }
  return instant;
}

/**
 * Starts the run's clock at E2E_NOW, once (global setup, or the runner that starts the portals itself): the machine's
 * instant it started at travels to the test workers in the environment, so every worker reads the same running clock.
 */
export function startRunClock(): void {
  process.env.E2E_NOW = pinnedInstant();
  process.env.E2E_CLOCK_STARTED_AT ??= String(Date.now());
}

/**
 * The run's current instant in milliseconds: E2E_NOW plus the time since the run's clock started. Playwright reads the
 * spec files to list their tests before the global setup runs, so a spec's module-level reading starts the clock.
 */
export function runNowMs(): number {
  startRunClock();
  return Date.parse(pinnedInstant()) + (Date.now() - Number(process.env.E2E_CLOCK_STARTED_AT));
}

/** The run's current instant. */
export function runNow(): Date {
  return new Date(runNowMs());
}

/**
 * The machine's own clock, for what the portal keeps in real time too (one-time codes of the second factor): the
 * only other reading of the machine's clock in tests/e2e. Elapsed time (polling deadlines) is performance.now().
 */
export function machineNowMs(): number {
  return Date.now();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar day of `date` in this machine's time zone, which the browser shares, YYYY-MM-DD. */
export const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Today in the run: the local calendar day of the run's clock, YYYY-MM-DD. */
export const runToday = () => localDay(runNow());

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return localDay(new Date(year!, month! - 1, date! + days));
}

/** Monday of the week that holds `day` (weeks start on Monday). */
export function mondayOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return addDays(day, -((new Date(year!, month! - 1, date!).getDay() + 6) % 7));
}
