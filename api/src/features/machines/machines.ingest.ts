import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { MachineEventKindStored, UnmatchedReasonStored } from '../../db/tables/machines.js';
import * as clock from '../../lib/clock.js';
import { englishOnly } from '../../lib/problem.js';
import * as downtime from '../downtime/downtime.repository.js';
import { recordEvents, type EventCause, type EventInput } from '../events/events.service.js';
import { findAffectedItems } from './machines.repository.js';
import { groupBy } from '../../lib/group-by.js';

/** One event as it comes in (HTTP body or an MQTT message); `unknown` only from an MQTT death. */
export interface IncomingEvent {
  eventId: string;
  machine: { clientId: string; machineName: string };
  at: string;
  kind: MachineEventKindStored;
  causeCode?: number;
  good?: number;
  scrap?: number;
}

/** Who reports: a credential (its name and the machines it may report for) or the MQTT broker (every machine). */
export interface EventSource {
  name: string;
  /** `companyId machineName` keys; null = every machine. */
  machines: Set<string> | null;
  /** Who the event log names as the cause of the stops and starts (the credential); the source's name when absent. */
  cause?: EventCause;
}

/**
 * How far from the portal's clock an event may lie to be applied: up to `aheadMs` after it (collectors' clocks drift a
 * little) and up to `horizonMs` before it (older days are closed: their figures have been read and reported).
 */
export interface EventBounds {
  aheadMs: number;
  horizonMs: number;
}

/** The bounds of the configuration (MACHINE_EVENT_MAX_AHEAD_MINUTES, MACHINE_EVENT_HORIZON_DAYS). */
export const eventBoundsOf = (config: { MACHINE_EVENT_MAX_AHEAD_MINUTES: number; MACHINE_EVENT_HORIZON_DAYS: number }): EventBounds => ({
  aheadMs: config.MACHINE_EVENT_MAX_AHEAD_MINUTES * 60_000,
  horizonMs: config.MACHINE_EVENT_HORIZON_DAYS * 86_400_000,
});

export const machineKey = (companyId: string, machineName: string) => `${companyId}\u001f${machineName}`;

/**
 * A protocol error of the machine ingest. English only: a collector's program sends these events (over HTTP or MQTT)
 * and reads the answer; no person's screen shows it.
 */
const protocolError = (field: string, code: string, message: string) => englishOnly(400, 'Bad Request', message, [{ field, code, message }]);

/** The rules the schema cannot say: cause only on a stop, counts only on counts (400 naming the field, nothing written). */
export function checkEvents(events: readonly IncomingEvent[]): void {
  events.forEach((event, index) => {
    const field = (name: string) => `events.${index}.${name}`;
    if (event.causeCode !== undefined && event.kind !== 'stopped')
      throw protocolError(field('causeCode'), 'notAllowed', 'Only a stopped event carries a cause code.');
    if (event.kind === 'counts' && event.good === undefined && event.scrap === undefined)
      throw protocolError(field('good'), 'required', 'A counts event carries good and/or scrap bottles.');
    if (event.kind !== 'counts' && (event.good !== undefined || event.scrap !== undefined))
      throw protocolError(field(event.good !== undefined ? 'good' : 'scrap'), 'notAllowed', 'Only a counts event carries quantities.');
  });
}

type Aside = IncomingEvent & { reason: UnmatchedReasonStored; detail: string | null };

/** Why an event lies outside the bounds (with the instants, for the admin's review), or null when it is within them. */
function outOfBounds(at: number, now: number, bounds: EventBounds): Pick<Aside, 'reason' | 'detail'> | null {
  const iso = (ms: number) => new Date(ms).toISOString();
  if (at > now + bounds.aheadMs)
    return { reason: 'aheadOfClock', detail: `More than ${bounds.aheadMs / 60_000} min after the portal's clock (${iso(now)}).` };
  if (at < now - bounds.horizonMs)
    return { reason: 'beforeHorizon', detail: `Before the ${bounds.horizonMs / 86_400_000}-day horizon (${iso(now - bounds.horizonMs)}): those days are closed.` };
  return null;
}

