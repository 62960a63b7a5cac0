import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, COMPANY_B, createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';
import { underEachPlanMode } from '../../../../tests/support/plans.test-utils.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { companySnapshot, invoiceItem } from './orders.fixtures.js';
import { getPlanner as plannerOf } from './planner.service.js';
import { companyScopeOf } from '../../lib/scope.js';

/**
 * Companies A and B are sellers (converters); BUYER is a buyer company whose products are made by A (productA)
 * or by B (productB). A also has its own product and order.
 */
const BUYER = 'buyer-co';
let database: TestDatabase;
let app: FastifyInstance;
let sellerA: string;
let sellerB: string;
let productOwnA: number;
let productA: number;
let productB: number;

const TUESDAY = '2026-12-01';
const WEDNESDAY = '2026-12-02';
const FRIDAY = '2026-12-04';
const SATURDAY = '2026-12-05';
const MONDAY = '2026-12-07';
const PURCHASE_DATE = '2026-12-18';
const RANGE = { startTimestamp: '2026-11-30T00:00:00Z', endTimestamp: '2027-01-11T00:00:00Z' };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createTwoCompanies(database.db);
  await createCompany(database.db, BUYER, { name: 'Buyer Co', clientType: '1', fbs: [] });
  sellerA = await as.seller(COMPANY_A);
  sellerB = await as.seller(COMPANY_B);
  const warehouseId = await makeWarehouse(database.db);
  const preform = await makePreform(database.db);
  const product = (companyId: string, name: string) =>
    makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId, name });
  productOwnA = await product(COMPANY_A, 'Juice Bottle 1 L');
  productA = await product(BUYER, 'Kvass 0.5 L (made by A)');
  productB = await product(BUYER, 'Lemonade 0.5 L (made by B)');
  await database.db.updateTable('client_products').set({ seller_company_id: COMPANY_A }).where('id', '=', productA).execute();
  await database.db.updateTable('client_products').set({ seller_company_id: COMPANY_B }).where('id', '=', productB).execute();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

interface PlannerItem {
  id: number;
  clientProductId: number;
  dueDate: string;
  plannedAmount: number;
  producedAmount: number;
  isBuyerConfirmed: boolean;
  isSellerConfirmed: boolean;
  refProductionOrderId: number | null;
  refProductionOrder: { id: number; orderNo: string } | null;
  refProductionOrderItemId: number | null;
  refProductionOrderItem: { id: number; dueDate: string; isClosed: boolean; plannedAmount: number; producedAmount?: number } | null;
  version: number;
  ClientProductionOrder: { id: number; orderNo: string; clientId: string; company: string | null; purchaseDate: string | null };
}
interface Forecast {
  id: number;
  clientId: string;
  items: { clientProductId: number; plannedAmount: number }[];
}

