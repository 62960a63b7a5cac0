/**
 * Production-scale data for the supply benchmark, written with set-based SQL (generate_series) so that it takes a
 * minute or two on 2 cores: 2,000 preforms with 2 suppliers each, 50 warehouses (100,000 (preform, warehouse)
 * pairs, all with a balance), 300,000 supply orders (about six years of delivered ones, a few hundred pending and
 * ordered), 1,000,000 ledger rows (the deliveries plus fills) whose running balances match the balances table,
 * 5,000 client products of 200 companies, and 20,000 production orders with 200,000 items, of which 2,000 are
 * still open (a few weeks of work for some 50 lines), so order amounts are real.
 */
import { sql } from 'kysely';
import type { Db } from '../../api/src/db/database.js';

export const SCALE = {
  companies: 200,
  manufacturers: 40,
  warehouses: 50,
  preforms: 2_000,
  supplyOrders: 300_000,
  pendingOrders: 300,
  orderedOrders: 300,
  ledgerRows: 1_000_000,
  clientProducts: 5_000,
  productionOrders: 20_000,
  orderItems: 200_000,
};

/** Writes the data set into an empty, migrated database; answers how long each step took (ms). */
export async function generate(db: Db, log: (message: string) => void = () => undefined): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  // Numbers are inlined as literals (sql.lit): a multi-statement query cannot take bind parameters.
  // As a superuser the load skips the foreign-key triggers (the generated keys are consistent by construction):
  // that halves the time of the large steps. Other users load with the checks.
  const superuser = (await sql<{ rolsuper: boolean }>`select rolsuper from pg_roles where rolname = current_user`.execute(db)).rows[0]?.rolsuper;
  const step = async (name: string, query: ReturnType<typeof sql>) => {
    const started = performance.now();
    if (superuser && name !== 'vacuum analyze') {
      await sql`set session_replication_role = replica; ${query}; set session_replication_role = origin`.execute(db);
    } else {
      await query.execute(db);
    }
    timings[name] = Math.round(performance.now() - started);
    log(`  ${name}: ${timings[name]} ms`);
  };
  const s = SCALE;
  const delivered = s.supplyOrders - s.pendingOrders - s.orderedOrders;

  await step(
    'companies, manufacturers, warehouses',
    sql`
      insert into companies (id, name) select 'bench-' || lpad(g::text, 4, '0'), 'Bench Company ' || g from generate_series(1, ${sql.lit(s.companies)}) g;
      insert into manufacturers (manufacturer_name, default_lead_time, box_qty_per_truck)
        select 'Manufacturer ' || g, 7 + g % 21, 20 + g % 10 from generate_series(1, ${sql.lit(s.manufacturers)}) g;
      insert into preform_warehouses (warehouse_name) select 'Warehouse ' || lpad(g::text, 3, '0') from generate_series(1, ${sql.lit(s.warehouses)}) g;`,
  );
  // Preform p has the supplies 2p-1 and 2p (two different manufacturers).
  await step(
    'preforms and suppliers',
    sql`
      insert into preforms (preform_name, neck, material, color, weight, qty_per_box)
        select (array['PET','PP','RPET'])[1 + g % 3] || ' ' || (10 + g % 60) || 'g ' || (array['PCO1810','38mm 3-start','38-400'])[1 + g % 3]
                 || ' ' || (array['Clear','Clear/FR','Red','White','Yellow','Black','Green'])[1 + g % 7] || ' #' || g,
               (array['PCO1810','38mm 3-start','38-400'])[1 + g % 3], (array['PET','PP','RPET'])[1 + g % 3],
               (array['Clear','Clear/FR','Red','White','Yellow','Black','Green'])[1 + g % 7], 10 + g % 60, 500 + g % 2000
          from generate_series(1, ${sql.lit(s.preforms)}) g;
      insert into preform_supplies (preform_id, manufacturer_id)
        select p, 1 + (p + k * 7) % ${sql.lit(s.manufacturers)} from generate_series(1, ${sql.lit(s.preforms)}) p, generate_series(0, 1) k order by p, k;`,
  );
  await step(
    'client products',
    sql`
      insert into client_products (company_id, product_name, article_no, machine_names, scrap_rate, preform_scrap_start,
                                   preform_scrap_change_over, preform_id, preform_warehouse_id, default_supply_id)
        select 'bench-' || lpad((1 + (g - 1) % ${sql.lit(s.companies)})::text, 4, '0'), 'Product ' || g, 'ART-' || g, 'FB-' || (g % 300),
               0.02, 300, 150, pf, 1 + abs(hashint4(g)) % ${sql.lit(s.warehouses)}, 2 * pf - 1
          from generate_series(1, ${sql.lit(s.clientProducts)}) g, lateral (select 1 + (g * 37) % ${sql.lit(s.preforms)} as pf) x;`,
  );
  // One order in 50 is open; in open orders half of the items is fully produced, the other half a third produced.
  await step(
    'production orders and items',
    sql`
      insert into client_production_orders (company_id, order_no, closed, purchase_date)
        select 'bench-' || lpad((1 + (g - 1) % ${sql.lit(s.companies)})::text, 4, '0'), 'PO-' || g, case when g % 50 = 0 then 0 else 1 end,
               date '2020-01-01' + (g % 2000)
          from generate_series(1, ${sql.lit(s.productionOrders)}) g;
      insert into client_production_order_items (order_id, client_product_id, due_date, planned_amount, produced_amount, is_closed)
        select o, 1 + abs(hashint4(g)) % ${sql.lit(s.clientProducts)}, date '2020-01-01' + (g % 2200), planned,
               case when o % 50 <> 0 or (g / 50) % 2 = 0 then planned else planned / 3 end, o % 50 <> 0
          from generate_series(1, ${sql.lit(s.orderItems)}) g,
               lateral (select 1 + (g - 1) % ${sql.lit(s.productionOrders)} as o, 10000 + (g % 50) * 1000 as planned) x;`,
  );
  // Supply order i is for pair (preform 1 + (i-1) % 2000, warehouse 1 + ((i-1) / 2000) % 50): every pair has deliveries.
  await step(
    'supply orders',
    sql`
      insert into supply_orders (order_status, ordered_amount, due_date, preform_id, preform_warehouse_id, preform_supply_id,
                                 stock, delivered_at, created_at, updated_at)
        select st, 1000 * (10 + g % 490), due, pf, 1 + ((g - 1) / ${sql.lit(s.preforms)}) % ${sql.lit(s.warehouses)}, 2 * pf - 1 + g % 2,
               st = 'delivered', case when st = 'delivered' then due::timestamptz end, due::timestamptz - interval '20 days', now()
          from generate_series(1, ${sql.lit(s.supplyOrders)}) g,
               lateral (select case when g <= ${sql.lit(delivered)} then 'delivered'
                                    when g <= ${sql.lit(delivered + s.orderedOrders)} then 'ordered' else 'pending' end as st,
                               1 + (g - 1) % ${sql.lit(s.preforms)} as pf) x,
               lateral (select case when st = 'delivered' then date '2020-01-01' + (g::bigint * 2190 / ${sql.lit(delivered)})::int
                                    else current_date + g % 30 end as due) y;`,
  );
  // The ledger: one delivery row per delivered order, then fills; balance_after is the running sum per pair.
  await step(
    'ledger',
    sql`
      insert into preform_stock_movements (preform_id, warehouse_id, quantity, balance_after, reason, source_type, source_id, subject, at)
        select pf, wh, q, sum(q) over (partition by pf, wh order by g), reason, source_type, source_id, 'bench', at
          from (
            select o.id as g, o.preform_id as pf, o.preform_warehouse_id as wh, o.ordered_amount::numeric as q,
                   'supply_delivery' as reason, 'supply_order' as source_type, o.id::bigint as source_id, o.delivered_at as at
              from supply_orders o where o.order_status = 'delivered'
            union all
            select g, 1 + (g * 7) % ${sql.lit(s.preforms)}, 1 + (g * 13) % ${sql.lit(s.warehouses)}, (g % 25 - 5) * 1000,
                   case when g % 10 = 0 then 'fill_set' else 'fill_increase' end, null, null,
                   timestamptz '2020-01-01' + (g - ${sql.lit(delivered)}) * interval '3 minutes'
              from generate_series(${sql.lit(delivered + 1)}, ${sql.lit(s.ledgerRows)}) g
          ) m
         order by g;`,
  );
  await step(
    'balances',
    sql`
      insert into preform_stock (preform_id, warehouse_id, current_stock)
        select preform_id, warehouse_id, sum(quantity) from preform_stock_movements group by preform_id, warehouse_id;`,
  );
  // Triggers are off while generating (session_replication_role): add the rows the client_products trigger keeps.
  await step(
    'product pairs',
    sql`
      insert into preform_stock (preform_id, warehouse_id, current_stock)
        select distinct preform_id, preform_warehouse_id, null::numeric from client_products where deleted_at is null
        on conflict (preform_id, warehouse_id) do nothing;`,
  );
  // Triggers are off while generating: compute the order amounts they keep, once for every pair.
  await step('order amounts', sql`update preform_stock set order_amount = preform_demand_of(preform_id, warehouse_id);`);
  await step(
    'pair counts',
    sql`insert into preform_stock_counts (warehouse_id, pairs) select warehouse_id, count(*) from preform_stock group by warehouse_id
        on conflict (warehouse_id) do update set pairs = excluded.pairs;`,
  );
  await step('vacuum analyze', sql`vacuum analyze`);
  return timings;
}