/**
 * The stopped events, among those about to be applied, whose stop would overlap a stop typed by hand (a downtime row
 * that no event opened): from the event to the machine's next running event (stored or in the batch), or to now when
 * none follows. Applying one would count the same downtime twice, or stretch a stop over what a person recorded, so
 * it is kept aside for review instead. Running events only shorten stops and are never held back.
 */
async function overlappingTypedStops(trx: Transaction<Database>, events: readonly IncomingEvent[], now: number) {
  const stops = events.filter((event) => event.kind === 'stopped');
  if (!stops.length) return new Map<IncomingEvent, string>();
  // The batch's running events per machine, for each stop the first after it (a batch may hold 1,000 events).
  const runningAt = new Map(
    [...groupBy(events.filter((event) => event.kind === 'running'), (event) => machineKey(event.machine.clientId, event.machine.machineName))].map(
      ([key, running]) => [key, running.map((event) => Date.parse(event.at))],
    ),
  );
  const batchEnd = (stop: IncomingEvent) => {
    const at = Date.parse(stop.at);
    const later = (runningAt.get(machineKey(stop.machine.clientId, stop.machine.machineName)) ?? []).filter((running) => running > at);
    return later.length ? new Date(Math.min(...later)).toISOString() : null;
  };
  // The rows ended after the event and the open ones, read apart: each an index range of downtime_history_machine_end
  // (stopsOverlapping in machines.repository.ts does the same), where `coalesce(target_end, ...)` read every row of the machine.
  const typed = (ended: boolean) => sql`
    select h.id, h.target_start from downtime_history h
     where h.company_id = s.company_id and h.machine_name = s.machine_name and h.target_start < greatest(u.until, s.at)
       and ${ended ? sql`h.target_end > s.at` : sql`h.target_end is null`}
       and not exists (select 1 from machine_stops l where l.downtime_id = h.id)`;
  const found = await sql<{ idx: string; downtime_id: number; target_start: Date }>`
    select distinct on (s.idx) s.idx, h.id as downtime_id, h.target_start
      from unnest(${stops.map((stop) => stop.machine.clientId)}::text[], ${stops.map((stop) => stop.machine.machineName)}::text[],
                  ${stops.map((stop) => stop.at)}::timestamptz[], ${stops.map(batchEnd)}::timestamptz[])
           with ordinality as s(company_id, machine_name, at, batch_end, idx)
      cross join lateral (
        select least(s.batch_end, ${new Date(now).toISOString()}::timestamptz,
                     (select min(ev.at) from machine_events ev
                       where ev.company_id = s.company_id and ev.machine_name = s.machine_name and ev.kind = 'running' and ev.at > s.at)) as until) u
      cross join lateral (${typed(true)} union all ${typed(false)}) h
     order by s.idx, h.target_start`.execute(trx);
  return new Map(
    found.rows.map((row) => [
      stops[Number(row.idx) - 1]!,
      `Its stop would overlap downtime ${row.downtime_id}, typed by hand from ${new Date(row.target_start).toISOString()}.`,
    ]),
  );
}

/**
 * The stopped events, among those about to be applied, that would reopen a closed day: dated within the horizon but
 * bringing the first cause of a stop the events opened before it (a stopped event gives its cause to the stop the
 * machine is in when that stop has none yet, stopsOf), which would move that stop's hours of closed days from 'no
 * cause' to a cause in the Pareto. The operator may still set the cause by hand.
 */
