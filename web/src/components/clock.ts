/**
 * The one place the web app reads the time. "Today", this week, the default periods and an open stop's length all
 * ask here, so that a unit test pins the instant it means with vitest's fake Date and the end-to-end run pins the
 * browser's clock (Playwright's clock) to the instant the portal runs at. eslint refuses `Date.now()` and
 * `new Date()` anywhere else in web/src.
 *
 * The browser's clock is the one clock: nothing here shifts it, so what a pinned test sees is what a user's
 * browser would see on that day.
 */

/** The current instant in milliseconds since the epoch. */
export function nowMs(): number {
  return Date.now();
}

/** The current instant. */
export function now(): Date {
  return new Date(nowMs());
}
