import { sql, type Kysely } from 'kysely';

/**
 * On-time-in-full asks, for every order item due in the period, how many bottles had been produced by the
 * end of its due day (UTC): the total of its last produced entry recorded by then. Looked up per item, a year's ranking
 * would read every item's entries, so the item keeps it, `produced_by_due`, computed
 * again by triggers whenever one of its produced entries is written or its due date moves; the ranking is then a
 * grouped range scan of an index on the due date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table client_production_order_items add column produced_by_due integer not null default 0`.execute(db);
  await sql`
    create function order_item_produced_by_due(item integer, due date) returns integer language sql stable as $$
      select coalesce((
        select pe.produced_total from produced_entries pe
         where pe.order_item_id = item and pe.created_at < ((due + 1)::timestamp at time zone 'UTC')
         order by pe.id desc limit 1), 0)
    $$`.execute(db);
  await sql`
    update client_production_order_items i set produced_by_due = by_due.total
      from (select distinct on (pe.order_item_id) pe.order_item_id, pe.produced_total as total
              from produced_entries pe join client_production_order_items it on it.id = pe.order_item_id
             where pe.created_at < ((it.due_date + 1)::timestamp at time zone 'UTC')
             order by pe.order_item_id, pe.id desc) by_due
     where i.id = by_due.order_item_id`.execute(db);
  await sql`
    create function produced_entries_by_due() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update client_production_order_items i set produced_by_due = order_item_produced_by_due(i.id, i.due_date)
         where i.id = old.order_item_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update client_production_order_items i set produced_by_due = order_item_produced_by_due(i.id, i.due_date)
         where i.id = new.order_item_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger produced_entries_by_due after insert or delete or update of order_item_id, produced_total, created_at
      on produced_entries for each row execute function produced_entries_by_due()`.execute(db);
  await sql`
    create function order_items_by_due() returns trigger language plpgsql as $$
    begin
      new.produced_by_due := order_item_produced_by_due(new.id, new.due_date);
      return new;
    end $$`.execute(db);
  await sql`
    create trigger client_production_order_items_by_due before update of due_date on client_production_order_items
      for each row when (new.due_date is distinct from old.due_date) execute function order_items_by_due()`.execute(db);
  await sql`
    create index client_production_order_items_due on client_production_order_items (due_date)
      include (order_id, planned_amount, produced_by_due)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index client_production_order_items_due`.execute(db);
  await sql`drop trigger client_production_order_items_by_due on client_production_order_items`.execute(db);
  await sql`drop function order_items_by_due()`.execute(db);
  await sql`drop trigger produced_entries_by_due on produced_entries`.execute(db);
  await sql`drop function produced_entries_by_due()`.execute(db);
  await sql`alter table client_production_order_items drop column produced_by_due`.execute(db);
  await sql`drop function order_item_produced_by_due(integer, date)`.execute(db);
}
