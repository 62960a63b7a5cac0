import { sql, type Kysely } from 'kysely';

/**
 * Two screens that would otherwise read whole tables:
 * - the admin's production orders page is sorted by creation (newest first, then id): with an index on that order
 *   the page's ten orders are read first and only their items aggregated, instead of every order's items;
 *   the order number is the other sort a user picks;
 * - a downtime cause's badge (how many live products its stops affected) reads the machines each cause stopped, kept
 *   here per cause, company and machine by the history's trigger, instead of every stop of the cause.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index client_production_orders_created on client_production_orders (created_at, id)`.execute(db);
  await sql`create index client_production_orders_number on client_production_orders (order_no, id)`.execute(db);

  await sql`
    create table downtime_cause_machines (
      cause_id integer not null references downtime_causes (id) on delete cascade,
      company_id text not null,
      machine_name text not null,
      stops integer not null check (stops >= 0),
      primary key (cause_id, company_id, machine_name)
    )`.execute(db);
  await sql`
    create function downtime_cause_machines_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.cause_id is not null then
        update downtime_cause_machines set stops = stops - 1
         where cause_id = old.cause_id and company_id = old.company_id and machine_name = old.machine_name;
        delete from downtime_cause_machines
         where cause_id = old.cause_id and company_id = old.company_id and machine_name = old.machine_name and stops <= 0;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.cause_id is not null then
        insert into downtime_cause_machines as m (cause_id, company_id, machine_name, stops)
        values (new.cause_id, new.company_id, new.machine_name, 1)
        on conflict (cause_id, company_id, machine_name) do update set stops = m.stops + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger downtime_history_cause_machines
      after insert or delete or update of cause_id, company_id, machine_name on downtime_history
      for each row execute function downtime_cause_machines_count()`.execute(db);
  await sql`
    insert into downtime_cause_machines (cause_id, company_id, machine_name, stops)
    select cause_id, company_id, machine_name, count(*) from downtime_history where cause_id is not null
     group by cause_id, company_id, machine_name`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger downtime_history_cause_machines on downtime_history`.execute(db);
  await sql`drop function downtime_cause_machines_count()`.execute(db);
  await sql`drop table downtime_cause_machines`.execute(db);
  await sql`drop index client_production_orders_number`.execute(db);
  await sql`drop index client_production_orders_created`.execute(db);
}