let orderCounter = 0;
/** An order of `companyId` with one item, written directly; answers the item id. */
async function makeItem(options: {
  companyId?: string;
  productId?: number;
  dueDate?: string;
  buyerConfirmed?: boolean;
  sellerConfirmed?: boolean;
  produced?: number;
  purchaseDate?: string | null;
}) {
  const order = await database.db
    .insertInto('client_production_orders')
    .values({ company_id: options.companyId ?? BUYER, order_no: `BO-${++orderCounter}`, purchase_date: options.purchaseDate === undefined ? PURCHASE_DATE : options.purchaseDate })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = await database.db
    .insertInto('client_production_order_items')
    .values({
      order_id: order.id,
      client_product_id: options.productId ?? productA,
      due_date: options.dueDate ?? TUESDAY,
      planned_amount: 40_000,
      produced_amount: options.produced ?? 0,
      is_buyer_confirmed: options.buyerConfirmed ?? true,
      is_seller_confirmed: options.sellerConfirmed ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return item.id;
}

const itemRow = (id: number) => database.db.selectFrom('client_production_order_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const getPlanner = (token = sellerA, range: object = RANGE) => post(app, '/api/client/orders/planner/get', range, token);
const savePlanner = (item: object, token = sellerA) => post(app, '/api/client/orders/planner/item/save', { item }, token);
const readItem = async (id: number, token = sellerA) => {
  const response = await getPlanner(token);
  return (response.body.orders as PlannerItem[]).find((item) => item.id === id);
};
const ordersOf = (companyId: string) => database.db.selectFrom('client_production_orders').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
const addProduction = (id: number, version: number, orderNo = 'AC-PO-1', dueDate = FRIDAY, plannedAmount = 40_000) =>
  savePlanner({ id, version, refProductionOrder: { orderNo }, refProductionOrderItem: { dueDate, plannedAmount } });

describe('planner: role gates', () => {
  it('answers 401 without a token', async () => {
    expect((await getPlanner('')).status).toBe(401);
  });

  it('the planner is the seller\'s: client, buyer and staff get 403 for both operations', async () => {
    for (const token of [await as.client(COMPANY_A), await as.buyer(BUYER), await as.admin(), await as.operator(), await as.accountant()]) {
      expect((await getPlanner(token)).status).toBe(403);
      expect((await savePlanner({ id: 1, version: 0, isSellerConfirmed: true }, token)).status).toBe(403);
    }
  });
});

describe('planner/get: the seller\'s items and forecasts', () => {
  let ownItem: number;
  let buyerItemA: number;
  let buyerItemB: number;
  let lateItem: number;

  beforeAll(async () => {
    ownItem = await makeItem({ companyId: COMPANY_A, productId: productOwnA, dueDate: WEDNESDAY, buyerConfirmed: false });
    buyerItemA = await makeItem({ productId: productA, dueDate: TUESDAY });
    buyerItemB = await makeItem({ productId: productB, dueDate: TUESDAY });
    lateItem = await makeItem({ productId: productA, dueDate: '2027-03-01' });
    const plan = await database.db
      .insertInto('client_production_plans')
      .values({ company_id: BUYER, period_from: '2026-12-01', period_to: '2026-12-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('client_production_plan_items')
      .values([
        { plan_id: plan.id, client_product_id: productA, planned_amount: 150_000 },
        { plan_id: plan.id, client_product_id: productB, planned_amount: 90_000 },
      ])
      .execute();
  });

  it("shows the seller's own company's order items and buyers' items of the products it makes, with the buyer's order and company", async () => {
    const response = await getPlanner();
    expect(response.status).toBe(200);
    const items = response.body.orders as PlannerItem[];
    const ids = items.map((item) => item.id);
    expect(ids).toContain(ownItem);
    expect(ids).toContain(buyerItemA);
    const buyer = items.find((item) => item.id === buyerItemA)!;
    expect(buyer.ClientProductionOrder).toMatchObject({ clientId: BUYER, company: 'Buyer Co', purchaseDate: PURCHASE_DATE });
    expect(buyer).toMatchObject({ clientProductId: productA, dueDate: TUESDAY, plannedAmount: 40_000, isBuyerConfirmed: true, isSellerConfirmed: false, refProductionOrderItem: null });
  });

  it('company B\'s seller never sees A\'s items (own orders or buyer items of A\'s products), only its own', async () => {
    const items = (await getPlanner(sellerB)).body.orders as PlannerItem[];
    const ids = items.map((item) => item.id);
    expect(ids).toContain(buyerItemB);
    expect(ids).not.toContain(ownItem);
    expect(ids).not.toContain(buyerItemA);
    expect((await getPlanner()).body.orders.map((item: PlannerItem) => item.id)).not.toContain(buyerItemB);
  });

  it('lists only items due in the range (end exclusive)', async () => {
    const ids = ((await getPlanner()).body.orders as PlannerItem[]).map((item) => item.id);
    expect(ids).not.toContain(lateItem);
    const tuesdayOnly = await getPlanner(sellerA, { startTimestamp: `${TUESDAY}T00:00:00Z`, endTimestamp: `${WEDNESDAY}T00:00:00Z` });
    expect((tuesdayOnly.body.orders as PlannerItem[]).map((item) => item.id)).toEqual(expect.arrayContaining([buyerItemA]));
    expect((tuesdayOnly.body.orders as PlannerItem[]).map((item) => item.id)).not.toContain(ownItem);
  });

  it("shows buyers' forecasts with only the items of the seller's products", async () => {
    const forecastsA = (await getPlanner()).body.forecasts as Forecast[];
    expect(forecastsA).toHaveLength(1);
    expect(forecastsA[0]).toMatchObject({ clientId: BUYER, periodFrom: '2026-12-01', periodTo: '2026-12-31' });
    expect(forecastsA[0].items).toEqual([{ clientProductId: productA, articleNo: expect.any(String), productName: 'Kvass 0.5 L (made by A)', plannedAmount: 150_000 }]);
    const forecastsB = (await getPlanner(sellerB)).body.forecasts as Forecast[];
    expect(forecastsB[0].items.map((item) => item.clientProductId)).toEqual([productB]);
  });

  it('a range that ends before it starts, or spans more than a year, is 400 naming endTimestamp', async () => {
    const backwards = await getPlanner(sellerA, { startTimestamp: RANGE.endTimestamp, endTimestamp: RANGE.startTimestamp });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0]).toMatchObject({ field: 'endTimestamp', code: 'min' });
    const long = await getPlanner(sellerA, { startTimestamp: '2026-01-01T00:00:00Z', endTimestamp: '2027-06-01T00:00:00Z' });
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ field: 'endTimestamp', code: 'max' });
  });
});

describe('planner/item/save: confirm', () => {
  it('the confirm dialog saves with seller confirmation on when the buyer has confirmed', async () => {
    const id = await makeItem({ buyerConfirmed: true });
    const response = await savePlanner({ id, version: 0, isSellerConfirmed: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, isBuyerConfirmed: true, isSellerConfirmed: true, version: 1 });
    expect((await itemRow(id)).is_seller_confirmed).toBe(true);
    const audit = await database.db.selectFrom('audit_log').selectAll().where('operation', '=', 'savePlannerItem').where('record_id', '=', String(id)).execute();
    expect(audit).toHaveLength(1);
  });

  it('confirm only when the buyer has confirmed: 409 otherwise and nothing changes', async () => {
    const id = await makeItem({ buyerConfirmed: false });
    const before = await itemRow(id);
    const response = await savePlanner({ id, version: 0, isSellerConfirmed: true });
    expect(response.status).toBe(409);
    expect(await itemRow(id)).toEqual(before);
  });

  it("the seller confirms its own company's item only like any other: not without the buyer confirmation (409)", async () => {
    const id = await makeItem({ companyId: COMPANY_A, productId: productOwnA, buyerConfirmed: false });
    expect((await savePlanner({ id, version: 0, isSellerConfirmed: true })).status).toBe(409);
  });

  it('a stale version is 409, a missing version 400, and nothing changes', async () => {
    const id = await makeItem({});
    expect((await savePlanner({ id, version: 5, isSellerConfirmed: true })).status).toBe(409);
    const missing = await savePlanner({ id, isSellerConfirmed: true });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ field: 'item.version', code: 'required' });
    expect((await itemRow(id)).is_seller_confirmed).toBe(false);
  });

  it('an item with an invoice is locked (409)', async () => {
    const id = await makeItem({});
    await invoiceItem(database.db, id);
    expect((await savePlanner({ id, version: 0, isSellerConfirmed: true })).status).toBe(409);
    expect((await itemRow(id)).is_seller_confirmed).toBe(false);
  });
});

