/**
 * OEE as ISO 22400-2 defines it (docs/oee.md), as pure functions over instants in milliseconds.
 *
 * - planned busy time (PBT) = the client's shift time (`shift_start`..`shift_end`, UTC, one shift a day; the whole day
 *   without shift details) minus planned downtime (stops whose cause is marked planned);
 * - actual production time (APT) = PBT minus unplanned stops;
 * - availability = APT / PBT;
 * - performance (effectiveness) = planned run time per item × produced quantity / APT;
 * - quality = good quantity / produced quantity (produced = good + scrap);
 * - OEE = availability × performance × quality;
 * - coverage = the share of the shift time in which the machine's state is known from its events (running or
 *   stopped), i.e. how complete the data behind the figure is.
 */

export const DAY_MS = 86_400_000;

/** From this OEE on a figure is 'good' (the usual world-class mark), from MEDIUM 'medium', below it 'bad'. */
export const OEE_GOOD = 0.85;
export const OEE_MEDIUM = 0.6;
/** Below this coverage the data is too thin for a band: 'none'. */
export const MIN_COVERAGE = 0.5;

export type Band = 'good' | 'medium' | 'bad' | 'none';

/** A half-open span [start, end) of instants (ms). */
export interface Span {
  start: number;
  end: number;
}

/** A stop (downtime history row); `end` null while it lasts (read up to `now`). */
export interface Stop {
  start: number;
  end: number | null;
  planned: boolean;
}

/** One state change of a machine from its events: running, stopped, or unknown (its collector is dead). */
export interface StateChange {
  at: number;
  state: 'running' | 'stopped' | 'unknown';
}

/** Shift details of a client: 24 h 'HH:mm', UTC; null or equal ends = no shift details (the whole day). */
export interface Shift {
  start: string | null;
  end: string | null;
}

export interface Quantities {
  good: number;
  scrap: number;
  /** Claims' rejected bottles, shown beside quality. */
  rejected: number;
}

export interface OeeFigure {
  availability: number | null;
  performance: number | null;
  quality: number | null;
  oee: number | null;
  band: Band;
  coverage: number;
  /** Seconds. */
  plannedBusyTime: number;
  /** Seconds. */
  actualProductionTime: number;
  producedQuantity: number;
  goodQuantity: number;
  scrapQuantity: number;
  rejectedQuantity: number;
}

/** Minutes of 'HH:mm' (at most 1,440 texts, parsed once each: every day of every bucket asks again). */
const minutes = new Map<string, number>();
function minutesOf(hhmm: string) {
  let value = minutes.get(hhmm);
  if (value === undefined) {
    value = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
    if (minutes.size < 2_000) minutes.set(hhmm, value);
  }
  return value;
}

/** Midnight (UTC) of the day `YYYY-MM-DD`. */
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The shift of the day starting at `midnight`: from shift_start to shift_end, ending the next day when shift_end is
 * not after shift_start (a night shift 22:00-06:00). Without shift details, the whole day.
 */
export function shiftOfDay(midnight: number, shift: Shift): Span {
  if (!shift.start || !shift.end || shift.start === shift.end) return { start: midnight, end: midnight + DAY_MS };
  const start = midnight + minutesOf(shift.start) * 60_000;
  let end = midnight + minutesOf(shift.end) * 60_000;
  if (end <= start) end += DAY_MS;
  return { start, end };
}

/** The shift time inside `within`: the shifts of every day that can overlap it, cut to it, in order. */
export function shiftWindows(within: Span, shift: Shift): Span[] {
  const windows: Span[] = [];
  const firstDay = Math.floor(within.start / DAY_MS) * DAY_MS - DAY_MS;
  for (let midnight = firstDay; midnight < within.end; midnight += DAY_MS) {
    const day = shiftOfDay(midnight, shift);
    const start = Math.max(day.start, within.start);
    const end = Math.min(day.end, within.end);
    if (start < end) windows.push({ start, end });
  }
  return windows;
}

/** Total length (ms) of the intersection of two lists of spans, each sorted by start and without overlaps. */
export function overlap(a: readonly Span[], b: readonly Span[]): number {
  let total = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i]!.start, b[j]!.start);
    const end = Math.min(a[i]!.end, b[j]!.end);
    if (start < end) total += end - start;
    if (a[i]!.end < b[j]!.end) i++;
    else j++;
  }
  return total;
}

