import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.js';
import { COMPANY_A, createTwoCompanies } from '../../../../tests/support/factories/companies.js';
import * as migration from '../../db/migrations/2026-11-25-0110-lots.js';
import * as recallRows from '../../db/migrations/2026-11-25-0930-lot-item-uses.js';
import { grantAppRole } from '../../db/roles.js';
import { TEST_APP_ROLE } from '../../../../tests/support/global-setup.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';

/**
 * Issue 17, item 6: the lots migration gives every delivered supply order a lot, and replays past production FIFO
 * over them, so history starts complete. The data is written as it was before lots (no lot rows), then the
 * migration runs again (down, up) over it.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await createTwoCompanies(database.db);
});
afterAll(async () => {
  await database?.drop();
});

async function supplyOrder(values: { preformId: number; warehouseId: number; supplyId: number; amount: number; status: 'pending' | 'delivered'; deliveredAt?: string }) {
  const row = await database.db
    .insertInto('supply_orders')
    .values({
      order_status: values.status,
      ordered_amount: values.amount,
      due_date: '2026-03-01',
      preform_id: values.preformId,
      preform_warehouse_id: values.warehouseId,
      preform_supply_id: values.supplyId,
      stock: values.status === 'delivered',
      delivered_at: values.deliveredAt ? new Date(values.deliveredAt) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the lots migration', () => {
  it('gives every delivered supply order a lot and replays past production records FIFO per warehouse', async () => {
    const db = database.db;
    const preform = await makePreform(db);
    const [north, south] = [await makeWarehouse(db), await makeWarehouse(db)];
    const base = { preformId: preform.id, supplyId: preform.supplyIds[0] };
    const newer = await supplyOrder({ ...base, warehouseId: north, amount: 2_000, status: 'delivered', deliveredAt: '2026-03-05T10:00:00Z' });
    const older = await supplyOrder({ ...base, warehouseId: north, amount: 1_000, status: 'delivered', deliveredAt: '2026-03-02T10:00:00Z' });
    const southern = await supplyOrder({ ...base, warehouseId: south, amount: 3_000, status: 'delivered', deliveredAt: '2026-03-03T10:00:00Z' });
    const pending = await supplyOrder({ ...base, warehouseId: north, amount: 9_000, status: 'pending' });

    // 5 % scrap: 1,000 bottles take 1,050 preforms.
    const productId = await makeProduct(db, { ...base, warehouseId: north, companyId: COMPANY_A, scrapRate: 0.05 });
    const orderId = await makeProductionOrder(db, { companyId: COMPANY_A });
    const itemId = await makeOrderItem(db, { orderId, productId, planned: 10_000, produced: 2_000 });
    const entry = (quantity: number, total: number, at: string) =>
      db
        .insertInto('produced_entries')
        .values({ order_item_id: itemId, quantity, produced_total: total, subject: 'operator-1', recorded_by: 'Olga', created_at: new Date(at) })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await entry(1_000, 1_000, '2026-03-06T08:00:00Z');
    const second = await entry(1_200, 2_200, '2026-03-07T08:00:00Z');
    const lowered = await entry(-200, 2_000, '2026-03-08T08:00:00Z');

    // As the owner, as migrations run.
    const owner = database.asOwner() as unknown as Kysely<unknown>;
    await recallRows.down(owner);
    await migration.down(owner);
    await migration.up(owner);
    await recallRows.up(owner);
    await grantAppRole(database.asOwner(), TEST_APP_ROLE);

    const lots = await db.selectFrom('lots').select(['id', 'supply_order_id', 'warehouse_id', 'delivery_date', 'quantity', 'consumed', 'manufacturer_id']).orderBy('delivery_date').execute();
    expect(lots.map((lot) => [lot.supply_order_id, lot.warehouse_id, lot.delivery_date, lot.quantity, lot.manufacturer_id])).toEqual([
      [older, north, '2026-03-02', 1_000, preform.manufacturers[0]],
      [southern, south, '2026-03-03', 3_000, preform.manufacturers[0]],
      [newer, north, '2026-03-05', 2_000, preform.manufacturers[0]],
    ]);
    expect(lots.some((lot) => lot.supply_order_id === pending)).toBe(false);
    const lotOf = (supplyOrderId: number) => lots.find((lot) => lot.supply_order_id === supplyOrderId)!.id;

    const uses = await db.selectFrom('lot_consumptions').select(['produced_entry_id', 'lot_id', 'preforms', 'origin']).orderBy('produced_entry_id').orderBy('lot_id').execute();
    expect(uses).toEqual([
      // 1,050 preforms: the older lot's 1,000, then 50 of the newer one.
      { produced_entry_id: first.id, lot_id: lotOf(older), preforms: 1_000, origin: 'migration' },
      { produced_entry_id: first.id, lot_id: lotOf(newer), preforms: 50, origin: 'migration' },
      // 2,310 − 1,050 = 1,260 preforms, all from the newer lot (the southern warehouse's lot is never touched).
      { produced_entry_id: second.id, lot_id: lotOf(newer), preforms: 1_260, origin: 'migration' },
      // The lowered total gave back 2,310 − 2,100 = 210 preforms: kept as an unlotted give-back.
      { produced_entry_id: lowered.id, lot_id: null, preforms: -210, origin: 'migration' },
    ]);
    expect(lots.map((lot) => [lot.supply_order_id, lot.consumed])).toEqual([
      [older, 1_000],
      [southern, 0],
      [newer, 1_310],
    ]);
    // The recall's kept rows (migration 2026-11-25-0930) start complete too: the item, with its net preforms per lot.
    const kept = await db.selectFrom('lot_item_uses').select(['lot_id', 'item_id', 'preforms']).orderBy('lot_id').execute();
    expect(kept).toEqual([
      { lot_id: lotOf(older), item_id: itemId, preforms: 1_000 },
      { lot_id: lotOf(newer), item_id: itemId, preforms: 1_310 },
    ]);
  });
});