describe('planner/item/save: tenant isolation', () => {
  it("B's seller gets 404 for A's buyer items and A's own items, exactly like a missing id, and nothing changes", async () => {
    const buyerItem = await makeItem({ productId: productA });
    const ownItem = await makeItem({ companyId: COMPANY_A, productId: productOwnA });
    const before = { a: await companySnapshot(database.db, COMPANY_A), buyer: await companySnapshot(database.db, BUYER) };
    for (const id of [buyerItem, ownItem]) {
      expect((await savePlanner({ id, version: 0, isSellerConfirmed: true }, sellerB)).status).toBe(404);
      expect((await savePlanner({ id, version: 0, dueDate: FRIDAY }, sellerB)).status).toBe(404);
      const add = await savePlanner({ id, version: 0, refProductionOrder: { orderNo: 'B-PO' }, refProductionOrderItem: { dueDate: FRIDAY, plannedAmount: 5000 } }, sellerB);
      expect(add.status).toBe(404);
    }
    expect((await savePlanner({ id: 999_999, version: 0, isSellerConfirmed: true }, sellerB)).status).toBe(404);
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before.a);
    expect(await companySnapshot(database.db, BUYER)).toEqual(before.buyer);
    expect(await ordersOf(COMPANY_B)).toEqual([]);
  });

  it("a buyer's item of a product no seller makes is nobody's planner item (404)", async () => {
    const plain = await makeProduct(database.db, {
      ...(await (async () => {
        const warehouseId = await makeWarehouse(database.db);
        const preform = await makePreform(database.db);
        return { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0] };
      })()),
      companyId: BUYER,
    });
    const id = await makeItem({ productId: plain });
    expect((await savePlanner({ id, version: 0, isSellerConfirmed: true })).status).toBe(404);
    expect(await readItem(id)).toBeUndefined();
  });
});

