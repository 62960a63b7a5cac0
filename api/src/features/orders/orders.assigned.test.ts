import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';

/**
 * decisions.md: "a seller is a converter whose products are assigned to buyer companies ('Assign Buyers'); a buyer
 * orders those products, and the seller turns confirmed buyer items into its own production order items".
 */
let database: TestDatabase;
let app: FastifyInstance;
let assigned: number;
let notAssigned: number;
const SELLER = 'seller-co';
const BUYER = 'buyer-co';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createCompany(database.db, SELLER);
  await createCompany(database.db, BUYER, { clientType: '1', fbs: [] });
  const preform = await makePreform(database.db);
  const warehouse = await makeWarehouse(database.db);
  const product = (name: string) => makeProduct(database.db, { companyId: SELLER, preformId: preform.id, warehouseId: warehouse, supplyId: preform.supplyIds[0]!, name });
  assigned = await product('Birch Water 0.5 L');
  notAssigned = await product('Spring Water 1 L');
  await database.db.insertInto('product_buyers').values({ client_product_id: assigned, buyer_company_id: BUYER }).execute();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const order = (clientProductId: number) => ({
  Order: { orderNo: `B-${clientProductId}`, ClientProductionOrderItems: [{ clientProductId, dueDate: '2027-03-03', plannedAmount: 5000 }] },
});

describe("a buyer orders the seller's products assigned to it", () => {
  it('lists the assigned product among the products it may order, and not the unassigned one', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/client/orders/clientproducts', headers: { authorization: `Bearer ${await as.buyer(BUYER)}` } });
    const ids = response.json().map((product: { id: number }) => product.id);
    expect(ids).toContain(assigned);
    expect(ids).not.toContain(notAssigned);
  });

  it('saves an order of the assigned product; an unassigned product of the seller is 404 and nothing is written', async () => {
    const token = await as.buyer(BUYER);
    expect((await post(app, '/api/client/orders/save', order(assigned), token)).status).toBe(200);
    const before = await database.db.selectFrom('client_production_orders').select('id').execute();
    expect((await post(app, '/api/client/orders/save', order(notAssigned), token)).status).toBe(404);
    expect(await database.db.selectFrom('client_production_orders').select('id').execute()).toEqual(before);
  });

  it("the seller's planner shows the buyer's item of its product", async () => {
    const response = await post(app, '/api/client/orders/planner/get', { startTimestamp: '2027-03-01T00:00:00Z', endTimestamp: '2027-03-08T00:00:00Z' }, await as.seller(SELLER));
    expect(response.status).toBe(200);
    const items = response.body.orders as { clientProductId: number; ClientProductionOrder: { clientId: string } }[];
    expect(items.some((item) => item.clientProductId === assigned && item.ClientProductionOrder.clientId === BUYER)).toBe(true);
  });

  it("another seller's planner does not show it (404 when it tries to confirm it)", async () => {
    await createCompany(database.db, 'other-seller');
    const token = await as.seller('other-seller');
    const planner = await post(app, '/api/client/orders/planner/get', { startTimestamp: '2027-03-01T00:00:00Z', endTimestamp: '2027-03-08T00:00:00Z' }, token);
    expect((planner.body.orders as { clientProductId: number }[]).some((item) => item.clientProductId === assigned)).toBe(false);
    const item = await database.db.selectFrom('client_production_order_items').select(['id', 'version']).where('client_product_id', '=', assigned).executeTakeFirstOrThrow();
    const confirm = await post(app, '/api/client/orders/planner/item/save', { item: { id: item.id, version: item.version, isSellerConfirmed: true } }, token);
    expect(confirm.status).toBe(404);
  });
});
