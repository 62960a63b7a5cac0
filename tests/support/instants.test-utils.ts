/**
 * Every API test file runs at one named instant, not at the machine's: what "today", "this week" and "the earliest
 * Deliver at" mean must not depend on the day the suite runs. The default is an ordinary working morning, a Wednesday
 * in the middle of a month; `TEST_NOW` moves a run to another instant, and the date-sensitive files also run at each
 * of AWKWARD_INSTANTS (tests/awkward/).
 */
export const DEFAULT_TEST_NOW = '2026-12-02T09:00:00Z';

/**
 * Instants where calendars break: a Saturday, a Sunday evening, a month's last working day, the year's last half hour
 * in Stockholm (already the new year there, not yet in UTC), just after Helsinki's clocks go forward, and a leap day.
 */
export const AWKWARD_INSTANTS = {
  saturday: '2026-12-12T10:00:00Z',
  sunday: '2026-12-13T21:00:00Z',
  'last working day of a month': '2027-04-30T15:00:00Z',
  'new year in Stockholm': '2026-12-31T22:30:00Z',
  'Helsinki clocks forward': '2027-03-28T01:30:00Z',
  'leap day': '2028-02-29T12:00:00Z',
} as const;

/**
 * The files whose rules turn on the calendar (a due date's earliest day and weekdays, this week's agenda and planner,
 * forecasts' weeks, today's fill rate and delivery window, the supply plan's horizon, lots and open stops): they run
 * again at each awkward instant (tests/awkward/), so a rule that breaks on a weekend, at a year's end or on a leap day
 * fails there.
 */
export const DATE_SENSITIVE = [
  'api/src/features/orders/orders.test.ts',
  'api/src/features/orders/agenda.test.ts',
  'api/src/features/orders/agenda.kept.test.ts',
  'api/src/features/orders/planner.test.ts',
  'api/src/features/orders/production-orders.test.ts',
  'api/src/features/plans/plans.test.ts',
  'api/src/features/stats/stats.test.ts',
  'api/src/features/stats/delivery.test.ts',
  'api/src/features/stats/delivery.kept.test.ts',
  'api/src/features/supply/plan.test.ts',
  'api/src/features/lots/lots.test.ts',
  'api/src/features/downtime/downtime.test.ts',
  'api/src/features/machines/machines.test.ts',
];
