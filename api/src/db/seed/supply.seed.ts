import type { Db } from '../database.js';
import { AQUA_CONVERTERS, BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS } from './users.seed.js';
import { nowMs } from '../../lib/clock.js';

/** A date `days` from today, YYYY-MM-DD (the board looks current whenever the demo starts). */
const day = (days: number) => new Date(nowMs() + days * 86_400_000).toISOString().slice(0, 10);

export const WAREHOUSES = ['Riga North', 'Riga South', 'Tallinn'] as const;

/** Preforms with their suppliers (manufacturer names of the manufacturers seed). */
export const PREFORMS = [
  { name: 'PET 28g PCO1810 Clear', neck: 'PCO1810', material: 'PET', color: 'Clear', weight: 28, qty: 1250, suppliers: ['Retal Baltic Films', 'Alpla Preform Centre'] },
  { name: 'PET 23.5g PCO1810 Clear', neck: 'PCO1810', material: 'PET', color: 'Clear', weight: 23.5, qty: 1500, suppliers: ['Retal Baltic Films'] },
  { name: 'PET 42g PCO1810 Clear/FR', neck: 'PCO1810', material: 'PET', color: 'Clear/FR', weight: 42, qty: 900, suppliers: ['Plastipak Iberia', 'Resilux Polska'] },
  { name: 'RPET 28g PCO1810 Green', neck: 'PCO1810', material: 'RPET', color: 'Green', weight: 28, qty: 1250, suppliers: ['Resilux Polska'] },
  { name: 'PET 48g 38mm 3-start Clear', neck: '38mm 3-start', material: 'PET', color: 'Clear', weight: 48, qty: 800, suppliers: ['Alpla Preform Centre'] },
  { name: 'PET 52g 38mm 3-start White', neck: '38mm 3-start', material: 'PET', color: 'White', weight: 52, qty: 750, suppliers: ['Alpla Preform Centre', 'Plastipak Iberia'] },
  { name: 'PP 19g 38-400 White', neck: '38-400', material: 'PP', color: 'White', weight: 19, qty: 2000, suppliers: ['Plastipak Iberia'] },
  { name: 'PET 34g 38-400 Black', neck: '38-400', material: 'PET', color: 'Black', weight: 34, qty: 1100, suppliers: ['Retal Baltic Films', 'Resilux Polska'] },
] as const;

/**
 * Client products: [company, article, name, preform index, warehouse index, scrap rate, start scrap, change-over scrap,
 * planned seconds per bottle (the rate OEE's performance is measured against: a rotary blow moulder's 3,000 to 6,000
 * bottles an hour, slower for the larger bottles)].
 */
const PRODUCTS = [
  [NORDIC_SPRINGS, 'NS-0500', 'Spring Water 0.5 L', 0, 0, 0.02, 300, 150, 0.9],
  [NORDIC_SPRINGS, 'NS-0330', 'Spring Water 0.33 L', 1, 0, 0.015, 250, 100, 0.8],
  [NORDIC_SPRINGS, 'NS-1500', 'Spring Water 1.5 L', 2, 1, 0.025, 400, 200, 1.2],
  [FJORD_WATER, 'FW-0500S', 'Fjord Sparkling 0.5 L', 0, 1, 0.02, 300, 150, 0.75],
  [FJORD_WATER, 'FW-0500G', 'Fjord Green 0.5 L', 3, 1, 0.03, 300, 150, 0.8],
  [AQUA_CONVERTERS, 'AC-1000J', 'Juice Bottle 1 L', 4, 2, 0.02, 350, 180, 0.6],
  [AQUA_CONVERTERS, 'AC-1000M', 'Milk Bottle 1 L', 5, 2, 0.025, 350, 180, 0.65],
  [BALTIC_BEVERAGES, 'BB-0500K', 'Kvass 0.5 L', 7, 0, 0.02, 300, 120, 0.9],
] as const;

/**
 * Stock the operator counted in when the ledger began (the stock history seed writes it, at the start of the demo's
 * half year, before the deliveries and production that followed): [preform index, warehouse index, preforms].
 */
export const OPENING_COUNTS: [number, number, number][] = [
  [0, 0, 180_000],
  [1, 0, 95_000],
  [2, 1, 60_000],
  [0, 1, 120_000],
  [3, 1, 20_000],
  [4, 2, 150_000],
  [5, 2, 40_000],
  [6, 2, 35_000],
  [7, 0, 210_000],
];

/**
 * Demo supply data: warehouses, preforms and suppliers, client products of the demo companies, open production
 * orders (so order amounts are real and some future balances negative), and supply orders in every column of the
 * board; their stock goes through the ledger in the stock history seed. Returns false when there already are preforms.
 */