describe('planner/item/save: drag to another day', () => {
  it('a planner drag to another day saves the item with buyer confirmation cleared', async () => {
    const id = await makeItem({ dueDate: TUESDAY, buyerConfirmed: true, sellerConfirmed: true });
    const response = await savePlanner({ id, version: 0, dueDate: FRIDAY });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ dueDate: FRIDAY, isBuyerConfirmed: false, isSellerConfirmed: true, version: 1 });
  });

  it("a drop is allowed only on a day on or after the item's date: an earlier day is 400 and nothing changes", async () => {
    const id = await makeItem({ dueDate: WEDNESDAY });
    const before = await itemRow(id);
    const response = await savePlanner({ id, version: 0, dueDate: TUESDAY });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ field: 'item.dueDate', code: 'min' });
    expect(await itemRow(id)).toEqual(before);
  });

  it('the same day changes nothing (no version bump, buyer confirmation kept)', async () => {
    const id = await makeItem({ dueDate: WEDNESDAY });
    const response = await savePlanner({ id, version: 0, dueDate: WEDNESDAY });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ isBuyerConfirmed: true, version: 0 });
  });

  it('a weekend day is 400 (order items are due on weekdays)', async () => {
    const id = await makeItem({ dueDate: TUESDAY });
    const response = await savePlanner({ id, version: 0, dueDate: SATURDAY });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ field: 'item.dueDate', code: 'weekday' });
  });

  it('confirming a dragged item in the same save is refused: the drag cleared the buyer confirmation (409)', async () => {
    const id = await makeItem({ dueDate: TUESDAY, buyerConfirmed: true });
    expect((await savePlanner({ id, version: 0, dueDate: FRIDAY, isSellerConfirmed: true })).status).toBe(409);
    expect(await itemRow(id)).toMatchObject({ due_date: TUESDAY, is_buyer_confirmed: true });
  });
});

