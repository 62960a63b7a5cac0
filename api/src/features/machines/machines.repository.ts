import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { executePrepared, type Database } from '../../db/database.js';
import * as clock from '../../lib/clock.js';
import type { Schemas } from '../../lib/contract.js';
import { paginate, type PaginationInput } from '../../lib/pagination.js';
import type { Scope } from '../../lib/scope.js';
import type { StateChange, Stop } from './oee.rules.js';

type Executor = Kysely<Database> | Transaction<Database>;

// The plant-performance reads run as named prepared statements (database.ts `executePrepared`): PostgreSQL parses and
// plans their texts once per connection. Their texts are few and fixed (the values are parameters) and planning them
// is a large part of their cost (three statements per OEE call).

export interface MachineRow {
  company_id: string;
  company: string;
  machine_name: string;
  shift_start: string | null;
  shift_end: string | null;
  /** Planned seconds per item: of the product in production on it (wip), else the mean of its products' rates. */
  rate: number | null;
}

/**
 * A product names its machines in a comma-joined text; this is "the product is made on machine `m`". The text must
 * hold `m` for its list to name it, so `strpos` first spares the split (a regular expression) of most products
 * (most of the products a page of machines' rates reads are made on other machines).
 */
const madeOn = (machine: ReturnType<typeof sql.ref>) =>
  sql`(strpos(cp.machine_names, ${machine}) > 0 and ${machine} = any(regexp_split_to_array(btrim(cp.machine_names), '\\s*,\\s*')))`;

/** One page of machines, 1-based (the OEE question's `machinePage`). */
export interface MachinePage {
  page: number;
  rowsPerPage: number;
}

/**
 * The machines (companies' FBs) in the scope, narrowed to `only` (company, machine) when given, with the shift and the
 * rate, by company name, company and machine name (then the machine's place in its company's list: a total order).
 * Each product's machine list is split once and the rates grouped per (company, machine), instead of splitting every
 * product of a company again for each of its machines. Without `withRates` (the live
 * status and the downtime analytics show no rate) the products are not read at all: `rate` is null (for every machine, the
 * rates are most of the statement). With `page`, only that page of the machines
 * (limit/offset in SQL) and how many there are in all; each machine of the page then averages the rates of its
 * company's products made on it, an index range of that company's products, cheaper than grouping the rates of the page's
 * companies' products.
 */
function machinesQuery(scope: Scope, only?: { clientId: string; machineName: string }[], clientIds?: string[], withRates = true, page?: MachinePage) {
  const companies = scope.kind === 'company' ? [scope.companyId] : (clientIds ?? []);
  const inCompanies = (column: ReturnType<typeof sql.ref>, within = companies) => sql`(${within.length === 0} or ${column} = any(${within}::text[]))`;
  // The rates of the companies asked, or of those of the machines asked.
  const rated = companies.length || !only?.length ? companies : [...new Set(only.map((machine) => machine.clientId))];
  const rates = withRates
    ? sql`
      select cp.company_id, m.machine_name,
             coalesce(avg(cp.planned_seconds_per_item) filter (where cp.wip), avg(cp.planned_seconds_per_item))::float8 as rate
        from client_products cp
        cross join lateral (select distinct name from regexp_split_to_table(btrim(cp.machine_names), '\\s*,\\s*') as name) as m(machine_name)
       where cp.deleted_at is null and cp.planned_seconds_per_item is not null and ${inCompanies(sql.ref('cp.company_id'), rated)}
       group by cp.company_id, m.machine_name`
    : sql`select null::text as company_id, null::text as machine_name, null::float8 as rate where false`;
  const machines = sql`
    select c.id as company_id, c.name as company, m.machine_name, m.place, d.shift_start, d.shift_end
      from companies c
      cross join lateral unnest(c.fbs) with ordinality as m(machine_name, place)
      left join client_details d on d.company_id = c.id
     where ${inCompanies(sql.ref('c.id'))}
       and (${!only?.length} or (c.id, m.machine_name) in (select * from unnest(${only?.map((m) => m.clientId) ?? []}::text[], ${
         only?.map((m) => m.machineName) ?? []
       }::text[])))`;
  const query = page
    ? sql<MachineRow & { total: string }>`
    with p as (
      select a.*, count(*) over () as total from (${machines}) a
       order by a.company, a.company_id, a.machine_name, a.place
       limit ${page.rowsPerPage} offset ${(page.page - 1) * page.rowsPerPage})
    select p.company_id, p.company, p.machine_name, p.shift_start, p.shift_end, r.rate, p.total
      from p
      left join lateral (
        select coalesce(avg(cp.planned_seconds_per_item) filter (where cp.wip), avg(cp.planned_seconds_per_item))::float8 as rate
          from client_products cp
         where cp.company_id = p.company_id and cp.deleted_at is null and cp.planned_seconds_per_item is not null and ${madeOn(sql.ref('p.machine_name'))}
      ) r on true
     order by p.company, p.company_id, p.machine_name, p.place`
    : sql<MachineRow & { total: string }>`
    with rates as (${rates})
    select a.company_id, a.company, a.machine_name, a.shift_start, a.shift_end, r.rate
      from (${machines}) a
      left join rates r on r.company_id = a.company_id and r.machine_name = a.machine_name
     order by a.company, a.company_id, a.machine_name, a.place`;
  return { query, machines, count: sql<{ count: number }>`select count(*)::int as count from (${machines}) a` };
}