export async function seedSupply(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('preforms').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    const manufacturers = new Map(
      (await trx.selectFrom('manufacturers').select(['id', 'manufacturer_name']).execute()).map((m) => [m.manufacturer_name, m.id]),
    );
    const warehouses = await trx
      .insertInto('preform_warehouses')
      .values(WAREHOUSES.map((name) => ({ warehouse_name: name })))
      .onConflict((oc) => oc.column('warehouse_name').doUpdateSet({ warehouse_name: (eb) => eb.ref('excluded.warehouse_name') }))
      .returning('id')
      .execute();

    const preforms: { id: number; supplies: number[] }[] = [];
    for (const preform of PREFORMS) {
      const { id } = await trx
        .insertInto('preforms')
        .values({
          preform_name: preform.name,
          neck: preform.neck,
          material: preform.material,
          color: preform.color,
          weight: preform.weight,
          qty_per_box: preform.qty,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const supplierIds = preform.suppliers.map((name) => manufacturers.get(name)).filter((m): m is number => m !== undefined);
      const supplies = supplierIds.length
        ? await trx
            .insertInto('preform_supplies')
            .values(supplierIds.map((manufacturerId) => ({ preform_id: id, manufacturer_id: manufacturerId })))
            .returning('id')
            .execute()
        : [];
      preforms.push({ id, supplies: supplies.map((supply) => supply.id) });
    }

    const products = [];
    for (const [company, article, name, preformIndex, warehouseIndex, scrapRate, start, changeOver, secondsPerItem] of PRODUCTS) {
      const preform = preforms[preformIndex];
      if (!preform.supplies.length) continue;
      products.push(
        await trx
          .insertInto('client_products')
          .values({
            company_id: company,
            product_name: name,
            article_no: article,
            machine_names: company === NORDIC_SPRINGS ? 'FB-101,FB-102' : company === FJORD_WATER ? 'FB-201' : 'FB-301',
            scrap_rate: scrapRate,
            preform_scrap_start: start,
            preform_scrap_change_over: changeOver,
            planned_seconds_per_item: secondsPerItem,
            preform_id: preform.id,
            preform_warehouse_id: warehouses[warehouseIndex].id,
            default_supply_id: preform.supplies[0],
          })
          .returning(['id', 'company_id'])
          .executeTakeFirstOrThrow(),
      );
    }

    // Open production orders: two weeks of items per product; one closed order that no longer needs preforms.
    let orderNo = 117;
    const orders: number[] = [];
    for (const company of [NORDIC_SPRINGS, FJORD_WATER, AQUA_CONVERTERS, BALTIC_BEVERAGES]) {
      const own = products.filter((product) => product.company_id === company);
      if (!own.length) continue;
      const { id: orderId } = await trx
        .insertInto('client_production_orders')
        .values({ company_id: company, order_no: `PO-26-0${orderNo++}`, purchase_date: day(-3) })
        .returning('id')
        .executeTakeFirstOrThrow();
      orders.push(orderId);
      await trx
        .insertInto('client_production_order_items')
        .values(
          own.flatMap((product, index) => [
            { order_id: orderId, client_product_id: product.id, due_date: day(2 + index), planned_amount: 120_000, produced_amount: 45_000, is_buyer_confirmed: true, is_seller_confirmed: true },
            { order_id: orderId, client_product_id: product.id, due_date: day(9 + index), planned_amount: 80_000 + index * 10_000, is_buyer_confirmed: true },
          ]),
        )
        .execute();
    }
    const { id: closedOrder } = await trx
      .insertInto('client_production_orders')
      .values({ company_id: NORDIC_SPRINGS, order_no: 'PO-26-0101', closed: 1, purchase_date: day(-40) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('client_production_order_items')
      .values({ order_id: closedOrder, client_product_id: products[0].id, due_date: day(-30), planned_amount: 100_000, produced_amount: 100_000, is_closed: true })
      .execute();

    // The board: three new, three awaiting delivery, four added to stock (the stock history seed puts them through the
    // ledger, in time order with the production they fed).
    const supplyOrders: [number, number, number, 'pending' | 'ordered' | 'delivered', number][] = [
      [0, 0, 250_000, 'pending', 16],
      [3, 1, 120_000, 'pending', 21],
      [5, 2, 90_000, 'pending', 24],
      [2, 1, 150_000, 'ordered', 5],
      [0, 1, 200_000, 'ordered', 8],
      [4, 2, 100_000, 'ordered', 11],
      [1, 0, 60_000, 'delivered', -4],
      [7, 0, 80_000, 'delivered', -9],
      [0, 0, 100_000, 'delivered', -12],
      [6, 2, 40_000, 'delivered', -20],
    ];
    for (const [index, [preformIndex, warehouseIndex, amount, status, dueIn]] of supplyOrders.entries()) {
      const preform = preforms[preformIndex];
      if (!preform.supplies.length) continue;
      await trx
        .insertInto('supply_orders')
        .values({
          order_status: status,
          stock: status === 'delivered',
          delivered_at: status === 'delivered' ? new Date(nowMs() + dueIn * 86_400_000) : null,
          ordered_amount: amount,
          due_date: day(dueIn),
          preform_id: preform.id,
          preform_warehouse_id: warehouses[warehouseIndex].id,
          preform_supply_id: preform.supplies[index % preform.supplies.length],
          client_production_order_id: index === 0 || index === 3 ? (orders[0] ?? null) : null,
        })
        .execute();
    }
  });
  return true;
}
