import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { COMPANY_A, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import * as migration from '../../db/migrations/2026-11-25-0110-lots.js';
import * as recallRows from '../../db/migrations/2026-11-25-0930-lot-item-uses.js';
import * as byUseTime from '../../db/migrations/2026-12-02-0100-lots-by-use-time.js';
import * as sustainability from '../../db/migrations/2026-12-07-0130-sustainability.js';
import * as certificates from '../../db/migrations/2026-12-07-0140-lot-certificates.js';
import { ALL_COMPANIES } from '../../lib/scope.js';
import { traceOfItem } from './trace.service.js';
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

/**
 * The lots migrations again over the data as it is, as the owner, as migrations run: the lots' own (0110, which
 * replays FIFO whatever the lots' arrival), the recall's kept rows, then the replay by the time of use.
 */
async function replayLotsMigrations() {
  const owner = database.asOwner() as unknown as Kysely<unknown>;
  // Lots' compositions and certificate files reference lots: they leave first and come back last.
  await certificates.down(owner);
  await sustainability.down(owner);
  await byUseTime.down(owner);
  await recallRows.down(owner);
  await migration.down(owner);
  await migration.up(owner);
  await recallRows.up(owner);
  await byUseTime.up(owner);
  await sustainability.up(owner);
  await certificates.up(owner);
  await grantAppRole(database.asOwner(), TEST_APP_ROLE);
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

    await replayLotsMigrations();

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
      // The lowered total gave back 2,310 − 2,100 = 210 preforms, as production gives back: to the newest lot the
      // item took from (migration 2026-12-02-0100 computes every record again by the rules of its time).
      { produced_entry_id: lowered.id, lot_id: lotOf(newer), preforms: -210, origin: 'migration' },
    ]);
    expect(lots.map((lot) => [lot.supply_order_id, lot.consumed])).toEqual([
      [older, 1_000],
      [southern, 0],
      [newer, 1_100],
    ]);
    // The recall's kept rows (migration 2026-11-25-0930) start complete too: the item, with its net preforms per lot.
    const kept = await db.selectFrom('lot_item_uses').select(['lot_id', 'item_id', 'preforms']).orderBy('lot_id').execute();
    expect(kept).toEqual([
      { lot_id: lotOf(older), item_id: itemId, preforms: 1_000 },
      { lot_id: lotOf(newer), item_id: itemId, preforms: 1_100 },
    ]);
  });
});