async function causesOfClosedStops(trx: Transaction<Database>, events: readonly IncomingEvent[], horizonStart: number) {
  const stops = events.filter((event) => event.kind === 'stopped' && event.causeCode !== undefined);
  if (!stops.length) return new Map<IncomingEvent, string>();
  const found = await sql<{ idx: string; downtime_id: number; target_start: Date }>`
    select distinct on (s.idx) s.idx, h.id as downtime_id, h.target_start
      from unnest(${stops.map((stop) => stop.machine.clientId)}::text[], ${stops.map((stop) => stop.machine.machineName)}::text[],
                  ${stops.map((stop) => stop.at)}::timestamptz[]) with ordinality as s(company_id, machine_name, at, idx)
      join machine_stops l on l.company_id = s.company_id and l.machine_name = s.machine_name
                          and l.started_at < ${new Date(horizonStart).toISOString()}::timestamptz and l.started_at <= s.at and l.event_cause_id is null
      join downtime_history h on h.id = l.downtime_id and h.cause_id is null and coalesce(h.target_end, 'infinity') > s.at
     order by s.idx, h.target_start`.execute(trx);
  return new Map(
    found.rows.map((row) => [
      stops[Number(row.idx) - 1]!,
      `It would give a cause to the stop since ${new Date(row.target_start).toISOString()}, which began before the horizon: those days are closed.`,
    ]),
  );
}

/**
 * Stores a batch of events in one transaction: a known event id is acknowledged and ignored;
 * events of unknown machines or outside the source's machines are kept aside, not applied; so are events dated outside
 * `bounds` around the portal's clock (a date far ahead would open a stop lasting for ever, one before the horizon would
 * rewrite closed days, as would the first cause of a stop begun before the horizon), and stopped events whose stop
 * would overlap a stop typed by hand. An unknown cause is kept
 * aside and its stop applied without a cause. Then the stops of each machine the batch touched are recomputed from
 * the earliest new event on (`recomputeStops`). HTTP and MQTT both come here, so the rules hold for both.
 */