describe('planner/item/save: new production order', () => {
  it('creates, in one save, an order of the seller\'s company with an item for the same product, and links it', async () => {
    const id = await makeItem({ buyerConfirmed: true, sellerConfirmed: true });
    const response = await addProduction(id, 0, 'AC-PO-NEW', FRIDAY, 42_000);
    expect(response.status).toBe(200);
    const item = response.body as PlannerItem;
    expect(item.refProductionOrder).toMatchObject({ orderNo: 'AC-PO-NEW' });
    expect(item.refProductionOrderItem).toMatchObject({ dueDate: FRIDAY, plannedAmount: 42_000, isClosed: false });
    const order = (await ordersOf(COMPANY_A)).find((row) => row.order_no === 'AC-PO-NEW')!;
    expect(order).toMatchObject({ id: item.refProductionOrderId, closed: 0 });
    const ref = await itemRow(item.refProductionOrderItemId!);
    expect(ref).toMatchObject({ order_id: order.id, client_product_id: productA, due_date: FRIDAY, planned_amount: 42_000 });
    expect((await itemRow(id)).ref_production_order_item_id).toBe(ref.id);
    // The buyer's item and the seller's new item both show in the seller's planner.
    expect((await readItem(ref.id))?.ClientProductionOrder.orderNo).toBe('AC-PO-NEW');
  });

  it('reuses an open order with that number; a closed one with the same number is not reused', async () => {
    const closed = await database.db
      .insertInto('client_production_orders')
      .values({ company_id: COMPANY_A, order_no: 'AC-PO-REUSE', closed: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await makeItem({ sellerConfirmed: true });
    const second = await makeItem({ sellerConfirmed: true });
    const one = (await addProduction(first, 0, 'AC-PO-REUSE')).body as PlannerItem;
    const two = (await addProduction(second, 0, '  AC-PO-REUSE ')).body as PlannerItem;
    expect(one.refProductionOrderId).not.toBe(closed.id);
    expect(two.refProductionOrderId).toBe(one.refProductionOrderId);
    expect((await ordersOf(COMPANY_A)).filter((row) => row.order_no === 'AC-PO-REUSE')).toHaveLength(2);
  });

  it('only when confirmed by both sides: 409 otherwise and nothing is written', async () => {
    for (const state of [
      { buyerConfirmed: true, sellerConfirmed: false },
      { buyerConfirmed: false, sellerConfirmed: true },
    ]) {
      const id = await makeItem(state);
      const before = { a: await companySnapshot(database.db, COMPANY_A), item: await itemRow(id) };
      expect((await addProduction(id, 0, 'AC-PO-UNCONFIRMED')).status).toBe(409);
      expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before.a);
      expect(await itemRow(id)).toEqual(before.item);
    }
  });

  it('with a referenced production order the same save edits it (date, quantity, order); no second item is made', async () => {
    const id = await makeItem({ sellerConfirmed: true });
    const added = (await addProduction(id, 0, 'AC-PO-EDIT', FRIDAY, 40_000)).body as PlannerItem;
    const itemsBefore = (await companySnapshot(database.db, COMPANY_A)).items.length;
    const edited = await addProduction(id, added.version, 'AC-PO-EDIT-2', MONDAY, 50_000);
    expect(edited.status).toBe(200);
    expect(edited.body.refProductionOrderItemId).toBe(added.refProductionOrderItemId);
    expect(edited.body.refProductionOrderItem).toMatchObject({ dueDate: MONDAY, plannedAmount: 50_000 });
    expect(edited.body.refProductionOrder.orderNo).toBe('AC-PO-EDIT-2');
    expect((await companySnapshot(database.db, COMPANY_A)).items.length).toBe(itemsBefore);
    // A stale add (the version read before the first add) is 409.
    expect((await addProduction(id, 0, 'AC-PO-EDIT')).status).toBe(409);
  });

  it('the seller confirmation cannot be withdrawn once a production order item exists (409)', async () => {
    const id = await makeItem({ sellerConfirmed: true });
    const added = (await addProduction(id, 0)).body as PlannerItem;
    expect((await savePlanner({ id, version: added.version, isSellerConfirmed: false })).status).toBe(409);
  });

  it('orderNo is required (400 naming it); a blank one too', async () => {
    const id = await makeItem({ sellerConfirmed: true });
    const blank = await savePlanner({ id, version: 0, refProductionOrder: { orderNo: '   ' }, refProductionOrderItem: { dueDate: FRIDAY, plannedAmount: 5000 } });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body.errors)).toContain('refProductionOrder');
    const missing = await savePlanner({ id, version: 0, refProductionOrderItem: { dueDate: FRIDAY, plannedAmount: 5000 } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ field: 'item.refProductionOrder.orderNo', code: 'required' });
    const noItem = await savePlanner({ id, version: 0, refProductionOrder: { orderNo: 'AC-PO-X' } });
    expect(noItem.status).toBe(400);
    expect(noItem.body.errors[0]).toMatchObject({ field: 'item.refProductionOrderItem', code: 'required' });
  });

  it('quantity required and at least 1000 while nothing is produced: 999 is 400 naming the quantity (MOQ - 1000.), nothing written', async () => {
    const id = await makeItem({ sellerConfirmed: true });
    const before = await companySnapshot(database.db, COMPANY_A);
    const response = await addProduction(id, 0, 'AC-PO-MOQ', FRIDAY, 999);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'item.refProductionOrderItem.plannedAmount', code: 'minimum', message: 'MOQ - 1000.', limit: 1000 }]);
    expect(await companySnapshot(database.db, COMPANY_A)).toMatchObject({ orders: before.orders, items: before.items });
    expect((await addProduction(id, 0, 'AC-PO-MOQ', FRIDAY, 1000)).status).toBe(200);
  });

  it('quantity at least the already produced amount when that is above 0 (not the larger of the two): 600 produced allows 600', async () => {
    const id = await makeItem({ sellerConfirmed: true, produced: 600 });
    const before = await companySnapshot(database.db, COMPANY_A);
    const response = await addProduction(id, 0, 'AC-PO-PRODUCED', FRIDAY, 599);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ field: 'item.refProductionOrderItem.plannedAmount', code: 'producedMinimum', limit: 600 });
    expect(await companySnapshot(database.db, COMPANY_A)).toMatchObject({ orders: before.orders, items: before.items });
    expect((await addProduction(id, 0, 'AC-PO-PRODUCED', FRIDAY, 600)).status).toBe(200);
  });

  it("editing the production order: the already produced amount is that of the seller's production order item, which the planner lists", async () => {
    const id = await makeItem({ sellerConfirmed: true });
    const added = (await addProduction(id, 0, 'AC-PO-REF', FRIDAY, 40_000)).body as PlannerItem;
    await database.db.updateTable('client_production_order_items').set({ produced_amount: 12_000 }).where('id', '=', added.refProductionOrderItemId!).execute();
    const listed = await readItem(id);
    expect(listed).toMatchObject({ producedAmount: 0, refProductionOrderItem: { plannedAmount: 40_000, producedAmount: 12_000 } });
    const tooFew = await addProduction(id, listed!.version, 'AC-PO-REF', FRIDAY, 11_999);
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.errors[0]).toMatchObject({ field: 'item.refProductionOrderItem.plannedAmount', code: 'producedMinimum', limit: 12_000 });
    expect(tooFew.body.errors[0].message).toBe('At least the 12,000 bottles already produced.');
    expect((await itemRow(added.refProductionOrderItemId!)).planned_amount).toBe(40_000);
    const saved = await addProduction(id, listed!.version, 'AC-PO-REF', FRIDAY, 12_000);
    expect(saved.status).toBe(200);
    expect(saved.body.refProductionOrderItem).toMatchObject({ plannedAmount: 12_000, producedAmount: 12_000 });
  });

  it("due date is not after the item's purchase date and not on a weekend (400, nothing written)", async () => {
    const id = await makeItem({ sellerConfirmed: true, purchaseDate: WEDNESDAY });
    const before = await companySnapshot(database.db, COMPANY_A);
    const late = await addProduction(id, 0, 'AC-PO-DATE', FRIDAY);
    expect(late.status).toBe(400);
    expect(late.body.errors[0]).toMatchObject({ field: 'item.refProductionOrderItem.dueDate', code: 'max' });
    const weekend = await addProduction(id, 0, 'AC-PO-DATE', SATURDAY);
    expect(weekend.status).toBe(400);
    expect(weekend.body.errors[0]).toMatchObject({ field: 'item.refProductionOrderItem.dueDate', code: 'weekday' });
    expect(await companySnapshot(database.db, COMPANY_A)).toMatchObject({ orders: before.orders, items: before.items });
    expect((await addProduction(id, 0, 'AC-PO-DATE', WEDNESDAY)).status).toBe(200);
  });

  it("B's planner never shows A's production order or its items", async () => {
    const id = await makeItem({ sellerConfirmed: true });
    const added = (await addProduction(id, 0, 'AC-PO-PRIVATE')).body as PlannerItem;
    const itemsB = (await getPlanner(sellerB)).body.orders as PlannerItem[];
    expect(itemsB.map((item) => item.id)).not.toContain(added.refProductionOrderItemId);
    expect(itemsB.map((item) => item.id)).not.toContain(id);
  });
});

