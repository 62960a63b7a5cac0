import { sql, type Kysely } from 'kysely';

/**
 * The operator's agenda reads a week from rows kept beside the items instead of sorting and counting every agenda item
 * per request: `agenda_items` (a producing company's items with their order's number and state, indexed per day in the
 * screen's order) and `agenda_day_counts` (per due date, the open and closed orders' items). A side table, not a flag
 * on the items: closing an order would otherwise lock every item of it, which the operator's production locks too.
 * Rules and triggers: the `agenda` module in `api/src/db/derived/` (docs/architecture.md, "Derived data").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agenda_items (
      item_id integer primary key,
      due_date date not null,
      order_no text collate order_number not null,
      open boolean not null
    )`.execute(db);
  await sql`create index agenda_items_open on agenda_items (due_date, order_no, item_id) where open`.execute(db);
  await sql`create index agenda_items_closed on agenda_items (due_date, order_no, item_id) where not open`.execute(db);
  await sql`
    create table agenda_day_counts (
      due_date date primary key,
      open_items integer not null default 0,
      closed_items integer not null default 0
    )`.execute(db);
  // PREV and NEXT read the days with open orders' items, and the closed orders' window: not every day of the years.
  await sql`create index agenda_day_counts_open on agenda_day_counts (due_date) where open_items > 0`.execute(db);

  // What the two tables hold, computed from the records (the refill, and the tests' check).
  await sql`
    create view agenda_items_computed as
    select i.id as item_id, i.due_date, o.order_no, o.closed = 0 as open
      from client_production_order_items i
      join client_production_orders o on o.id = i.order_id
      join companies c on c.id = o.company_id
     where c.client_type <> '1'`.execute(db);
  await sql`
    create view agenda_day_counts_computed as
    select due_date, count(*) filter (where open)::int as open_items, count(*) filter (where not open)::int as closed_items
      from agenda_items_computed
     group by due_date`.execute(db);

  // The day counts follow agenda_items: one upsert per statement, in due-date order. A trigger with transition tables
  // has one event: one function each.
  await sql`
    create function agenda_day_counts_insert() returns trigger language plpgsql as $$
    begin
      if current_setting('agenda.refilling', true) = 'on' then return null; end if;
      insert into agenda_day_counts as d (due_date, open_items, closed_items)
      select due_date, count(*) filter (where open), count(*) filter (where not open) from new_rows group by due_date order by due_date
      on conflict (due_date) do update set open_items = d.open_items + excluded.open_items, closed_items = d.closed_items + excluded.closed_items;
      return null;
    end $$`.execute(db);
  await sql`
    create function agenda_day_counts_delete() returns trigger language plpgsql as $$
    begin
      if current_setting('agenda.refilling', true) = 'on' then return null; end if;
      insert into agenda_day_counts as d (due_date, open_items, closed_items)
      select due_date, -count(*) filter (where open), -count(*) filter (where not open) from old_rows group by due_date order by due_date
      on conflict (due_date) do update set open_items = d.open_items + excluded.open_items, closed_items = d.closed_items + excluded.closed_items;
      return null;
    end $$`.execute(db);
  await sql`
    create function agenda_day_counts_update() returns trigger language plpgsql as $$
    begin
      if current_setting('agenda.refilling', true) = 'on' then return null; end if;
      insert into agenda_day_counts as d (due_date, open_items, closed_items)
      select due_date, sum(open_items), sum(closed_items)
        from (
          select n.due_date, n.open::int as open_items, (not n.open)::int as closed_items from new_rows n
          union all
          select o.due_date, -(o.open::int), -((not o.open)::int) from old_rows o
        ) delta
       group by due_date
      having sum(open_items) <> 0 or sum(closed_items) <> 0
       order by due_date
      on conflict (due_date) do update set open_items = d.open_items + excluded.open_items, closed_items = d.closed_items + excluded.closed_items;
      return null;
    end $$`.execute(db);
  await sql`create trigger agenda_items_counts_insert after insert on agenda_items
    referencing new table as new_rows for each statement execute function agenda_day_counts_insert()`.execute(db);
  await sql`create trigger agenda_items_counts_delete after delete on agenda_items
    referencing old table as old_rows for each statement execute function agenda_day_counts_delete()`.execute(db);
  await sql`create trigger agenda_items_counts_update after update on agenda_items
    referencing old table as old_rows new table as new_rows for each statement execute function agenda_day_counts_update()`.execute(db);

  // One refresh writes given items' rows as the records say (`agenda_items_computed`): rows of items no longer on the
  // agenda (deleted, or now a buyer's) go, the others are written in item order, untouched when unchanged. Each trigger
  // below only names the items its statement changed.
  await sql`
    create function agenda_items_refresh(item_ids integer[]) returns void language plpgsql as $$
    begin
      if coalesce(cardinality(item_ids), 0) = 0 then return; end if;
      delete from agenda_items a
       where a.item_id = any(item_ids) and not exists (select 1 from agenda_items_computed v where v.item_id = a.item_id);
      insert into agenda_items as a (item_id, due_date, order_no, open)
      select v.item_id, v.due_date, v.order_no, v.open from agenda_items_computed v where v.item_id = any(item_ids) order by v.item_id
      on conflict (item_id) do update set due_date = excluded.due_date, order_no = excluded.order_no, open = excluded.open
       where (a.due_date, a.order_no, a.open) is distinct from (excluded.due_date, excluded.order_no, excluded.open);
    end $$`.execute(db);

  // Items: inserted, deleted, or updated (due date or order: the new order's number, state and company; an item moved
  // to an order of another company joins or leaves the agenda). Most item updates (production, confirmations) change
  // neither: they name no item.
  await sql`
    create function agenda_items_of_items() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform agenda_items_refresh(array(select id from new_rows));
      elsif tg_op = 'DELETE' then
        perform agenda_items_refresh(array(select id from old_rows));
      else
        perform agenda_items_refresh(array(
          select n.id from old_rows o join new_rows n on n.id = o.id where (n.due_date, n.order_id) is distinct from (o.due_date, o.order_id)));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger client_production_order_items_agenda_insert after insert on client_production_order_items
    referencing new table as new_rows for each statement execute function agenda_items_of_items()`.execute(db);
  await sql`create trigger client_production_order_items_agenda_delete after delete on client_production_order_items
    referencing old table as old_rows for each statement execute function agenda_items_of_items()`.execute(db);
  await sql`create trigger client_production_order_items_agenda_update after update on client_production_order_items
    referencing old table as old_rows new table as new_rows for each statement execute function agenda_items_of_items()`.execute(db);

  // Orders: closed or reopened, renumbered, given to another company: their items.
  await sql`
    create function agenda_items_of_orders() returns trigger language plpgsql as $$
    begin
      perform agenda_items_refresh(array(
        select i.id from old_rows p join new_rows n on n.id = p.id join client_production_order_items i on i.order_id = n.id
         where (n.closed, n.order_no, n.company_id) is distinct from (p.closed, p.order_no, p.company_id)));
      return null;
    end $$`.execute(db);
  await sql`create trigger client_production_orders_agenda after update on client_production_orders
    referencing old table as old_rows new table as new_rows for each statement execute function agenda_items_of_orders()`.execute(db);

  // Companies: a company becoming a buyer (client_type '1') takes its items off the agenda; back, puts them on.
  await sql`
    create function agenda_items_of_companies() returns trigger language plpgsql as $$
    begin
      perform agenda_items_refresh(array(
        select i.id from old_rows p join new_rows n on n.id = p.id
          join client_production_orders o on o.company_id = n.id join client_production_order_items i on i.order_id = o.id
         where (p.client_type = '1') is distinct from (n.client_type = '1')));
      return null;
    end $$`.execute(db);
  await sql`create trigger companies_agenda after update on companies
    referencing old table as old_rows new table as new_rows for each statement execute function agenda_items_of_companies()`.execute(db);

  await sql`
    create function agenda_refill() returns void language plpgsql as $$
    begin
      perform set_config('agenda.refilling', 'on', true);
      -- delete, not truncate: the application role may delete rows, not truncate tables.
      delete from agenda_items;
      delete from agenda_day_counts;
      insert into agenda_items (item_id, due_date, order_no, open)
      select item_id, due_date, order_no, open from agenda_items_computed order by item_id;
      insert into agenda_day_counts (due_date, open_items, closed_items)
      select due_date, count(*) filter (where open), count(*) filter (where not open) from agenda_items group by due_date order by due_date;
      perform set_config('agenda.refilling', 'off', true);
    end $$`.execute(db);
  await sql`select agenda_refill()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function agenda_refill()`.execute(db);
  await sql`drop trigger companies_agenda on companies`.execute(db);
  await sql`drop function agenda_items_of_companies()`.execute(db);
  await sql`drop trigger client_production_orders_agenda on client_production_orders`.execute(db);
  await sql`drop function agenda_items_of_orders()`.execute(db);
  await sql`drop trigger client_production_order_items_agenda_insert on client_production_order_items`.execute(db);
  await sql`drop trigger client_production_order_items_agenda_delete on client_production_order_items`.execute(db);
  await sql`drop trigger client_production_order_items_agenda_update on client_production_order_items`.execute(db);
  await sql`drop function agenda_items_of_items()`.execute(db);
  await sql`drop function agenda_items_refresh(integer[])`.execute(db);
  await sql`drop view agenda_day_counts_computed`.execute(db);
  await sql`drop view agenda_items_computed`.execute(db);
  await sql`drop table agenda_day_counts`.execute(db);
  await sql`drop table agenda_items`.execute(db);
  await sql`drop function agenda_day_counts_insert(), agenda_day_counts_delete(), agenda_day_counts_update()`.execute(db);
}
