/**
 * Dates, with one time-zone rule for the whole web app.
 *
 * - A **calendar day** is a string `YYYY-MM-DD` (the contract's date fields: due dates, periods, prices' validity).
 *   It names a day, not a moment: it is read as that day of the user's own (local) calendar, and arithmetic on it
 *   (`addDays`, `weekdayIndex`, `isWeekend`) works on calendar fields, so no time zone can shift it. "Today" is the
 *   local calendar day of the user's clock (`localToday()`, from `clock.ts`). Days compare as strings.
 * - An **instant** is an ISO date-time with its offset (`createdAt`, `recordedAt`, a downtime's start): a moment,
 *   shown in the user's time zone (`formatDateTime` in `format.ts`). The one exception is downtime, which keeps no
 *   plant time zone: its day is the UTC day of the instant (`utcDayOf`, see `features/downtime/downtimeFormat.ts`).
 *
 * Weeks start on Monday; Saturday and Sunday are unavailable for order dates (part 9).
 */

import { now } from './clock';

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of `date`, YYYY-MM-DD. */
export const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The day `YYYY-MM-DD` as a local date at its midnight (for pickers and calendar arithmetic). */
export function fromDay(day: string): Date {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  return new Date(year!, month! - 1, date!);
}

/** Today in the user's own calendar, YYYY-MM-DD. */
export const localToday = (at = now()) => isoDay(at);

/** The UTC calendar day of an instant (downtime's days, which keep no plant time zone). */
export const utcDayOf = (instant: Date | string = now()) => new Date(instant).toISOString().slice(0, 10);

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = fromDay(day);
  return isoDay(new Date(date.getFullYear(), date.getMonth(), date.getDate() + days));
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier); a daylight-saving change counts no hour. */
export const daysBetween = (from: string, to: string) => Math.round((fromDay(to).getTime() - fromDay(from).getTime()) / 86_400_000);

/** The first day of the month that holds `day`. */
export const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month `months` after (or before) the month of `day`. */
export function shiftMonth(day: string, months: number): string {
  const date = fromDay(day);
  return isoDay(new Date(date.getFullYear(), date.getMonth() + months, 1));
}

/** 0 for Monday … 6 for Sunday (weeks start on Monday, part 9). */
export const weekdayIndex = (day: string) => (fromDay(day).getDay() + 6) % 7;

/** Monday of the week that holds `day`. */
export const mondayOf = (day: string) => addDays(day, -weekdayIndex(day));

/** Saturday or Sunday: unavailable for order dates (part 9). */
export const isWeekend = (day: string) => weekdayIndex(day) >= 5;

/** Monday to Friday. */
export const isWeekday = (day: string) => !isWeekend(day);

const ISO_DAY = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;
const PICKER_DAY = /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})\s*$/;

/**
 * The one parser of typed days. Reads `YYYY-MM-DD` (the date fields) and, with `{ pickerFormat: true }`, the pickers'
 * `MM.DD.YYYY` as well (part 9). The whole text must be a day that exists (no 30 February, no 31 April); the answer is
 * the day as YYYY-MM-DD, or null for anything else. The date fields parse as the user types (Mantine's DateInput keeps
 * the last text that parsed), so a one-digit day is no day: '2026-12-1' on the way to '2026-12-12' would otherwise
 * pick the 1st, and stay picked when the 12th turns out to be a Saturday. The pickers' year comes last, so their
 * one-digit month and day stay.
 */
export function parseDay(text: string, { pickerFormat = false } = {}): string | null {
  const iso = ISO_DAY.exec(text);
  const picker = pickerFormat ? PICKER_DAY.exec(text) : null;
  const parts = iso ? [iso[1], iso[2], iso[3]] : picker ? [picker[3], picker[1], picker[2]] : null;
  if (!parts) return null;
  const [year, month, date] = parts.map(Number);
  const day = `${year}-${pad(month!)}-${pad(date!)}`;
  return addDays(day, 0) === day ? day : null; // new Date rolls 30 February over into March
}
