import { sql, type Kysely } from 'kysely';

/**
 * The recall's summary reads `lot_item_uses` (per lot and affected item: its company, the lot's net preforms and
 * bottles in it, and whether it counts as delivered) instead of looking up every item a lot went into, its order and
 * its invoice lines. `lot_item_uses_refresh(sources)` computes the rows of the given producing items again, under an
 * advisory lock per item (in id order), so a later statement never writes a state computed before an earlier commit.
 * Rules and triggers: the `lot-item-uses` module in `api/src/db/derived/` (docs/architecture.md, "Derived data").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lot_item_uses (
      lot_id integer not null references lots (id) on delete cascade,
      item_id integer not null,
      source_item_id integer not null,
      company_id text not null,
      preforms integer not null,
      bottles integer not null,
      delivered boolean not null,
      -- The summary reads a lot's range only: an index-only scan.
      primary key (lot_id, item_id) include (company_id, delivered, bottles, source_item_id)
    )`.execute(db);
  await sql`create index lot_item_uses_source on lot_item_uses (source_item_id)`.execute(db);

  // The rows of every producing item (the recall's "used" and "affected", with the delivered flag); a caller filters on
  // source_item_id, which PostgreSQL pushes down into both arms and the grouping.
  await sql`
    create view lot_item_uses_computed as
    with used as (
      select c.lot_id, c.order_item_id, sum(c.preforms)::int as preforms, sum(c.bottles)::int as bottles
        from lot_consumptions c
       where c.lot_id is not null
       group by c.lot_id, c.order_item_id
      having sum(c.preforms) > 0
    ), affected as (
      select u.lot_id, u.order_item_id as item_id, u.order_item_id as source_item_id, u.preforms, u.bottles from used u
      union all
      select u.lot_id, b.id, u.order_item_id, u.preforms, u.bottles
        from used u join client_production_order_items b on b.ref_production_order_item_id = u.order_item_id
    )
    select a.lot_id, a.item_id, a.source_item_id, o.company_id, a.preforms, a.bottles,
           (i.is_closed or o.closed = 1 or exists (select 1 from invoice_lines il where il.order_item_id = a.item_id)) as delivered
      from affected a
      join client_production_order_items i on i.id = a.item_id
      join client_production_orders o on o.id = i.order_id`.execute(db);

  await sql`
    create function lot_item_uses_refresh(sources integer[]) returns void language plpgsql as $$
    declare
      ids integer[] := array(select distinct s from unnest(sources) s where s is not null order by s);
    begin
      if cardinality(ids) = 0 then return; end if;
      perform pg_advisory_xact_lock(1017, s) from unnest(ids) with ordinality as t(s, n) order by n;
      delete from lot_item_uses where source_item_id = any(ids);
      insert into lot_item_uses (lot_id, item_id, source_item_id, company_id, preforms, bottles, delivered)
        select lot_id, item_id, source_item_id, company_id, preforms, bottles, delivered
          from lot_item_uses_computed where source_item_id = any(ids);
    end $$`.execute(db);

  // Consumption rows (statement level: a production record writes several).
  await sql`
    create function lot_item_uses_consumptions() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform lot_item_uses_refresh(array(select distinct order_item_id from old_rows));
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        perform lot_item_uses_refresh(array(select distinct order_item_id from new_rows));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger lot_item_uses_consumptions_insert after insert on lot_consumptions
    referencing new table as new_rows for each statement execute function lot_item_uses_consumptions()`.execute(db);
  await sql`create trigger lot_item_uses_consumptions_update after update on lot_consumptions
    referencing old table as old_rows new table as new_rows for each statement execute function lot_item_uses_consumptions()`.execute(db);
  await sql`create trigger lot_item_uses_consumptions_delete after delete on lot_consumptions
    referencing old table as old_rows for each statement execute function lot_item_uses_consumptions()`.execute(db);

  // Items: closed or reopened, moved to another order, a buyer's item pointed at (or away from) a producing item, a
  // buyer's item added or removed. The item itself (a producing item) and the producing items it points at.
  await sql`
    create function lot_item_uses_items() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform lot_item_uses_refresh(array[new.ref_production_order_item_id]);
      elsif tg_op = 'DELETE' then
        perform lot_item_uses_refresh(array[old.id, old.ref_production_order_item_id]);
      else
        perform lot_item_uses_refresh(array[new.id, old.ref_production_order_item_id, new.ref_production_order_item_id]);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger lot_item_uses_items_insert after insert on client_production_order_items
    for each row when (new.ref_production_order_item_id is not null) execute function lot_item_uses_items()`.execute(db);
  await sql`create trigger lot_item_uses_items_update after update of is_closed, order_id, ref_production_order_item_id on client_production_order_items
    for each row when (old.is_closed is distinct from new.is_closed or old.order_id is distinct from new.order_id
                       or old.ref_production_order_item_id is distinct from new.ref_production_order_item_id)
    execute function lot_item_uses_items()`.execute(db);
  await sql`create trigger lot_item_uses_items_delete after delete on client_production_order_items
    for each row execute function lot_item_uses_items()`.execute(db);

  // Given items: the items themselves (producing items) and the producing items they point at (buyers' items).
  await sql`
    create function lot_item_uses_refresh_items(items integer[]) returns void language sql as $$
      select lot_item_uses_refresh(items || array(
        select i.ref_production_order_item_id from client_production_order_items i where i.id = any(items)))
    $$`.execute(db);

  // Orders: closed or reopened (or given to another company): every item of the order.
  await sql`
    create function lot_item_uses_orders() returns trigger language plpgsql as $$
    begin
      perform lot_item_uses_refresh_items(array(select i.id from client_production_order_items i where i.order_id = new.id));
      return null;
    end $$`.execute(db);
  await sql`create trigger lot_item_uses_orders after update of closed, company_id on client_production_orders
    for each row when (old.closed is distinct from new.closed or old.company_id is distinct from new.company_id)
    execute function lot_item_uses_orders()`.execute(db);

  // Invoice lines: an item invoiced (or no longer).
  await sql`
    create function lot_item_uses_invoice_lines() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform lot_item_uses_refresh_items(array(select order_item_id from old_rows));
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        perform lot_item_uses_refresh_items(array(select order_item_id from new_rows));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger lot_item_uses_invoice_lines_insert after insert on invoice_lines
    referencing new table as new_rows for each statement execute function lot_item_uses_invoice_lines()`.execute(db);
  await sql`create trigger lot_item_uses_invoice_lines_update after update on invoice_lines
    referencing old table as old_rows new table as new_rows for each statement execute function lot_item_uses_invoice_lines()`.execute(db);
  await sql`create trigger lot_item_uses_invoice_lines_delete after delete on invoice_lines
    referencing old table as old_rows for each statement execute function lot_item_uses_invoice_lines()`.execute(db);

  // History starts complete.
  await sql`insert into lot_item_uses select lot_id, item_id, source_item_id, company_id, preforms, bottles, delivered from lot_item_uses_computed`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger lot_item_uses_invoice_lines_insert on invoice_lines`.execute(db);
  await sql`drop trigger lot_item_uses_invoice_lines_update on invoice_lines`.execute(db);
  await sql`drop trigger lot_item_uses_invoice_lines_delete on invoice_lines`.execute(db);
  await sql`drop trigger lot_item_uses_orders on client_production_orders`.execute(db);
  await sql`drop trigger lot_item_uses_items_insert on client_production_order_items`.execute(db);
  await sql`drop trigger lot_item_uses_items_update on client_production_order_items`.execute(db);
  await sql`drop trigger lot_item_uses_items_delete on client_production_order_items`.execute(db);
  await sql`drop trigger lot_item_uses_consumptions_insert on lot_consumptions`.execute(db);
  await sql`drop trigger lot_item_uses_consumptions_update on lot_consumptions`.execute(db);
  await sql`drop trigger lot_item_uses_consumptions_delete on lot_consumptions`.execute(db);
  await sql`drop table lot_item_uses`.execute(db);
  await sql`drop view lot_item_uses_computed`.execute(db);
  await sql`drop function lot_item_uses_invoice_lines(), lot_item_uses_orders(), lot_item_uses_items(), lot_item_uses_consumptions(), lot_item_uses_refresh_items(integer[]), lot_item_uses_refresh(integer[])`.execute(db);
}