/** Every machine in the scope (or of `only`, or of `clientIds`), in order; see machinesQuery. */
export async function findMachines(
  db: Executor,
  scope: Scope,
  only?: { clientId: string; machineName: string }[],
  clientIds?: string[],
  withRates = true,
): Promise<MachineRow[]> {
  // Not prepared: a generic plan cannot drop the `(true or …)` of "every company" and read every product for a few
  // machines' rates, where the custom plan reads only the products of the companies asked for.
  const result = await machinesQuery(scope, only, clientIds, withRates).query.execute(db);
  return result.rows;
}

/**
 * One page of the machines in the scope (of `only` when given), in findMachines' order, and how many machines there
 * are in all (a window count of the same statement). A page past the last has no row to carry the count, so it is
 * counted apart: a second statement, only then.
 */
export async function findMachinePage(db: Executor, scope: Scope, only: { clientId: string; machineName: string }[] | undefined, page: MachinePage) {
  const { query, count } = machinesQuery(scope, only, undefined, true, page);
  const result = await executePrepared(db, query);
  const machines: MachineRow[] = result.rows.map(({ total: _total, ...machine }) => machine);
  let total = result.rows.length > 0 ? Number(result.rows[0].total) : 0;
  if (page.page > 1 && result.rows.length === 0) total = (await count.execute(db)).rows[0]!.count;
  return { machines, count: total };
}

/**
 * The machines of a question as the table `m` (company_id, machine_name, n): `n` is each machine's place in
 * `machines`, from 1, by which the OEE reads name the machine of their rows.
 */
const machinesTable = (machines: readonly { company_id: string; machine_name: string }[]) =>
  sql`unnest(${machines.map((m) => m.company_id)}::text[], ${machines.map((m) => m.machine_name)}::text[]) with ordinality as m(company_id, machine_name, n)`;

/**
 * The stops of machine `m` (a row with company_id and machine_name) overlapping [from, to): those ended after `from`
 * and those still open, read apart so that each is an index-only range of downtime_history_machine_end_cover (one
 * condition with `or` made the index give every stop of the machine). Columns: company_id, machine_name, cause_id,
 * target_start, target_end.
 */
const stopsOverlapping = (from: Date, to: Date) => sql`
  (select h.company_id, h.machine_name, h.cause_id, h.target_start, h.target_end from downtime_history h
    where h.company_id = m.company_id and h.machine_name = m.machine_name and h.target_end > ${from} and h.target_start < ${to}
   union all
   select h.company_id, h.machine_name, h.cause_id, h.target_start, h.target_end from downtime_history h
    where h.company_id = m.company_id and h.machine_name = m.machine_name and h.target_end is null and h.target_start < ${to})`;