describe('lots follow when the preforms were used (migration 2026-12-02-0100)', () => {
  it('gives no line a lot delivered after its preforms were used: those preforms are its unlotted share', async () => {
    const db = database.db;
    const preform = await makePreform(db);
    const [north, south] = [await makeWarehouse(db), await makeWarehouse(db)];
    const base = { preformId: preform.id, supplyId: preform.supplyIds[0] };
    // Lot 1 delivered early; lot 2 on 24 November, after the lines due 1 and 6 November were produced.
    const lot1Order = await supplyOrder({ ...base, warehouseId: north, amount: 10_000, status: 'delivered', deliveredAt: '2026-10-20T08:00:00Z' });
    const lot2Order = await supplyOrder({ ...base, warehouseId: north, amount: 60_000, status: 'delivered', deliveredAt: '2026-11-24T10:00:00Z' });
    // Another warehouse's lot, there since October: never this product's.
    await supplyOrder({ ...base, warehouseId: south, amount: 50_000, status: 'delivered', deliveredAt: '2026-10-01T08:00:00Z' });

    // No scrap: a line's preforms are its bottles.
    const productId = await makeProduct(db, { ...base, warehouseId: north, companyId: COMPANY_A, scrapRate: 0 });
    const orderId = await makeProductionOrder(db, { companyId: COMPANY_A });
    const line = (dueDate: string, produced: number) => makeOrderItem(db, { orderId, productId, planned: 50_000, produced, dueDate });
    const due1 = await line('2026-11-01', 20_000);
    const due6 = await line('2026-11-06', 20_000);
    const due30 = await line('2026-11-30', 14_000);
    const entry = (itemId: number, quantity: number, total: number, at: string) =>
      db
        .insertInto('produced_entries')
        .values({ order_item_id: itemId, quantity, produced_total: total, subject: 'operator-1', recorded_by: 'Olga', created_at: new Date(at) })
        .returning('id')
        .executeTakeFirstOrThrow();
    const due1First = await entry(due1, 8_000, 8_000, '2026-10-28T08:00:00Z');
    const due1Second = await entry(due1, 12_000, 20_000, '2026-10-31T08:00:00Z');
    const due6Only = await entry(due6, 20_000, 20_000, '2026-11-05T08:00:00Z');
    const due30Made = await entry(due30, 15_000, 15_000, '2026-11-26T08:00:00Z');
    const due30Lowered = await entry(due30, -1_000, 14_000, '2026-11-27T08:00:00Z');

    await replayLotsMigrations();

    const lots = await db.selectFrom('lots').select(['id', 'supply_order_id', 'quantity', 'consumed', 'received_at']).where('supply_order_id', 'in', [lot1Order, lot2Order]).execute();
    const lot = (supplyOrderId: number) => lots.find((row) => row.supply_order_id === supplyOrderId)!;
    expect(lot(lot2Order).received_at).toEqual(new Date('2026-11-24T10:00:00Z'));
    const usesOf = async (entryId: number) =>
      db.selectFrom('lot_consumptions').select(['lot_id', 'preforms', 'bottles']).where('produced_entry_id', '=', entryId).orderBy('id').execute();

    // Before lot 2 arrived: lot 1 while it lasts, the rest unlotted.
    expect(await usesOf(due1First.id)).toEqual([{ lot_id: lot(lot1Order).id, preforms: 8_000, bottles: 8_000 }]);
    expect(await usesOf(due1Second.id)).toEqual([
      { lot_id: lot(lot1Order).id, preforms: 2_000, bottles: 2_000 },
      { lot_id: null, preforms: 10_000, bottles: 10_000 },
    ]);
    expect(await usesOf(due6Only.id)).toEqual([{ lot_id: null, preforms: 20_000, bottles: 20_000 }]);
    // After it: lot 2, and a lowered total gives back to the lot the line took from.
    expect(await usesOf(due30Made.id)).toEqual([{ lot_id: lot(lot2Order).id, preforms: 15_000, bottles: 15_000 }]);
    expect(await usesOf(due30Lowered.id)).toEqual([{ lot_id: lot(lot2Order).id, preforms: -1_000, bottles: -1_000 }]);
    expect([lot(lot1Order).consumed, lot(lot2Order).consumed]).toEqual([10_000, 14_000]);

    // The line views: lot 2 on no line produced before 24 November, each line's lotted and unlotted shares.
    const view = async (itemId: number) => {
      const trace = await traceOfItem(db, ALL_COMPANIES, itemId);
      return { lots: trace.lots.map((traced) => [traced.id, traced.preforms]), unlotted: trace.unlottedPreforms };
    };
    expect(await view(due1)).toEqual({ lots: [[lot(lot1Order).id, 10_000]], unlotted: 10_000 });
    expect(await view(due6)).toEqual({ lots: [], unlotted: 20_000 });
    expect(await view(due30)).toEqual({ lots: [[lot(lot2Order).id, 14_000]], unlotted: 0 });

    // The recall's kept rows follow: lot 2 reached only the line due 30 November.
    const kept = await db.selectFrom('lot_item_uses').select(['item_id', 'preforms']).where('lot_id', '=', lot(lot2Order).id).execute();
    expect(kept).toEqual([{ item_id: due30, preforms: 14_000 }]);

    // The ledger's figures stay: each record still adds up to the preforms and bottles it moved.
    const totals = await db
      .selectFrom('lot_consumptions')
      .select(['produced_entry_id', sql<number>`sum(preforms)::int`.as('preforms'), sql<number>`sum(bottles)::int`.as('bottles')])
      .where('order_item_id', 'in', [due1, due6, due30])
      .groupBy('produced_entry_id')
      .orderBy('produced_entry_id')
      .execute();
    expect(totals.map((row) => [row.preforms, row.bottles])).toEqual([
      [8_000, 8_000],
      [12_000, 12_000],
      [20_000, 20_000],
      [15_000, 15_000],
      [-1_000, -1_000],
    ]);
  });
});

