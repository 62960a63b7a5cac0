import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';
import { BANNER_ITEMS } from '../machines/machines.service.js';
import { findAffectedItems } from '../machines/machines.repository.js';

/**
 * The seller plans its production order item on one of the product's machines (FB-101 or FB-102): the stopped-machine
 * banner then lists the item on that machine only, where the product alone named both.
 */
let database: TestDatabase;
let app: FastifyInstance;
let seller: string;
let product: number;
let orderCounter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createTwoCompanies(database.db);
  seller = await as.seller(COMPANY_A);
  const warehouseId = await makeWarehouse(database.db);
  const preform = await makePreform(database.db);
  product = await makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId: COMPANY_A, name: 'Spring Water 0.5 L' });
  await database.db.updateTable('client_products').set({ machine_names: 'FB-101, FB-102' }).where('id', '=', product).execute();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** A confirmed item of the seller's own order, ready for a production order item. */
async function confirmedItem() {
  const order = await database.db
    .insertInto('client_production_orders')
    .values({ company_id: COMPANY_A, order_no: `SO-${++orderCounter}`, purchase_date: '2026-12-18' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = await database.db
    .insertInto('client_production_order_items')
    .values({ order_id: order.id, client_product_id: product, due_date: '2026-12-01', planned_amount: 40_000, is_buyer_confirmed: true, is_seller_confirmed: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return item.id;
}

const plan = (id: number, version: number, refProductionOrderItem: object, orderNo = 'PO-M-1') =>
  post(app, '/api/client/orders/planner/item/save', { item: { id, version, refProductionOrder: { orderNo }, refProductionOrderItem } }, seller);
const bannerIds = async (machineName: string) =>
  (await findAffectedItems(database.db, [{ companyId: COMPANY_A, machineName }], BANNER_ITEMS)).map((entry) => entry.id);

describe('planner: the machine of a production order item', () => {
  it("saves one of the product's machines: that machine's banner lists the item, the other machine's does not", async () => {
    const id = await confirmedItem();
    const saved = await plan(id, 0, { dueDate: '2026-12-04', plannedAmount: 20_000, machineName: 'FB-102' });
    expect(saved.status).toBe(200);
    expect(saved.body.refProductionOrderItem).toMatchObject({ plannedAmount: 20_000, machineName: 'FB-102' });
    const refId = saved.body.refProductionOrderItemId as number;
    // The planner offers the product's machines and reads the planned one back.
    expect(saved.body.productMachineNames).toEqual(['FB-101', 'FB-102']);
    const planner = await post(app, '/api/client/orders/planner/get', { startTimestamp: '2026-11-30T00:00:00Z', endTimestamp: '2026-12-07T00:00:00Z' }, seller);
    expect(planner.body.orders.find((entry: { id: number }) => entry.id === id)).toMatchObject({
      productMachineNames: ['FB-101', 'FB-102'],
      refProductionOrderItem: { machineName: 'FB-102' },
    });
    expect(await bannerIds('FB-102')).toContain(refId);
    expect(await bannerIds('FB-101')).not.toContain(refId);
    const audit = await database.db.selectFrom('audit_log').select('details').where('operation', '=', 'savePlannerItem').where('record_id', '=', String(id)).executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ production: { machineName: 'FB-102' } });

    // Absent keeps the machine; null clears it (then neither machine's banner names the item: the product names two).
    const kept = await plan(id, saved.body.version, { dueDate: '2026-12-07', plannedAmount: 20_000 });
    expect(kept.body.refProductionOrderItem).toMatchObject({ dueDate: '2026-12-07', machineName: 'FB-102' });
    const cleared = await plan(id, kept.body.version, { dueDate: '2026-12-07', plannedAmount: 20_000, machineName: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.refProductionOrderItem).toMatchObject({ machineName: null });
    expect(await bannerIds('FB-102')).not.toContain(refId);
  });

  it("answers 400 naming the field for a machine the product does not name, and writes nothing", async () => {
    const id = await confirmedItem();
    const before = await database.db.selectFrom('client_production_order_items').select(['id', 'version', 'ref_production_order_item_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const count = async () => (await database.db.selectFrom('client_production_order_items').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    const itemsBefore = await count();
    const refused = await plan(id, 0, { dueDate: '2026-12-04', plannedAmount: 20_000, machineName: 'FB-7' }, 'PO-M-2');
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'item.refProductionOrderItem.machineName', code: 'machine' });
    expect(await database.db.selectFrom('client_production_order_items').select(['id', 'version', 'ref_production_order_item_id']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await count()).toBe(itemsBefore);
    expect(await database.db.selectFrom('client_production_orders').select('id').where('order_no', '=', 'PO-M-2').execute()).toEqual([]);
  });
});