/**
 * Per machine `m` (a row with company_id and machine_name): its open stop (latest), an index lookup in the few open
 * stops, and its latest state event (not counts), kept per machine in machine_last_states (the machine-last-states
 * module), instead of a backward scan of its events per machine. Joined as `s`, `dc`
 * and `e`, read by liveState.
 */
const liveJoins = sql`
      left join lateral (select h.id, h.target_start, h.cause_id from downtime_history h
                          where h.company_id = m.company_id and h.machine_name = m.machine_name and h.target_end is null
                          order by h.target_start desc, h.id desc limit 1) s on true
      left join downtime_causes dc on dc.id = s.cause_id
      left join machine_last_states e on e.company_id = m.company_id and e.machine_name = m.machine_name`;

/**
 * A machine's state now, from liveJoins, the one place this rule is written: stopped while it has an open stop, unless
 * its collector died after the stop began (unknown); running since its last running event (since unknown when its
 * last state event was a stop that has since been closed); unknown before its first event or after a death. Columns:
 * state, since, and the open stop's stop_id, cause_id and cause_name (null without an open stop; the answers name the
 * cause of a stopped machine only).
 */
const liveState = sql`
      case when e.kind = 'unknown' and (s.target_start is null or e.at >= s.target_start) then 'unknown'
           when s.target_start is not null then 'stopped'
           when e.kind in ('running', 'stopped') then 'running'
           else 'unknown' end as state,
      case when e.kind = 'unknown' and (s.target_start is null or e.at >= s.target_start) then e.at
           when s.target_start is not null then s.target_start
           when e.kind = 'running' then e.at end as since,
      s.id as stop_id, s.cause_id, dc.cause_name`;

export interface LiveRow {
  company_id: string;
  machine_name: string;
  state: 'running' | 'stopped' | 'unknown';
  since: Date | null;
  stop_id: number | null;
  cause_id: number | null;
  cause_name: string | null;
}

/**
 * The live status's read (the screen's, and the client's banner's), one statement: every machine of the
 * scope (of `clientIds`) with its state (liveState), how many are in each state, and the page `page` of those in `state` (all of them without a page), in
 * findMachines' order. The state is worked out in PostgreSQL for every machine, where the counts need it anyway; only
 * the page's rows come back (a plant of 400 machines: 20 rows to parse and send, not 800). A page past the last still
 * answers the counts: a row without a machine. Prepared (executePrepared): without the products' rates, the generic
 * plan of "every company or these" reads the same few hundred machines as a custom one.
 */
export async function findLiveStatus(
  db: Executor,
  scope: Scope,
  clientIds: string[] | undefined,
  state: LiveRow['state'] | undefined,
  page: MachinePage | undefined,
) {
  const { machines } = machinesQuery(scope, undefined, clientIds, false);
  const chosen = sql`(${state ?? null}::text is null or l.state = ${state ?? null}::text)`;
  const result = await executePrepared(db, sql<
    Partial<LiveRow & { company: string }> & { running: number; stopped: number; unknown: number; matching: number }
  >`
    with l as (
      select m.company_id, m.company, m.machine_name, m.place, ${liveState}
        from (${machines}) m
        ${liveJoins}
    ), n as (
      select count(*) filter (where l.state = 'running')::int as running, count(*) filter (where l.state = 'stopped')::int as stopped,
             count(*) filter (where l.state = 'unknown')::int as unknown, count(*) filter (where ${chosen})::int as matching
        from l
    )
    select n.*, p.company_id, p.company, p.machine_name, p.state, p.since, p.stop_id, p.cause_id, p.cause_name
      from n
      left join lateral (
        select l.* from l where ${chosen}
         order by l.company, l.company_id, l.machine_name, l.place
         ${page ? sql`limit ${page.rowsPerPage} offset ${(page.page - 1) * page.rowsPerPage}` : sql``}
      ) p on true
     order by p.company, p.company_id, p.machine_name, p.place`);
  const first = result.rows[0]!;
  return {
    counts: { running: first.running, stopped: first.stopped, unknown: first.unknown },
    matching: first.matching,
    rows: result.rows.filter((row): row is typeof row & LiveRow & { company: string } => row.machine_name != null),
  };
}

