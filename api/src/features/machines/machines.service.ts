import type { Db } from '../../db/database.js';
import * as clock from '../../lib/clock.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { BodyOf, Schemas } from '../../lib/contract.js';
import type { PaginationInput } from '../../lib/pagination.js';
import { notFound, ruleViolation } from '../../lib/problem.js';
import type { CompanyScope, Scope } from '../../lib/scope.js';
import { newMachineToken } from './machines.credentials.js';
import { ingestEvents, machineKey, type EventBounds, type IncomingEvent } from './machines.ingest.js';
import * as repository from './machines.repository.js';
import type { MachineRow } from './machines.repository.js';
import * as rules from './oee.rules.js';

type MachineRef = Schemas['MachineRef'];
type Period = Schemas['Period'];

/** The span [from, to) of inclusive UTC days, ended at now when it lies ahead (the future has no data yet). */
function periodOf(period: Period) {
  if (period.to < period.from) throw ruleViolation('period.to', 'minimum', /*i18n*/ { id: 'problem.machines.periodOrder', message: 'The period ends before it starts.' });
  const days = (rules.dayStart(period.to) - rules.dayStart(period.from)) / rules.DAY_MS + 1;
  if (days > 400) throw ruleViolation('period.to', 'maximum', /*i18n*/ { id: 'problem.machines.maxDays', message: 'A period spans at most {max} days.' }, { max: 400 }, 400);
  return { from: new Date(rules.dayStart(period.from)), to: new Date(rules.dayStart(period.to) + rules.DAY_MS) };
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

// Credentials.

export async function getCredentials(db: Db) {
  return { rows: await repository.findCredentials(db) };
}

/** Creates a credential for machines of their companies (400 naming the first unknown one); the token is answered once. */
export async function createCredential(db: Db, actor: Actor, input: Schemas['MachineCredentialInput']) {
  const name = input.name.trim();
  const existing = new Set((await repository.existingMachines(db, input.machines)).map((m) => machineKey(m.company_id, m.machine_name)));
  const missing = input.machines.findIndex((m) => !existing.has(machineKey(m.clientId, m.machineName)));
  if (missing >= 0) throw ruleViolation(`credential.machines.${missing}.machineName`, 'unknownMachine', /*i18n*/ { id: 'problem.machines.unknownMachine', message: 'This machine is not one of its company’s machines.' });
  const { token, hash, hint } = newMachineToken();
  const id = await db.transaction().execute(async (trx) => {
    const created = await repository.insertCredential(trx, { name, hash, hint, createdBy: actor.sub, machines: input.machines });
    await audit(trx, actor, { operation: 'createMachineCredential', recordType: 'machine_credential', recordId: created, details: { name, machines: input.machines } });
    return created;
  });
  const [row] = await repository.findCredentials(db, id);
  return { credential: row!, token };
}

export async function revokeCredential(db: Db, actor: Actor, id: number) {
  await db.transaction().execute(async (trx) => {
    if (!(await repository.revokeCredential(trx, id))) throw notFound('Machine credential');
    await audit(trx, actor, { operation: 'revokeMachineCredential', recordType: 'machine_credential', recordId: id });
  });
  const [row] = await repository.findCredentials(db, id);
  return row!;
}

// Events.

/** Events over HTTP: the credential's machines are the scope; see ingestEvents. */
export async function postEvents(db: Db, actor: Actor, body: BodyOf<'MachineEvents_postEvents'>, bounds: EventBounds) {
  const machine = actor.machine;
  if (!machine) throw new Error('machine events without a machine credential');
  const scope = new Set(machine.machines.map((m) => machineKey(m.companyId, m.machineName)));
  return ingestEvents(db, { name: machine.name, machines: scope, cause: actor }, body.events as IncomingEvent[], bounds);
}

export async function getUnmatched(db: Db, pagination: PaginationInput) {
  const { rows, count } = await repository.findUnmatched(db, pagination);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      clientId: row.client_id,
      machineName: row.machine_name,
      at: new Date(row.at).toISOString(),
      kind: row.kind as Schemas['MachineEventKind'],
      causeCode: row.cause_code,
      good: row.good,
      scrap: row.scrap,
      reason: row.reason,
      detail: row.detail,
      source: row.source,
      receivedAt: new Date(row.received_at).toISOString(),
    })),
    count,
  };
}

// Live status.

/** A machine's live state (the rule is the repository's liveState, in SQL) as the answers carry it. */
function liveOf(row: repository.LiveRow) {
  return {
    state: row.state,
    since: row.since ? new Date(row.since) : null,
    cause: row.state === 'stopped' && row.cause_id != null && row.cause_name != null ? { id: row.cause_id, causeName: row.cause_name } : null,
    downtimeId: row.stop_id,
  };
}

