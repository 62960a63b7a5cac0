import { sql, type Kysely } from 'kysely';

/**
 * Plant performance: machine credentials (an opaque token per machine or collector, stored as its SHA-256,
 * scoped to machines), the append-only machine events (unique event id), the events kept aside for the admin, a
 * cause's `planned` flag and a product's planned run time per item. A stop event opens a `downtime_history` row and
 * the next running event closes it; `machine_stops` links each such row to the event that opened it, so that a late
 * event can recompute the stops it touches (rows typed by hand have no link and are never touched).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table downtime_causes add column planned boolean not null default false`.execute(db);
  await sql`alter table client_products add column planned_seconds_per_item numeric
    check (planned_seconds_per_item is null or (planned_seconds_per_item > 0 and planned_seconds_per_item <= 3600))`.execute(db);

  await sql`
    create table machine_credentials (
      id serial primary key,
      name text not null,
      token_hash bytea not null unique,
      token_hint text not null,
      created_by text not null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz,
      last_used_at timestamptz
    )`.execute(db);
  await sql`
    create table machine_credential_machines (
      credential_id integer not null references machine_credentials (id) on delete cascade,
      company_id text not null references companies (id) on delete cascade,
      machine_name text not null,
      primary key (credential_id, company_id, machine_name)
    )`.execute(db);

  await sql`
    create table machine_events (
      id bigserial primary key,
      event_id uuid not null unique,
      company_id text not null references companies (id) on delete cascade,
      machine_name text not null,
      at timestamptz not null,
      kind text not null check (kind in ('running', 'stopped', 'counts', 'unknown')),
      cause_id integer,
      good integer check (good >= 0),
      scrap integer check (scrap >= 0),
      source text not null,
      received_at timestamptz not null default now()
    )`.execute(db);
  // The state changes of a machine in time order (live status, stop recomputation, coverage) and its counts.
  await sql`create index machine_events_states on machine_events (company_id, machine_name, at, event_id) where kind <> 'counts'`.execute(db);
  await sql`create index machine_events_counts on machine_events (company_id, machine_name, at) include (good, scrap) where kind = 'counts'`.execute(db);
  await sql`
    create function machine_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'machine_events is append-only';
    end $$`.execute(db);
  await sql`create trigger machine_events_append_only before update or delete on machine_events
    for each row execute function machine_events_append_only()`.execute(db);

  await sql`
    create table machine_events_unmatched (
      id serial primary key,
      event_id uuid not null unique,
      client_id text not null,
      machine_name text not null,
      at timestamptz not null,
      kind text not null,
      cause_code integer,
      good integer,
      scrap integer,
      reason text not null check (reason in ('unknownMachine', 'outOfScope', 'unknownCause')),
      source text not null,
      received_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index machine_events_unmatched_received on machine_events_unmatched (received_at desc, id desc)`.execute(db);

  await sql`
    create table machine_stops (
      downtime_id integer primary key references downtime_history (id) on delete cascade,
      company_id text not null,
      machine_name text not null,
      started_at timestamptz not null,
      -- The cause the events gave; while the row's cause is still this one (the operator did not change it) a late
      -- event may replace it.
      event_cause_id integer
    )`.execute(db);
  await sql`create index machine_stops_machine on machine_stops (company_id, machine_name, started_at)`.execute(db);
  // The OEE and analytics read a machine's stops that overlap a period, and a company's claims of a period.
  await sql`create index downtime_history_machine_end on downtime_history (company_id, machine_name, target_end)`.execute(db);
  await sql`create index claims_company_created on claims (company_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index claims_company_created`.execute(db);
  await sql`drop index downtime_history_machine_end`.execute(db);
  await sql`drop table machine_stops`.execute(db);
  await sql`drop table machine_events_unmatched`.execute(db);
  await sql`drop table machine_events`.execute(db);
  await sql`drop function machine_events_append_only()`.execute(db);
  await sql`drop table machine_credential_machines`.execute(db);
  await sql`drop table machine_credentials`.execute(db);
  await sql`alter table client_products drop column planned_seconds_per_item`.execute(db);
  await sql`alter table downtime_causes drop column planned`.execute(db);
}