/** The top causes' rows of the machines in `m`: hours in [from, to) per cause, ranked per machine (`m.n`): most hours first, then by cause name. */
const topCausesOf = (from: Date, to: Date, limit: number, now: Date) => sql`
  select * from (
    select t.*, row_number() over (partition by t.n order by t.seconds desc, t.cause_name) as rank from (
      select m.n, dc.cause_name,
             sum(extract(epoch from least(coalesce(h.target_end, ${now}::timestamptz), ${to}::timestamptz) - greatest(h.target_start, ${from}::timestamptz)))::float8 as seconds,
             count(*)::int as count
        from m
        cross join lateral ${stopsOverlapping(from, to)} h
        left join downtime_causes dc on dc.id = h.cause_id
       group by m.n, dc.cause_name) t) ranked
   where rank <= ${limit}`;

export interface TopCause {
  cause_name: string | null;
  seconds: number;
  count: number;
}

/** An instant as whole milliseconds since the epoch, as the driver's Date of the column would give it (null stays null). */
const epochMs = (column: RawBuilder<unknown>) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The stops overlapping [from, to) of the machines, with whether their cause is planned, per machine in the order of
 * `machines`: all that MTBF and MTTR are counted from. A year of every machine is thousands of stops, so a row is four
 * columns, its machine by its place in `machines` and its instants as milliseconds, in no particular order.
 */
export async function findStops(db: Executor, machines: readonly MachineRow[], from: Date, to: Date): Promise<Stop[][]> {
  const result = await executePrepared(db, sql<{ machine: number; at: number; until: number | null; planned: boolean }>`
    with m as (select * from ${machinesTable(machines)})
    select m.n::int as machine, ${epochMs(sql.ref('h.target_start'))} as at, ${epochMs(sql.ref('h.target_end'))} as until,
           coalesce(dc.planned, false) as planned
      from m
      cross join lateral ${stopsOverlapping(from, to)} h
      left join downtime_causes dc on dc.id = h.cause_id`);
  const stops = machines.map((): Stop[] => []);
  for (const row of result.rows) stops[row.machine - 1]!.push({ start: row.at, end: row.until, planned: row.planned });
  return stops;
}

/**
 * The stops overlapping [from, to) of the machines, with whether their cause is planned, and their state events
 * (running, stopped, unknown) that tell when the state turns known or unknown: the last one before `from`, and in
 * [from, to) the deaths and the first running or stopped event after `from` and after each death (some others may
 * come too: they change nothing), per machine, in order: one statement, in one round trip. The coverage is all the OEE
 * reads from them, and a collector may report running and stopped every few minutes (thousands of
 * events in a month), so reading every event would make a month's OEE of such a machine slow.
 * With `top`, the same statement also gives each machine's top stop causes of `top`'s span (the client's view), in
 * rank order. Each list is answered per machine, in the order of `machines`.
 * The rows name their machine by its place in `machines` and their instants as milliseconds: a year by
 * week of 8 machines is about 1,000 rows, and decoding each one's company and machine names and parsing its
 * timestamps into Dates was about half of the API's CPU for this statement.
 */
