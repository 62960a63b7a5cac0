import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { nowMs } from '../../lib/clock.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { consumeFifo, receiveLot, replayFifo, type FifoRecord } from './lots.ledger.js';

/**
 * replayFifo (the demo seed's half year at once) takes the preforms of past records by consumeFifo's rule: the same
 * rows, lot by lot and unlotted, as consumeFifo record by record, oldest first.
 */
let database: TestDatabase;
const DAY = 86_400_000;
const records: (FifoRecord & { at: Date })[] = [];
const lots: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const preform = await makePreform(db);
  const warehouse = await makeWarehouse(db);
  const product = await makeProduct(db, { preformId: preform.id, warehouseId: warehouse, supplyId: preform.supplyIds[0]! });
  const item = await makeOrderItem(db, { orderId: await makeProductionOrder(db), productId: product, planned: 10_000 });
  // Lots delivered 20, 10 and 2 days ago.
  for (const [daysAgo, amount] of [
    [20, 1_000],
    [10, 1_500],
    [2, 2_000],
  ] as const) {
    const at = new Date(nowMs() - daysAgo * DAY);
    const { id } = await db
      .insertInto('supply_orders')
      .values({
        order_status: 'delivered',
        stock: true,
        delivered_at: at,
        ordered_amount: amount,
        due_date: at.toISOString().slice(0, 10),
        preform_id: preform.id,
        preform_warehouse_id: warehouse,
        preform_supply_id: preform.supplyIds[0]!,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lots.push(await db.transaction().execute((trx) => receiveLot(trx, { supplyOrderId: id, deliveredAt: at })));
  }
  // Records before any lot, while the first lot lasts and beyond it before the second arrived, and across the last two.
  let total = 0;
  for (const [daysAgo, preforms] of [
    [25, 300],
    [15, 800],
    [12, 600],
    [8, 1_000],
    [1, 2_000],
  ] as const) {
    total += preforms - 10;
    const at = new Date(nowMs() - daysAgo * DAY);
    const { id } = await db
      .insertInto('produced_entries')
      .values({ order_item_id: item, quantity: preforms - 10, produced_total: total, subject: 'demo', recorded_by: 'Demo Operator', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    records.push({ producedEntryId: id, orderItemId: item, preformId: preform.id, warehouseId: warehouse, preforms, bottles: preforms - 10, subject: 'demo', at });
  }
});
afterAll(async () => {
  await database?.drop();
});

/** What a way of writing the records leaves (rows and lots' consumed), rolled back afterwards. */
async function outcomeOf(db: Db, write: (trx: Transaction<Database>) => Promise<void>) {
  let outcome: unknown;
  await db
    .transaction()
    .execute(async (trx) => {
      await write(trx);
      const rows = await trx.selectFrom('lot_consumptions').select(['produced_entry_id', 'lot_id', 'preforms', 'bottles', 'origin']).orderBy('id').execute();
      const consumed = await trx.selectFrom('lots').select(['id', 'consumed']).orderBy('id').execute();
      outcome = { rows, consumed };
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });
  return outcome;
}

describe('replayFifo', () => {
  it("writes what consumeFifo writes record by record: each record's preforms from the lots there by its time, oldest first, the rest unlotted", async () => {
    const one = await outcomeOf(database.db, async (trx) => {
      for (const { at: _at, ...record } of records) await consumeFifo(trx, record);
    });
    const all = await outcomeOf(database.db, (trx) => replayFifo(trx, records));
    expect(all).toEqual(one);
    const [first, second, third] = lots;
    expect((all as { rows: unknown[] }).rows).toEqual([
      { produced_entry_id: records[0]!.producedEntryId, lot_id: null, preforms: 300, bottles: 290, origin: 'fifo' },
      { produced_entry_id: records[1]!.producedEntryId, lot_id: first, preforms: 800, bottles: 790, origin: 'fifo' },
      { produced_entry_id: records[2]!.producedEntryId, lot_id: first, preforms: 200, bottles: 197, origin: 'fifo' },
      { produced_entry_id: records[2]!.producedEntryId, lot_id: null, preforms: 400, bottles: 393, origin: 'fifo' },
      { produced_entry_id: records[3]!.producedEntryId, lot_id: second, preforms: 1_000, bottles: 990, origin: 'fifo' },
      { produced_entry_id: records[4]!.producedEntryId, lot_id: second, preforms: 500, bottles: 498, origin: 'fifo' },
      { produced_entry_id: records[4]!.producedEntryId, lot_id: third, preforms: 1_500, bottles: 1_492, origin: 'fifo' },
    ]);
  });
});