/** Whether [start, end) shares time with one of `spans` (sorted by start, without overlaps): a binary search. */
export function touches(spans: readonly Span[], start: number, end: number): boolean {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (spans[middle]!.end <= start) low = middle + 1;
    else high = middle;
  }
  return start < end && low < spans.length && spans[low]!.start < end;
}

/** Sorted spans merged where they overlap or touch (stops of one machine may overlap when typed by hand). */
export function merge(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((span) => span.end > span.start).sort((x, y) => x.start - y.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    // Written out: an object spread costs several times as much, and a year of shift windows is merged per machine.
    else merged.push({ start: span.start, end: span.end });
  }
  return merged;
}

/**
 * The spans in which the state is known (running or stopped) from the state changes, sorted by time, and the state
 * before the first change (`initial`, from the last change before the period). Known lasts until `until`.
 */
export function knownSpans(initial: StateChange['state'] | null, changes: readonly StateChange[], from: number, until: number): Span[] {
  const spans: Span[] = [];
  let state = initial;
  let since = from;
  for (const change of changes) {
    const at = Math.min(Math.max(change.at, from), until);
    if (state !== null && state !== 'unknown' && at > since) spans.push({ start: since, end: at });
    state = change.state;
    since = at;
  }
  if (state !== null && state !== 'unknown' && until > since) spans.push({ start: since, end: until });
  return merge(spans);
}

/** The band of an OEE figure: none without a figure or with coverage below MIN_COVERAGE. */
export function band(oee: number | null, coverage: number): Band {
  if (oee === null || coverage < MIN_COVERAGE) return 'none';
  if (oee >= OEE_GOOD) return 'good';
  if (oee >= OEE_MEDIUM) return 'medium';
  return 'bad';
}

/** Rounded to 4 decimals (0.01 %), as answered. */
const ratio = (value: number) => Math.round(value * 10_000) / 10_000;

export interface OeeInput {
  /** The shift time of the bucket (see shiftWindows), sorted. */
  windows: readonly Span[];
  /** The machine's stops overlapping the bucket. */
  stops: readonly Stop[];
  /** Spans with a known state (see knownSpans). */
  known: readonly Span[];
  quantities: Quantities;
  /** Planned run time per item in seconds; null when the product has none. */
  secondsPerItem: number | null;
  /** The end of a lasting stop. */
  now: number;
}

/**
 * A machine's stops as merged spans: planned, and unplanned outside the planned ones (an unplanned stop inside a planned
 * one counts once, as planned). Kept per stops list (and `now`): the service passes one list to every bucket of a
 * machine, which merged the same stops again for each of them (a year by week: 53 times).
 */
const stopSpans = new WeakMap<readonly Stop[], { now: number; planned: Span[]; unplannedOnly: Span[] }>();
function stopSpansOf(stops: readonly Stop[], now: number) {
  const kept = stopSpans.get(stops);
  if (kept && kept.now === now) return kept;
  const spansOf = (planned: boolean) => merge(stops.filter((stop) => stop.planned === planned).map((stop) => ({ start: stop.start, end: stop.end ?? now })));
  const planned = spansOf(true);
  const computed = { now, planned, unplannedOnly: subtract(spansOf(false), planned) };
  stopSpans.set(stops, computed);
  return computed;
}

/** One OEE figure (ISO 22400-2) from the shift time, the stops, the known spans and the quantities. */
export function oeeFigure(input: OeeInput): OeeFigure {
  const { planned, unplannedOnly } = stopSpansOf(input.stops, input.now);
  const shiftMs = input.windows.reduce((sum, window) => sum + (window.end - window.start), 0);
  const pbtMs = shiftMs - overlap(input.windows, planned);
  const aptMs = Math.max(0, pbtMs - overlap(input.windows, unplannedOnly));
  const produced = input.quantities.good + input.quantities.scrap;
  const availability = pbtMs > 0 ? aptMs / pbtMs : null;
  const performance = aptMs > 0 && input.secondsPerItem !== null ? (input.secondsPerItem * 1000 * produced) / aptMs : null;
  const quality = produced > 0 ? input.quantities.good / produced : null;
  const oee = availability !== null && performance !== null && quality !== null ? availability * performance * quality : null;
  const coverage = shiftMs > 0 ? overlap(input.windows, input.known) / shiftMs : 0;
  return {
    availability: availability === null ? null : ratio(availability),
    performance: performance === null ? null : ratio(performance),
    quality: quality === null ? null : ratio(quality),
    oee: oee === null ? null : ratio(oee),
    band: band(oee, coverage),
    coverage: ratio(coverage),
    plannedBusyTime: Math.round(pbtMs / 1000),
    actualProductionTime: Math.round(aptMs / 1000),
    producedQuantity: produced,
    goodQuantity: input.quantities.good,
    scrapQuantity: input.quantities.scrap,
    rejectedQuantity: input.quantities.rejected,
  };
}