export async function findStopsAndChanges(
  db: Executor,
  machines: readonly MachineRow[],
  from: Date,
  to: Date,
  top?: { from: Date; to: Date; limit: number },
) {
  const result = await executePrepared(db, sql<{
    part: 0 | 1 | 2;
    machine: number;
    at: number | null;
    until: number | null;
    planned: boolean | null;
    kind: StateChange['state'] | null;
    cause_name: string | null;
    seconds: number | null;
    count: number | null;
  }>`
    with m as (select * from ${machinesTable(machines)})
    select u.part, u.machine, u.at, u.until, u.planned, u.kind, u.cause_name, u.seconds, u.count from (
      select 0 as part, m.n::int as machine, ${epochMs(sql.ref('h.target_start'))} as at, ${epochMs(sql.ref('h.target_end'))} as until,
             coalesce(dc.planned, false) as planned, null::text as kind, null::uuid as event_id, null::text as cause_name,
             null::float8 as seconds, null::int as count, null::bigint as rank
        from m
        cross join lateral ${stopsOverlapping(from, to)} h
        left join downtime_causes dc on dc.id = h.cause_id
      union all
      select 1, m.n::int, ${epochMs(sql.ref('e.at'))}, null, null, e.kind, e.event_id, null, null, null, null
        from m
        cross join lateral (
          -- Whether the state is known turns only at a death ('unknown') and at the first running or stopped event
          -- after a death or after the period's start: those, and the state before it, found by index, however many
          -- events the machine reported in between (machine_events_unknown, migration 2026-11-26-2200).
          (select ev.at, ev.kind, ev.event_id from machine_events ev
            where ev.company_id = m.company_id and ev.machine_name = m.machine_name and ev.kind <> 'counts' and ev.at < ${from}
            order by ev.at desc, ev.event_id desc limit 1)
          union
          (select ev.at, ev.kind, ev.event_id from machine_events ev
            where ev.company_id = m.company_id and ev.machine_name = m.machine_name and ev.kind in ('running', 'stopped')
              and ev.at >= ${from} and ev.at < ${to}
            order by ev.at, ev.event_id limit 1)
          union
          select t.at, t.kind, t.event_id from machine_events d
           cross join lateral (
             select d.at, d.kind, d.event_id
             union all
             (select n.at, n.kind, n.event_id from machine_events n
               where n.company_id = d.company_id and n.machine_name = d.machine_name and n.kind in ('running', 'stopped')
                 and (n.at, n.event_id) > (d.at, d.event_id) and n.at < ${to}
               order by n.at, n.event_id limit 1)) t
           where d.company_id = m.company_id and d.machine_name = m.machine_name and d.kind = 'unknown'
             and d.at >= ${from} and d.at < ${to}
        ) e
      ${
        top
          ? sql`union all
      select 2, t.n::int, null, null, null, null, null, t.cause_name, t.seconds, t.count, t.rank
        from (${topCausesOf(top.from, top.to, top.limit, clock.now())}) t`
          : sql``
      }
    ) u
     order by u.part, u.machine, u.at, u.event_id, u.rank`);
  const stops = machines.map((): Stop[] => []);
  const changes = machines.map((): StateChange[] => []);
  const topCauses = machines.map((): TopCause[] => []);
  for (const row of result.rows) {
    const index = row.machine - 1;
    if (row.part === 0) stops[index]!.push({ start: row.at!, end: row.until, planned: row.planned! });
    else if (row.part === 1) changes[index]!.push({ at: row.at!, state: row.kind! });
    else topCauses[index]!.push({ cause_name: row.cause_name, seconds: row.seconds!, count: row.count! });
  }
  return { stops, changes, topCauses };
}

export interface BucketRef {
  company_id: string;
  machine_name: string;
  /** The machine's place in the question's machines, from 1: the answer's rows name their machine by it. */
  machine: number;
  index: number;
  start: Date;
  end: Date;
}

/** Quantities of one bucket (`idx`) of the machine at place `machine` (from 1) of the question. */
export interface QuantityRow {
  machine: number;
  idx: number;
  good: number;
  scrap: number;
  rejected: number;
}

/** Whether a bucket is whole UTC days (day and week buckets, a whole period): its counts are the kept days' sums. */
const wholeDays = (bucket: BucketRef) => bucket.start.getTime() % 86_400_000 === 0 && bucket.end.getTime() % 86_400_000 === 0;

