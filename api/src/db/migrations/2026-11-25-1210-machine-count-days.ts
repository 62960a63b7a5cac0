import { sql, type Kysely } from 'kysely';

/**
 * The OEE's day and week buckets (whole UTC days) read `machine_count_days`, the good and scrap bottles of a machine's
 * `counts` events per UTC day, instead of summing a year of events per request; a shift bucket still sums its events.
 * Events are append-only, so one statement trigger per insert adds one upsert, sorted by key so that collectors queue
 * instead of deadlocking. Rules and triggers: the `machine-count-days` module in `api/src/db/derived/`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table machine_count_days (
      -- No foreign key: its check would run once per new row of every ingestion statement, and a company with events
      -- cannot be deleted anyway (the events' cascade meets their append-only trigger), so it would never act.
      company_id text not null,
      machine_name text not null,
      day date not null,
      good bigint not null default 0,
      scrap bigint not null default 0,
      events integer not null default 0,
      primary key (company_id, machine_name, day)
    )`.execute(db);
  await sql`
    create view machine_count_days_computed as
    select company_id, machine_name, (at at time zone 'UTC')::date as day, sum(coalesce(good, 0))::bigint as good,
           sum(coalesce(scrap, 0))::bigint as scrap, count(*)::int as events
      from machine_events
     where kind = 'counts'
     group by 1, 2, 3`.execute(db);
  await sql`
    create function machine_count_days_insert() returns trigger language plpgsql as $$
    begin
      if current_setting('machines.refilling', true) = 'on' then return null; end if;
      insert into machine_count_days as d (company_id, machine_name, day, good, scrap, events)
      select company_id, machine_name, (at at time zone 'UTC')::date, sum(coalesce(good, 0)), sum(coalesce(scrap, 0)), count(*)
        from new_rows
       where kind = 'counts'
       group by 1, 2, 3
       order by 1, 2, 3
      on conflict (company_id, machine_name, day) do update
        set good = d.good + excluded.good, scrap = d.scrap + excluded.scrap, events = d.events + excluded.events;
      return null;
    end $$`.execute(db);
  await sql`create trigger machine_events_count_days after insert on machine_events
    referencing new table as new_rows for each statement execute function machine_count_days_insert()`.execute(db);
  await sql`
    create function machine_count_days_refill() returns void language plpgsql as $$
    begin
      perform set_config('machines.refilling', 'on', true);
      -- delete, not truncate: the application role may delete rows, not truncate tables.
      delete from machine_count_days;
      insert into machine_count_days (company_id, machine_name, day, good, scrap, events)
      select company_id, machine_name, day, good, scrap, events from machine_count_days_computed order by 1, 2, 3;
      perform set_config('machines.refilling', 'off', true);
    end $$`.execute(db);
  await sql`select machine_count_days_refill()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function machine_count_days_refill()`.execute(db);
  await sql`drop trigger machine_events_count_days on machine_events`.execute(db);
  await sql`drop function machine_count_days_insert()`.execute(db);
  await sql`drop view machine_count_days_computed`.execute(db);
  await sql`drop table machine_count_days`.execute(db);
}