describe("planner/get: forecasts over a month's boundaries", () => {
  /** March 2027 as the month view asks for it: end exclusive, so the last day shown is 31 March. */
  const MARCH = { startTimestamp: '2027-03-01T00:00:00Z', endTimestamp: '2027-04-01T00:00:00Z' };
  const plan = async (companyId: string, periodFrom: string, periodTo: string, items: [number, number][]) => {
    const row = await database.db
      .insertInto('client_production_plans')
      .values({ company_id: companyId, period_from: periodFrom, period_to: periodTo })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('client_production_plan_items')
      .values(items.map(([productId, amount]) => ({ plan_id: row.id, client_product_id: productId, planned_amount: amount })))
      .execute();
    return row.id;
  };
  const forecasts = async (token: string) => {
    const response = await getPlanner(token, MARCH);
    expect(response.status).toBe(200);
    return (response.body.forecasts as Forecast[]).map((forecast) => ({
      id: forecast.id,
      clientId: forecast.clientId,
      items: forecast.items.map((item) => [item.clientProductId, item.plannedAmount]),
    }));
  };
  let endsOnFirstDay: number;
  let ownPlanA: number;
  let startsOnLastDay: number;

  beforeAll(async () => {
    endsOnFirstDay = await plan(BUYER, '2027-02-15', '2027-03-01', [[productA, 11_000], [productB, 12_000]]);
    // The day before the month and the day after it (the end is exclusive): in nobody's planner.
    await plan(BUYER, '2027-02-01', '2027-02-28', [[productA, 13_000]]);
    await plan(BUYER, '2027-04-01', '2027-04-30', [[productA, 14_000], [productB, 15_000]]);
    ownPlanA = await plan(COMPANY_A, '2027-03-10', '2027-03-20', [[productOwnA, 16_000], [productB, 17_000]]);
    startsOnLastDay = await plan(BUYER, '2027-03-31', '2027-04-30', [[productA, 18_000]]);
  });

  it("a seller sees buyers' forecast items of the products it makes and every item of its own company's forecasts, by period", async () => {
    const articles = new Map(
      (await database.db.selectFrom('client_products').select(['id', 'article_no']).where('id', 'in', [productOwnA, productB]).execute()).map((row) => [row.id, row.article_no]),
    );
    // The own forecast's items by article number, as the planner lists them.
    const ownItems = ([[productOwnA, 16_000], [productB, 17_000]] as [number, number][]).sort(
      ([a], [b]) => (articles.get(a)! < articles.get(b)! ? -1 : articles.get(a)! > articles.get(b)! ? 1 : a - b),
    );
    expect(await forecasts(sellerA)).toEqual([
      { id: endsOnFirstDay, clientId: BUYER, items: [[productA, 11_000]] },
      { id: ownPlanA, clientId: COMPANY_A, items: ownItems },
      { id: startsOnLastDay, clientId: BUYER, items: [[productA, 18_000]] },
    ]);
  });

  it("another seller sees only the items of the products it makes, in any company's forecast, and nothing of A's products", async () => {
    expect(await forecasts(sellerB)).toEqual([
      { id: endsOnFirstDay, clientId: BUYER, items: [[productB, 12_000]] },
      { id: ownPlanA, clientId: COMPANY_A, items: [[productB, 17_000]] },
    ]);
  });
});