/**
 * Good and scrap counted, and claims' rejected bottles, per bucket (index) of each machine: one statement. A bucket of
 * whole UTC days reads its days' sums kept in machine_count_days (the machine-count-days module), a few rows; any other
 * (a shift) sums its counts events (an index range scan of machine_events_counts). The company's claims per bucket.
 */
export async function findQuantities(db: Executor, buckets: readonly BucketRef[]) {
  const result = await executePrepared(db, sql<QuantityRow>`
    select b.machine, b.idx, q.good, q.scrap, r.rejected
      from unnest(${buckets.map((b) => b.company_id)}::text[], ${buckets.map((b) => b.machine_name)}::text[], ${buckets.map((b) => b.machine)}::int[],
                  ${buckets.map((b) => b.index)}::int[], ${buckets.map((b) => b.start.toISOString())}::timestamptz[],
                  ${buckets.map((b) => b.end.toISOString())}::timestamptz[], ${buckets.map(wholeDays)}::boolean[])
           as b(company_id, machine_name, machine, idx, s, e, whole)
      cross join lateral (
        select coalesce(sum(c.good), 0)::int as good, coalesce(sum(c.scrap), 0)::int as scrap from (
          select d.good, d.scrap from machine_count_days d
           where b.whole and d.company_id = b.company_id and d.machine_name = b.machine_name
             and d.day >= (b.s at time zone 'UTC')::date and d.day < (b.e at time zone 'UTC')::date
          union all
          select ev.good, ev.scrap from machine_events ev
           where not b.whole and ev.company_id = b.company_id and ev.machine_name = b.machine_name and ev.kind = 'counts' and ev.at >= b.s and ev.at < b.e
        ) c) q
      cross join lateral (
        select coalesce(sum(cl.amount), 0)::int as rejected from claims cl
          join client_products cp on cp.id = cl.client_product_id and ${madeOn(sql.ref('b.machine_name'))}
         where cl.company_id = b.company_id and cl.created_at >= b.s and cl.created_at < b.e) r
     where q.good > 0 or q.scrap > 0 or r.rejected > 0`);
  return result.rows;
}

/**
 * Good and scrap counted, and claims' rejected bottles, of each machine per bucket when every machine has the same
 * buckets of whole UTC days (day and week grains, or a whole period): `starts` are the buckets' starts, in order, and
 * they tile [starts[0], end). One statement, two index range scans per machine over the whole span (its kept days'
 * sums, machine_count_days, and its company's claims), each row put in its bucket by width_bucket (a binary search of
 * the starts), where findQuantities ran both per bucket (8 machines by week over a year: 848 index scans). A machine
 * and bucket may come as two rows, one with the counts and one with the claims: the caller adds them up. `idx` is the
 * bucket's place in `starts`.
 */
export async function findDayQuantities(db: Executor, machines: readonly { company_id: string; machine_name: string }[], starts: readonly Date[], end: Date) {
  const days = starts.map((start) => start.toISOString().slice(0, 10));
  const instants = starts.map((start) => start.toISOString());
  const result = await executePrepared(db, sql<QuantityRow>`
    with m as (select * from ${machinesTable(machines)})
    select m.n::int as machine, q.idx, q.good, q.scrap, 0 as rejected
      from m
      cross join lateral (
        select width_bucket(d.day, ${days}::date[]) - 1 as idx, sum(d.good)::int as good, sum(d.scrap)::int as scrap
          from machine_count_days d
         where d.company_id = m.company_id and d.machine_name = m.machine_name
           and d.day >= ${days[0]}::date and d.day < (${end.toISOString()}::timestamptz at time zone 'UTC')::date
         group by 1) q
    union all
    select m.n::int, r.idx, 0, 0, r.rejected
      from m
      cross join lateral (
        select width_bucket(cl.created_at, ${instants}::timestamptz[]) - 1 as idx, sum(cl.amount)::int as rejected
          from claims cl
          join client_products cp on cp.id = cl.client_product_id and ${madeOn(sql.ref('m.machine_name'))}
         where cl.company_id = m.company_id and cl.created_at >= ${instants[0]}::timestamptz and cl.created_at < ${end.toISOString()}::timestamptz
         group by 1) r`);
  return result.rows;
}