export async function ingestEvents(db: Db, source: EventSource, events: readonly IncomingEvent[], bounds: EventBounds) {
  checkEvents(events);
  const now = clock.nowMs();
  return db.transaction().execute(async (trx) => {
    // One writer per machine at a time (sorted, so two batches never wait on each other crosswise).
    const touched = [...new Set(events.map((event) => machineKey(event.machine.clientId, event.machine.machineName)))].sort();
    await sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from (select unnest(${touched.map((key) => `machine:${key}`)}::text[]) as k order by 1) t`.execute(trx);

    const ids = [...new Set(events.map((event) => event.eventId.toLowerCase()))];
    const known = await sql<{ event_id: string }>`
      select event_id::text from machine_events where event_id = any(${ids}::uuid[])
      union all select event_id::text from machine_events_unmatched where event_id = any(${ids}::uuid[])`.execute(trx);
    const seen = new Set(known.rows.map((row) => row.event_id));

    const companyIds = [...new Set(events.map((event) => event.machine.clientId))];
    const companies = await trx.selectFrom('companies').select(['id', 'fbs']).where('id', 'in', companyIds).execute();
    const machines = new Set(companies.flatMap((company) => company.fbs.map((name) => machineKey(company.id, name))));
    const causeCodes = [...new Set(events.flatMap((event) => (event.causeCode !== undefined ? [event.causeCode] : [])))];
    const causes = new Set(
      causeCodes.length ? (await trx.selectFrom('downtime_causes').select('id').where('id', 'in', causeCodes).execute()).map((row) => row.id) : [],
    );

    const applicable: IncomingEvent[] = [];
    const aside: Aside[] = [];
    let duplicates = 0;
    for (const event of events) {
      const id = event.eventId.toLowerCase();
      if (seen.has(id)) {
        duplicates++;
        continue;
      }
      seen.add(id);
      const key = machineKey(event.machine.clientId, event.machine.machineName);
      const outside = outOfBounds(Date.parse(event.at), now, bounds);
      if (!machines.has(key)) aside.push({ ...event, reason: 'unknownMachine', detail: null });
      else if (source.machines && !source.machines.has(key)) aside.push({ ...event, reason: 'outOfScope', detail: null });
      else if (outside) aside.push({ ...event, ...outside });
      else applicable.push(event);
    }
    const overlapping = await overlappingTypedStops(trx, applicable, now);
    const reopening = await causesOfClosedStops(trx, applicable, now - bounds.horizonMs);
    const stored: IncomingEvent[] = [];
    for (const event of applicable) {
      const overlap = overlapping.get(event);
      const reopens = reopening.get(event);
      if (overlap !== undefined) aside.push({ ...event, reason: 'overlapsTypedStop', detail: overlap });
      else if (reopens !== undefined) aside.push({ ...event, reason: 'beforeHorizon', detail: reopens });
      else {
        stored.push(event);
        if (event.causeCode !== undefined && !causes.has(event.causeCode)) aside.push({ ...event, reason: 'unknownCause', detail: null });
      }
    }

    if (stored.length)
      await trx
        .insertInto('machine_events')
        .values(
          stored.map((event) => ({
            event_id: event.eventId,
            company_id: event.machine.clientId,
            machine_name: event.machine.machineName,
            at: event.at,
            kind: event.kind,
            cause_id: event.causeCode !== undefined && causes.has(event.causeCode) ? event.causeCode : null,
            good: event.kind === 'counts' ? (event.good ?? 0) : null,
            scrap: event.kind === 'counts' ? (event.scrap ?? 0) : null,
            source: source.name,
          })),
        )
        .execute();
    if (aside.length)
      await trx
        .insertInto('machine_events_unmatched')
        .values(
          aside.map((event) => ({
            event_id: event.eventId,
            client_id: event.machine.clientId,
            machine_name: event.machine.machineName,
            at: event.at,
            kind: event.kind,
            cause_code: event.causeCode ?? null,
            good: event.good ?? null,
            scrap: event.scrap ?? null,
            reason: event.reason,
            detail: event.detail,
            source: source.name,
          })),
        )
        .execute();

    const touchedStates = new Map<string, { companyId: string; machineName: string; first: number; last: number }>();
    for (const event of stored) {
      if (event.kind === 'counts') continue;
      const key = machineKey(event.machine.clientId, event.machine.machineName);
      const at = Date.parse(event.at);
      const current = touchedStates.get(key);
      if (!current) touchedStates.set(key, { companyId: event.machine.clientId, machineName: event.machine.machineName, first: at, last: at });
      else {
        current.first = Math.min(current.first, at);
        current.last = Math.max(current.last, at);
      }
    }
    const transitions = await recomputeStops(
      trx,
      [...touchedStates.values()].map((machine) => ({
        companyId: machine.companyId,
        machineName: machine.machineName,
        since: new Date(machine.first),
        latest: new Date(machine.last),
      })),
    );
    await recordEvents(trx, source.cause ?? { system: source.name }, [...(await transitionEvents(trx, transitions)), ...keptAsideEvents(aside)]);

    return { accepted: stored.length, duplicates, keptAside: aside.length };
  });
}

/**
 * The event log's machine_event.kept_aside events of a batch: one per machine the batch kept messages of, with how many
 * and why, for the admin who reviews them. The manufacturer's own record (company null): a message kept aside may name
 * a company or machine that is not its sender's, so no client company is told of it.
 */
function keptAsideEvents(aside: readonly Aside[]): EventInput[] {
  const byMachine = new Map<string, { clientId: string; machineName: string; count: number; reasons: Set<string> }>();
  for (const event of aside) {
    const key = machineKey(event.machine.clientId, event.machine.machineName);
    const entry = byMachine.get(key) ?? { clientId: event.machine.clientId, machineName: event.machine.machineName, count: 0, reasons: new Set<string>() };
    entry.count++;
    entry.reasons.add(event.reason);
    byMachine.set(key, entry);
  }
  return [...byMachine.values()].map((entry) => ({
    type: 'machine_event.kept_aside',
    companyId: null,
    recordType: 'machine',
    recordId: entry.machineName,
    data: { clientId: entry.clientId, machineName: entry.machineName, count: entry.count, reasons: [...entry.reasons].sort() },
  }));
}

/** A stop the events opened (`stopped`) or ended (`started`), as recomputeStops applied it. */
export interface StopTransition {
  kind: 'stopped' | 'started';
  companyId: string;
  machineName: string;
  at: Date;
  downtimeId: number;
  causeId: number | null;
}

/** How many affected order items a machine event lists (the banner shows 3; an integrator gets the items at risk). */
export const EVENT_AFFECTED_ITEMS = 20;

/**
 * The event log's machine.stopped / machine.started events of a batch. A machine is its company's (the company's FBs),
 * and the items a stop affects are that company's open items on it (findAffectedItems, as the banner), so the event
 * carries that company's id: a client company's integrator reads and is sent the stops of its own machines, with
 * its own item ids, through the same company filter as every other event, and never another company's item ids.
 * The items of every machine the batch stopped or started are read in one statement.
 */
async function transitionEvents(trx: Transaction<Database>, transitions: readonly StopTransition[]): Promise<EventInput[]> {
  if (!transitions.length) return [];
  const machines = new Map(transitions.map((transition) => [machineKey(transition.companyId, transition.machineName), transition]));
  const itemsOf = groupBy(await findAffectedItems(trx, [...machines.values()], EVENT_AFFECTED_ITEMS), (item) => machineKey(item.company_id, item.machine_name));
  const ordered = [...transitions].sort((a, b) => a.at.getTime() - b.at.getTime() || (a.kind === b.kind ? 0 : a.kind === 'stopped' ? -1 : 1));
  return ordered.map((transition) => ({
    type: transition.kind === 'stopped' ? 'machine.stopped' : 'machine.started',
    companyId: transition.companyId,
    recordType: 'machine',
    recordId: transition.machineName,
    data: {
      machineName: transition.machineName,
      [transition.kind === 'stopped' ? 'stoppedAt' : 'startedAt']: transition.at.toISOString(),
      downtimeId: transition.downtimeId,
      ...(transition.kind === 'stopped' ? { causeId: transition.causeId } : {}),
      orderItemIds: (itemsOf.get(machineKey(transition.companyId, transition.machineName)) ?? []).map((item) => item.id),
    },
  }));
}

interface DesiredStop {
  start: Date;
  end: Date | null;
  causeId: number | null;
}

/**
 * The stops a machine's state events describe, in time order: a stop starts at a stopped event while the machine
 * runs (or before its first running event) and ends at the next running event; a later stopped event while stopped
 * gives the cause when the first had none. `unknown` (a dead collector) neither starts nor ends a stop.
 */
export function stopsOf(events: readonly { at: Date; kind: MachineEventKindStored; cause_id: number | null }[]): DesiredStop[] {
  const stops: DesiredStop[] = [];
  let open: DesiredStop | null = null;
  for (const event of events) {
    if (event.kind === 'stopped') {
      if (!open) open = { start: event.at, end: null, causeId: event.cause_id };
      else if (open.causeId === null) open.causeId = event.cause_id;
    } else if (event.kind === 'running' && open) {
      open.end = event.at;
      stops.push(open);
      open = null;
    }
  }
  if (open) stops.push(open);
  return stops;
}

/** Rows by machine (`machineKey`), in their order; one pass (copying each machine's array per row was quadratic). */
export function byMachineOf<Row extends { company_id: string; machine_name: string }>(rows: Row[]): Map<string, Row[]> {
  const map = new Map<string, Row[]>();
  for (const row of rows) {
    const key = machineKey(row.company_id, row.machine_name);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}

/**
 * Recomputes the stops of the machines from their `since` on: from the last running event before it (earlier stops
 * ended there and cannot change) to the first running event after the batch's `latest` event (the machine runs there
 * before and after the batch, so later stops cannot change either), the stops the events describe replace the
 * event-opened downtime rows of that range.
 * A row that still overlaps a stop keeps its id and moves to its times; its cause follows the events unless the
 * operator changed it; rows no stop overlaps are removed, new stops open rows. Rows typed by hand are never touched.
 * Set-based: two reads for every machine of the batch, one insert of the new stops and their links, one delete; an
 * update per row that changed (in-order events: the stop a running event closes).
 * Answers the stops it opened and those it ended (for the event log); a stop a late event only moved or merged is no
 * new stop or start.
 */
export async function recomputeStops(
  trx: Transaction<Database>,
  machines: { companyId: string; machineName: string; since: Date; latest: Date }[],
): Promise<StopTransition[]> {
  if (!machines.length) return [];
  const events = (
    await sql<{
      company_id: string;
      machine_name: string;
      from_at: Date | null;
      until_at: Date | null;
      at: Date;
      kind: MachineEventKindStored;
      cause_id: number | null;
    }>`
      select m.company_id, m.machine_name, b.from_at, b.until_at, e.at, e.kind, e.cause_id
        from unnest(${machines.map((m) => m.companyId)}::text[], ${machines.map((m) => m.machineName)}::text[],
                    ${machines.map((m) => m.since.toISOString())}::timestamptz[], ${machines.map((m) => m.latest.toISOString())}::timestamptz[])
             as m(company_id, machine_name, since, latest)
        cross join lateral (
          select (select max(ev.at) from machine_events ev
                   where ev.company_id = m.company_id and ev.machine_name = m.machine_name and ev.kind = 'running' and ev.at < m.since) as from_at,
                 (select min(ev.at) from machine_events ev
                   where ev.company_id = m.company_id and ev.machine_name = m.machine_name and ev.kind = 'running' and ev.at > m.latest) as until_at
          -- offset 0 keeps the two bounds computed once per machine; flattened, PostgreSQL ran them again for every event.
          offset 0) b
        cross join lateral (
          select ev.at, ev.kind, ev.cause_id, ev.event_id from machine_events ev
           where ev.company_id = m.company_id and ev.machine_name = m.machine_name and ev.kind in ('running', 'stopped')
             -- The range as bounds of the index on (company_id, machine_name, at). Written "l.at is null or ev.at >=
             -- l.at", it was a filter, and every batch read the machine's whole history (85,000 events: 3 s a batch).
             and ev.at >= coalesce(b.from_at, '-infinity') and ev.at <= coalesce(b.until_at, 'infinity')
             -- Up to that running event itself; a stop event at the same instant belongs to what follows, untouched.
             and (b.until_at is null or ev.at < b.until_at or ev.kind = 'running')) e
       order by m.company_id, m.machine_name, e.at, e.event_id`.execute(trx)
  ).rows;
  const byMachine = byMachineOf(events);
  const froms = machines.map((m) => byMachine.get(machineKey(m.companyId, m.machineName))?.[0]?.from_at ?? null);
  const untils = machines.map((m) => byMachine.get(machineKey(m.companyId, m.machineName))?.[0]?.until_at ?? null);
  // The stops the events opened in those ranges, with their downtime rows (a read of the downtime domain's table; its
  // writes go through its repository).
  const links = (
    await sql<{
      company_id: string;
      machine_name: string;
      downtime_id: number;
      started_at: Date;
      event_cause_id: number | null;
      cause_id: number | null;
      target_start: Date;
      target_end: Date | null;
    }>`
      select m.company_id, m.machine_name, x.*
        from unnest(${machines.map((m) => m.companyId)}::text[], ${machines.map((m) => m.machineName)}::text[],
                    ${froms.map((from) => from?.toISOString() ?? null)}::timestamptz[], ${untils.map((until) => until?.toISOString() ?? null)}::timestamptz[])
             as m(company_id, machine_name, from_at, until_at)
        cross join lateral (
          select l.downtime_id, l.started_at, l.event_cause_id, h.cause_id, h.target_start, h.target_end
            from machine_stops l join downtime_history h on h.id = l.downtime_id
           where l.company_id = m.company_id and l.machine_name = m.machine_name
             and l.started_at >= coalesce(m.from_at, '-infinity') and l.started_at < coalesce(m.until_at, 'infinity')) x
       order by m.company_id, m.machine_name, x.started_at`.execute(trx)
  ).rows;
  const linksBy = byMachineOf(links);

  const overlaps = (a: { start: Date; end: Date | null }, b: { start: Date; end: Date | null }) =>
    a.start.getTime() < (b.end?.getTime() ?? Infinity) && b.start.getTime() < (a.end?.getTime() ?? Infinity);
  const inserts: { values: downtime.MachineStopValues; causeId: number | null }[] = [];
  const moved: { id: number; values: downtime.MachineStopValues }[] = [];
  const relinked: { id: number; start: Date; causeId: number | null }[] = [];
  const removed: number[] = [];
  const transitions: StopTransition[] = [];
  for (const machine of machines) {
    const key = machineKey(machine.companyId, machine.machineName);
    const desired = stopsOf(byMachine.get(key) ?? []);
    const existing = linksBy.get(key) ?? [];
    const unused = new Set(existing.map((link) => link.downtime_id));
    for (const stop of desired) {
      const values = { companyId: machine.companyId, machineName: machine.machineName, start: stop.start, end: stop.end };
      const link = existing.find((candidate) => unused.has(candidate.downtime_id) && overlaps({ start: candidate.target_start, end: candidate.target_end }, stop));
      if (!link) {
        inserts.push({ values, causeId: stop.causeId });
        continue;
      }
      unused.delete(link.downtime_id);
      if (link.target_start.getTime() !== stop.start.getTime() || (link.target_end?.getTime() ?? null) !== (stop.end?.getTime() ?? null))
        moved.push({ id: link.downtime_id, values });
      if (link.target_end === null && stop.end !== null)
        transitions.push({ kind: 'started', companyId: machine.companyId, machineName: machine.machineName, at: stop.end, downtimeId: link.downtime_id, causeId: stop.causeId });
      const operatorChose = link.cause_id !== null && link.cause_id !== link.event_cause_id;
      if (!operatorChose && link.cause_id !== stop.causeId) await downtime.setMachineStopCause(trx, link.downtime_id, stop.causeId);
      if (link.started_at.getTime() !== stop.start.getTime() || link.event_cause_id !== stop.causeId)
        relinked.push({ id: link.downtime_id, start: stop.start, causeId: stop.causeId });
    }
    removed.push(...unused);
  }
  await downtime.updateMachineStopTimes(trx, moved);
  if (relinked.length)
    await sql`
      update machine_stops l set started_at = v.started_at, event_cause_id = v.event_cause_id
        from unnest(${relinked.map((r) => r.id)}::int[], ${relinked.map((r) => r.start.toISOString())}::timestamptz[], ${relinked.map((r) => r.causeId)}::int[])
             as v(downtime_id, started_at, event_cause_id)
       where l.downtime_id = v.downtime_id`.execute(trx);
  await downtime.deleteMachineStops(trx, removed);
  if (inserts.length) {
    const ids = await downtime.insertMachineStops(trx, inserts);
    await trx
      .insertInto('machine_stops')
      .values(
        inserts.map((insert, index) => ({
          downtime_id: ids[index]!,
          company_id: insert.values.companyId,
          machine_name: insert.values.machineName,
          started_at: insert.values.start,
          event_cause_id: insert.causeId,
        })),
      )
      .execute();
    inserts.forEach((insert, index) => {
      const about = { companyId: insert.values.companyId, machineName: insert.values.machineName, downtimeId: ids[index]!, causeId: insert.causeId };
      transitions.push({ kind: 'stopped', at: insert.values.start, ...about });
      // A late batch may bring a whole stop at once: it opened and ended.
      if (insert.values.end) transitions.push({ kind: 'started', at: insert.values.end, ...about });
    });
  }
  return transitions;
}