/**
 * The live status of the machines in the scope (of `clientIds` when given), in one statement (findLiveStatus). With
 * `state` and `machinePage`, the machines in that state and one page of them; `counts` counts every state
 * either way. For a plant of 400 machines the screen's page is 20 rows, where the whole answer was 64 kB on every
 * 15-second refresh of every open screen.
 */
export async function getLiveStatus(db: Db, scope: Scope, query: Schemas['LiveStatusQuery']) {
  const { counts, matching, rows } = await repository.findLiveStatus(db, scope, query.clientIds, query.state, query.machinePage);
  return {
    machineCount: matching,
    counts,
    rows: rows.map((row) => {
      const live = liveOf(row);
      return {
        clientId: row.company_id,
        company: row.company,
        machineName: row.machine_name,
        state: live.state,
        since: iso(live.since),
        DowntimeCause: live.cause,
        downtimeId: live.downtimeId,
      };
    }),
  };
}

/** The items a stopped machine's banner lists: the one it is making and the next ones it is to make. */
export const BANNER_ITEMS = 3;

/**
 * The client's banner data (the portfolio's machine status): the live state of each of its machines (a key
 * for every machine of the company, its FBs; machine/status/get lists them from these keys) and, for a stopped one,
 * the open order items it is making and next to make (findAffectedItems: the items planned on it, or of products it
 * alone makes; never another machine's).
 */
export async function getClientMachineBanner(db: Db, scope: CompanyScope) {
  const { rows: live } = await repository.findLiveStatus(db, scope, undefined, undefined, undefined);
  const stopped = live.filter((entry) => entry.state === 'stopped').map((entry) => entry.machine_name);
  const items = await repository.findAffectedItems(db, stopped.map((machineName) => ({ companyId: scope.companyId, machineName })), BANNER_ITEMS);
  const byMachine = new Map<string, Schemas['AffectedOrderItem'][]>();
  for (const item of items)
    byMachine.set(item.machine_name, [
      ...(byMachine.get(item.machine_name) ?? []),
      { id: item.id, articleNo: item.article_no, productName: item.product_name, dueDate: item.due_date, remainingQuantity: item.remaining },
    ]);
  return new Map(live.map((entry) => [entry.machine_name, { state: entry.state, affectedItems: byMachine.get(entry.machine_name) ?? [] }]));
}

// OEE.

interface MachineOee {
  machine: MachineRow;
  total: rules.OeeFigure;
  buckets: (rules.OeeFigure & { from: string; to: string })[];
  /** With `topCauses`: the machine's top stop causes over the period, most hours first. */
  topCauses: repository.TopCause[];
}

/**
 * OEE per machine and bucket (oee.rules.ts): three set-based statements for every machine (the machines; their stops
 * and state changes; their quantities), the arithmetic here. With `topCauses` (a limit), the stops' statement also
 * gives each machine's top stop causes over the period (the client's view), instead of a fourth statement. With `page`,
 * the first statement takes that page of the machines and counts them all, and the other two read only
 * the page's machines: still three statements (a fourth, the count, only past the last page, where the other two are
 * not needed). `count` is the number of machines of the question, every page.
 */
export async function computeOee(
  db: Db,
  scope: Scope,
  period: Period,
  grain: rules.Grain,
  only?: MachineRef[],
  withBuckets = true,
  topCauses?: number,
  page?: repository.MachinePage,
): Promise<{ machines: MachineOee[]; count: number }> {
  const days = periodOf(period);
  const { machines, count } = page
    ? await repository.findMachinePage(db, scope, only, page)
    : await repository.findMachines(db, scope, only).then((rows) => ({ machines: rows, count: rows.length }));
  return { machines: machines.length ? await oeeOf(db, machines, period, days, grain, withBuckets, topCauses) : [], count };
}

/**
 * A bucket's figure and its bounds, written out: `{ ...figure, from, to }` (a spread followed by more properties) leaves
 * V8's fast path, and was most of the JavaScript of a year by week of machines.
 */
const withSpan = (figure: rules.OeeFigure, from: string, to: string) => ({
  availability: figure.availability,
  performance: figure.performance,
  quality: figure.quality,
  oee: figure.oee,
  band: figure.band,
  coverage: figure.coverage,
  plannedBusyTime: figure.plannedBusyTime,
  actualProductionTime: figure.actualProductionTime,
  producedQuantity: figure.producedQuantity,
  goodQuantity: figure.goodQuantity,
  scrapQuantity: figure.scrapQuantity,
  rejectedQuantity: figure.rejectedQuantity,
  from,
  to,
});