/**
 * Analytics: stop hours (cut to the period) and counts by cause, by machine and by ISO week of their start, in one
 * statement: the period's stops are read once and grouped three ways (grouping sets), instead of three statements that
 * each read a year of stops again. `grouping(...)` tells the three apart (a stop without a cause has a null cause_id).
 * Per stop only what the grouping needs: the causes' names and the weeks' text are added to the grouped rows (at most
 * a few hundred), not to each of a year's stops.
 */
export async function findDowntimeAggregates(db: Executor, machines: readonly MachineRow[], from: Date, to: Date) {
  const result = await executePrepared(db, sql<{
    set: 'pareto' | 'machine' | 'week';
    cause_id: number | null;
    cause_name: string | null;
    planned: boolean;
    company_id: string;
    machine_name: string;
    week: string;
    seconds: number;
    count: number;
  }>`
    with s as (
      select h.company_id, h.machine_name, h.cause_id, date_trunc('week', h.target_start at time zone 'UTC') as week,
             extract(epoch from least(coalesce(h.target_end, ${clock.now()}::timestamptz), ${to}::timestamptz) - greatest(h.target_start, ${from}::timestamptz)) as seconds
        from ${machinesTable(machines)}
        cross join lateral ${stopsOverlapping(from, to)} h
    ), g as (
      select case when grouping(s.cause_id) = 0 then 'pareto'
                  when grouping(s.company_id, s.machine_name) = 0 then 'machine' else 'week' end as set,
             s.cause_id, s.company_id, s.machine_name, s.week, sum(s.seconds)::float8 as seconds, count(*)::int as count
        from s
       group by grouping sets ((s.cause_id), (s.company_id, s.machine_name), (s.week))
    )
    select g.set, g.cause_id, dc.cause_name, coalesce(dc.planned, false) as planned, g.company_id, g.machine_name,
           to_char(g.week, 'YYYY-MM-DD') as week, g.seconds, g.count
      from g
      left join downtime_causes dc on dc.id = g.cause_id
     order by g.set, case when g.set = 'pareto' then g.seconds end desc, case when g.set = 'pareto' then g.count end desc,
              dc.cause_name nulls last, g.week`);
  const rows = result.rows;
  return {
    pareto: rows.filter((row) => row.set === 'pareto'),
    perMachine: rows.filter((row) => row.set === 'machine'),
    weekly: rows.filter((row) => row.set === 'week'),
  };
}

/**
 * What each of `machines` is making and is next to make: its company's open order items of open orders that are the
 * machine's, at most `limit` per machine, the one it is on first. An item is a machine's when it is planned on that
 * machine (its `machine_name`), or, planned on none, when its product names that machine and no other; an item of a
 * product that several machines make and planned on none is no one machine's, so it is on no banner (on all of them,
 * every such machine would show the same items). Order: the product in production (`wip`) first, what the machine is
 * making now, then by due date as the agenda has them. Machines of many companies are read in one statement: a batch
 * of machine events may stop or start machines of hundreds of them.
 */
