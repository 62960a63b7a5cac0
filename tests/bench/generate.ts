/**
 * Production-scale data for `pnpm bench`, written with set-based SQL (generate_series, one statement per table) so
 * that it stays fast on 2 cores: 2,000 preforms with 2 suppliers each, 50 warehouses (100,000 (preform, warehouse)
 * pairs, all with a balance), 300,000 supply orders (about six years of delivered ones, a few hundred pending and
 * ordered), 1,000,000 ledger rows (the deliveries plus fills) whose running balances match the balances table;
 * 200 companies (with billing details), 5,000 client products (1 in 5 bought by another company, 1 in 5 sold by a
 * third), 60,000 production orders with 2,000,000 items over six years, of which 1 in 50 is still open; 100,000
 * downtime events; 50,000 claims, each with one small placeholder upload; 100,000 invoices (3 lines each, billing
 * distinct order items); 20,000 forecasts with 5 items each; a price period per product and year with its stock row
 * and one ledger row (product_stock_movements) whose balance_after matches the stock; three produced entries adding
 * up to the produced total of every item of an open order; a preform lot per delivered supply order, every produced
 * entry's preforms taken from a lot of its pair, and one lot used by 10,000 items (issue 17).
 *
 * BENCH_SCALE (default 1) multiplies every count (with small floors so that every screen still has data): e.g.
 * BENCH_SCALE=0.01 for a quick check. Company c owns the products c, c + companies, c + 2·companies…, and the orders
 * c, c + companies…, so every order's items, claims and invoices stay within one company.
 */
import { sql } from 'kysely';
import type { Db } from '../../api/src/db/database.js';

const FACTOR = Number(process.env.BENCH_SCALE ?? 1);
if (!(FACTOR > 0)) throw new Error('BENCH_SCALE must be a positive number');
const scaled = (count: number, floor: number) => Math.max(floor, Math.round(count * FACTOR));

export const SCALE = {
  factor: FACTOR,
  companies: scaled(200, 5),
  manufacturers: scaled(40, 4),
  warehouses: scaled(50, 3),
  preforms: scaled(2_000, 20),
  supplyOrders: scaled(300_000, 1_000),
  pendingOrders: scaled(300, 20),
  orderedOrders: scaled(300, 20),
  ledgerRows: scaled(1_000_000, 2_000),
  clientProducts: scaled(5_000, 50),
  productionOrders: scaled(60_000, 200),
  orderItems: scaled(2_000_000, 4_000),
  downtimeCauses: 20,
  downtimeEvents: scaled(100_000, 1_000),
  claims: scaled(50_000, 500),
  invoices: scaled(100_000, 300),
  forecasts: scaled(20_000, 200),
  forecastItems: 5,
  priceYears: 6,
  /** Notifications of 2,000 people, and of each bench person (the inbox is timed on theirs), a third of them unread. */
  notifications: scaled(1_000_000, 2_000),
  notificationsPerBenchPerson: scaled(20_000, 200),
};

/** Issue 17: the recall's worst case, a lot used by this many items (not scaled: the recall is timed at its size). */
export const HOT_LOT_ITEMS = 10_000;
/** The supply order (and lot) of that lot: the largest delivery amount, 499,000 preforms. */
export const HOT_LOT_SUPPLY_ORDER = 489;

/** A step of the generator: its name, its statements, and the tables it bulk-loads (see `secondaryIndexes`). */
type Step = (name: string, query: ReturnType<typeof sql>, bulk?: string[]) => Promise<void>;

/**
 * The secondary indexes of `tables` as statements that drop them and build them again, from the catalogue's own
 * definitions (so they stay the migrations'). A step that loads millions of rows into a table with several
 * indexes spends most of its time inserting each row's entries into each index in random order: 2,000,000 order
 * items took 46 s with their indexes against 8 s without them plus 9 s to build them (at load 5). Unique indexes
 * and those of constraints stay: ON CONFLICT and foreign keys need them, and they are few. Index builds get more
 * memory than the default 64 MB, so each sorts in one pass.
 */
