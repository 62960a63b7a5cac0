import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, COMPANY_B, createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';
import { recordMovement } from '../stock/stock.repository.js';
import { now as clockNow } from '../../lib/clock.js';

let database: TestDatabase;
let app: FastifyInstance;
let productA: number;
let productB: number;
let sharedPreform: number;
let preformOnlyA: number;
let warehouse1: number;
let warehouse2: number;

const get = async (url: string, token: string) => {
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
};
const portfolio = (token: string) => get('/api/client/products/get', token);
const machines = (token: string) => get('/api/client/machine/status/get', token);

interface Portfolio {
  clientProducts: { id: number; articleNo: string; productName: string; Preform: { neck: string; weight: number; material: string; color: string } }[];
  warehouseStock: { id: number; warehouseName: string; StockBalances: { preformId: number; preformName: string; currentStock: number | null }[] }[];
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createTwoCompanies(database.db);
  await database.db.updateTable('companies').set({ fbs: ['FB-101', 'FB-102'] }).where('id', '=', COMPANY_A).execute();
  warehouse1 = await makeWarehouse(database.db, 'Riga North');
  warehouse2 = await makeWarehouse(database.db, 'Tallinn');
  const shared = await makePreform(database.db, { name: 'PET 28g PCO1810 Clear' });
  const onlyA = await makePreform(database.db, { name: 'PET 42g PCO1810 Clear/FR' });
  sharedPreform = shared.id;
  preformOnlyA = onlyA.id;
  productA = await makeProduct(database.db, { preformId: shared.id, warehouseId: warehouse1, supplyId: shared.supplyIds[0], companyId: COMPANY_A, name: 'Spring Water 0.5 L' });
  await makeProduct(database.db, { preformId: onlyA.id, warehouseId: warehouse2, supplyId: onlyA.supplyIds[0], companyId: COMPANY_A, name: 'Spring Water 1.5 L' });
  productB = await makeProduct(database.db, { preformId: shared.id, warehouseId: warehouse1, supplyId: shared.supplyIds[0], companyId: COMPANY_B, name: 'Fjord 0.5 L' });
  await recordMovement(database.db, { preformId: shared.id, warehouseId: warehouse1, quantity: 180_000, reason: 'fill_increase', subject: 'test' });

  const [mould, cleaning] = await database.db
    .insertInto('downtime_causes')
    .values([{ cause_name: 'Mould change' }, { cause_name: 'Cleaning' }])
    .returning('id')
    .execute();
  await database.db
    .insertInto('downtime_history')
    .values([
      // A: FB-102 stopped now (mould change); FB-101 stopped yesterday but running again.
      { company_id: COMPANY_A, machine_name: 'FB-102', cause_id: mould.id, actual_date: '2026-11-20', target_start: '2026-11-20T06:20:00Z' },
      { company_id: COMPANY_A, machine_name: 'FB-101', cause_id: cleaning.id, actual_date: '2026-11-19', duration: 45, target_start: '2026-11-19T08:00:00Z', target_end: '2026-11-19T08:45:00Z' },
      // B: its own machine stopped, without a cause yet.
      { company_id: COMPANY_B, machine_name: 'FB-1', cause_id: null, actual_date: '2026-11-21', target_start: '2026-11-21T10:00:00Z' },
    ])
    .execute();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('portfolio role gates', () => {
  it('answers 403 to admin, operator, accountant and guest', async () => {
    for (const token of [await as.admin(), await as.operator(), await as.accountant(), await as.guest()]) {
      expect((await portfolio(token)).status).toBe(403);
      expect((await machines(token)).status).toBe(403);
    }
  });

  it('answers client, buyer and seller users', async () => {
    for (const token of [await as.client(COMPANY_A), await as.buyer(COMPANY_A), await as.seller(COMPANY_A)]) {
      expect((await portfolio(token)).status).toBe(200);
      expect((await machines(token)).status).toBe(200);
    }
  });
});

describe('GET /api/client/products/get (Portfolio)', () => {
  it('product cards show articleNo, title, neck, weight (g), material and colour of the caller\'s live products', async () => {
    const warehouseId = await makeWarehouse(database.db);
    const preform = await makePreform(database.db);
    const gone = await makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId: COMPANY_A });
    await database.db.updateTable('client_products').set({ deleted_at: clockNow() }).where('id', '=', gone).execute();

    const response = await portfolio(await as.client(COMPANY_A));
    const body = response.body as Portfolio;
    expect(body.clientProducts).toHaveLength(2);
    expect(body.clientProducts.find((product) => product.id === productA)).toMatchObject({
      productName: 'Spring Water 0.5 L',
      Preform: { neck: 'PCO1810', weight: 28, material: 'PET', color: 'Clear' },
    });
    expect(body.clientProducts.some((product) => product.id === gone)).toBe(false);
  });

