import { sql, type Kysely } from 'kysely';

/**
 * The order amount of each (preform, warehouse) is kept in preform_stock.order_amount instead of being summed
 * over every open order item on each read: the stock lists (the operator's covers 100,000 pairs) then read it
 * like any column. Triggers on order items, orders and client products recompute the affected pair.
 *
 * Order amount = preforms still needed by open items (order not closed, item not closed, something left to
 * produce) of the live products made from that preform in that warehouse: per item the remaining bottles
 * times (1 + scrap rate) plus the start and change-over scrap, summed and rounded up. Null: nothing needed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table preform_stock add column order_amount numeric`.execute(db);
  await sql`
    create function preform_demand_of(p_preform integer, p_warehouse integer) returns numeric language sql stable as $$
      select ceil(sum(greatest(i.planned_amount - i.produced_amount, 0) * (1 + cp.scrap_rate)
                      + cp.preform_scrap_start + cp.preform_scrap_change_over))
        from client_products cp
        join client_production_order_items i
          on i.client_product_id = cp.id and not i.is_closed and i.produced_amount < i.planned_amount
        join client_production_orders o on o.id = i.order_id and o.closed = 0
       where cp.preform_id = p_preform and cp.preform_warehouse_id = p_warehouse and cp.deleted_at is null
    $$`.execute(db);
  // The pair's row is locked before the sum is taken: concurrent changes of one pair refresh one after the
  // other, and each later statement of the function sees what the earlier transaction committed.
  await sql`
    create function preform_demand_refresh(p_preform integer, p_warehouse integer) returns void language plpgsql as $$
    begin
      perform 1 from preform_stock where preform_id = p_preform and warehouse_id = p_warehouse for update;
      update preform_stock set order_amount = preform_demand_of(p_preform, p_warehouse)
       where preform_id = p_preform and warehouse_id = p_warehouse;
    end $$`.execute(db);
  await sql`
    create function preform_demand_of_item() returns trigger language plpgsql as $$
    declare pair record;
    begin
      for pair in
        select distinct cp.preform_id, cp.preform_warehouse_id from client_products cp
         where cp.id in (case when tg_op <> 'DELETE' then new.client_product_id end,
                         case when tg_op <> 'INSERT' then old.client_product_id end)
      loop
        perform preform_demand_refresh(pair.preform_id, pair.preform_warehouse_id);
      end loop;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger client_production_order_items_demand
      after insert or delete or update of client_product_id, order_id, planned_amount, produced_amount, is_closed
      on client_production_order_items for each row execute function preform_demand_of_item()`.execute(db);
  await sql`
    create function preform_demand_of_order() returns trigger language plpgsql as $$
    declare pair record;
    begin
      for pair in
        select distinct cp.preform_id, cp.preform_warehouse_id
          from client_production_order_items i join client_products cp on cp.id = i.client_product_id
         where i.order_id = new.id
      loop
        perform preform_demand_refresh(pair.preform_id, pair.preform_warehouse_id);
      end loop;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger client_production_orders_demand
      after update of closed on client_production_orders
      for each row when (old.closed is distinct from new.closed) execute function preform_demand_of_order()`.execute(db);
  await sql`
    create function preform_demand_of_product() returns trigger language plpgsql as $$
    begin
      perform preform_demand_refresh(old.preform_id, old.preform_warehouse_id);
      if (new.preform_id, new.preform_warehouse_id) is distinct from (old.preform_id, old.preform_warehouse_id) then
        perform preform_demand_refresh(new.preform_id, new.preform_warehouse_id);
      end if;
      return null;
    end $$`.execute(db);
  // Named to fire after client_products_stock_pairs (triggers fire in name order), which adds the new pair's row.
  await sql`
    create trigger client_products_stock_pairs_then_demand
      after update of preform_id, preform_warehouse_id, scrap_rate, preform_scrap_start, preform_scrap_change_over, deleted_at
      on client_products for each row execute function preform_demand_of_product()`.execute(db);
  await sql`create index preform_stock_demand on preform_stock (order_amount desc) where order_amount is not null`.execute(db);
  await sql`update preform_stock set order_amount = preform_demand_of(preform_id, warehouse_id)`.execute(db);

  // The stock lists count their rows on every page: a counter per warehouse, kept with each pair row added or
  // removed, answers that without counting 100,000 rows. (Pairs are added rarely, so the counter row is no
  // point of contention.)
  await sql`
    create table preform_stock_counts (
      warehouse_id integer primary key references preform_warehouses (id) on delete cascade,
      pairs bigint not null default 0 check (pairs >= 0)
    )`.execute(db);
  await sql`
    create function preform_stock_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into preform_stock_counts (warehouse_id, pairs) values (new.warehouse_id, 1)
        on conflict (warehouse_id) do update set pairs = preform_stock_counts.pairs + 1;
      else
        update preform_stock_counts set pairs = pairs - 1 where warehouse_id = old.warehouse_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger preform_stock_count after insert or delete on preform_stock
      for each row execute function preform_stock_count()`.execute(db);
  await sql`
    insert into preform_stock_counts (warehouse_id, pairs)
    select warehouse_id, count(*) from preform_stock group by warehouse_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger preform_stock_count on preform_stock`.execute(db);
  await sql`drop function preform_stock_count()`.execute(db);
  await sql`drop table preform_stock_counts`.execute(db);
  await sql`drop trigger client_products_stock_pairs_then_demand on client_products`.execute(db);
  await sql`drop trigger client_production_orders_demand on client_production_orders`.execute(db);
  await sql`drop trigger client_production_order_items_demand on client_production_order_items`.execute(db);
  await sql`drop function preform_demand_of_product(), preform_demand_of_order(), preform_demand_of_item()`.execute(db);
  await sql`drop function preform_demand_refresh(integer, integer), preform_demand_of(integer, integer)`.execute(db);
  await sql`alter table preform_stock drop column order_amount`.execute(db);
}
