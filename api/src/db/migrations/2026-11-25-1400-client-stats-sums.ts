import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The trigger function of rows (orders or products) given to another company: their items, found by `items` (joined
 * to `n`, the row after, and to `v`, each side of the move: the old company with -1, the new one with +1), leave the
 * old company's sums and join the new one's.
 */
const movedBetweenCompanies = (name: string, items: RawBuilder<unknown>) => sql`
    create function ${sql.raw(name)}() returns trigger language plpgsql as $$
    begin
      perform stats_sums_add(array_agg(x.company_id), array_agg(x.client_product_id), array_agg(x.due_date), array_agg(x.items), array_agg(x.produced))
        from (
          select v.company_id, i.client_product_id, i.due_date, v.items, v.items * i.produced_amount::bigint as produced
            from old_rows p join new_rows n on n.id = p.id and n.company_id is distinct from p.company_id
            cross join lateral (values (p.company_id, -1), (n.company_id, 1)) as v(company_id, items)
            ${items}
        ) x;
      return null;
    end $$`;

/**
 * The client's statistics charts read sums kept beside the items instead of summing a year of items per request:
 * `stats_company_days` (per company and due day) and `stats_product_months` (per company, due month and product), over
 * exactly the items the statistics count (view `stats_items_counted`). A period's partial months at either end are
 * read from the items, so any period is exact. Rules and triggers: the `stats-sums` module in `api/src/db/derived/`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stats_company_days (
      company_id text not null references companies (id) on delete cascade,
      due_date date not null,
      items integer not null default 0,
      produced bigint not null default 0,
      primary key (company_id, due_date)
    )`.execute(db);
  await sql`
    create table stats_product_months (
      company_id text not null references companies (id) on delete cascade,
      month date not null,
      -- No foreign key to the product: its check would share-lock the product row, which the operator's production locks
      -- for update (bottle stock). A product is deleted for good only without items: its rows are then all zero.
      client_product_id integer not null,
      items integer not null default 0,
      produced bigint not null default 0,
      primary key (company_id, month, client_product_id)
    )`.execute(db);

  // What the two tables sum, item by item (productionOf's conditions).
  await sql`
    create view stats_items_counted as
    select o.company_id, i.client_product_id, i.due_date, i.produced_amount
      from client_production_order_items i
      join client_production_orders o on o.id = i.order_id
      join client_products cp on cp.id = i.client_product_id and cp.company_id = o.company_id`.execute(db);

  // Adds signed items (count and produced) to both tables: grouped, days then months, each in key order.
  await sql`
    create function stats_sums_add(companies text[], products integer[], days date[], counts integer[], produced bigint[])
    returns void language plpgsql as $$
    begin
      -- No items (array_agg over none is null: a statement that changed nothing summed): nothing to write.
      if companies is null then
        return;
      end if;
      insert into stats_company_days as d (company_id, due_date, items, produced)
      select x.company_id, x.due_date, sum(x.items), sum(x.produced)
        from unnest(companies, products, days, counts, produced) as x(company_id, client_product_id, due_date, items, produced)
       group by x.company_id, x.due_date
      having sum(x.items) <> 0 or sum(x.produced) <> 0
       order by x.company_id, x.due_date
      on conflict (company_id, due_date) do update set items = d.items + excluded.items, produced = d.produced + excluded.produced;
      insert into stats_product_months as m (company_id, month, client_product_id, items, produced)
      select x.company_id, date_trunc('month', x.due_date)::date, x.client_product_id, sum(x.items), sum(x.produced)
        from unnest(companies, products, days, counts, produced) as x(company_id, client_product_id, due_date, items, produced)
       group by 1, 2, 3
      having sum(x.items) <> 0 or sum(x.produced) <> 0
       order by 1, 2, 3
      on conflict (company_id, month, client_product_id) do update set items = m.items + excluded.items, produced = m.produced + excluded.produced;
    end $$`.execute(db);

  // Items. An update counts only when it changes what is summed (most, confirmations and flags, change nothing).
  await sql`
    create function stats_sums_of_items() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform stats_sums_add(array_agg(o.company_id), array_agg(n.client_product_id), array_agg(n.due_date), array_agg(1), array_agg(n.produced_amount::bigint))
          from new_rows n
          join client_production_orders o on o.id = n.order_id
          join client_products cp on cp.id = n.client_product_id and cp.company_id = o.company_id;
      elsif tg_op = 'DELETE' then
        -- An order being deleted is not found: its trigger took its items away already.
        perform stats_sums_add(array_agg(o.company_id), array_agg(p.client_product_id), array_agg(p.due_date), array_agg(-1), array_agg(-p.produced_amount::bigint))
          from old_rows p
          join client_production_orders o on o.id = p.order_id
          join client_products cp on cp.id = p.client_product_id and cp.company_id = o.company_id;
      else
        perform stats_sums_add(array_agg(x.company_id), array_agg(x.client_product_id), array_agg(x.due_date), array_agg(x.items), array_agg(x.produced))
          from (
            select o.company_id, v.client_product_id, v.due_date, v.items, v.produced
              from old_rows p join new_rows n on n.id = p.id
              cross join lateral (values (p.order_id, p.client_product_id, p.due_date, -1, -p.produced_amount::bigint),
                                         (n.order_id, n.client_product_id, n.due_date, 1, n.produced_amount::bigint))
                         as v(order_id, client_product_id, due_date, items, produced)
              join client_production_orders o on o.id = v.order_id
              join client_products cp on cp.id = v.client_product_id and cp.company_id = o.company_id
             where (n.order_id, n.client_product_id, n.due_date, n.produced_amount) is distinct from (p.order_id, p.client_product_id, p.due_date, p.produced_amount)
          ) x;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger client_production_order_items_stats_insert after insert on client_production_order_items
    referencing new table as new_rows for each statement execute function stats_sums_of_items()`.execute(db);
  await sql`create trigger client_production_order_items_stats_delete after delete on client_production_order_items
    referencing old table as old_rows for each statement execute function stats_sums_of_items()`.execute(db);
  await sql`create trigger client_production_order_items_stats_update after update on client_production_order_items
    referencing old table as old_rows new table as new_rows for each statement execute function stats_sums_of_items()`.execute(db);

  // An order deleted: its items leave the sums before the cascade deletes them (then it finds no order).
  await sql`
    create function stats_sums_of_deleted_order() returns trigger language plpgsql as $$
    begin
      perform stats_sums_add(array_agg(old.company_id), array_agg(i.client_product_id), array_agg(i.due_date), array_agg(-1), array_agg(-i.produced_amount::bigint))
        from client_production_order_items i
        join client_products cp on cp.id = i.client_product_id and cp.company_id = old.company_id
       where i.order_id = old.id;
      return old;
    end $$`.execute(db);
  await sql`create trigger client_production_orders_stats_delete before delete on client_production_orders
    for each row execute function stats_sums_of_deleted_order()`.execute(db);

  // An order given to another company: its items leave the old company's sums (where they counted) and join the new one's.
  await movedBetweenCompanies('stats_sums_of_orders', sql`
            join client_production_order_items i on i.order_id = n.id
            join client_products cp on cp.id = i.client_product_id and cp.company_id = v.company_id`).execute(db);
  await sql`create trigger client_production_orders_stats_update after update on client_production_orders
    referencing old table as old_rows new table as new_rows for each statement execute function stats_sums_of_orders()`.execute(db);

  // A product given to another company: its items leave the old company's sums and join the new one's (where the
  // order is of that company).
  await movedBetweenCompanies('stats_sums_of_products', sql`
            join client_production_order_items i on i.client_product_id = n.id
            join client_production_orders o on o.id = i.order_id and o.company_id = v.company_id`).execute(db);
  await sql`create trigger client_products_stats_update after update on client_products
    referencing old table as old_rows new table as new_rows for each statement execute function stats_sums_of_products()`.execute(db);

  // One pass over the items for both tables (grouping sets; 256 MB so that both hash tables of the full scale fit), each
  // table written in key order (its primary key then grows at its end).
  await sql`
    create function stats_sums_refill() returns void language plpgsql set work_mem = '256MB' as $$
    begin
      -- delete, not truncate: the application role may delete rows, not truncate tables.
      delete from stats_company_days;
      delete from stats_product_months;
      with sums as (
        select company_id, due_date, date_trunc('month', due_date)::date as month, client_product_id, count(*) as items, sum(produced_amount) as produced
          from stats_items_counted
         group by grouping sets ((company_id, due_date), (company_id, 3, client_product_id))
      ), days as (
        insert into stats_company_days (company_id, due_date, items, produced)
        select company_id, due_date, items, produced from sums where due_date is not null order by 1, 2
      )
      insert into stats_product_months (company_id, month, client_product_id, items, produced)
      select company_id, month, client_product_id, items, produced from sums where due_date is null order by 1, 2, 3;
    end $$`.execute(db);
  await sql`select stats_sums_refill()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function stats_sums_refill()`.execute(db);
  await sql`drop trigger client_products_stats_update on client_products`.execute(db);
  await sql`drop function stats_sums_of_products()`.execute(db);
  await sql`drop trigger client_production_orders_stats_update on client_production_orders`.execute(db);
  await sql`drop function stats_sums_of_orders()`.execute(db);
  await sql`drop trigger client_production_orders_stats_delete on client_production_orders`.execute(db);
  await sql`drop function stats_sums_of_deleted_order()`.execute(db);
  await sql`drop trigger client_production_order_items_stats_update on client_production_order_items`.execute(db);
  await sql`drop trigger client_production_order_items_stats_delete on client_production_order_items`.execute(db);
  await sql`drop trigger client_production_order_items_stats_insert on client_production_order_items`.execute(db);
  await sql`drop function stats_sums_of_items()`.execute(db);
  await sql`drop function stats_sums_add(text[], integer[], date[], integer[], bigint[])`.execute(db);
  await sql`drop view stats_items_counted`.execute(db);
  await sql`drop table stats_product_months`.execute(db);
  await sql`drop table stats_company_days`.execute(db);
}
