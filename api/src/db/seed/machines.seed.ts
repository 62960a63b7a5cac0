import { randomUUID } from 'node:crypto';
import type { Db } from '../database.js';
import { ingestEvents, type IncomingEvent } from '../../features/machines/machines.ingest.js';
import { shiftOfDay, type Span } from '../../features/machines/oee.rules.js';
import { nowMs } from '../../lib/clock.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far back the machines have reported. */
const DAYS = 28;
/** The last hours have no seeded stop. */
const QUIET_MS = 2 * HOUR;

/** How each demo machine runs against its planned rate (its performance) and how much of what it blows is scrap. */
const PACE: Record<string, { pace: number; scrap: number }> = {
  'FB-101': { pace: 0.91, scrap: 0.012 },
  'FB-102': { pace: 0.86, scrap: 0.021 },
  'FB-201': { pace: 0.83, scrap: 0.028 },
  'FB-301': { pace: 0.94, scrap: 0.009 },
};

/** The stops the machines report, cycled: [cause, or null when the machine reports none, minutes]. */
const STOPS: [cause: string | null, minutes: number][] = [
  ['Material shortage', 25],
  ['Cleaning', 40],
  [null, 12],
  ['Compressor failure', 55],
  ['Mould change', 75],
  ['Material shortage', 18],
  ['Power outage', 35],
  [null, 8],
  ['Cleaning', 30],
  ['Compressor failure', 20],
];

const overlapMs = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/**
 * The demo machines' events of the last four weeks, as their collector would have sent them, through the same
 * ingestion as the machines' own calls (so the stops they open, the live states and the daily counts are what the
 * portal derives): each machine runs from its first shift on, stops once or twice a shift for causes of every kind
 * (planned change-overs and cleaning, shortages, failures, a few without a cause), and reports its good and scrap
 * bottles every hour of its shift at its pace against the planned rate of its products. Stops typed by hand (the
 * orders and downtime seeds', among them the mould change of the machine stopped now) are left to themselves: no
 * event stop overlaps them and the machine counts nothing while they last. Written once (false when there are
 * machine events already or no machine to report for).
 */
export async function seedMachineEvents(db: Db): Promise<boolean> {
  if (await db.selectFrom('machine_events').select('id').limit(1).executeTakeFirst()) return false;
  const machines = (
    await db
      .selectFrom('companies as c')
      .leftJoin('client_details as d', 'd.company_id', 'c.id')
      .select(['c.id', 'c.fbs', 'd.shift_start', 'd.shift_end'])
      .orderBy('c.id')
      .execute()
  ).flatMap((company) => company.fbs.map((machine) => ({ companyId: company.id, machine, shift: { start: company.shift_start, end: company.shift_end } })));
  const known = machines.filter((machine) => PACE[machine.machine]);
  if (!known.length) return false;
  const [causes, products, typed] = await Promise.all([
    db.selectFrom('downtime_causes').select(['id', 'cause_name']).execute(),
    db
      .selectFrom('client_products')
      .select(['company_id', 'machine_names', 'planned_seconds_per_item', 'wip'])
      .where('deleted_at', 'is', null)
      .where('planned_seconds_per_item', 'is not', null)
      .execute(),
    db.selectFrom('downtime_history').select(['company_id', 'machine_name', 'target_start', 'target_end']).execute(),
  ]);
  const causeId = new Map(causes.map((cause) => [cause.cause_name, cause.id]));
  const now = nowMs();
  const first = Math.floor(now / DAY) * DAY - DAYS * DAY;

  const events: IncomingEvent[] = [];
  known.forEach(({ companyId, machine, shift }, machineIndex) => {
    const ref = { clientId: companyId, machineName: machine };
    const push = (at: number, kind: IncomingEvent['kind'], extra: Partial<IncomingEvent> = {}) =>
      events.push({ eventId: randomUUID(), machine: ref, at: new Date(at).toISOString(), kind, ...extra });
    // The machine's planned rate as the OEE reads it: its product in production, else the mean of its products.
    const made = products.filter((p) => p.company_id === companyId && p.machine_names?.split(',').map((name) => name.trim()).includes(machine));
    const rated = made.some((p) => p.wip) ? made.filter((p) => p.wip) : made;
    const rate = rated.length ? rated.reduce((sum, p) => sum + Number(p.planned_seconds_per_item), 0) / rated.length : null;
    const handTyped: Span[] = typed
      .filter((row) => row.company_id === companyId && row.machine_name === machine)
      .map((row) => ({ start: new Date(row.target_start!).getTime(), end: row.target_end ? new Date(row.target_end).getTime() : Infinity }));
    const { pace, scrap } = PACE[machine]!;
    let started = false;
    for (let day = 0; day <= DAYS; day++) {
      const window = shiftOfDay(first + day * DAY, shift);
      if (window.start >= now) break;
      if (!started) {
        push(window.start, 'running');
        started = true;
      }
      const stops: Span[] = [];
      const count = (day + machineIndex) % 3;
      for (let k = 0; k < count; k++) {
        const [cause, minutes] = STOPS[(day * 3 + machineIndex * 5 + k) % STOPS.length]!;
        const start = window.start + Math.round(((k + 1) * (window.end - window.start)) / (count + 1) / MINUTE) * MINUTE + ((day * 7) % 23) * MINUTE;
        const stop = { start, end: start + minutes * MINUTE };
        // None in the last hours: a stop a person or a collector reports now starts from a machine that has been running.
        if (stop.end >= now - QUIET_MS || stop.end > window.end || handTyped.some((span) => overlapMs(span, stop) > 0)) continue;
        const id = cause === null ? undefined : causeId.get(cause);
        push(stop.start, 'stopped', id === undefined ? {} : { causeCode: id });
        push(stop.end, 'running');
        stops.push(stop);
      }
      if (rate === null) continue;
      // Every hour of the shift (up to now), the bottles of the time it ran: not in its stops, nor in those typed by hand.
      for (let hour = window.start; hour < Math.min(window.end, now); hour += HOUR) {
        const span = { start: hour, end: Math.min(hour + HOUR, window.end, now - MINUTE) };
        if (span.end <= span.start) continue;
        const ran = span.end - span.start - [...stops, ...handTyped].reduce((sum, stop) => sum + overlapMs(stop, span), 0);
        const bottles = Math.round(((ran / 1000) * pace) / rate);
        if (bottles <= 0) continue;
        const scrapped = Math.round(bottles * scrap);
        push(span.end, 'counts', { good: bottles - scrapped, scrap: scrapped });
      }
    }
  });
  await ingestEvents(db, { name: 'Demo collector', machines: null }, events, { aheadMs: 5 * MINUTE, horizonMs: (DAYS + 2) * DAY });
  return true;
}
