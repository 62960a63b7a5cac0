import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { makeCompany, makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { findStockRow } from './stock.repository.js';
import { now as clockNow } from '../../lib/clock.js';
import { keepsDerivedAfterEach } from '../../../../tests/support/derived.test-utils.js';
import { preformDemand } from '../../db/derived/preform-demand.js';
import { preformStockPairs } from '../../db/derived/preform-stock-pairs.js';

/**
 * The order amount is kept in preform_stock by triggers: every change that the decisions name (items planned and
 * produced, orders closed, a product's scrap, preform, warehouse or deletion) must show in the next read.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});
// Every test here writes sources of these derived tables through the endpoints: after each, they are as recomputed.
keepsDerivedAfterEach(() => database.asOwner(), [preformDemand, preformStockPairs]);

async function setup() {
  const db = database.db;
  const [warehouse, other] = [await makeWarehouse(db), await makeWarehouse(db)];
  const preform = await makePreform(db);
  const product = await makeProduct(db, { companyId: await makeCompany(db), preformId: preform.id, warehouseId: warehouse, supplyId: preform.supplyIds[0]!, scrapRate: 0.1, scrapStart: 100, scrapChangeOver: 50 });
  const order = await makeProductionOrder(db);
  const item = await makeOrderItem(db, { orderId: order, productId: product, planned: 10_000, produced: 2_000 });
  const amount = async (wh = warehouse) => (await findStockRow(db, preform.id, wh))?.orderAmount ?? null;
  return { db, warehouse, other, preform, product, order, item, amount };
}

describe('order amount kept by triggers', () => {
  it('a new open item: remaining bottles x (1 + scrap rate) + start and change-over scrap, rounded up', async () => {
    const { amount } = await setup();
    expect(await amount()).toBe(Math.ceil(8_000 * 1.1 + 100 + 50));
  });

  it('recording production lowers it; producing all of it, or closing the item, removes it', async () => {
    const { db, item, amount } = await setup();
    await db.updateTable('client_production_order_items').set({ produced_amount: 9_000 }).where('id', '=', item).execute();
    expect(await amount()).toBe(Math.ceil(1_000 * 1.1 + 150));
    await db.updateTable('client_production_order_items').set({ produced_amount: 10_000 }).where('id', '=', item).execute();
    expect(await amount()).toBeNull();
    await db.updateTable('client_production_order_items').set({ produced_amount: 0, is_closed: true }).where('id', '=', item).execute();
    expect(await amount()).toBeNull();
  });

  it('closing the order removes it, reopening brings it back; deleting the item removes it', async () => {
    const { db, order, item, amount } = await setup();
    await db.updateTable('client_production_orders').set({ closed: 1 }).where('id', '=', order).execute();
    expect(await amount()).toBeNull();
    await db.updateTable('client_production_orders').set({ closed: 0 }).where('id', '=', order).execute();
    expect(await amount()).toBe(Math.ceil(8_000 * 1.1 + 150));
    await db.deleteFrom('client_production_order_items').where('id', '=', item).execute();
    expect(await amount()).toBeNull();
  });

  it("a product's scrap change, move to another warehouse and deletion show at once", async () => {
    const { db, product, warehouse, other, amount } = await setup();
    await db.updateTable('client_products').set({ scrap_rate: 0 }).where('id', '=', product).execute();
    expect(await amount()).toBe(8_000 + 150);
    await db.updateTable('client_products').set({ preform_warehouse_id: other }).where('id', '=', product).execute();
    expect(await amount(warehouse)).toBeNull();
    expect(await amount(other)).toBe(8_000 + 150);
    await db.updateTable('client_products').set({ deleted_at: clockNow() }).where('id', '=', product).execute();
    expect(await amount(other)).toBeNull();
  });

  it('concurrent changes of items of one pair leave the sum of both (the pair is locked while it is summed)', async () => {
    const { db, product, order, amount } = await setup();
    const second = await makeOrderItem(db, { orderId: order, productId: product, planned: 5_000 });
    await Promise.all([
      db.transaction().execute((trx) => trx.updateTable('client_production_order_items').set({ produced_amount: 4_000 }).where('order_id', '=', order).where('id', '<>', second).execute()),
      db.transaction().execute((trx) => trx.updateTable('client_production_order_items').set({ produced_amount: 1_000 }).where('id', '=', second).execute()),
    ]);
    expect(await amount()).toBe(Math.ceil(6_000 * 1.1 + 150 + 4_000 * 1.1 + 150));
  });
});
