import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { TEST_APP_ROLE } from '../../../../tests/support/global-setup.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import * as migration from '../../db/migrations/2026-11-25-1100-agenda-counts.js';
import { grantAppRole } from '../../db/roles.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { getAgenda, mondayOf } from './agenda.service.js';

/**
 * The agenda's kept rows are filled by their migration for the records written before it: the records are written
 * without its tables and triggers (down), then it runs again (up); the rows equal the computed ones and the agenda
 * answers from them.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('the agenda counts migration', () => {
  it('fills the agenda rows and day counts of the items already there', async () => {
    const owner = database.asOwner() as unknown as Kysely<unknown>;
    await migration.down(owner);
    const db = database.db;
    const [producing, buyer] = [await createCompany(db, 'migrated-maker'), await createCompany(db, 'migrated-buyer', { clientType: '1' })];
    const preform = await makePreform(db);
    const warehouseId = await makeWarehouse(db);
    const product = await makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: producing });
    const monday = mondayOf('2096-05-09');
    const open = await makeProductionOrder(db, { companyId: producing, orderNo: 'PO-10' });
    const openToo = await makeProductionOrder(db, { companyId: producing, orderNo: 'PO-9' });
    const closed = await makeProductionOrder(db, { companyId: producing, orderNo: 'PO-1', closed: 1 });
    const buyers = await makeProductionOrder(db, { companyId: buyer, orderNo: 'PO-2' });
    const wednesday = '2096-05-09';
    const ids = {
      open: await makeOrderItem(db, { orderId: open, productId: product, planned: 1_000, dueDate: wednesday }),
      openToo: await makeOrderItem(db, { orderId: openToo, productId: product, planned: 1_000, dueDate: wednesday }),
      missed: await makeOrderItem(db, { orderId: openToo, productId: product, planned: 1_000, dueDate: '2096-04-30' }),
      closed: await makeOrderItem(db, { orderId: closed, productId: product, planned: 1_000, dueDate: wednesday }),
      closedLongAgo: await makeOrderItem(db, { orderId: closed, productId: product, planned: 1_000, dueDate: '2021-06-02' }),
      buyers: await makeOrderItem(db, { orderId: buyers, productId: product, planned: 1_000, dueDate: wednesday }),
    };

    await migration.up(owner);
    await grantAppRole(database.asOwner(), TEST_APP_ROLE);

    const kept = (await sql`select item_id, due_date, order_no, open from agenda_items order by item_id`.execute(db)).rows;
    expect(kept).toEqual((await sql`select item_id, due_date, order_no, open from agenda_items_computed order by item_id`.execute(db)).rows);
    expect(kept.map((row) => (row as { item_id: number }).item_id)).toEqual([ids.open, ids.openToo, ids.missed, ids.closed, ids.closedLongAgo]);
    const days = (await sql`select due_date, open_items, closed_items from agenda_day_counts where open_items <> 0 or closed_items <> 0 order by due_date`.execute(db)).rows;
    expect(days).toEqual((await sql`select due_date, open_items, closed_items from agenda_day_counts_computed order by due_date`.execute(db)).rows);
    expect(days).toEqual([
      { due_date: '2021-06-02', open_items: 0, closed_items: 1 },
      { due_date: '2096-04-30', open_items: 1, closed_items: 0 },
      { due_date: wednesday, open_items: 2, closed_items: 1 },
    ]);

    // The week: the item missed before it in PREV; on Wednesday PO-1 (closed, in the window: due after today), PO-9,
    // PO-10 (numeric order); the closed item of 2021 (before the window) and the buyer's item nowhere.
    const cards = await getAgenda(db, { week: monday });
    expect(cards.map((card) => [card.id, card.columnCount])).toEqual([
      [ids.missed, 1],
      [ids.closed, 3],
      [ids.openToo, 3],
      [ids.open, 3],
    ]);
  });
});
