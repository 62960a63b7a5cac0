import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { isoDay } from '../../components/dates';
import './catalogue';

/**
 * The statistics' period arithmetic (part 9), pure and in the browser's local calendar: the dashboard's toggles
 * 1M, 6M and YTD, the report's default range and the 'Yesterday' marker. Every function takes "today", so tests
 * can fix it.
 */
export type PeriodToggle = '1M' | '6M' | 'YTD';

export const PERIOD_TOGGLES: PeriodToggle[] = ['1M', '6M', 'YTD'];

/** What each toggle reads in the chosen language (English keeps the spec's 1M, 6M and YTD). */
export const PERIOD_TOGGLE_LABELS: Record<PeriodToggle, MessageDescriptor> = {
  '1M': msg({ message: '1M', comment: 'The current month (a toggle of a chart period)' }),
  '6M': msg({ message: '6M', comment: 'Six months back to the end of this month (a toggle of a chart period)' }),
  YTD: msg({ message: 'YTD', comment: 'Year to date (a toggle of a chart period)' }),
};

/** Both ends inclusive, YYYY-MM-DD (the contract's date fields). */
export interface Period {
  from: string;
  to: string;
}

/** The first day of the month `monthsBack` months before today's month. `new Date` rolls over years by itself. */
const startOfMonth = (today: Date, monthsBack = 0) => new Date(today.getFullYear(), today.getMonth() - monthsBack, 1);
/** Day 0 of the next month is the last day of this one. */
const endOfMonth = (today: Date) => new Date(today.getFullYear(), today.getMonth() + 1, 0);

/**
 * The produced-quantities chart's period of a toggle (part 9): 1M is the current month; 6M runs from six months
 * back (the first day of that month) to the end of this month; YTD is the start of the year to today.
 */
export function togglePeriod(toggle: PeriodToggle, today: Date): Period {
  switch (toggle) {
    case '1M':
      return { from: isoDay(startOfMonth(today)), to: isoDay(endOfMonth(today)) };
    case '6M':
      return { from: isoDay(startOfMonth(today, 6)), to: isoDay(endOfMonth(today)) };
    case 'YTD':
      return { from: isoDay(new Date(today.getFullYear(), 0, 1)), to: isoDay(today) };
  }
}

/** The production quantities report's default (part 9): start of the current month to the end of the current year. */
export function reportDefaultPeriod(today: Date): Period {
  return { from: isoDay(startOfMonth(today)), to: isoDay(new Date(today.getFullYear(), 11, 31)) };
}

/** The day before today, YYYY-MM-DD (the area chart's 'Yesterday' marker). */
export const yesterdayOf = (today: Date) => isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1));

/** Today's month as the fill-rate call wants it: YYYY-MM. */
export const monthOf = (today: Date) => isoDay(today).slice(0, 7);

/** Whether a day lies in the period (ISO dates compare as strings). */
export const contains = (period: Period, day: string) => period.from <= day && day <= period.to;

/** The delivery figures' default: the last twelve whole months, this one included (its first day to its last). */
export function deliveryDefaultPeriod(today: Date): Period {
  return { from: isoDay(startOfMonth(today, 11)), to: isoDay(endOfMonth(today)) };
}