describe("planner/get: order items over a month's boundaries", () => {
  const MAY = { startTimestamp: '2027-05-01T00:00:00Z', endTimestamp: '2027-06-01T00:00:00Z' };
  const idsOf = async (token: string) => {
    const response = await getPlanner(token, MAY);
    expect(response.status).toBe(200);
    return (response.body.orders as PlannerItem[]).map((item) => item.id);
  };
  let buyerFirstDay: number;
  let ownFirstWeek: number;
  let ownOfBLastDay: number;

  beforeAll(async () => {
    // The day before and the day after May: in nobody's planner.
    await makeItem({ productId: productA, dueDate: '2027-04-30' });
    await makeItem({ productId: productA, dueDate: '2027-06-01' });
    await makeItem({ companyId: COMPANY_A, productId: productOwnA, dueDate: '2027-06-01' });
    buyerFirstDay = await makeItem({ productId: productA, dueDate: '2027-05-01' });
    // A's own order for A's own product: both halves of A's scope, listed once.
    ownFirstWeek = await makeItem({ companyId: COMPANY_A, productId: productOwnA, dueDate: '2027-05-03' });
    // A's own order for a product B makes: A's (its order) and B's (its product).
    ownOfBLastDay = await makeItem({ companyId: COMPANY_A, productId: productB, dueDate: '2027-05-31' });
  });

  it("a seller's month lists each of its items once, due date ascending, from the first day to the last", async () => {
    expect(await idsOf(sellerA)).toEqual([buyerFirstDay, ownFirstWeek, ownOfBLastDay]);
  });

  it("another seller sees only the items of the products it makes, even on A's order, with A's order and company", async () => {
    expect(await idsOf(sellerB)).toEqual([ownOfBLastDay]);
    const item = ((await getPlanner(sellerB, MAY)).body.orders as PlannerItem[])[0]!;
    expect(item.ClientProductionOrder).toMatchObject({ clientId: COMPANY_A, company: 'Company A' });
  });
});