/** `spans` minus `cut` (both sorted, merged). */
export function subtract(spans: readonly Span[], cut: readonly Span[]): Span[] {
  const result: Span[] = [];
  for (const span of spans) {
    let start = span.start;
    for (const piece of cut) {
      if (piece.end <= start || piece.start >= span.end) continue;
      if (piece.start > start) result.push({ start, end: piece.start });
      start = Math.max(start, piece.end);
    }
    if (start < span.end) result.push({ start, end: span.end });
  }
  return result;
}

export type Grain = 'day' | 'shift' | 'week';

/**
 * The buckets of a period (inclusive UTC days `from`..`to`): UTC days, ISO weeks (Monday first, cut to the period), or
 * the shift of each day (the whole day without shift details; a night shift runs into the next day).
 */
export function buckets(from: string, to: string, grain: Grain, shift: Shift): Span[] {
  const first = dayStart(from);
  const end = dayStart(to) + DAY_MS;
  const result: Span[] = [];
  if (grain === 'day') for (let day = first; day < end; day += DAY_MS) result.push({ start: day, end: day + DAY_MS });
  if (grain === 'shift') for (let day = first; day < end; day += DAY_MS) result.push(shiftOfDay(day, shift));
  if (grain === 'week') {
    let start = first;
    while (start < end) {
      const weekday = (new Date(start).getUTCDay() + 6) % 7;
      const next = Math.min(start - weekday * DAY_MS + 7 * DAY_MS, end);
      result.push({ start, end: next });
      start = next;
    }
  }
  return result;
}

/** The span a whole period covers, including a last night shift that runs past its last day. */
export function periodSpan(from: string, to: string, grain: Grain, shift: Shift): Span {
  const all = buckets(from, to, grain, shift);
  return { start: Math.min(dayStart(from), ...all.map((b) => b.start)), end: Math.max(dayStart(to) + DAY_MS, ...all.map((b) => b.end)) };
}

export interface Reliability {
  /** Unplanned stops with time in the planned busy time: the failure events (FE). */
  failures: number;
  mtbfHours: number | null;
  mttrHours: number | null;
}

/**
 * MTBF and MTTR in hours as ISO 22400-2 defines them, on operating time, not calendar time:
 * MTBF = actual production time (APT) / failures, MTTR = downtime of the failures / failures. A failure is an unplanned
 * stop with time in the planned busy time (PBT): a planned stop is not one, nor a stop between shifts (the machine was
 * not meant to run), and its downtime is the part inside the PBT, the same that availability subtracts. So
 * MTBF / (MTBF + MTTR) is the availability. Null without failures. `windows` are the shift time of the period up to
 * now, sorted and without overlaps, as shiftWindows gives them (so machines of one shift can share them); a lasting
 * stop runs to `now`.
 */
export function reliability(input: { windows: readonly Span[]; stops: readonly Stop[]; now: number }): Reliability {
  const { planned, unplannedOnly } = stopSpansOf(input.stops, input.now);
  const busy = subtract(input.windows, planned);
  const downMs = overlap(busy, unplannedOnly);
  const aptMs = busy.reduce((sum, span) => sum + (span.end - span.start), 0) - downMs;
  // Busy time already excludes the planned stops, so a stop is a failure when it shares any time with it.
  const failures = input.stops.filter((stop) => !stop.planned && touches(busy, stop.start, stop.end ?? input.now)).length;
  if (failures === 0) return { failures, mtbfHours: null, mttrHours: null };
  const hours = (ms: number) => Math.round((ms / 3_600_000) * 100) / 100;
  return { failures, mtbfHours: hours(aptMs / failures), mttrHours: hours(downMs / failures) };
}
