import { sql, type Kysely } from 'kysely';

/**
 * Issue 14: the seller's planner month and the admin's production orders at production scale.
 * - The planner reads the forecast items of the products the seller makes (owned or made for a buyer) for the plans
 *   overlapping the month. With the plan and the amount beside the product in the index, those items are an
 *   index-only scan (about 600 entries for the bench's seller) instead of a hash of all 100,000 forecast items. It
 *   replaces the index on the product alone (a prefix of this one: the foreign key's checks use it as well).
 * - The admin's production orders counted every order on each page (an index-only scan of 60,000 entries, 3-6 ms):
 *   `production_order_counts` keeps the number, moved by statement triggers on `client_production_orders`, as
 *   `claim_counts` keeps the claims' (`production_order_counts_refill()` counts again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index client_production_plan_items_product_plan on client_production_plan_items (client_product_id, plan_id) include (planned_amount)`.execute(db);
  await sql`drop index client_production_plan_items_product`.execute(db);

  await sql`create table production_order_counts (only_row boolean primary key default true check (only_row), orders bigint not null)`.execute(db);
  await sql`
    create function production_order_counts_refill() returns void language sql as $$
      insert into production_order_counts (orders) select count(*) from client_production_orders
      on conflict (only_row) do update set orders = excluded.orders
    $$`.execute(db);
  await sql`
    create function production_order_counts_move() returns trigger language plpgsql as $$
    declare
      delta bigint;
    begin
      if tg_op = 'INSERT' then
        select count(*) into delta from new_orders;
      else
        select -count(*) into delta from old_orders;
      end if;
      if delta <> 0 then
        update production_order_counts set orders = orders + delta;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger production_order_counts_insert after insert on client_production_orders
      referencing new table as new_orders for each statement execute function production_order_counts_move()`.execute(db);
  await sql`
    create trigger production_order_counts_delete after delete on client_production_orders
      referencing old table as old_orders for each statement execute function production_order_counts_move()`.execute(db);
  await sql`select production_order_counts_refill()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger production_order_counts_delete on client_production_orders`.execute(db);
  await sql`drop trigger production_order_counts_insert on client_production_orders`.execute(db);
  await sql`drop function production_order_counts_move()`.execute(db);
  await sql`drop function production_order_counts_refill()`.execute(db);
  await sql`drop table production_order_counts`.execute(db);
  await sql`create index client_production_plan_items_product on client_production_plan_items (client_product_id)`.execute(db);
  await sql`drop index client_production_plan_items_product_plan`.execute(db);
}