async function secondaryIndexes(db: Db, tables: string[]) {
  if (tables.length === 0) return { drops: sql``, builds: sql`` };
  const { rows } = await sql<{ name: string; definition: string }>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
     where i.indrelid = any(${tables}::regclass[]) and not i.indisunique
       and not exists (select from pg_constraint c where c.conindid = i.indexrelid)
     order by 1`.execute(db);
  return {
    drops: sql.raw(rows.map((index) => `drop index ${index.name};`).join(' ')),
    builds: sql.raw(`set maintenance_work_mem = '256MB'; ${rows.map((index) => `${index.definition};`).join(' ')} reset maintenance_work_mem;`),
  };
}

/** Writes the data set into an empty, migrated database; answers how long each step took (ms). */
export async function generate(db: Db, log: (message: string) => void = () => undefined): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  // Numbers are inlined as literals (sql.lit): a multi-statement query cannot take bind parameters.
  // As a superuser the load skips the foreign-key triggers (the generated keys are consistent by construction):
  // that halves the time of the large steps. Other users load with the checks.
  const superuser = (await sql<{ rolsuper: boolean }>`select rolsuper from pg_roles where rolname = current_user`.execute(db)).rows[0]?.rolsuper;
  const indexesBefore = await indexDefinitions(db);
  const step: Step = async (name, query, bulk = []) => {
    const started = performance.now();
    if (superuser) {
      // A bulk load of `bulk`'s tables: their secondary indexes are built once after the rows, not entry by entry.
      const { drops, builds } = await secondaryIndexes(db, bulk);
      await sql`set session_replication_role = replica; ${drops} ${query}; ${builds} set session_replication_role = origin`.execute(db);
    } else {
      await query.execute(db);
    }
    timings[name] = Math.round(performance.now() - started);
    log(`  ${name}: ${timings[name]} ms`);
  };
  const s = SCALE;
  const delivered = s.supplyOrders - s.pendingOrders - s.orderedOrders;
  // The newest 1 in 50 production orders are open (a few weeks of work, spread over every company).
  const openFrom = s.productionOrders - Math.floor(s.productionOrders / 50);

  await step(
    'companies, manufacturers, warehouses',
    sql`
      insert into companies (id, name, fbs) select 'bench-' || lpad(g::text, 4, '0'), 'Bench Company ' || g, array['FB-' || g, 'FB-' || (g + 1000)]
        from generate_series(1, ${sql.lit(s.companies)}) g;
      insert into client_details (company_id, billing_company, billing_address, billing_city, billing_country, billing_email, currency, shift_start, shift_end)
        select 'bench-' || lpad(g::text, 4, '0'), 'Bench Company ' || g || ' AB', 'Street ' || g, 'Malmö', 'Sweden', 'billing' || g || '@bench.example',
               case when g % 3 = 0 then 'SEK' else 'EUR' end, '06:00', '22:00'
          from generate_series(1, ${sql.lit(s.companies)}) g;
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
  // 1 product in 5 is also bought by the next company (a buyer) and sold by the one after (a seller).
  await step(
    'buyers and sellers',
    sql`
      update client_products set seller_company_id = 'bench-' || lpad((1 + (split_part(company_id, '-', 2)::int + 1) % ${sql.lit(s.companies)})::text, 4, '0')
       where abs(hashint4(id)) % 5 = 0;
      insert into product_buyers (client_product_id, buyer_company_id)
        select id, 'bench-' || lpad((1 + split_part(company_id, '-', 2)::int % ${sql.lit(s.companies)})::text, 4, '0') from client_products where abs(hashint4(id)) % 5 = 0;`,
  );
  // The newest order in 50 is open; in open orders half of the items is fully produced, the other half a third produced.
  // Item g belongs to order 1 + (g - 1) % orders and to a product of that order's company.
  // The orders and the supply orders, ledger and balances do not read each other: they load at once, on two
  // connections (2 cores), and the steps after them wait for both.
  const items = step(
    'production orders and items',
    sql`
      insert into client_production_orders (company_id, order_no, closed, purchase_date)
        select 'bench-' || lpad((1 + (g - 1) % ${sql.lit(s.companies)})::text, 4, '0'), 'PO-' || g, case when g > ${sql.lit(openFrom)} then 0 else 1 end,
               date '2020-01-01' + (g::bigint * 2190 / ${sql.lit(s.productionOrders)})::int
          from generate_series(1, ${sql.lit(s.productionOrders)}) g;
      insert into client_production_order_items (order_id, client_product_id, due_date, planned_amount, produced_amount, is_closed)
        select o, 1 + (o - 1) % ${sql.lit(s.companies)} + ${sql.lit(s.companies)} * (abs(hashint4(g)) % ${sql.lit(Math.floor(s.clientProducts / s.companies))}),
               date '2020-01-01' + (o::bigint * 2190 / ${sql.lit(s.productionOrders)})::int + g % 30, planned,
               case when o <= ${sql.lit(openFrom)} or (g / 50) % 2 = 0 then planned else planned / 3 end, o <= ${sql.lit(openFrom)}
          from generate_series(1, ${sql.lit(s.orderItems)}) g,
               lateral (select 1 + (g - 1) % ${sql.lit(s.productionOrders)} as o, 10000 + (g % 50) * 1000 as planned) x;`,
    ['client_production_orders', 'client_production_order_items'],
  );
  items.catch(() => undefined); // awaited below; a failure while the supply steps run is reported there
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
    ['supply_orders'],
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
    ['preform_stock_movements'],
  );
  await step(
    'balances',
    sql`
      insert into preform_stock (preform_id, warehouse_id, current_stock)
        select preform_id, warehouse_id, sum(quantity) from preform_stock_movements group by preform_id, warehouse_id;`,
  );
  await items;
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
  await generateScreens(step);
  // Every table vacuumed (the visibility map, for index-only scans) and analyzed, on two connections at once: the
  // largest first, each connection taking the next table when it is done.
  const started = performance.now();
  const tables = (
    await sql<{ name: string }>`
      select relid::regclass::text as name from pg_stat_user_tables order by pg_total_relation_size(relid) desc, 1`.execute(db)
  ).rows.map((row) => row.name);
  const vacuumNext = async (): Promise<void> => {
    const table = tables.shift();
    if (table === undefined) return;
    await sql`vacuum (analyze) ${sql.raw(table)}`.execute(db);
    return vacuumNext();
  };
  await Promise.all([vacuumNext(), vacuumNext()]);
  timings['vacuum analyze'] = Math.round(performance.now() - started);
  log(`  vacuum analyze: ${timings['vacuum analyze']} ms`);
  // The steps that dropped indexes built them again: the database is indexed as the migrations made it.
  const indexesAfter = await indexDefinitions(db);
  const lost = indexesBefore.filter((definition) => !indexesAfter.includes(definition));
  const added = indexesAfter.filter((definition) => !indexesBefore.includes(definition));
  if (lost.length || added.length) throw new Error(`generation changed the indexes: lost ${lost.join('; ')}; added ${added.join('; ')}`);
  return timings;
}