/** The OEE of the machines found (computeOee): the stops' and the quantities' statements, then the arithmetic. */
async function oeeOf(
  db: Db,
  machines: MachineRow[],
  period: Period,
  days: { from: Date; to: Date },
  grain: rules.Grain,
  withBuckets: boolean,
  topCauses: number | undefined,
): Promise<MachineOee[]> {
  const now = clock.nowMs();
  // The shift time still ahead is no planned busy time yet (this month's figure on its 2nd is that of its first day
  // and a bit, not a month whose rest ran without producing); a bucket wholly ahead has none.
  const untilNow = (span: rules.Span): rules.Span => ({ start: span.start, end: Math.min(span.end, now) });
  const bucketsOf = new Map<MachineRow, rules.Span[]>();
  const refs: repository.BucketRef[] = [];
  let start = Infinity;
  let end = -Infinity;
  // Days and weeks are whole UTC days, the same for every machine, and tile the period: their quantities are read per
  // machine over the whole span and put in their buckets (findDayQuantities); without buckets they are counted once
  // per machine over all of it (400 machines by day over a month were 12,000 range scans). Shifts differ per machine
  // and do not tile the period: each is counted (findQuantities).
  const sameBuckets = grain !== 'shift';
  const countWhole = !withBuckets && sameBuckets;
  machines.forEach((machine, position) => {
    const shift = { start: machine.shift_start, end: machine.shift_end };
    const spans = rules.buckets(period.from, period.to, grain, shift);
    bucketsOf.set(machine, spans);
    if (!sameBuckets)
      spans.forEach((span, index) => {
        refs.push({ company_id: machine.company_id, machine_name: machine.machine_name, machine: position + 1, index, start: new Date(span.start), end: new Date(span.end) });
      });
    for (const span of spans) {
      start = Math.min(start, span.start);
      end = Math.max(end, span.end);
    }
  });
  const from = new Date(start);
  const to = new Date(end);
  const top = topCauses === undefined ? undefined : { ...days, limit: topCauses };
  const starts = countWhole ? [from] : sameBuckets ? bucketsOf.get(machines[0]!)!.map((span) => new Date(span.start)) : [];
  const [{ stops, changes, topCauses: causes }, quantities] = await Promise.all([
    repository.findStopsAndChanges(db, machines, from, to, top),
    sameBuckets ? repository.findDayQuantities(db, machines, starts, to) : repository.findQuantities(db, refs),
  ]);
  // Per machine (by its place), its buckets' quantities by index; a bucket's counts and its claims may come as two rows
  // (findDayQuantities): added up.
  const quantitiesBy = machines.map((): rules.Quantities[] => []);
  for (const row of quantities) {
    const list = quantitiesBy[row.machine - 1]!;
    const kept = list[row.idx];
    if (kept) {
      kept.good += row.good;
      kept.scrap += row.scrap;
      kept.rejected += row.rejected;
    } else list[row.idx] = { good: row.good, scrap: row.scrap, rejected: row.rejected };
  }
  // A bucket's bounds as answered, formatted once per instant: the machines share their day and week buckets.
  const isoOf = new Map<number, string>();
  const isoAt = (instant: number) => {
    let text = isoOf.get(instant);
    if (text === undefined) isoOf.set(instant, (text = new Date(instant).toISOString()));
    return text;
  };

  return machines.map((machine, position) => {
    const shift = { start: machine.shift_start, end: machine.shift_end };
    const machineStops = stops[position]!;
    const allChanges = changes[position]!;
    const before = allChanges.filter((change) => change.at < start);
    const initial = before.length ? before[before.length - 1]!.state : null;
    const known = rules.knownSpans(
      initial,
      allChanges.filter((change) => change.at >= start),
      start,
      Math.min(end, now),
    );
    const secondsPerItem = machine.rate;
    const sum = { good: 0, scrap: 0, rejected: 0 };
    const counts = quantitiesBy[position]!;
    const quantitiesAt = (index: number) => {
      const counted = counts[index];
      return { good: counted?.good ?? 0, scrap: counted?.scrap ?? 0, rejected: counted?.rejected ?? 0 };
    };
    const add = (quantities: typeof sum) => {
      sum.good += quantities.good;
      sum.scrap += quantities.scrap;
      sum.rejected += quantities.rejected;
    };
    const spans = bucketsOf.get(machine)!;
    if (countWhole) {
      // Days and weeks tile the period: its shift time is that of the whole span at once (the buckets' windows, merged,
      // are the same time cut at midnights, which no overlap counts apart), and so are its quantities.
      add(quantitiesAt(0));
      const windows = spans.length ? rules.shiftWindows(untilNow({ start: spans[0]!.start, end: spans[spans.length - 1]!.end }), shift) : [];
      return { machine, total: rules.oeeFigure({ windows, stops: machineStops, known, quantities: sum, secondsPerItem, now }), buckets: [], topCauses: causes[position]! };
    }
    const windowsAll: rules.Span[] = [];
    const buckets = spans.map((span, index) => {
      const windows = rules.shiftWindows(untilNow(span), shift);
      windowsAll.push(...windows);
      const quantitiesOf = quantitiesAt(index);
      add(quantitiesOf);
      if (!withBuckets) return null;
      return withSpan(rules.oeeFigure({ windows, stops: machineStops, known, quantities: quantitiesOf, secondsPerItem, now }), isoAt(span.start), isoAt(span.end));
    });
    const total = rules.oeeFigure({ windows: rules.merge(windowsAll), stops: machineStops, known, quantities: sum, secondsPerItem, now });
    return { machine, total, buckets: buckets.filter((bucket) => bucket !== null), topCauses: causes[position]! };
  });
}

