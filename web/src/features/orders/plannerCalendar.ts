import { t } from '@lingui/core/macro';
import type { PlannerForecast, PlannerOrderItem } from '@generated/model';
import { addDays, DAY_FORMAT, daysBetween, firstOfMonth, fromDay, isWeekend, parseDay as parseAnyDay, shiftMonth, weekdayIndex } from '../../components/dates';
import { formatListDate, formatNumber } from '../../components/format';
import { currentLocale, speaksEnglish } from '../../i18n/locales';
import './catalogue';

/**
 * The planner's calendar, on calendar days written YYYY-MM-DD (the rule and the arithmetic are `components/dates.ts`). Weeks
 * start on Monday (part 9); a month view shows whole weeks, so it starts on the Monday on or before the 1st and
 * ends on the Sunday on or after the month's last day.
 */

/** The language whose month and weekday names the planner shows: British English's in English ('November 2026'). */
const namesLocale = () => (speaksEnglish() ? 'en-GB' : currentLocale());

/** 'November 2026' (Finnish 'marraskuu 2026'). */
export const monthTitle = (day: string) => fromDay(day).toLocaleDateString(namesLocale(), { month: 'long', year: 'numeric' });

/** The weekday headers, Monday first, in the language's words ('Monday', Finnish 'maanantai'). */
export const weekdayNames = (): string[] => {
  const format = new Intl.DateTimeFormat(namesLocale(), { weekday: 'long', timeZone: 'UTC' });
  // 5 January 2026 is a Monday.
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2026, 0, 5 + index))));
};

/** The weeks a month view shows: rows of seven days, Monday first, from the week of the 1st to the week of the last day. */
export function monthWeeks(month: string): string[][] {
  const first = firstOfMonth(month);
  const last = addDays(shiftMonth(first, 1), -1);
  const weeks: string[][] = [];
  for (let monday = addDays(first, -weekdayIndex(first)); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(monday, index)));
  }
  return weeks;
}

/**
 * The planner call's range for a month view: from midnight UTC of its first shown day to midnight UTC after its
 * last one (the API reads the days the range touches, end exclusive, in UTC).
 */
export function plannerRange(month: string): { startTimestamp: string; endTimestamp: string } {
  const weeks = monthWeeks(month);
  const first = weeks[0]![0]!;
  const last = weeks.at(-1)!.at(-1)!;
  return { startTimestamp: `${first}T00:00:00.000Z`, endTimestamp: `${addDays(last, 1)}T00:00:00.000Z` };
}

/** The middle day of a period (the earlier one of two middles): where a forecast's bar is drawn. */
export const middleDay = (from: string, to: string) => addDays(from, Math.floor(Math.max(0, daysBetween(from, to)) / 2));

/** Why an item may not be dropped on `day`; null when it may (part 5: on or after its own date; weekdays only). */
export function dropRefusal(itemDay: string, day: string): 'earlier' | 'weekend' | null {
  if (day < itemDay) return 'earlier';
  if (isWeekend(day)) return 'weekend';
  return null;
}

/** Whether `day` takes a drop of an item due on `itemDay` (the same day is allowed and changes nothing). */
export const canDropOn = (itemDay: string, day: string) => dropRefusal(itemDay, day) === null;

/** Part 2.4 card buttons. Add: confirmed by both sides and no production order yet. */
export const canAddProductionOrder = (item: PlannerOrderItem) =>
  !item.hasInvoice && item.isBuyerConfirmed && item.isSellerConfirmed && item.refProductionOrderItemId === null;

/** Edit: a referenced production order exists. */
export const canEditProductionOrder = (item: PlannerOrderItem) => !item.hasInvoice && item.refProductionOrderItemId !== null;

/** Confirm: the buyer has confirmed, the seller not yet. */
export const canConfirm = (item: PlannerOrderItem) => !item.hasInvoice && item.isBuyerConfirmed && !item.isSellerConfirmed;

/**
 * The produced amount the quantity rule reads, as the API does (api/src/features/orders/planner.rules.ts): that of the
 * seller's referenced production order item when there is one (edit), otherwise the planner item's own (add).
 */
export const producedForQuantity = (item: PlannerOrderItem) =>
  item.refProductionOrderItem ? (item.refProductionOrderItem.producedAmount ?? 0) : item.producedAmount;

/**
 * The least quantity of the seller's production order item (part 5): at least the MOQ (1000), or the already produced
 * amount when that is above 0, below the MOQ too. A mirror of the API's rule, which decides.
 */
export const minimumQuantity = (item: PlannerOrderItem, moq: number) => {
  const produced = producedForQuantity(item);
  return produced > 0 ? produced : moq;
};

/** Items by day, each day's cards ordered by company, then order number, then article. */
export function itemsByDay(items: PlannerOrderItem[], dayOf: (item: PlannerOrderItem) => string): Map<string, PlannerOrderItem[]> {
  const byDay = new Map<string, PlannerOrderItem[]>();
  const key = (item: PlannerOrderItem) => `${item.ClientProductionOrder.company ?? ''}\u0000${item.ClientProductionOrder.orderNo}\u0000${item.ClientProduct.articleNo}`;
  for (const item of [...items].sort((a, b) => key(a).localeCompare(key(b), undefined, { numeric: true }) || a.id - b.id)) {
    const day = dayOf(item);
    byDay.set(day, [...(byDay.get(day) ?? []), item]);
  }
  return byDay;
}

/** Forecasts by the middle day of their period. */
export function forecastsByDay(forecasts: PlannerForecast[]): Map<string, PlannerForecast[]> {
  const byDay = new Map<string, PlannerForecast[]>();
  for (const forecast of forecasts) {
    const day = middleDay(forecast.periodFrom, forecast.periodTo);
    byDay.set(day, [...(byDay.get(day) ?? []), forecast]);
  }
  return byDay;
}

/** A card in words, for screen readers, announcements and notifications. */
export const describeItem = (item: PlannerOrderItem) => {
  const client = item.ClientProductionOrder.company ?? t`Own order`;
  const { orderNo } = item.ClientProductionOrder;
  const { articleNo } = item.ClientProduct;
  const planned = formatNumber(item.plannedAmount);
  const due = formatListDate(item.dueDate);
  return t`${client} ${orderNo}, ${articleNo}, ${planned} planned, due ${due}`;
};

/** A typed 'Deliver at' (DD.MM.YYYY, or YYYY-MM-DD) when it is a real weekday; anything else is no day at all. */
export function parseDay(text: string): string | null {
  const day = parseAnyDay(text, DAY_FORMAT);
  return day && !isWeekend(day) ? day : null;
}