const indexDefinitions = async (db: Db) =>
  (await sql<{ definition: string }>`select indexdef as definition from pg_indexes where schemaname = 'public' order by 1`.execute(db)).rows.map(
    (row) => row.definition,
  );

/** Downtime, claims with uploads, invoices, forecasts, price and stock periods: one statement per table. */
async function generateScreens(step: Step) {
  const s = SCALE;
  const company = (expr: string) => sql.raw(`'bench-' || lpad((1 + (${expr} - 1) % ${s.companies})::text, 4, '0')`);
  const perCompany = Math.floor(s.clientProducts / s.companies);
  // A product of the company of order `o` (products c, c + companies, … belong to company c).
  const productOf = (o: string, k: string) => sql.raw(`(1 + (${o} - 1) % ${s.companies} + ${s.companies} * ((${k}) % ${perCompany}))`);
  const day = (g: string, n: number) => sql.raw(`date '2020-01-01' + (${g}::bigint * 2190 / ${n})::int`);
  await step(
    'downtime',
    sql`
      insert into downtime_causes (cause_name, cause_description) select 'Cause ' || g, 'Bench cause ' || g from generate_series(1, ${sql.lit(s.downtimeCauses)}) g;
      insert into downtime_history (company_id, machine_name, cause_id, actual_date, duration, target_start, target_end)
        select ${company('g')}, 'FB-' || (1 + (g - 1) % ${sql.lit(s.companies)} + case when g % 2 = 0 then 1000 else 0 end), 1 + g % ${sql.lit(s.downtimeCauses)},
               d, m, d + time '06:00' + (g % 600) * interval '1 minute', d + time '06:00' + (g % 600 + m) * interval '1 minute'
          from generate_series(1, ${sql.lit(s.downtimeEvents)}) g, lateral (select ${day('g', s.downtimeEvents)} as d, 5 + g % 240 as m) x;`,
  );
  // Issue 15: the machine events behind those stops (a stop and a running event each) and a count per machine and
  // day of the last year, so the OEE has events to cover and bottles to count.
  await step(
    'machine events',
    sql`
      insert into machine_events (event_id, company_id, machine_name, at, kind, source)
        select gen_random_uuid(), h.company_id, h.machine_name, e.at, e.kind, 'bench'
          from downtime_history h, lateral (values (h.target_start, 'stopped'), (h.target_end, 'running')) e(at, kind);
      insert into machine_events (event_id, company_id, machine_name, at, kind, good, scrap, source)
        select gen_random_uuid(), c.id, m.name, d + time '21:00', 'counts', 20000 + (length(c.id) * 37 + extract(doy from d)::int) % 5000, 150, 'bench'
          from companies c, unnest(c.fbs) m(name), generate_series(date '2025-01-01', date '2025-12-31', interval '1 day') d;
      update client_products set planned_seconds_per_item = 2.5;`,
    ['machine_events'],
  );
  // Triggers are off while generating: the kept daily count sums (migration 2026-11-25-1210) and each machine's latest
  // state event (2026-11-25-1500), from the events at once.
  await step('machine count days and last states', sql`select machine_count_days_refill(); select machine_last_states_refill()`);
  await step(
    'claims and uploads',
    sql`
      insert into claims (company_id, status, client_product_id, client_production_order_id, amount, delivery_date, description, immediate_action, created_by, created_at)
        select ${company('o')}, (array['new','under investigation','closed'])[1 + g % 3], ${productOf('o', 'g')}, o, 100 + g % 5000, d,
               'Bench claim ' || g || ': bottles deformed at the neck', case when g % 2 = 0 then 'Sorted the batch' end, 'bench', d::timestamptz
          from generate_series(1, ${sql.lit(s.claims)}) g,
               lateral (select 1 + (g::bigint * 7919 % ${sql.lit(s.productionOrders)})::int as o, ${day('g', s.claims)} as d) x;
      insert into uploads (company_id, original_filename, mimetype, size, sha256, content, object_type, object_id, created_by)
        select company_id, 'photo-' || id || '.jpg', 'image/jpeg', octet_length(c), encode(sha256(c), 'hex'), c, 'ClientProductionClaims', id, 'bench'
          from claims, lateral (select convert_to(repeat('bench photo ' || id, 20), 'UTF8') as c) x;`,
  );
  // Invoice g bills order 1 + (g - 1) % orders; its round r = (g - 1) / orders picks the items 3r, 3r+1, 3r+2 of that
  // order (item k of order o is o + k·orders), so no item is billed twice.
  await step(
    'invoices and lines',
    sql`
      insert into invoices (company_id, invoice_number, order_id, delivery_date, invoice_total, invoice_currency, exchange_rate, is_confirmed, is_sent)
        select ${company('o')}, 'INV-' || lpad(g::text, 7, '0'), o, ${day('g', s.invoices)}, 1000 + g % 9000,
               case when o % 3 = 0 then 'SEK' else 'EUR' end, case when o % 3 = 0 then 11.5 else 1 end, g % 4 <> 0, g % 4 <> 0 and g % 8 <> 1
          from generate_series(1, ${sql.lit(s.invoices)}) g, lateral (select 1 + (g - 1) % ${sql.lit(s.productionOrders)} as o) x;
      insert into invoice_lines (invoice_id, order_item_id, article_no, product_name, quantity, unit_price, line_total)
        select i.id, it.id, p.article_no, p.product_name, it.planned_amount, 25 + p.id % 50, round(it.planned_amount * (25 + p.id % 50) / 1000.0, 2)
          from invoices i, generate_series(0, 2) k,
               lateral (select i.order_id + (3 * ((i.id - 1) / ${sql.lit(s.productionOrders)}) + k) * ${sql.lit(s.productionOrders)} as item_id) x
          join client_production_order_items it on it.id = x.item_id
          join client_products p on p.id = it.client_product_id;`,
    ['invoices', 'invoice_lines'],
  );
  // The operator's produced-quantity history: three entries adding up to the produced total of every item of an open order.
  await step(
    'produced entries',
    sql`
      insert into produced_entries (order_item_id, quantity, produced_total, subject, recorded_by, created_at)
        select i.id, case when k < 3 then i.produced_amount / 3 else i.produced_amount - 2 * (i.produced_amount / 3) end,
               case when k < 3 then k * (i.produced_amount / 3) else i.produced_amount end, 'bench', 'Bench Operator',
               o.purchase_date + k * interval '8 hours'
          from client_production_orders o join client_production_order_items i on i.order_id = o.id, generate_series(1, 3) k
         where o.closed = 0 and i.produced_amount > 0
         order by i.id, k;`,
  );
  // Issue 17: a lot per delivered supply order (supply order i is lot i); one lot, the largest delivery (supply order
  // 489, 499,000 preforms), used by 10,000 items of closed orders (an entry of 40 bottles each: the recall's worst
  // case); then every produced entry takes its preforms from a lot of its product's (preform, warehouse), picked by
  // the entry's id, unlotted where that lot would run over. lots.consumed is the sum of each lot's rows.
  const hotItems = Math.min(HOT_LOT_ITEMS, Math.floor((s.orderItems * 49) / 50));
  const pairs = s.preforms * s.warehouses;
  const delivered = s.supplyOrders - s.pendingOrders - s.orderedOrders;
  await step(
    'lots and their consumption',
    sql`
      insert into lots (id, supply_order_id, preform_id, warehouse_id, preform_supply_id, manufacturer_id, delivery_date, quantity, supplier_lot_number, created_at, received_at)
        select o.id, o.id, o.preform_id, o.preform_warehouse_id, o.preform_supply_id, ps.manufacturer_id, o.due_date, o.ordered_amount,
               case when o.id % 3 = 0 then 'SUP-' || o.id end, o.delivered_at, coalesce(o.delivered_at, o.due_date::timestamptz)
          from supply_orders o join preform_supplies ps on ps.id = o.preform_supply_id
         where o.order_status = 'delivered' order by o.id;
      select setval(pg_get_serial_sequence('lots', 'id'), (select max(id) from lots));
      with hot as (
        select i.id, i.produced_amount, o.purchase_date
          from client_production_order_items i join client_production_orders o on o.id = i.order_id
         where o.closed = 1 order by abs(hashint4(i.id)), i.id limit ${sql.lit(hotItems)}
      ), entries as (
        insert into produced_entries (order_item_id, quantity, produced_total, subject, recorded_by, created_at)
          select id, 40, produced_amount, 'bench', 'Bench Operator', purchase_date from hot order by id
          returning id, order_item_id
      )
      insert into lot_consumptions (produced_entry_id, order_item_id, lot_id, preform_id, warehouse_id, preforms, bottles, origin, subject)
        select e.id, e.order_item_id, l.id, l.preform_id, l.warehouse_id, 40, 40, 'fifo', 'bench'
          from entries e, lots l where l.id = ${sql.lit(HOT_LOT_SUPPLY_ORDER)};
      update lots set consumed = (select sum(preforms) from lot_consumptions c where c.lot_id = lots.id) where id = ${sql.lit(HOT_LOT_SUPPLY_ORDER)};
      insert into lot_consumptions (produced_entry_id, order_item_id, lot_id, preform_id, warehouse_id, preforms, bottles, origin, subject)
        select entry_id, order_item_id, case when taken_upto + consumed <= quantity then lot_id end, preform_id, warehouse_id, preforms, bottles, 'fifo', 'bench'
          from (
            select x.*, l.quantity, l.consumed, sum(x.preforms) over (partition by x.lot_id order by x.entry_id) as taken_upto
              from (
                select e.id as entry_id, e.order_item_id, p.preform_id, p.preform_warehouse_id as warehouse_id, e.quantity as bottles,
                       ceil(e.quantity * 1.02)::int as preforms,
                       first + ${sql.lit(pairs)} * (abs(hashint4(e.id)) % (1 + (${sql.lit(delivered)} - first) / ${sql.lit(pairs)})) as lot_id
                  from produced_entries e
                  join client_production_order_items i on i.id = e.order_item_id
                  join client_products p on p.id = i.client_product_id,
                  lateral (select p.preform_id + ${sql.lit(s.preforms)} * (p.preform_warehouse_id - 1) as first) f
                 where e.quantity > 0 and not exists (select 1 from lot_consumptions c where c.produced_entry_id = e.id)
              ) x
              join lots l on l.id = x.lot_id
          ) y;
      update lots l set consumed = c.consumed
        from (select lot_id, sum(preforms)::int as consumed from lot_consumptions where lot_id is not null group by lot_id) c
       where c.lot_id = l.id;`,
    ['lots', 'lot_consumptions'],
  );
  // Recycled content (issue 45): four lots in five carry 10 to 40 % post-consumer content with a certificate, every
  // other one an EPD figure; the fifth is undescribed (unknown), as lots before the feature are.
  await step(
    'lot compositions',
    sql`
      insert into lot_compositions (lot_id, post_consumer_percent, pre_consumer_percent, scheme, certificate_no, carbon_kg_per_kg, epd_reference)
        select id, (id % 5) * 10, 0, 'EuCertPlast', 'BENCH-' || id, case when id % 2 = 0 then 1.5 end, case when id % 2 = 0 then 'EPD-BENCH' end
          from lots where id % 5 <> 0;`,
    ['lot_compositions'],
  );
  // Triggers are off while generating: the recall's kept rows, as the migration fills them (2026-11-25-0930).
  await step(
    'recall rows of the lots',
    sql`insert into lot_item_uses select lot_id, item_id, source_item_id, company_id, preforms, bottles, delivered from lot_item_uses_computed;`,
  );
  await step(
    'forecasts',
    sql`
      insert into client_production_plans (company_id, period_from, period_to)
        select ${company('g')}, d, d + 27 from generate_series(1, ${sql.lit(s.forecasts)}) g, lateral (select ${day('g', s.forecasts)} as d) x;
      insert into client_production_plan_items (plan_id, client_product_id, planned_amount)
        select g, ${productOf('g', `g * 7 + j`)}, 10000 + (g * j) % 90000
          from generate_series(1, ${sql.lit(s.forecasts)}) g, generate_series(0, ${sql.lit(Math.min(s.forecastItems, perCompany) - 1)}) j;`,
  );
  // Triggers are off while generating: compute the delivery figures' sums they keep (migration 2026-11-25-1000), once.
  // It and the agenda's rows read the same orders and write apart: they run at once.
  const delivery = step('delivery figures', sql`select delivery_aggregates_refill()`);
  delivery.catch(() => undefined); // awaited below
  // Triggers are off while generating: the agenda's rows and day counts they keep (migration 2026-11-25-1100), once.
  // agenda_items' secondary indexes are built after its 2,000,000 rows: 6 s instead of 20 to 40.
  await step('agenda rows and day counts', sql`select agenda_refill()`, ['agenda_items']);
  await delivery;
  // Likewise the client statistics' sums per company and day and per company, month and product (migration
  // 2026-11-25-1400), beside the three steps below (they read and write other tables; 9.7 s at load 4).
  const clientStats = step('client statistics sums', sql`select stats_sums_refill()`);
  clientStats.catch(() => undefined); // awaited below
  // Likewise the claims' search texts and count, and the lots' state counts (migration 2026-11-25-1110).
  await step(
    'claim search texts and counts, lot counts',
    sql`select claims_search_refill(); select row_counts_refill('claims'); select lot_state_counts_refill()`,
    ['claim_search_texts'],
  );
  // The production orders' count (migration 2026-11-25-1230), which the admin's list reads instead of counting.
  await step('production order and invoice counts', sql`select row_counts_refill('client_production_orders'); select row_counts_refill('invoices')`);
  // A price per product and calendar year (2020…), each with its stock row; the ledger has one 'adjust' row per stock
  // row whose balance_after is that stock (append-only: written once, in order, never updated).
  await step(
    'prices, stock and stock ledger',
    sql`
      insert into product_prices (client_product_id, unit_price, valid_from, valid_to)
        select p, 20 + (p * 7 + y) % 80, make_date(2020 + y, 1, 1), make_date(2020 + y, 12, 31)
          from generate_series(1, ${sql.lit(s.clientProducts)}) p, generate_series(0, ${sql.lit(s.priceYears - 1)}) y order by p, y;
      insert into product_stock (client_product_id, price_id, current_stock, scrap_amount)
        select client_product_id, id, 1000 * (1 + id % 200), id % 50 from product_prices order by id;
      insert into product_stock_movements (product_stock_id, client_product_id, quantity, balance_after, reason, subject, at)
        select id, client_product_id, current_stock, current_stock, 'adjust', 'bench', updated_at from product_stock order by id;`,
  );
  // The inbox: the notifications of 2,000 other people and of each bench person (server.ts's subjects), newest every
  // few minutes over the last year, two in three read.
  await step(
    'notifications',
    sql`
      insert into notifications (user_id, company_id, kind, record_type, record_id, order_id, label, fold_key, actor_kind, actor_id, data,
                                 first_sequence, last_sequence, first_at, occurred_at, read_at)
        select u, ${company('g')}, 'order_item.confirmed', 'order_item', g::text, null, 'PO-' || g, 'order_item:' || g, 'user', 'bench', '{"by":"seller"}',
               g, g, at, at, case when g % 3 = 0 then null else at + interval '1 hour' end
          from (select 'bench-person-' || (g % 2000) as u, g from generate_series(1, ${sql.lit(s.notifications)}) g
                union all
                select p, ${sql.lit(s.notifications)} + g + n * ${sql.lit(s.notificationsPerBenchPerson)}
                  from unnest(array['bench-admin', 'bench-operator', 'bench-accountant', 'bench-client', 'bench-buyer', 'bench-seller']) with ordinality as b(p, n),
                       generate_series(1, ${sql.lit(s.notificationsPerBenchPerson)}) g) x(u, g),
               lateral (select timestamptz '2026-01-01' - (g % 525600) * interval '1 minute' as at) t;`,
    ['notifications'],
  );
  await clientStats;
}
