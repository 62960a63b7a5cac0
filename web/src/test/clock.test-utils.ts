import { afterEach, beforeEach, vi } from 'vitest';
import { AWKWARD_INSTANTS as API_AWKWARD_INSTANTS } from '../../../tests/support/instants.test-utils';

/** An ordinary day for tests that only need "today" to be some day: Wednesday 18 November 2026, 09:00 local time. */
export const ORDINARY_WEDNESDAY = '2026-11-18T09:00:00';

/**
 * The instants at which a rule meant to hold on any day is tried, the API tests' list (tests/support/instants.test-utils.ts):
 * a Saturday, a Sunday evening, a month's last working day, the year's last half hour in Stockholm, just after
 * Helsinki's clocks go forward, a leap day. The web tests run in UTC, Europe/Helsinki and America/New_York, so some of
 * these are another day in the user's calendar than in UTC: the rules are checked against the day the test computes.
 */
export const AWKWARD_INSTANTS = Object.entries(API_AWKWARD_INSTANTS).map(([name, at]) => ({ name: `at ${name}`, at }));

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