describe("the admin's corrections under the time of use (migration 2026-12-02-0100)", () => {
  it('keeps a correction whose lots had arrived by the record, and computes again one naming a lot delivered after it', async () => {
    const db = database.db;
    const preform = await makePreform(db);
    const warehouseId = await makeWarehouse(db);
    const base = { preformId: preform.id, supplyId: preform.supplyIds[0], warehouseId };
    const productId = await makeProduct(db, { ...base, companyId: COMPANY_A, scrapRate: 0 });
    const orderId = await makeProductionOrder(db, { companyId: COMPANY_A });
    const itemId = await makeOrderItem(db, { orderId, productId, planned: 10_000, produced: 3_000 });
    await replayLotsMigrations();
    // Three lots, as the supply board makes them: September 1st and 10th, October 20th.
    const lot = async (deliveredAt: string) => {
      const supplyOrderId = await supplyOrder({ ...base, amount: 5_000, status: 'delivered', deliveredAt });
      const row = await db
        .insertInto('lots')
        .values({
          supply_order_id: supplyOrderId, preform_id: preform.id, warehouse_id: warehouseId, preform_supply_id: preform.supplyIds[0],
          manufacturer_id: preform.manufacturers[0], delivery_date: deliveredAt.slice(0, 10), received_at: new Date(deliveredAt), quantity: 5_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const [first, second, late] = [await lot('2026-09-01T08:00:00Z'), await lot('2026-09-10T08:00:00Z'), await lot('2026-10-20T08:00:00Z')];
    // Two records the admin corrected: 15 September to the lot of the 10th (there by then), 1 October to the lot of
    // 20 October (not yet there).
    const corrected = async (at: string, quantity: number, total: number, lotId: number) => {
      const entry = await db
        .insertInto('produced_entries')
        .values({ order_item_id: itemId, quantity, produced_total: total, subject: 'operator-1', recorded_by: 'Olga', created_at: new Date(at) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('lot_consumptions')
        .values({ produced_entry_id: entry.id, order_item_id: itemId, lot_id: lotId, preform_id: preform.id, warehouse_id: warehouseId, preforms: quantity, bottles: quantity, origin: 'correction', subject: 'admin-1' })
        .execute();
      await db.updateTable('lots').set((eb) => ({ consumed: eb('consumed', '+', quantity) })).where('id', '=', lotId).execute();
      return entry.id;
    };
    const kept = await corrected('2026-09-15T08:00:00Z', 2_000, 2_000, second);
    const early = await corrected('2026-10-01T08:00:00Z', 1_000, 3_000, late);

    const owner = database.asOwner() as unknown as Kysely<unknown>;
    await byUseTime.down(owner);
    await byUseTime.up(owner);

    const usesOf = (entryId: number) =>
      db.selectFrom('lot_consumptions').select(['lot_id', 'preforms', 'origin']).where('produced_entry_id', '=', entryId).orderBy('id').execute();
    expect(await usesOf(kept)).toEqual([{ lot_id: second, preforms: 2_000, origin: 'correction' }]);
    // The lot of 20 October cannot be in preforms used on 1 October: FIFO among the lots there then.
    expect(await usesOf(early)).toEqual([{ lot_id: first, preforms: 1_000, origin: 'migration' }]);
    const consumed = await db.selectFrom('lots').select(['id', 'consumed']).where('id', 'in', [first, second, late]).orderBy('id').execute();
    expect(consumed.map((row) => row.consumed)).toEqual([1_000, 2_000, 0]);
  });
});