  it('Material stock: per warehouse, the stock of the preforms the caller\'s products use; missing stock is null (shown red)', async () => {
    const body = (await portfolio(await as.client(COMPANY_A))).body as Portfolio;
    expect(body.warehouseStock).toEqual([
      { id: warehouse1, warehouseName: 'Riga North', StockBalances: [{ preformId: sharedPreform, preformName: 'PET 28g PCO1810 Clear', currentStock: 180_000 }] },
      { id: warehouse2, warehouseName: 'Tallinn', StockBalances: [{ preformId: preformOnlyA, preformName: 'PET 42g PCO1810 Clear/FR', currentStock: null }] },
    ]);
  });

  it('the material stock is hidden (not sent) for a buyer-type company (clientType \'1\')', async () => {
    const buyerCompany = await createCompany(database.db, 'company-buyer', { clientType: '1' });
    const preform = await makePreform(database.db);
    await makeProduct(database.db, { preformId: preform.id, warehouseId: warehouse1, supplyId: preform.supplyIds[0], companyId: buyerCompany });
    const body = (await portfolio(await as.buyer(buyerCompany))).body as Portfolio;
    expect(body.clientProducts).toHaveLength(1);
    expect(body.warehouseStock).toEqual([]);
  });
});

describe("a buyer's portfolio lists the products it can order (part 2.4)", () => {
  it("lists the seller's products assigned to the buyer after its own, marked with the seller (read-only), without the seller's stock", async () => {
    const seller = await createCompany(database.db, 'company-portfolio-seller', { name: 'Aqua Sellers Oy' });
    const buyer = await createCompany(database.db, 'company-portfolio-buyer', { name: 'Baltic Buyers SIA', clientType: '1' });
    const preform = await makePreform(database.db);
    const own = await makeProduct(database.db, { preformId: preform.id, warehouseId: warehouse1, supplyId: preform.supplyIds[0], companyId: buyer, name: 'Own 1 L' });
    const assigned = await makeProduct(database.db, { preformId: preform.id, warehouseId: warehouse1, supplyId: preform.supplyIds[0], companyId: seller, name: 'Juice 1 L' });
    await makeProduct(database.db, { preformId: preform.id, warehouseId: warehouse1, supplyId: preform.supplyIds[0], companyId: seller, name: 'Not assigned' });
    await database.db.updateTable('client_products').set({ current_stock: 5000 }).where('id', '=', assigned).execute();
    await database.db.insertInto('product_buyers').values({ client_product_id: assigned, buyer_company_id: buyer }).execute();

    const body = (await portfolio(await as.buyer(buyer))).body as Portfolio & { clientProducts: { id: number; seller?: string | null; currentStock: number }[] };
    expect(body.clientProducts.map((product) => product.id)).toEqual([own, assigned]);
    expect(body.clientProducts[0]).not.toHaveProperty('seller');
    expect(body.clientProducts[1]).toMatchObject({ productName: 'Juice 1 L', seller: 'Aqua Sellers Oy', currentStock: 0 });

    // The seller's own portfolio is unchanged: its products, not marked.
    const sellers = (await portfolio(await as.seller(seller))).body as { clientProducts: { id: number; seller?: string }[] };
    expect(sellers.clientProducts.find((product) => product.id === assigned)).not.toHaveProperty('seller');
  });
});

describe('GET /api/client/machine/status/get', () => {
  it('lists every machine of the caller; a stopped one with its cause and since when, a running one with nulls', async () => {
    const response = await machines(await as.client(COMPANY_A));
    expect(response.body).toEqual([
      // Issue 15: without machine events a machine that is not stopped reads 'unknown'.
      { machineName: 'FB-101', DowntimeCause: null, stoppedSince: null, state: 'unknown', affectedItems: [] },
      { machineName: 'FB-102', DowntimeCause: { causeName: 'Mould change' }, stoppedSince: '2026-11-20T06:20:00.000Z', state: 'stopped', affectedItems: [] },
    ]);
  });

  it('a stop without a recorded cause still shows the machine as stopped', async () => {
    const response = await machines(await as.client(COMPANY_B));
    expect(response.body).toEqual([{ machineName: 'FB-1', DowntimeCause: null, stoppedSince: '2026-11-21T10:00:00.000Z', state: 'stopped', affectedItems: [] }]);
  });
});

describe('tenant isolation: the portfolio shows the caller\'s company only', () => {
  it('B\'s portfolio never contains A\'s products, nor stock of preforms only A uses', async () => {
    const body = (await portfolio(await as.client(COMPANY_B))).body as Portfolio;
    expect(body.clientProducts.map((product) => product.id)).toEqual([productB]);
    const preforms = body.warehouseStock.flatMap((warehouse) => warehouse.StockBalances.map((balance) => balance.preformId));
    expect(preforms).toEqual([sharedPreform]);
    expect(body.warehouseStock.map((warehouse) => warehouse.id)).toEqual([warehouse1]);
  });

  it('B\'s machine status never shows A\'s machines or stops', async () => {
    const names = ((await machines(await as.client(COMPANY_B))).body as { machineName: string }[]).map((machine) => machine.machineName);
    expect(names).not.toContain('FB-102');
    expect(names).not.toContain('FB-101');
  });
});
