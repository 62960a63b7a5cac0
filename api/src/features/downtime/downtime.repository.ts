import type { Kysely, Transaction } from 'kysely';
import { sql, type RawBuilder } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import type { Database } from '../../db/database.js';
import { recordUpdate, versionedUpdate } from '../../db/versioned-update.js';
import { paginate, type PaginationInput } from '../../lib/pagination.js';
import { containsPattern } from '../../lib/search.js';
import { now as clockNow } from '../../lib/clock.js';

type Executor = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];
export type DowntimeHistoryItem = Schemas['DowntimeHistoryItem'];
export type DowntimeCause = Schemas['DowntimeCause'];

/**
 * Downtime is staff data (admin and operator, x-roles): the queries span every company; the admin narrows them to
 * chosen companies with `clientIds`.
 */

export interface HistoryFilter {
  /** Inclusive days (YYYY-MM-DD) of `actual_date`. */
  from: string;
  to: string;
  /** Company ids; empty or undefined = every company. */
  clientIds?: string[];
}

/**
 * The history rows. A stop still running (no end) shows the time of the read as its end and the minutes so far as
 * its duration; sorted by end it is the newest.
 */
const historyJoined = (db: Executor) =>
  db
    .selectFrom('downtime_history as h')
    .innerJoin('companies as c', 'c.id', 'h.company_id')
    .leftJoin('downtime_causes as dc', 'dc.id', 'h.cause_id');

/** The portal's now, for a stop still running: its minutes so far and its end as read. */
const readAt = () => sql<Date>`${clockNow().toISOString()}::timestamptz`;

/** A stop's minutes: its duration, or the minutes so far while it runs. */
const minutes = () => sql<number>`case when h.target_end is null then floor(extract(epoch from (${readAt()} - h.target_start)) / 60)::int else h.duration end`;

const history = (db: Executor) =>
  historyJoined(db).select([
      'h.id',
      'h.company_id',
      'c.name as company',
      'h.machine_name',
      'h.cause_id',
      'dc.cause_name',
      'h.actual_date',
      minutes().as('minutes'),
      'h.target_start',
      sql<Date>`coalesce(h.target_end, ${readAt()})`.as('end_at'),
      'h.version',
    ]);

type HistoryRow = Awaited<ReturnType<ReturnType<typeof history>['executeTakeFirstOrThrow']>>;

const toHistoryItem = (row: HistoryRow): DowntimeHistoryItem => ({
  id: row.id,
  clientId: row.company_id,
  company: row.company,
  machineName: row.machine_name,
  causeId: row.cause_id,
  DowntimeCause: row.cause_id !== null && row.cause_name !== null ? { id: row.cause_id, causeName: row.cause_name } : null,
  actualDate: row.actual_date,
  duration: Number(row.minutes),
  targetStart: row.target_start.toISOString(),
  targetEnd: new Date(row.end_at).toISOString(),
  version: row.version,
});

/** The period (inclusive days of `actual_date`) and, when any are given, the companies; over the alias `h`. */
const inFilter = (filter: HistoryFilter) =>
  sql<boolean>`h.actual_date >= ${filter.from}::date and h.actual_date <= ${filter.to}::date ${
    filter.clientIds?.length ? sql`and h.company_id = any(${filter.clientIds}::text[])` : sql``
  }`;

const countBase = (db: Executor) => db.selectFrom('downtime_history as h').select(sql<number>`count(*)::int`.as('count'));

/**
 * Wire sort key -> column. End and start sort by the stored times; a running stop (no end) sorts as the newest
 * (PostgreSQL puts NULL first when descending, last when ascending).
 */
const historySort = {
  company: 'c.name',
  machineName: 'h.machine_name',
  causeName: 'dc.cause_name',
  actualDate: 'h.actual_date',
  duration: 'h.duration',
  startDatetime: 'h.target_start',
  endDatetime: 'h.target_end',
};
const historyDefault = { sortBy: 'endDatetime', descending: true, tieBreaker: 'h.id' };

/** One page of the history in the period (and companies), sorted, limited and counted in SQL. */
export async function findHistory(db: Executor, filter: HistoryFilter, pagination: PaginationInput) {
  const [rows, total] = await Promise.all([
    paginate(history(db).where(inFilter(filter)), pagination, historySort, historyDefault).execute(),
    countBase(db).where(inFilter(filter)).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toHistoryItem), count: total.count };
}

/** How many history rows the filter matches (the CSV export checks its limit before it starts). */
export async function countHistory(db: Executor, filter: HistoryFilter) {
  return (await countBase(db).where(inFilter(filter)).executeTakeFirstOrThrow()).count;
}

