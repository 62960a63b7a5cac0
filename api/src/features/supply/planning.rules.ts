/**
 * Demand-driven preform supply: the rules that need no database. The repository gathers the numbers in
 * SQL (open items, forecasts, stock, supply orders, lead times, packaging); these functions turn them into weekly
 * requirements, DDMRP buffer zones, the net flow position, a suggested supply order and the projection (the delivery
 * figures are in stats/delivery.rules.ts). docs/supply-planning.md explains each with the worked examples of planning.rules.test.ts.
 *
 * Days are 'YYYY-MM-DD' calendar days of the plant, computed in UTC so that no time zone or daylight saving change
 * moves them. Weeks start on Monday.
 */

const DAY_MS = 86_400_000;

/** The contract's limits of a supply order's amount (part 9: minimum order quantity 1000, at most 10,000,000). */
export const MIN_SUPPLY_AMOUNT = 1000;
export const MAX_SUPPLY_AMOUNT = 10_000_000;

/*
 * Days as numbers (days since 1970-01-01, UTC): the plan turns thousands of pairs into weeks, and parsing and printing
 * a Date for every step cost it over a second at production scale. Both directions are remembered (a plan touches a
 * few thousand distinct days); the caches are emptied when they grow past that.
 */
const CACHE_LIMIT = 20_000;
const dayNumbers = new Map<string, number>();
const dayStrings = new Map<number, string>();

function dayNumber(day: string): number {
  let number = dayNumbers.get(day);
  if (number === undefined) {
    number = Math.round(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS);
    if (dayNumbers.size >= CACHE_LIMIT) dayNumbers.clear();
    dayNumbers.set(day, number);
  }
  return number;
}