/** The OEE question of both staff faces; with `machinePage` one page of the machines and `machineCount` every one. */
export async function getOee(db: Db, scope: Scope, body: Schemas['OeeQuery']) {
  const result = await computeOee(db, scope, body.period, body.grain, body.machines, body.withBuckets ?? true, undefined, body.machinePage);
  return {
    machineCount: result.count,
    machines: result.machines.map((entry) => ({
      clientId: entry.machine.company_id,
      company: entry.machine.company,
      machineName: entry.machine.machine_name,
      total: entry.total,
      buckets: entry.buckets,
    })),
  };
}

// Analytics.

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/**
 * Pareto, per-machine reliability and weekly trend of the period. MTBF and MTTR are on operating time (ISO 22400-2,
 * rules.reliability): each machine's shift time in the period up to now, less its planned stops, is what the failures
 * are counted in and divided over, so the stops (with their planned flag) are read per machine beside the aggregates.
 */
export async function getDowntimeAnalytics(db: Db, scope: Scope, body: Schemas['AnalyticsQuery']) {
  const { from, to } = periodOf(body.period);
  const machines = await repository.findMachines(db, scope, body.machines, undefined, false);
  if (!machines.length) return { pareto: [], machines: [], weekly: [] };
  const [aggregates, stops] = await Promise.all([
    repository.findDowntimeAggregates(db, machines, from, to),
    repository.findStops(db, machines, from, to),
  ]);
  const now = clock.nowMs();
  // The future has no operating time yet.
  const observed = { start: from.getTime(), end: Math.max(from.getTime(), Math.min(to.getTime(), now)) };
  // A year has hundreds of shift windows, and most machines share a few shifts: each shift's are worked out once.
  const windowsOf = new Map<string, rules.Span[]>();
  return {
    pareto: aggregates.pareto.map((row) => ({ causeId: row.cause_id, causeName: row.cause_name, planned: row.planned, hours: hours(row.seconds), count: row.count })),
    machines: machines.map((machine, position) => {
      const shift = { start: machine.shift_start, end: machine.shift_end };
      const key = `${shift.start}-${shift.end}`;
      let windows = windowsOf.get(key);
      if (!windows) windowsOf.set(key, (windows = rules.shiftWindows(observed, shift)));
      const { failures, mtbfHours, mttrHours } = rules.reliability({ windows, stops: stops[position]!, now });
      return { clientId: machine.company_id, company: machine.company, machineName: machine.machine_name, stops: failures, mtbfHours, mttrHours };
    }),
    weekly: aggregates.weekly.map((row) => ({ weekStart: row.week, hours: hours(row.seconds), count: row.count })),
  };
}

// The client's view.

/** OEE and availability of the caller's own machines over the period (one bucket), with their top 5 stop causes. */
export async function getClientPerformance(db: Db, scope: CompanyScope, period: Period) {
  const result = await computeOee(db, scope, period, 'day', undefined, false, 5);
  return {
    machines: result.machines.map((entry) => ({
      machineName: entry.machine.machine_name,
      total: entry.total,
      topCauses: entry.topCauses.map((row) => ({ causeName: row.cause_name, hours: hours(row.seconds), count: row.count })),
    })),
  };
}
