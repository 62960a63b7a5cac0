import type { Db } from '../../db/database.js';

/**
 * Test data builders for the supply features (preforms, stock, board): each writes the rows directly, so a test
 * states only what matters to it. Used by the *.test.ts files; nothing in the API imports them.
 */
let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

export async function makeManufacturer(db: Db, name = unique('Maker')) {
  const row = await db
    .insertInto('manufacturers')
    .values({ manufacturer_name: name, default_lead_time: 14, box_qty_per_truck: 26 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function makeWarehouse(db: Db, name = unique('Warehouse')) {
  const row = await db.insertInto('preform_warehouses').values({ warehouse_name: name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A preform with suppliers (new manufacturers unless given); answers its id, supply ids and manufacturer ids. */
export async function makePreform(db: Db, options: { name?: string; manufacturers?: number[]; qtyPerBox?: number } = {}) {
  const manufacturers = options.manufacturers ?? [await makeManufacturer(db)];
  const { id } = await db
    .insertInto('preforms')
    .values({
      preform_name: options.name ?? unique('PET 28g PCO1810 Clear'),
      neck: 'PCO1810',
      material: 'PET',
      color: 'Clear',
      weight: 28,
      qty_per_box: options.qtyPerBox ?? 1250,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const supplies = await db
    .insertInto('preform_supplies')
    .values(manufacturers.map((manufacturerId) => ({ preform_id: id, manufacturer_id: manufacturerId })))
    .returning('id')
    .execute();
  return { id, supplyIds: supplies.map((supply) => supply.id), manufacturers };
}

export async function makeCompany(db: Db, id = `company-${++counter}`) {
  await db.insertInto('companies').values({ id, name: `${id} Ltd` }).onConflict((oc) => oc.column('id').doNothing()).execute();
  return id;
}

export async function makeProduct(
  db: Db,
  options: {
    preformId: number;
    warehouseId: number;
    supplyId: number;
    companyId?: string;
    scrapRate?: number;
    scrapStart?: number;
    scrapChangeOver?: number;
    name?: string;
  },
) {
  const row = await db
    .insertInto('client_products')
    .values({
      company_id: options.companyId ?? (await makeCompany(db)),
      product_name: options.name ?? unique('Spring Water 0.5 L'),
      article_no: unique('NS'),
      scrap_rate: options.scrapRate ?? 0,
      preform_scrap_start: options.scrapStart ?? 0,
      preform_scrap_change_over: options.scrapChangeOver ?? 0,
      preform_id: options.preformId,
      preform_warehouse_id: options.warehouseId,
      default_supply_id: options.supplyId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function makeProductionOrder(db: Db, options: { companyId?: string; closed?: 0 | 1; orderNo?: string } = {}) {
  const row = await db
    .insertInto('client_production_orders')
    .values({ company_id: options.companyId ?? (await makeCompany(db)), order_no: options.orderNo ?? unique('PO'), closed: options.closed ?? 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function makeOrderItem(
  db: Db,
  options: { orderId: number; productId: number; planned: number; produced?: number; isClosed?: boolean; dueDate?: string },
) {
  const row = await db
    .insertInto('client_production_order_items')
    .values({
      order_id: options.orderId,
      client_product_id: options.productId,
      due_date: options.dueDate ?? '2026-12-01',
      planned_amount: options.planned,
      produced_amount: options.produced ?? 0,
      is_closed: options.isClosed ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The ledger rows and the balance of one (preform, warehouse). */
export async function stockOf(db: Db, preformId: number, warehouseId: number) {
  const [movements, balance] = await Promise.all([
    db
      .selectFrom('preform_stock_movements')
      .selectAll()
      .where('preform_id', '=', preformId)
      .where('warehouse_id', '=', warehouseId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('preform_stock')
      .select('current_stock')
      .where('preform_id', '=', preformId)
      .where('warehouse_id', '=', warehouseId)
      .executeTakeFirst(),
  ]);
  return { movements, balance: balance?.current_stock ?? null };
}

/** Everything in the ledger and the balances, to check that a refused request changed nothing. */
export async function ledgerSnapshot(db: Db) {
  const [movements, balances] = await Promise.all([
    db.selectFrom('preform_stock_movements').selectAll().orderBy('id').execute(),
    db.selectFrom('preform_stock').select(['preform_id', 'warehouse_id', 'current_stock']).orderBy('preform_id').orderBy('warehouse_id').execute(),
  ]);
  return { movements, balances };
}
