import { sql, type Kysely } from 'kysely';

/**
 * The live status (and the client's banner) reads each machine's latest state event from `machine_last_states`
 * instead of a backward scan of its events per request. A late event does not replace a later one. Rules and
 * triggers: the `machine-last-states` module in `api/src/db/derived/`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table machine_last_states (
      -- No foreign key, as machine_count_days: a company with events cannot be deleted (append-only events).
      company_id text not null,
      machine_name text not null,
      at timestamptz not null,
      event_id uuid not null,
      kind text not null,
      primary key (company_id, machine_name)
    )`.execute(db);
  await sql`
    create view machine_last_states_computed as
    select distinct on (company_id, machine_name) company_id, machine_name, at, event_id, kind
      from machine_events
     where kind <> 'counts'
     order by company_id, machine_name, at desc, event_id desc`.execute(db);
  await sql`
    create function machine_last_states_insert() returns trigger language plpgsql as $$
    begin
      insert into machine_last_states as s (company_id, machine_name, at, event_id, kind)
      select distinct on (company_id, machine_name) company_id, machine_name, at, event_id, kind
        from new_rows
       where kind <> 'counts'
       order by company_id, machine_name, at desc, event_id desc
      on conflict (company_id, machine_name) do update
        set at = excluded.at, event_id = excluded.event_id, kind = excluded.kind
        where (excluded.at, excluded.event_id) > (s.at, s.event_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger machine_events_last_states after insert on machine_events
    referencing new table as new_rows for each statement execute function machine_last_states_insert()`.execute(db);
  await sql`
    create function machine_last_states_refill() returns void language plpgsql as $$
    begin
      -- delete, not truncate: the application role may delete rows, not truncate tables.
      delete from machine_last_states;
      insert into machine_last_states (company_id, machine_name, at, event_id, kind)
      select company_id, machine_name, at, event_id, kind from machine_last_states_computed;
    end $$`.execute(db);
  await sql`select machine_last_states_refill()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function machine_last_states_refill()`.execute(db);
  await sql`drop trigger machine_events_last_states on machine_events`.execute(db);
  await sql`drop function machine_last_states_insert()`.execute(db);
  await sql`drop view machine_last_states_computed`.execute(db);
  await sql`drop table machine_last_states`.execute(db);
}
