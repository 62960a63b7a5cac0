import { sql, type Kysely } from 'kysely';

/**
 * Preform lots (docs/traceability.md).
 *
 * `lots`: one per supply order added to stock, written in the same transaction as the delivery's stock ledger row.
 * `lot_consumptions`: where each production record's preforms came from (a lot, or none: unlotted), signed, with the
 * record's bottles split over its rows. `lots.consumed` is the sum of a lot's rows, kept by the writes.
 *
 * Backfill, so that history starts complete: every delivered supply order gets its lot (delivery date: when it was
 * delivered, else its due date), and every past production record with preforms is replayed FIFO per preform and
 * warehouse (records oldest first against lots oldest delivery first; what the lots do not cover is unlotted). Records
 * that gave preforms back are kept as unlotted give-backs. One set-based statement each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lots (
      id serial primary key,
      supply_order_id integer not null unique references supply_orders (id) on delete restrict,
      preform_id integer not null references preforms (id) on delete restrict,
      warehouse_id integer not null references preform_warehouses (id) on delete restrict,
      preform_supply_id integer not null references preform_supplies (id) on delete restrict,
      manufacturer_id integer not null references manufacturers (id) on delete restrict,
      delivery_date date not null,
      quantity integer not null check (quantity >= 0),
      consumed integer not null default 0,
      supplier_lot_number text check (supplier_lot_number is null or length(supplier_lot_number) between 1 and 60),
      version integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint lots_consumed_within check (consumed between 0 and quantity)
    )`.execute(db);
  // FIFO: the open lots of a pair, oldest delivery first.
  await sql`create index lots_fifo on lots (preform_id, warehouse_id, delivery_date, id) where consumed < quantity`.execute(db);
  await sql`create index lots_list on lots (delivery_date desc, id desc)`.execute(db);
  await sql`create index lots_manufacturer on lots (manufacturer_id)`.execute(db);

  await sql`
    create table lot_consumptions (
      id bigserial primary key,
      -- No foreign keys to the entry and the item: the preforms were consumed whatever happens to the order later, as
      -- the ledger's 'production' rows stay; a deleted item's rows stay with their lot (traces and recalls join the
      -- items, so it drops out of them) and lots.consumed stays the sum of its rows.
      produced_entry_id integer not null,
      order_item_id integer not null,
      lot_id integer references lots (id) on delete restrict,
      preform_id integer not null,
      warehouse_id integer not null,
      preforms integer not null,
      bottles integer not null,
      origin text not null check (origin in ('fifo', 'giveBack', 'correction', 'migration')),
      subject text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  // The recall: every item of a lot, in one index range (covering the sums).
  await sql`create index lot_consumptions_lot on lot_consumptions (lot_id, order_item_id) include (preforms, bottles)`.execute(db);
  // The trace: an item's records and their lots; a record's rows.
  await sql`create index lot_consumptions_item on lot_consumptions (order_item_id, lot_id)`.execute(db);
  await sql`create index lot_consumptions_entry on lot_consumptions (produced_entry_id)`.execute(db);

  await sql`
    insert into lots (supply_order_id, preform_id, warehouse_id, preform_supply_id, manufacturer_id, delivery_date, quantity, created_at)
    select so.id, so.preform_id, so.preform_warehouse_id, so.preform_supply_id, ps.manufacturer_id,
           coalesce((so.delivered_at at time zone 'UTC')::date, so.due_date), so.ordered_amount, coalesce(so.delivered_at, so.updated_at)
    from supply_orders so
    join preform_supplies ps on ps.id = so.preform_supply_id
    where so.order_status = 'delivered'
    order by coalesce(so.delivered_at, so.updated_at), so.id`.execute(db);

  // The agenda's preformsUsed (features/orders/agenda.service.ts): bottles plus the product's scrap, rounded up.
  await sql`
    create or replace function pg_temp.lots_preforms(produced integer, rate numeric, start numeric, change_over numeric) returns integer
    language sql immutable as $$
      select case when produced <= 0 then 0 else ceil(round(produced * (1 + rate) + start + change_over, 6))::integer end
    $$`.execute(db);
  await sql`
    with used as (
      select e.id as entry_id, e.order_item_id, e.quantity as bottles, e.created_at, cp.preform_id, cp.preform_warehouse_id as warehouse_id,
             pg_temp.lots_preforms(e.produced_total, cp.scrap_rate, cp.preform_scrap_start, cp.preform_scrap_change_over)
               - pg_temp.lots_preforms(e.produced_total - e.quantity, cp.scrap_rate, cp.preform_scrap_start, cp.preform_scrap_change_over) as preforms
      from produced_entries e
      join client_production_order_items i on i.id = e.order_item_id
      join client_products cp on cp.id = i.client_product_id
    ),
    taken as (
      select u.*, sum(u.preforms) over (partition by u.preform_id, u.warehouse_id order by u.created_at, u.entry_id) as upto
      from used u where u.preforms > 0
    ),
    supplied as (
      select l.id as lot_id, l.preform_id, l.warehouse_id, l.quantity,
             sum(l.quantity) over (partition by l.preform_id, l.warehouse_id order by l.delivery_date, l.id) as upto
      from lots l
    ),
    allocated as (
      select t.entry_id, t.order_item_id, t.preform_id, t.warehouse_id, t.preforms as entry_preforms, t.bottles as entry_bottles, s.lot_id,
             least(t.upto, s.upto) - greatest(t.upto - t.preforms, s.upto - s.quantity) as preforms
      from taken t
      join supplied s on s.preform_id = t.preform_id and s.warehouse_id = t.warehouse_id
       and s.upto - s.quantity < t.upto and t.upto - t.preforms < s.upto
    ),
    rows as (
      select entry_id, order_item_id, lot_id, preform_id, warehouse_id, preforms, entry_preforms, entry_bottles from allocated
      union all
      select t.entry_id, t.order_item_id, null, t.preform_id, t.warehouse_id, t.preforms - coalesce(a.covered, 0), t.preforms, t.bottles
      from taken t
      left join (select entry_id, sum(preforms) as covered from allocated group by entry_id) a on a.entry_id = t.entry_id
      where t.preforms > coalesce(a.covered, 0)
      union all
      select u.entry_id, u.order_item_id, null, u.preform_id, u.warehouse_id, u.preforms, u.preforms, u.bottles from used u where u.preforms < 0
    )
    insert into lot_consumptions (produced_entry_id, order_item_id, lot_id, preform_id, warehouse_id, preforms, bottles, origin, subject, created_at)
    select r.entry_id, r.order_item_id, r.lot_id, r.preform_id, r.warehouse_id, r.preforms,
           round(r.entry_bottles::numeric * r.preforms / r.entry_preforms)::integer, 'migration', 'migration', now()
    from rows r`.execute(db);
  await sql`
    update lots l set consumed = c.consumed
    from (select lot_id, sum(preforms)::integer as consumed from lot_consumptions where lot_id is not null group by lot_id) c
    where c.lot_id = l.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table lot_consumptions`.execute(db);
  await sql`drop table lots`.execute(db);
}