function dayString(number: number): string {
  let day = dayStrings.get(number);
  if (day === undefined) {
    day = new Date(number * DAY_MS).toISOString().slice(0, 10);
    if (dayStrings.size >= CACHE_LIMIT) dayStrings.clear();
    dayStrings.set(number, day);
  }
  return day;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
const weekdayOf = (number: number) => (((number + 4) % 7) + 7) % 7;

export function addDays(day: string, days: number): string {
  return dayString(dayNumber(day) + days);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export function isWeekend(day: string): boolean {
  const weekday = weekdayOf(dayNumber(day));
  return weekday === 0 || weekday === 6;
}

/** The Monday of the week `day` is in. */
export function mondayOf(day: string): string {
  const number = dayNumber(day);
  return dayString(number - ((weekdayOf(number) + 6) % 7));
}

/** The Mondays of `count` weeks from the week of `day` on. */
export function weeksFrom(day: string, count: number): string[] {
  const first = mondayOf(day);
  return Array.from({ length: count }, (_, index) => addDays(first, 7 * index));
}

/**
 * `day` plus `workingDays` working days (Monday to Friday). Manufacturers count lead time in working days: an order
 * placed on Friday with a lead time of 2 arrives on Tuesday. A weekend day counts from the next Monday.
 */
export function addWorkingDays(day: string, workingDays: number): string {
  let current = day;
  while (isWeekend(current)) current = addDays(current, 1);
  let left = workingDays;
  while (left > 0) {
    current = addDays(current, 1);
    if (!isWeekend(current)) left -= 1;
  }
  return current;
}

/** The earliest day a supply order placed on `today` arrives: `today` plus the manufacturer's lead time in working days. */
export function earliestArrival(today: string, leadTimeDays: number): string {
  return addWorkingDays(today, leadTimeDays);
}

/** The decoupled lead time in calendar days (what the average daily usage is multiplied by). */
export function leadTimeCalendarDays(today: string, leadTimeDays: number): number {
  return daysBetween(today, earliestArrival(today, leadTimeDays));
}

// --- Requirements -------------------------------------------------------------------------------------------

/** One client forecast of one product for one period, with what orders already cover of it. */
export interface ForecastLine {
  periodFrom: string;
  periodTo: string;
  /** Bottles the client planned for the period. */
  plannedAmount: number;
  /** Bottles of the same product that the client's order items due in the period already ask for. */
  orderedAmount: number;
  scrapRate: number;
}

/** Bottles of a forecast that no order covers yet (never below 0: an order above the forecast covers it all). */
export function uncoveredForecast(line: ForecastLine): number {
  return Math.max(line.plannedAmount - line.orderedAmount, 0);
}

/**
 * Spreads `quantity` evenly over the days of [from, to] and sums it per week (keyed by Monday). Days before
 * `firstDay` are past and dropped (no supply order can serve them any more); weeks outside `weeks` are dropped.
 */
export function spreadOverWeeks(from: string, to: string, quantity: number, weeks: readonly string[], firstDay: string): Map<string, number> {
  const result = new Map<string, number>();
  const days = daysBetween(from, to) + 1;
  if (days <= 0 || quantity <= 0) return result;
  const daily = quantity / days;
  // Each week of the horizon gets the days of the period that fall in it and are not past: per week, not per day
  // (a forecast may span years).
  const start = Math.max(dayNumber(from), dayNumber(firstDay));
  const end = dayNumber(to);
  for (const week of weeks) {
    const monday = dayNumber(week);
    const overlap = Math.min(end, monday + 6) - Math.max(start, monday) + 1;
    if (overlap > 0) result.set(week, (result.get(week) ?? 0) + daily * overlap);
  }
  return result;
}

export interface WeeklyRequirements {
  /** Preforms per week (Monday), rounded up per week. */
  byWeek: Map<string, number>;
  /** Preforms the open items need by week (before rounding). */
  fromItems: Map<string, number>;
  /** Preforms the uncovered forecasts need by week (before rounding). */
  fromForecasts: Map<string, number>;
}

/**
 * Preform requirements of one preform in one warehouse per week of the horizon. `items` are the preforms the open
 * order items still need, by due day (the repository converts bottles with the products' scrap exactly as the stock
 * lists' order amount does); a day already past counts in the first week. A forecast's uncovered part, converted
 * with its product's scrap rate, is spread over its period when `countForecasts` is set.
 */
export function weeklyRequirements(
  items: readonly DailyDemand[],
  forecasts: readonly ForecastLine[],
  weeks: readonly string[],
  today: string,
  countForecasts: boolean,
): WeeklyRequirements {
  const fromItems = new Map<string, number>();
  const fromForecasts = new Map<string, number>();
  const first = weeks[0];
  const last = weeks[weeks.length - 1];
  for (const item of items) {
    const week = item.day < today ? first : mondayOf(item.day);
    if (week < first || week > last) continue;
    fromItems.set(week, (fromItems.get(week) ?? 0) + item.preforms);
  }
  if (countForecasts) {
    for (const line of forecasts) {
      const bottles = uncoveredForecast(line);
      for (const [week, share] of spreadOverWeeks(line.periodFrom, line.periodTo, bottles, weeks, today)) {
        fromForecasts.set(week, (fromForecasts.get(week) ?? 0) + share * (1 + line.scrapRate));
      }
    }
  }
  const byWeek = new Map<string, number>();
  for (const week of weeks) byWeek.set(week, Math.max(Math.ceil((fromItems.get(week) ?? 0) + (fromForecasts.get(week) ?? 0) - 1e-9), 0));
  return { byWeek, fromItems, fromForecasts };
}

// --- Buffers (DDMRP) ------------------------------------------------------------------------------------------

/** What the admin sets per preform and warehouse (or the defaults). */
export interface BufferSettings {
  /** Share of the lead-time usage in the green zone and the red base (DDMRP: 0.2 long, 0.5 medium, 0.8 short lead times). */
  leadTimeFactor: number;
  /** Share of the red base added for variability (DDMRP: 0.2 low to 0.8 high). */
  variabilityFactor: number;
  /** The smallest order worth placing; the green zone is never smaller. At least the contract's 1000. */
  minimumOrder: number;
  /** Weight of the forward-looking usage (requirements) against the past consumption in the average daily usage. */
  forwardWeight: number;
  /** A day's demand at least this share of the red zone is an order spike. */
  spikeShareOfRed: number;
}

export const DEFAULT_BUFFER_SETTINGS: BufferSettings = {
  leadTimeFactor: 0.5,
  variabilityFactor: 0.5,
  minimumOrder: MIN_SUPPLY_AMOUNT,
  forwardWeight: 0.5,
  spikeShareOfRed: 0.5,
};

/**
 * Average daily usage, blended: `forwardWeight` of the requirements ahead (per day of the horizon) and the rest of
 * the consumption of the recent past (per day of that past).
 */
export function averageDailyUsage(forward: { preforms: number; days: number }, past: { preforms: number; days: number }, forwardWeight: number): number {
  const ahead = forward.days > 0 ? forward.preforms / forward.days : 0;
  const behind = past.days > 0 ? past.preforms / past.days : 0;
  return forwardWeight * ahead + (1 - forwardWeight) * behind;
}

export interface BufferZones {
  adu: number;
  /** Decoupled lead time in calendar days. */
  leadTimeDays: number;
  redBase: number;
  redSafety: number;
  red: number;
  yellow: number;
  green: number;
  topOfRed: number;
  topOfYellow: number;
  topOfGreen: number;
}

/**
 * DDMRP zones: yellow = ADU × DLT; red = red base (yellow × lead-time factor) + red safety (red base × variability
 * factor); green = the largest of the minimum order and yellow × lead-time factor. Each rounded up to a preform.
 */
export function bufferZones(adu: number, leadTimeDays: number, settings: BufferSettings): BufferZones {
  const usage = adu * leadTimeDays;
  const redBase = Math.ceil(usage * settings.leadTimeFactor);
  const redSafety = Math.ceil(redBase * settings.variabilityFactor);
  const red = redBase + redSafety;
  const yellow = Math.ceil(usage);
  const green = Math.max(settings.minimumOrder, Math.ceil(usage * settings.leadTimeFactor));
  return { adu, leadTimeDays, redBase, redSafety, red, yellow, green, topOfRed: red, topOfYellow: red + yellow, topOfGreen: red + yellow + green };
}

export type Zone = 'red' | 'yellow' | 'green' | 'over';

/**
 * The zone of a position. A preform nobody uses (ADU 0) has empty red and yellow zones: any stock of it is green (or
 * over the top of green), and only a negative position is red.
 */
export function zoneOf(position: number, zones: BufferZones): Zone {
  if (position < 0) return 'red';
  if (zones.adu <= 0) return position > zones.topOfGreen ? 'over' : 'green';
  if (position <= zones.topOfRed) return 'red';
  if (position <= zones.topOfYellow) return 'yellow';
  if (position <= zones.topOfGreen) return 'green';
  return 'over';
}

/** Demand of one day. */
export interface DailyDemand {
  day: string;
  preforms: number;
}

export interface QualifiedDemand {
  /** Past-due and today's demand. */
  dueNow: number;
  /** Days within the spike horizon whose demand reaches the threshold. */
  spikes: DailyDemand[];
  total: number;
}

/**
 * Qualified demand (DDMRP): everything due today or earlier, plus the order spikes — future days up to
 * `horizonEnd` (the lead time) whose demand alone is at least `threshold`. Ordinary future demand is what the
 * buffer is sized for and is not subtracted.
 */
export function qualifiedDemand(demand: readonly DailyDemand[], today: string, horizonEnd: string, threshold: number): QualifiedDemand {
  let dueNow = 0;
  const spikes: DailyDemand[] = [];
  for (const entry of demand) {
    if (entry.day <= today) dueNow += entry.preforms;
    else if (entry.day <= horizonEnd && threshold > 0 && entry.preforms >= threshold) spikes.push(entry);
  }
  return { dueNow, spikes, total: dueNow + spikes.reduce((sum, spike) => sum + spike.preforms, 0) };
}

/** Net flow position = on hand + open supply (pending and ordered) arriving within the lead time − qualified demand. */
export function netFlowPosition(onHand: number, incoming: number, qualified: number): number {
  return onHand + incoming - qualified;
}

// --- Suggested supply orders ----------------------------------------------------------------------------------

export interface Packaging {
  /** Preforms per box (the preform's qtyPerBox). */
  qtyPerBox: number;
  /** Boxes per truck (the manufacturer's boxQtyPerTruck). */
  boxQtyPerTruck: number;
  /** Round up to whole trucks when that adds at most this share of the boxes (default 10 %). */
  truckRoundingShare?: number;
}

export interface Rounded {
  amount: number;
  boxes: number;
  /** Whole trucks when the amount was rounded to trucks, else null. */
  trucks: number | null;
}

/**
 * Rounds a quantity up to whole boxes, and further up to whole trucks where it helps: when the boxes fill at least
 * one truck, or when the extra boxes are at most `truckRoundingShare` of the order.
 */
export function roundToPackaging(quantity: number, packaging: Packaging): Rounded {
  const boxes = Math.max(Math.ceil(quantity / packaging.qtyPerBox - 1e-9), 0);
  const perTruck = packaging.boxQtyPerTruck;
  if (boxes === 0 || perTruck <= 0) return { amount: boxes * packaging.qtyPerBox, boxes, trucks: null };
  const trucks = Math.ceil(boxes / perTruck);
  const extra = trucks * perTruck - boxes;
  if (extra === 0 || extra <= (packaging.truckRoundingShare ?? 0.1) * boxes) {
    return { amount: trucks * perTruck * packaging.qtyPerBox, boxes: trucks * perTruck, trucks };
  }
  return { amount: boxes * packaging.qtyPerBox, boxes, trucks: null };
}

export interface Suggestion {
  /** Preforms to order (whole boxes, maybe whole trucks), within the contract's limits. */
  amount: number;
  boxes: number;
  trucks: number | null;
  /** The day the order should arrive. */
  dueDate: string;
  zone: Zone;
  /** Top of green − net flow position, before rounding: what the suggestion is made of. */
  shortfall: number;
}

/**
 * Suggests an order when the net flow position is in the yellow or red zone: up to the top of green, at least the
 * minimum order, rounded to packaging, capped at the contract's maximum; due on the earliest arrival the lead time
 * allows. Green or above: no suggestion.
 */
export function suggestOrder(
  position: number,
  zones: BufferZones,
  packaging: Packaging,
  settings: Pick<BufferSettings, 'minimumOrder'>,
  today: string,
  leadTimeWorkingDays: number,
): Suggestion | null {
  const zone = zoneOf(position, zones);
  if (zone === 'green' || zone === 'over') return null;
  const shortfall = zones.topOfGreen - position;
  const wanted = Math.max(shortfall, settings.minimumOrder, MIN_SUPPLY_AMOUNT);
  let rounded = roundToPackaging(wanted, packaging);
  if (rounded.amount > MAX_SUPPLY_AMOUNT) {
    const boxes = Math.floor(MAX_SUPPLY_AMOUNT / packaging.qtyPerBox);
    rounded = { amount: boxes * packaging.qtyPerBox, boxes, trucks: null };
  }
  return { ...rounded, dueDate: earliestArrival(today, leadTimeWorkingDays), zone, shortfall };
}

/**
 * What a dismissal remembers: a suggestion stays hidden while these numbers stay the same, and shows again when any
 * changes (a new order, a delivery, a changed forecast move the position and so the amount).
 */
export function suggestionFingerprint(suggestion: Pick<Suggestion, 'amount' | 'dueDate' | 'zone'>): string {
  return `${suggestion.zone}:${suggestion.amount}:${suggestion.dueDate}`;
}

// --- Projection -----------------------------------------------------------------------------------------------

export interface WeekProjection {
  week: string;
  start: number;
  supply: number;
  requirement: number;
  end: number;
}

/** Week by week: stock at the start, plus supply orders due in the week (pending and ordered), minus requirements. */
export function project(onHand: number, weeks: readonly string[], supply: ReadonlyMap<string, number>, requirements: ReadonlyMap<string, number>): WeekProjection[] {
  let stock = onHand;
  return weeks.map((week) => {
    const start = stock;
    const incoming = supply.get(week) ?? 0;
    const need = requirements.get(week) ?? 0;
    stock = start + incoming - need;
    return { week, start, supply: incoming, requirement: need, end: stock };
  });
}