/** A history row as the CSV shows it: its dates already written by PostgreSQL, ISO 8601 (YYYY-MM-DD, times in UTC). */
export interface HistoryCsvRow {
  company: string;
  machine_name: string;
  cause_name: string | null;
  actual_date: string;
  minutes: number;
  start_at: string;
  end_at: string;
}

const isoDate = (value: RawBuilder<unknown>) => sql<string>`to_char(${value}, 'YYYY-MM-DD')`;
/** ISO 8601 YYYY-MM-DDTHH:mmZ of an instant in UTC (the portal keeps no plant time zone); seconds are cut, not rounded. */
const isoDateTimeUtc = (value: RawBuilder<unknown>) => sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')`;

/**
 * Every history row in the period, sorted as the table (the CSV export), at most `limit`, read through a cursor
 * 2,000 rows at a time: a year of stops never sits in memory at once. The cells arrive as text: parsing 16,000 rows'
 * timestamps into Dates and writing them out again was most of the API's CPU for a year's file (docs/performance.md).
 */
export async function* streamHistoryCsv(db: Executor, filter: HistoryFilter, sort: { sortBy?: string; descending?: boolean }, limit: number) {
  const rows = historyJoined(db)
    .select([
      'c.name as company',
      'h.machine_name',
      'dc.cause_name',
      isoDate(sql`h.actual_date`).as('actual_date'),
      minutes().as('minutes'),
      isoDateTimeUtc(sql`h.target_start`).as('start_at'),
      isoDateTimeUtc(sql`coalesce(h.target_end, ${readAt()})`).as('end_at'),
    ])
    .where(inFilter(filter));
  yield* paginate(rows, { page: 1, rowsPerPage: limit, ...sort }, historySort, historyDefault).stream(2000) as AsyncIterable<HistoryCsvRow>;
}

export async function findHistoryItem(db: Executor, id: number) {
  const row = await history(db).where('h.id', '=', id).executeTakeFirst();
  return row && toHistoryItem(row);
}

