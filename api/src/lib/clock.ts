/**
 * The one place the API reads the time. Every rule that depends on "now" or "today" (a due date's earliest day,
 * this week's agenda, an open stop's length, the delivery figures) asks here, so a test or the end-to-end portal can
 * pin the instant it means, whatever the machine's clock says. eslint refuses `Date.now()` and `new Date()`
 * anywhere else in api/src.
 *
 * Pinning shifts the clock rather than freezing it: time still passes from the pinned instant, so timeouts, leases and
 * "within the last minute" keep working.
 */
let offsetMs = 0;

/** The current instant in milliseconds since the epoch. */
export function nowMs(): number {
  return Date.now() + offsetMs;
}

/** The current instant. */
export function now(): Date {
  return new Date(nowMs());
}

/** Today's calendar day, YYYY-MM-DD. The API counts days in UTC, as the dates it stores and compares. */
export function today(): string {
  return now().toISOString().slice(0, 10);
}

/**
 * From now on the clock reads `instant` and runs on from there (`PORTAL_NOW`, the tests' pinned instant);
 * `undefined` returns to the machine's clock.
 */
export function pinClock(instant: Date | string | number | undefined): void {
  if (instant === undefined) {
    offsetMs = 0;
    return;
  }
  const at = instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(at)) throw new Error(`Not an instant: ${String(instant)}`);
  offsetMs = at - Date.now();
}

/**
 * The machine's own clock, for times agreed with other parties that do not know the pinned instant: token and
 * session expiry (the identity provider, the browser), one-time codes, leases shared with PostgreSQL's now().
 * Elapsed time within the process is measured with performance.now().
 */
export function machineNowMs(): number {
  return Date.now();
}
