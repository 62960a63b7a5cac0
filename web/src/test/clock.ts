import { afterEach, beforeEach, vi } from 'vitest';

/** An ordinary day for tests that only need "today" to be some day: Wednesday 18 November 2026, 09:00 local time. */
export const ORDINARY_WEDNESDAY = '2026-11-18T09:00:00';

/**
 * The instants at which a rule meant to hold on any day is tried. Each is awkward for a calendar: the weekend (no order
 * day), a month whose last days are a weekend, a year's last half hour in Stockholm (already New Year in Helsinki, still
 * the 31st in New York), the night Helsinki's clocks go forward (a 23-hour day), a leap day. The web tests run in UTC,
 * Europe/Helsinki and America/New_York; the hours are chosen so that each instant is the day its name says in all
 * three, except the two whose point is the hour itself.
 */
export const AWKWARD_INSTANTS = [
  { name: 'on a Saturday', at: '2026-12-12T10:00:00Z' },
  { name: 'on a Sunday', at: '2026-12-13T10:00:00Z' },
  { name: 'on the last working day of a month (Friday 30 October, the 31st a Saturday)', at: '2026-10-30T15:00:00Z' },
  { name: 'at 23:30 on 31 December in Stockholm', at: '2026-12-31T22:30:00Z' },
  { name: 'on the night Helsinki moves its clocks forward', at: '2027-03-28T00:30:00Z' },
  { name: 'on 29 February', at: '2028-02-29T12:00:00Z' },
] as const;

/**
 * Pins the clock (`components/clock.ts` reads Date) at `at` for each test of the calling `describe`, and lets it run on
 * from there: only Date is faked, so timers, user-event and MSW keep real time.
 */
export function pinClock(at: string | Date) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: new Date(at) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