describe('planner/get under both plan modes', () => {
  // The planner's two reads run as named prepared statements (planner.repository.ts): after five executions
  // PostgreSQL may plan them for any company and range. Each must answer the same with either plan, as the API does.
  const seller = (companyId: string): Actor => ({
    sub: `plans-${companyId}`,
    roles: new Set(['guest', 'client', 'seller']),
    clientType: 'client',
    companyId,
    name: 'Seller',
    email: null,
  });
  const ranges = {
    'March 2027 (forecasts)': { startTimestamp: '2027-03-01T00:00:00Z', endTimestamp: '2027-04-01T00:00:00Z' },
    'May 2027 (order items)': { startTimestamp: '2027-05-01T00:00:00Z', endTimestamp: '2027-06-01T00:00:00Z' },
  };
  it.each(Object.entries(ranges))('%s: the same answer with custom and generic plans, and the one the default mode gives', async (_name, range) => {
    for (const companyId of [COMPANY_A, COMPANY_B]) {
      const read = (db: Db) => plannerOf(db, companyScopeOf(seller(companyId)), range);
      const { custom, generic } = await underEachPlanMode(database.url, read);
      const usual = await read(database.db);
      expect(usual.orders.length + usual.forecasts.length).toBeGreaterThan(0);
      expect(custom.answer).toEqual(usual);
      expect(generic.answer).toEqual(usual);
      expect(custom.prepared).toHaveLength(2);
      expect(generic.prepared.every((statement) => statement.generic_plans > 0 && statement.custom_plans === 0)).toBe(true);
    }
  });
});