export async function findAffectedItems(db: Executor, machines: readonly { companyId: string; machineName: string }[], limit: number) {
  if (!machines.length) return [];
  const result = await sql<{ company_id: string; machine_name: string; id: number; article_no: string; product_name: string; due_date: string; remaining: number }>`
    select company_id, machine_name, id, article_no, product_name, due_date, remaining from (
      select m.company_id, m.machine_name, i.id, cp.article_no, cp.product_name, i.due_date, greatest(i.planned_amount - i.produced_amount, 0)::int as remaining,
             row_number() over (partition by m.company_id, m.machine_name order by cp.wip desc, i.due_date, i.id) as rank
        from unnest(${machines.map((machine) => machine.companyId)}::text[], ${machines.map((machine) => machine.machineName)}::text[]) as m(company_id, machine_name)
        join client_products cp on cp.company_id = m.company_id and cp.deleted_at is null and ${madeOn(sql.ref('m.machine_name'))}
        join client_production_order_items i on i.client_product_id = cp.id and not i.is_closed and i.produced_amount < i.planned_amount
        join client_production_orders o on o.id = i.order_id and o.closed = 0 and o.company_id = m.company_id
       where i.machine_name = m.machine_name
          or (i.machine_name is null
              and cardinality(array_remove(array_remove(regexp_split_to_array(btrim(cp.machine_names), '\\s*,\\s*'), m.machine_name), '')) = 0)) t
     where rank <= ${limit}
     order by company_id, machine_name, rank`.execute(db);
  return result.rows;
}

// Credentials.

/** The credentials, newest first (one of them with `id`), as the contract's `MachineCredential`. */
export async function findCredentials(db: Executor, id?: number): Promise<Schemas['MachineCredential'][]> {
  return (await credentialRows(db, id)).map(toCredential);
}

function credentialRows(db: Executor, id?: number) {
  return db
    .selectFrom('machine_credentials as c')
    .select([
      'c.id',
      'c.name',
      'c.token_hint',
      'c.created_at',
      'c.revoked_at',
      'c.last_used_at',
      sql<{ clientId: string; machineName: string }[]>`coalesce((select json_agg(json_build_object('clientId', m.company_id, 'machineName', m.machine_name)
        order by m.company_id, m.machine_name) from machine_credential_machines m where m.credential_id = c.id), '[]'::json)`.as('machines'),
    ])
    .$if(id !== undefined, (query) => query.where('c.id', '=', id!))
    .orderBy('c.id', 'desc')
    .limit(10_000)
    .execute();
}

const isoOrNull = (date: Date | null) => (date ? new Date(date).toISOString() : null);

const toCredential = (row: Awaited<ReturnType<typeof credentialRows>>[number]): Schemas['MachineCredential'] => ({
  id: row.id,
  name: row.name,
  tokenHint: row.token_hint,
  machines: row.machines,
  createdAt: new Date(row.created_at).toISOString(),
  revokedAt: isoOrNull(row.revoked_at),
  lastUsedAt: isoOrNull(row.last_used_at),
});

export async function insertCredential(
  trx: Transaction<Database>,
  values: { name: string; hash: Buffer; hint: string; createdBy: string; machines: { clientId: string; machineName: string }[] },
) {
  const { id } = await trx
    .insertInto('machine_credentials')
    .values({ name: values.name, token_hash: values.hash, token_hint: values.hint, created_by: values.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('machine_credential_machines')
    .values(values.machines.map((m) => ({ credential_id: id, company_id: m.clientId, machine_name: m.machineName })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  return id;
}

export async function revokeCredential(trx: Transaction<Database>, id: number) {
  return trx
    .updateTable('machine_credentials')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

/** Which of the (company, machine) pairs are machines of their company. */
export async function existingMachines(db: Executor, machines: { clientId: string; machineName: string }[]) {
  const result = await sql<{ company_id: string; machine_name: string }>`
    select m.company_id, m.machine_name
      from unnest(${machines.map((m) => m.clientId)}::text[], ${machines.map((m) => m.machineName)}::text[]) as m(company_id, machine_name)
      join companies c on c.id = m.company_id and m.machine_name = any(c.fbs)`.execute(db);
  return result.rows;
}

// Events kept aside.

export async function findUnmatched(db: Executor, pagination: PaginationInput) {
  const [rows, total] = await Promise.all([
    paginate(db.selectFrom('machine_events_unmatched as u').selectAll('u'), pagination, { receivedAt: 'u.received_at' }, {
      sortBy: 'receivedAt',
      descending: true,
      tieBreaker: 'u.id',
    }).execute(),
    db.selectFrom('machine_events_unmatched').select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: total.count };
}