/** Sets the cause at the version read; undefined when nothing matched. */
export async function updateHistoryCause(trx: Transaction<Database>, id: number, version: number, causeId: number) {
  return versionedUpdate(trx, 'downtime_history', version, { cause_id: causeId })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

export async function historyItemExists(db: Executor, id: number) {
  return (await db.selectFrom('downtime_history').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * A stop of `h` overlapping the days `from`..`to` (UTC): started before the end of `to` and ended at the start of
 * `from` or later, or running (up to now, so a running stop does not reach a day after today). Written on the stop's
 * span, which the GiST index of 2026-11-25-1310 finds directly (a running stop's span has no end).
 */
const overlaps = (from: string, to: string) =>
  sql<boolean>`(tstzrange(h.target_start, h.target_end, '[]') && tstzrange(${from}::date::timestamptz, (${to}::date + 1)::timestamptz, '[)')
    and (h.target_end is not null or ${readAt()} >= ${from}::date::timestamptz))`;

/** A machine as one text (company id, unit separator, name), for `any` over a page of machines. */
const machineKey = (machine: { clientId: string; machineName: string }) => `${machine.clientId}\u001f${machine.machineName}`;

/**
 * Gantt: the stops that overlap the days `from`..`to` (UTC), a running stop up to now; by start. With `machines`
 * (one page of them), only those machines' stops: the period's stops are found by their span (one GiST range) and kept when their machine is on the page. The machine is matched as one key on
 * purpose: a (company, machine) pair would let the planner walk each machine's every stop by the index on (company,
 * machine, end) instead, which is slower.
 */
export async function findEventsOverlapping(db: Executor, from: string, to: string, machines?: GanttMachine[]) {
  if (machines?.length === 0) return [];
  const rows = await history(db)
    .$if(machines !== undefined, (query) =>
      query.where(sql<boolean>`h.company_id || chr(31) || h.machine_name = any(${machines!.map(machineKey)}::text[])`),
    )
    .where(overlaps(from, to))
    .orderBy('h.target_start')
    .orderBy('h.id')
    .execute();
  return rows.map(toHistoryItem);
}

export interface GanttMachine {
  clientId: string;
  company: string | null;
  machineName: string;
}

/**
 * Gantt resources: every machine of every company (its FBs), and any other machine named by a stop in the period,
 * by company name, company and machine name (a stable order: a machine is one company's name). With `page`, only
 * that page of them (limit/offset in SQL) and, in the same statement, how many there are in all; a page past the
 * last has no row to carry the count, so it is counted apart (a second statement, only then).
 */
export async function findMachines(db: Executor, from: string, to: string, page?: { page: number; rowsPerPage: number }) {
  const machines = sql`select c.id as company_id, unnest(c.fbs) as machine_name from companies c
            union
            select h.company_id, h.machine_name from downtime_history h
             where ${overlaps(from, to)}`;
  const result = await sql<{ company_id: string; company: string | null; machine_name: string; total: string }>`
    select m.company_id, c.name as company, m.machine_name, count(*) over () as total
      from (${machines}) m
      join companies c on c.id = m.company_id
     order by c.name, m.company_id, m.machine_name
     ${page ? sql`limit ${page.rowsPerPage} offset ${(page.page - 1) * page.rowsPerPage}` : sql``}`.execute(db);
  const rows: GanttMachine[] = result.rows.map((row) => ({ clientId: row.company_id, company: row.company, machineName: row.machine_name }));
  let count = result.rows.length > 0 ? Number(result.rows[0].total) : 0;
  if (page && page.page > 1 && result.rows.length === 0) {
    const counted = await sql<{ count: number }>`select count(*)::int as count from (${machines}) m join companies c on c.id = m.company_id`.execute(db);
    count = counted.rows[0].count;
  }
  return { machines: rows, count };
}

/**
 * A cause's product count (the badge): how many distinct live client products the stops with that cause affected,
 * a product being affected by a stop of a machine it is made on (its `machine_names`) in its own company. The
 * machines each cause stopped are kept per cause by the history's trigger (`downtime_cause_machines`), so the count
 * reads those few rows for every cause at once (one hash join), never the stops themselves.
 */
const productCounts = (db: Executor) =>
  db
    .selectFrom('downtime_cause_machines as m')
    .innerJoin('client_products as cp', (join) => join.onRef('cp.company_id', '=', 'm.company_id').on('cp.deleted_at', 'is', null))
    .where(sql<boolean>`m.machine_name = any(regexp_split_to_array(btrim(cp.machine_names), '\\s*,\\s*'))`)
    .groupBy('m.cause_id')
    .select(['m.cause_id', sql<number>`count(distinct cp.id)::int`.as('products')]);

const causes = (db: Executor) =>
  db
    .selectFrom('downtime_causes as dc')
    .leftJoin(productCounts(db).as('pc'), 'pc.cause_id', 'dc.id')
    .select(['dc.id', 'dc.cause_name', 'dc.cause_description', 'dc.planned', 'dc.version', sql<number>`coalesce(pc.products, 0)`.as('product_count')]);

type CauseRow = Awaited<ReturnType<ReturnType<typeof causes>['executeTakeFirstOrThrow']>>;

const toCause = (row: CauseRow): DowntimeCause => ({
  id: row.id,
  causeName: row.cause_name,
  causeDescription: row.cause_description,
  productCount: Number(row.product_count),
  planned: row.planned,
  version: row.version,
});

const causeSort = { id: 'dc.id', causeName: 'dc.cause_name', causeDescription: 'dc.cause_description', productCount: 'product_count' };

/** One page of causes (default id descending) whose name contains `filter`, sorted, limited and counted in SQL. */
export async function findCauses(db: Executor, pagination: PaginationInput, filter?: string) {
  const pattern = containsPattern(filter);
  const [rows, total] = await Promise.all([
    paginate(
      causes(db).$if(pattern !== undefined, (query) => query.where('dc.cause_name', 'ilike', pattern!)),
      pagination,
      causeSort,
      { sortBy: 'id', descending: true, tieBreaker: 'dc.id' },
    ).execute(),
    db
      .selectFrom('downtime_causes')
      .$if(pattern !== undefined, (query) => query.where('cause_name', 'ilike', pattern!))
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toCause), count: total.count };
}

/** Every cause by name (the operator's select), or those whose name contains `filter`. */
export async function findAllCauses(db: Executor, filter?: string) {
  const pattern = containsPattern(filter);
  const rows = await causes(db)
    .$if(pattern !== undefined, (query) => query.where('dc.cause_name', 'ilike', pattern!))
    .orderBy('dc.cause_name')
    .orderBy('dc.id')
    .execute();
  return rows.map(toCause);
}

export async function findCause(db: Executor, id: number) {
  const row = await causes(db).where('dc.id', '=', id).executeTakeFirst();
  return row && toCause(row);
}

export async function causeExists(db: Executor, id: number) {
  return (await db.selectFrom('downtime_causes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export interface CauseValues {
  causeName: string;
  causeDescription: string;
  /** A planned stop; unchanged on update when absent. */
  planned?: boolean;
}

export async function insertCause(trx: Transaction<Database>, values: CauseValues) {
  const row = await trx
    .insertInto('downtime_causes')
    .values({ cause_name: values.causeName, cause_description: values.causeDescription, planned: values.planned ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCause(trx: Transaction<Database>, id: number, version: number, values: CauseValues) {
  return versionedUpdate(trx, 'downtime_causes', version, {
    cause_name: values.causeName,
    cause_description: values.causeDescription,
    ...(values.planned !== undefined ? { planned: values.planned } : {}),
  })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

/** Locks the causes among `ids` (a stop naming one must wait: its foreign key check needs a share lock). */
export async function lockCauses(trx: Transaction<Database>, ids: number[]) {
  return trx.selectFrom('downtime_causes').select(['id', 'cause_name']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/** The causes among `ids` that stops refer to. */
export async function causesInUse(trx: Transaction<Database>, ids: number[]) {
  return trx
    .selectFrom('downtime_causes as dc')
    .select(['dc.id', 'dc.cause_name'])
    .where('dc.id', 'in', ids)
    .where((eb) => eb.exists(eb.selectFrom('downtime_history as h').select('h.id').whereRef('h.cause_id', '=', 'dc.id')))
    .orderBy('dc.id')
    .execute();
}

export async function deleteCauses(trx: Transaction<Database>, ids: number[]) {
  const result = await trx.deleteFrom('downtime_causes').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Machine events open, move and close stops through these, never with SQL of their own. A stop's times
 * change without moving its version (the operator's cause save stays valid); a cause set here moves it.
 */
export interface MachineStopValues {
  companyId: string;
  machineName: string;
  start: Date;
  /** Null while the machine stands still. */
  end: Date | null;
}

const stopColumns = (values: MachineStopValues) => ({
  company_id: values.companyId,
  machine_name: values.machineName,
  actual_date: values.start.toISOString().slice(0, 10),
  duration: values.end ? Math.round((values.end.getTime() - values.start.getTime()) / 60_000) : 0,
  target_start: values.start,
  target_end: values.end,
});

/** Opens stops (downtime history rows) of machines in one statement; their ids, in the order given. */
export async function insertMachineStops(trx: Transaction<Database>, stops: { values: MachineStopValues; causeId: number | null }[]) {
  const rows = await trx
    .insertInto('downtime_history')
    .values(stops.map((stop) => ({ ...stopColumns(stop.values), cause_id: stop.causeId })))
    .returning(['id', 'company_id', 'machine_name', 'target_start'])
    .execute();
  // Matched by machine and start (unique among the stops given), not by the order PostgreSQL returns them in.
  const key = (companyId: string, machineName: string, start: Date) => `${companyId}\u001f${machineName}\u001f${start.getTime()}`;
  const ids = new Map(rows.map((row) => [key(row.company_id, row.machine_name, new Date(row.target_start)), row.id]));
  return stops.map((stop) => ids.get(key(stop.values.companyId, stop.values.machineName, stop.values.start))!);
}

/** Moves stops' starts and ends (a running event closes a stop; a late event moves one) in one statement; the versions stay. */
export async function updateMachineStopTimes(trx: Transaction<Database>, stops: { id: number; values: MachineStopValues }[]) {
  if (!stops.length) return;
  const columns = stops.map((stop) => ({ id: stop.id, ...stopColumns(stop.values) }));
  await sql`
    update downtime_history h
       set target_start = v.target_start, target_end = v.target_end, actual_date = v.actual_date, duration = v.duration, updated_at = now()
      from unnest(${columns.map((c) => c.id)}::int[], ${columns.map((c) => c.target_start.toISOString())}::timestamptz[],
                  ${columns.map((c) => c.target_end?.toISOString() ?? null)}::timestamptz[], ${columns.map((c) => c.actual_date)}::date[],
                  ${columns.map((c) => c.duration)}::int[]) as v(id, target_start, target_end, actual_date, duration)
     where h.id = v.id`.execute(trx);
}

/** Sets the cause the machine reported (only when the stop's cause is still the one the events gave). */
export async function setMachineStopCause(trx: Transaction<Database>, id: number, causeId: number | null) {
  await recordUpdate(trx, 'downtime_history', { cause_id: causeId }).where('id', '=', id).execute();
}

/** Removes stops that late events showed never happened as such (their machine ran). */
export async function deleteMachineStops(trx: Transaction<Database>, ids: number[]) {
  if (ids.length) await trx.deleteFrom('downtime_history').where('id', 'in', ids).execute();
}
