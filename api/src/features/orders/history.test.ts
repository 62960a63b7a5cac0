import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../../../tests/support/app.test-utils.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';
import { today as clockToday } from '../../lib/clock.js';

/**
 * Order-line history (issue 17, item 3): every change of an order item is kept, append-only, with who made it and
 * when — through the buyer's order editor, the seller's planner and the operator's dialog alike.
 */
const api = useTestApp();
const SELLER = 'history-seller';
const BUYER = 'history-buyer';
const OTHER = 'history-other';
let product: number;
let buyer: { token: string };
let seller: { token: string };
let operator: { token: string };
let other: { token: string };

beforeAll(async () => {
  const db = api.db;
  await createCompany(db, SELLER);
  await createCompany(db, BUYER, { clientType: '1', fbs: [] });
  await createCompany(db, OTHER);
  const preform = await makePreform(db);
  const warehouse = await makeWarehouse(db);
  product = await makeProduct(db, { companyId: SELLER, preformId: preform.id, warehouseId: warehouse, supplyId: preform.supplyIds[0]!, name: 'Birch Water 0.5 L' });
  await db.insertInto('product_buyers').values({ client_product_id: product, buyer_company_id: BUYER }).execute();
  // Bottle stock is kept per price period: a price valid now, so that the operator can record production.
  const year = clockToday().slice(0, 4);
  await db.insertInto('product_prices').values({ client_product_id: product, unit_price: 55, valid_from: `${year}-01-01`, valid_to: `${year}-12-31` }).execute();
  buyer = { token: await tokenFor({ sub: 'buyer-1', roles: ['client'], realm: ['buyer'], companyId: BUYER, name: 'Bob Buyer' }) };
  seller = { token: await tokenFor({ sub: 'seller-1', roles: ['client'], realm: ['seller'], companyId: SELLER, name: 'Sam Seller' }) };
  operator = { token: await tokenFor({ sub: 'operator-1', roles: ['operator'], name: 'Olga Operator' }) };
  other = { token: await tokenFor({ sub: 'other-1', roles: ['client'], companyId: OTHER, name: 'Olaf Other' }) };
});

const itemOf = (orderId: number) =>
  api.db.selectFrom('client_production_order_items').select(['id', 'version', 'due_date', 'planned_amount']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
const orderVersion = async (orderId: number) =>
  (await api.db.selectFrom('client_production_orders').select('version').where('id', '=', orderId).executeTakeFirstOrThrow()).version;

describe('order-line history', () => {
  it('records creation, the seller confirming, and the buyer moving the date (which clears the confirmation, and says why), each with its actor', async () => {
    const created = await api.post(
      'ClientOrders_saveOrder',
      { Order: { orderNo: 'H-1', closed: 0, ClientProductionOrderItems: [{ clientProductId: product, dueDate: '2027-03-03', plannedAmount: 5000, isBuyerConfirmed: true }] } },
      buyer,
    );
    expect(created.status).toBe(200);
    const orderId = created.body.id;
    let item = await itemOf(orderId);

    const confirmed = await api.post('ClientPlanner_savePlannerItem', { item: { id: item.id, version: item.version, isSellerConfirmed: true } }, seller);
    expect(confirmed.status).toBe(200);

    item = await itemOf(orderId);
    const moved = await api.post(
      'ClientOrders_saveOrder',
      {
        Order: {
          id: orderId,
          orderNo: 'H-1',
          closed: 0,
          version: await orderVersion(orderId),
          ClientProductionOrderItems: [{ id: item.id, clientProductId: product, dueDate: '2027-03-05', plannedAmount: 5000, isBuyerConfirmed: true, version: item.version }],
        },
      },
      buyer,
    );
    expect(moved.status).toBe(200);

    item = await itemOf(orderId);
    const history = await api.post('ClientOrders_getOrderItemHistory', { id: item.id }, buyer);
    expect(history.status).toBe(200);
    expect(history.body.map((row) => [row.change, row.actorName])).toEqual([
      ['created', 'Bob Buyer'],
      ['changed', 'Sam Seller'],
      ['changed', 'Bob Buyer'],
    ]);
    const [creation, confirmation, move] = history.body;
    expect(creation).toMatchObject({ plannedAmount: 5000, dueDate: '2027-03-03', isBuyerConfirmed: true, isSellerConfirmed: false, previousPlannedAmount: null });
    expect(confirmation).toMatchObject({ previousSellerConfirmed: false, isSellerConfirmed: true, reason: null });
    expect(move).toMatchObject({ previousDueDate: '2027-03-03', dueDate: '2027-03-05', previousSellerConfirmed: true, isSellerConfirmed: false, reason: 'The due date changed.' });

    // The seller of the assigned product sees the same history; another company gets 404, as for a missing item.
    const seen = await api.post('ClientOrders_getOrderItemHistory', { id: item.id }, seller);
    expect(seen.body).toEqual(history.body);
    expect((await api.post('ClientOrders_getOrderItemHistory', { id: item.id }, other)).status).toBe(404);
    expect((await api.post('ClientOrders_getOrderItemHistory', { id: 987_654 }, buyer)).status).toBe(404);
  });

  it("records the operator's produced quantity and closing with the operator as actor", async () => {
    const created = await api.post(
      'ClientOrders_saveOrder',
      { Order: { orderNo: 'H-3', closed: 0, ClientProductionOrderItems: [{ clientProductId: product, dueDate: '2027-03-10', plannedAmount: 2000 }] } },
      seller,
    );
    expect(created.status).toBe(200);
    const item = await itemOf(created.body.id);
    const produced = await api.post('OperatorAgenda_saveProducedAmount', { item: { id: item.id, producedAmount: 2000, isClosed: true, version: item.version } }, operator);
    expect(produced.status, JSON.stringify(produced.body)).toBe(200);
    const history = await api.post('ClientOrders_getOrderItemHistory', { id: item.id }, seller);
    expect(history.body.map((row) => [row.change, row.actorName])).toEqual([
      ['created', 'Sam Seller'],
      ['changed', 'Olga Operator'],
    ]);
    expect(history.body[1]).toMatchObject({ previousProducedAmount: 0, producedAmount: 2000, previousClosed: false, isClosed: true });
  });

  it('is append-only: the database refuses to change or remove a history row', async () => {
    const row = await api.db.selectFrom('order_item_history').select('id').executeTakeFirstOrThrow();
    await expect(api.db.updateTable('order_item_history').set({ actor_name: 'Mallory' }).where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(api.db.deleteFrom('order_item_history').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
  });

  it('a change made outside the screens is recorded as System, and a save that changes nothing adds no row', async () => {
    const created = await api.post(
      'ClientOrders_saveOrder',
      { Order: { orderNo: 'H-2', closed: 0, ClientProductionOrderItems: [{ clientProductId: product, dueDate: '2027-04-01', plannedAmount: 3000 }] } },
      buyer,
    );
    const item = await itemOf(created.body.id);
    await api.db.updateTable('client_production_order_items').set({ planned_amount: 4000 }).where('id', '=', item.id).execute();
    await api.db.updateTable('client_production_order_items').set({ planned_amount: 4000 }).where('id', '=', item.id).execute();
    const history = await api.post('ClientOrders_getOrderItemHistory', { id: item.id }, buyer);
    expect(history.body.map((row) => [row.change, row.actorName, row.plannedAmount])).toEqual([
      ['created', 'Bob Buyer', 3000],
      ['changed', 'System', 4000],
    ]);
  });
});
