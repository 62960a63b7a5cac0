/**
 * Order item date rule (part 5, 'Order item': "Selectable dates: weekdays only, on or after about a week before the
 * start of the current week"). The web's date picker offers days from the Monday of the previous ISO week
 * (client-orders/orderItems.ts `firstOrderDay`); the API enforces the same day for every new date.
 */

const DAY_MS = 86_400_000;
/** The furthest a user's calendar day lags behind UTC (UTC-12): the API never refuses a day a picker offers. */
const LAGGING_ZONE_MS = 12 * 3_600_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The earliest 'Deliver at' a new or changed item may have: the Monday of the ISO week before the current one. The
 * current week is that of the earliest calendar day anywhere on earth at `now` (UTC minus 12 hours), so a user west of
 * UTC whose week has not turned yet is not refused the day their picker offers.
 */
export function earliestDeliverAt(now: Date): string {
  const local = new Date(now.getTime() - LAGGING_ZONE_MS);
  const today = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  return isoDay(new Date(today.getTime() - (sinceMonday + 7) * DAY_MS));
}

/**
 * Whether an item's 'Deliver at' breaks the rule: only a new date is checked (a new item, or an update that changes
 * the date); a date already stored may stay as it is, however old.
 */
export function isTooEarly(dueDate: string, storedDueDate: string | undefined, now: Date): boolean {
  if (storedDueDate !== undefined && storedDueDate === dueDate) return false;
  return dueDate < earliestDeliverAt(now);
}

/** The order rules' words that both the order editor's and the planner's refusals use. */
export const ORDER_TEXTS = {
  weekday: /*i18n*/ { id: 'problem.orders.weekday', message: 'Deliver at must be a weekday (Monday to Friday).' },
  orderNoRequired: /*i18n*/ { id: 'problem.orders.orderNoRequired', message: 'Provide order number.' },
};
