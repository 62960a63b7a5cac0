import { sql, type Kysely } from 'kysely';

/**
 * The event log: one row per domain event, written by the services in the transaction of the change
 * (`recordEvent`). `sequence` orders the log for the cursor of the events list; writers take the log's advisory lock
 * before numbering an event, so sequence order is commit order and a reader paging by `sequence` never passes an
 * event that commits later with a smaller number. Kept EVENT_RETENTION_DAYS (the `event-cleanup` job).
 *
 * Webhooks: endpoints (a client company's, or the manufacturer's with company_id null) with their signing secrets
 * (the current one and, during a rotation's overlap, the previous one), and one delivery row per event and endpoint.
 * A delivery belongs to the lane of its endpoint and record (`record_key`): a later event of a record waits for the
 * earlier one, so the partial index finds the lane's oldest pending delivery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      sequence bigint generated always as identity primary key,
      id uuid not null unique default gen_random_uuid(),
      type text not null check (length(type) between 1 and 64),
      occurred_at timestamptz not null,
      company_id text,
      record_type text not null check (length(record_type) between 1 and 64),
      record_id text not null check (length(record_id) between 1 and 255),
      actor_kind text not null check (actor_kind in ('user', 'machine', 'system')),
      actor_id text not null,
      data jsonb not null default '{}'::jsonb
    )`.execute(db);
  await sql`create index events_company on events (company_id, sequence)`.execute(db);
  await sql`create index events_occurred on events (occurred_at)`.execute(db);

  await sql`
    create table webhook_endpoints (
      id integer generated always as identity primary key,
      company_id text references companies (id) on delete cascade,
      url text not null check (length(url) between 8 and 2000),
      event_types text[] not null check (cardinality(event_types) between 1 and 50),
      enabled boolean not null default true,
      disabled_reason text,
      secret text not null,
      previous_secret text,
      previous_secret_valid_until timestamptz,
      created_by text not null,
      version integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_endpoints_company on webhook_endpoints (company_id)`.execute(db);

  await sql`
    create table webhook_deliveries (
      id integer generated always as identity primary key,
      endpoint_id integer not null references webhook_endpoints (id) on delete cascade,
      event_sequence bigint not null references events (sequence) on delete cascade,
      record_key text not null,
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
      attempts integer not null default 0 check (attempts >= 0),
      last_status_code integer,
      last_response text,
      last_attempt_at timestamptz,
      next_attempt_at timestamptz,
      in_flight_until timestamptz,
      created_at timestamptz not null default now(),
      unique (endpoint_id, event_sequence)
    )`.execute(db);
  await sql`create index webhook_deliveries_lane on webhook_deliveries (endpoint_id, record_key, event_sequence) where status <> 'delivered'`.execute(db);
  await sql`create index webhook_deliveries_recent on webhook_deliveries (endpoint_id, id desc)`.execute(db);
  await sql`create index webhook_deliveries_event on webhook_deliveries (event_sequence)`.execute(db);

  await sql`select pgboss.create_queue('webhook-delivery', ${JSON.stringify({ policy: 'standard', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 })}::json)`.execute(db);
  await sql`select pgboss.create_queue('event-cleanup', ${JSON.stringify({ policy: 'stately', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 })}::json)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from pgboss.schedule where name = 'event-cleanup'`.execute(db);
  await sql`select pgboss.delete_queue('event-cleanup')`.execute(db);
  await sql`select pgboss.delete_queue('webhook-delivery')`.execute(db);
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhook_endpoints`.execute(db);
  await sql`drop table events`.execute(db);
}
