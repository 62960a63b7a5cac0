import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.js';
import { as, createTestApp, post } from '../../../../tests/support/app.js';
import { createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.js';
import { recordBottleStockChange } from './bottle-stock.js';
import { makeOrderItem, makePreform, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { now as clockNow } from '../../lib/clock.js';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let A: string;
let B: string;
const BUYER = 'buyer-co';
let preform: { id: number; supplyIds: number[] };
let otherPreform: { id: number; supplyIds: number[] };
let warehouseId: number;

const iso = (date: Date) => date.toISOString().slice(0, 10);
const now = clockNow();
const monthStart = (offset: number) => iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)));
const monthEnd = (offset: number) => iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 0)));
const thisMonth = { validFrom: monthStart(0), validTo: monthEnd(0) };
const nextMonth = { validFrom: monthStart(1), validTo: monthEnd(1) };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  admin = await as.admin();
  ({ a: A, b: B } = await createTwoCompanies(database.db));
  await database.db.updateTable('companies').set({ fbs: ['FB-1', 'FB-2'] }).where('id', '=', A).execute();
  await createCompany(database.db, BUYER, { name: 'Buyer Co', clientType: '1', fbs: ['FB-9'] });
  preform = await makePreform(database.db);
  otherPreform = await makePreform(database.db);
  warehouseId = await makeWarehouse(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const productInput = (clientId: string, overrides: Record<string, unknown> = {}) => ({
  clientId,
  machineNames: 'FB-1',
  productName: 'Spring Water 0.5 L',
  articleNo: 'NS-0500',
  altName: null,
  scrapRate: 0.025,
  preformScrapStart: 300,
  preformScrapChangeOver: 150,
  preformId: preform.id,
  preformWarehouseId: warehouseId,
  defaultSupplyId: preform.supplyIds[0],
  ...overrides,
});

/** A product of `clientId` inserted directly (buyer-type clients cannot get one through the API). */
async function insertProduct(clientId: string, name = 'Product') {
  const row = await database.db
    .insertInto('client_products')
    .values({
      company_id: clientId,
      product_name: name,
      article_no: `${name}-no`,
      machine_names: 'FB-1',
      preform_id: preform.id,
      preform_warehouse_id: warehouseId,
      default_supply_id: preform.supplyIds[0],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function createProduct(clientId: string, overrides: Record<string, unknown> = {}) {
  const response = await post(app, '/api/admin/client/products/save', { product: productInput(clientId, overrides) }, admin);
  expect(response.status).toBe(200);
  return response.body as { id: number; version: number };
}

async function savePrice(productId: number, clientId: string, unitPrice: number, period: { validFrom: string; validTo: string }) {
  return post(app, '/api/admin/client/product/prices/save', { price: { unitPrice, ...period, clientProductId: productId, clientId } }, admin);
}

/** The product's stock rows (by period end), its total and the ledger: the total must always be the sum of the periods. */
async function stockState(productId: number) {
  const [product, periods, ledger] = await Promise.all([
    database.db.selectFrom('client_products').select(['current_stock', 'deleted_at']).where('id', '=', productId).executeTakeFirstOrThrow(),
    database.db
      .selectFrom('product_stock as s')
      .innerJoin('product_prices as p', 'p.id', 's.price_id')
      .select(['s.id', 's.current_stock', 's.increase_stock', 's.decrease_stock', 's.version', 'p.valid_to', 'p.unit_price'])
      .where('s.client_product_id', '=', productId)
      .orderBy('p.valid_to')
      .execute(),
    database.db.selectFrom('product_stock_movements').selectAll().where('client_product_id', '=', productId).orderBy('id').execute(),
  ]);
  const sum = periods.reduce((total, period) => total + period.current_stock, 0);
  expect(product.current_stock).toBe(sum);
  expect(ledger.reduce((total, row) => total + row.quantity, 0)).toBe(sum);
  return { total: product.current_stock, periods, ledger, deleted: product.deleted_at !== null };
}

async function adjust(stockId: number, currentStock: number, version?: number) {
  return post(app, '/api/admin/client/products/stock/details/save', { stock: { id: stockId, currentStock, ...(version === undefined ? {} : { version }) } }, admin);
}

/** A product of A with this month's price and `stock` bottles counted into that period. */
async function stockedProduct(stock: number, name = 'Stocked', clientId = A) {
  const product = await createProduct(clientId, { productName: name, articleNo: `${name}-1` });
  expect((await savePrice(product.id, clientId, 60, thisMonth)).status).toBe(200);
  const [period] = (await stockState(product.id)).periods;
  if (stock) expect((await adjust(period.id, stock)).status).toBe(200);
  return { id: product.id, stockId: period.id };
}

const auditCount = async () => Number((await database.db.selectFrom('audit_log').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

describe('role gates: only the admin', () => {
  const paths = [
    '/api/admin/client/products/get',
    '/api/admin/client/products/save',
    '/api/admin/client/products/delete',
    '/api/admin/client/products/reclasification/save',
    '/api/admin/client/details/get',
    '/api/admin/client/details/save',
    '/api/admin/client/language/save',
    '/api/admin/client/product/prices/get',
    '/api/admin/client/product/prices/save',
    '/api/admin/client/product/buyers/get',
    '/api/admin/client/product/buyers/save',
    '/api/admin/client/products/stock/details/get',
    '/api/admin/client/products/stock/details/save',
  ];
  it('answers 401 without a token and 403 to operators, accountants and every client type', async () => {
    const tokens = [await as.operator(), await as.accountant(), await as.client(A), await as.buyer(BUYER), await as.seller(A), await as.guest()];
    for (const path of paths) {
      expect((await post(app, path, {})).status).toBe(401);
      for (const token of tokens) expect((await post(app, path, { clientId: A }, token)).status, path).toBe(403);
    }
  });
});

describe('POST /api/admin/client/products/get (client portfolio)', () => {
  it('lists the client products with Current price @1k (valid today) and Bottle stock, default sort productName, 20 per page, counted', async () => {
    const names = Array.from({ length: 22 }, (_, i) => `List ${String.fromCharCode(90 - i)}`);
    for (const name of names) await insertProduct(B, name);
    const priced = await createProduct(B, { productName: 'List AAA', articleNo: 'AAA' });
    await savePrice(priced.id, B, 61.4, thisMonth);
    await savePrice(priced.id, B, 63.2, nextMonth);
    const response = await post(app, '/api/admin/client/products/get', { clientId: B, pagination: { page: 1, rowsPerPage: 20 } }, admin);
    expect(response.status).toBe(200);
    expect(response.body.client).toEqual({ id: B, company: 'Company B', fbs: ['FB-1'], clientType: '0' });
    expect(response.body.count).toBe(23);
    expect(response.body.rows).toHaveLength(20);
    const got = response.body.rows.map((row: { productName: string }) => row.productName);
    expect(got).toEqual([...got].sort((x, y) => x.localeCompare(y, 'en')));
    expect(response.body.rows[0]).toMatchObject({
      id: priced.id,
      productName: 'List AAA',
      currentStock: 0,
      currentPrice: { unitPrice: 61.4, ...thisMonth },
      Preform: { id: preform.id, neck: 'PCO1810', material: 'PET', color: 'Clear', weight: 28 },
      PreformWarehouse: { id: warehouseId },
    });
    const all = await post(app, '/api/admin/client/products/get', { clientId: B }, admin);
    expect(all.body.rows).toHaveLength(23);
    expect(all.body.count).toBe(23);
  });

  it("never lists another client's products, leaves out deleted ones, and answers 404 for an unknown client", async () => {
    const own = await createProduct(A, { productName: 'Only A', articleNo: 'OA' });
    const listB = await post(app, '/api/admin/client/products/get', { clientId: B }, admin);
    expect(listB.body.rows.map((row: { id: number }) => row.id)).not.toContain(own.id);
    await post(app, '/api/admin/client/products/delete', { ids: [own.id] }, admin);
    const listA = await post(app, '/api/admin/client/products/get', { clientId: A }, admin);
    expect(listA.body.rows.map((row: { id: number }) => row.id)).not.toContain(own.id);
    expect((await post(app, '/api/admin/client/products/get', { clientId: 'nobody' }, admin)).status).toBe(404);
  });
});

describe('POST /api/admin/client/products/save (Product data)', () => {
  it('creates a product with names and machines trimmed, null current price and no stock, and audits it', async () => {
    const response = await post(
      app,
      '/api/admin/client/products/save',
      { product: productInput(A, { productName: '  Sparkling 1.5 L ', machineNames: ' FB-2 , FB-1,FB-2' }) },
      admin,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ clientId: A, productName: 'Sparkling 1.5 L', machineNames: 'FB-2,FB-1', scrapRate: 0.025, currentStock: 0, currentPrice: null, version: 0, deletedAt: null });
    expect(await database.db.selectFrom('audit_log').select('operation').where('record_id', '=', String(response.body.id)).where('operation', '=', 'saveClientProduct').executeTakeFirst()).toBeDefined();
  });

  it.each([
    ['a machine that is not one of the client machines', { machineNames: 'FB-1,FB-7' }, 'product.machineNames', 'machine'],
    ['no machine', { machineNames: ' , ' }, 'product.machineNames', 'required'],
    ['a preform that does not exist', { preformId: 999999 }, 'product.preformId', 'exists'],
    ['a warehouse that does not exist', { preformWarehouseId: 999999 }, 'product.preformWarehouseId', 'exists'],
    ['a default supplier that does not supply the preform', { defaultSupplyId: -1 }, 'product.defaultSupplyId', 'supplier'],
    ['scrapRate above 1 (a fraction)', { scrapRate: 2.5 }, 'product.scrapRate', 'maximum'],
    ['productName missing', { productName: undefined }, 'product.productName', 'required'],
    ['articleNo blank', { articleNo: '   ' }, 'product.articleNo', 'pattern'],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_name, overrides, field, code) => {
    const body = productInput(A, overrides);
    if (body.defaultSupplyId === -1) body.defaultSupplyId = otherPreform.supplyIds[0];
    const before = await database.db.selectFrom('client_products').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const response = await post(app, '/api/admin/client/products/save', { product: body }, admin);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    expect(await database.db.selectFrom('client_products').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('updates with the version read and refuses a stale version with 409', async () => {
    const created = await createProduct(A, { productName: 'Versioned', articleNo: 'V-1' });
    const first = await post(app, '/api/admin/client/products/save', { product: productInput(A, { id: created.id, version: 0, productName: 'Versioned 2', articleNo: 'V-1' }) }, admin);
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(1);
    const stale = await post(app, '/api/admin/client/products/save', { product: productInput(A, { id: created.id, version: 0, productName: 'Versioned 3', articleNo: 'V-1' }) }, admin);
    expect(stale.status).toBe(409);
    expect((await database.db.selectFrom('client_products').select('product_name').where('id', '=', created.id).executeTakeFirstOrThrow()).product_name).toBe('Versioned 2');
  });

  it("answers 404 for a product saved under another client's id and changes nothing", async () => {
    const ofA = await createProduct(A, { productName: 'Of A', articleNo: 'OFA' });
    const response = await post(app, '/api/admin/client/products/save', { product: productInput(B, { id: ofA.id, version: 0, machineNames: 'FB-1' }) }, admin);
    expect(response.status).toBe(404);
    expect(await database.db.selectFrom('client_products').select(['company_id', 'product_name', 'version']).where('id', '=', ofA.id).executeTakeFirstOrThrow()).toEqual({
      company_id: A,
      product_name: 'Of A',
      version: 0,
    });
  });
});

describe("Buyer-type clients (clientType '1'): all editing is refused except Prices", () => {
  it('refuses New/Edit, Delete, Reclassification, Client details, Assign Buyers and Adjust balance with 403, and writes nothing', async () => {
    const one = await insertProduct(BUYER, 'Buyer one');
    const two = await insertProduct(BUYER, 'Buyer two');
    const price = await savePrice(one, BUYER, 55, thisMonth);
    expect(price.status).toBe(200);
    const [period] = (await stockState(one)).periods;
    const auditBefore = await auditCount();
    const attempts = [
      post(app, '/api/admin/client/products/save', { product: productInput(BUYER, { machineNames: 'FB-9' }) }, admin),
      post(app, '/api/admin/client/products/save', { product: productInput(BUYER, { id: one, version: 0, machineNames: 'FB-9' }) }, admin),
      post(app, '/api/admin/client/products/delete', { ids: [two] }, admin),
      post(app, '/api/admin/client/products/reclasification/save', { oldClientProductId: one, newClientProdcuctId: two, quantity: 1 }, admin),
      post(
        app,
        '/api/admin/client/details/save',
        { info: { clientId: BUYER, billingCompany: 'B', billingAddress: 'a', billingCity: 'c', billingCountry: 'LV', billingEmail: 'a@b.lv', currency: 'EUR' } },
        admin,
      ),
      post(app, '/api/admin/client/product/buyers/save', { clientIds: [], clientProductId: one }, admin),
      adjust(period.id, 100),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(response.body.detail).toContain('buyer-type client');
    }
    expect(await auditCount()).toBe(auditBefore);
    expect((await stockState(one)).total).toBe(0);
    expect(await database.db.selectFrom('client_products').select('id').where('company_id', '=', BUYER).where('deleted_at', 'is', null).execute()).toHaveLength(2);
    expect(await database.db.selectFrom('client_details').select('company_id').where('company_id', '=', BUYER).executeTakeFirst()).toBeUndefined();
  });

  it("Adjust balance of a buyer-type client's product stock: 403 with its reason (the problem detail), and the balance stays", async () => {
    const product = await insertProduct(BUYER, 'Buyer stock');
    expect((await savePrice(product, BUYER, 55, thisMonth)).status).toBe(200);
    const [period] = (await stockState(product)).periods;
    const response = await adjust(period.id, 250);
    expect(response.status).toBe(403);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body.detail).toBe('Buyer Co is a buyer-type client: stock cannot be edited for it; only prices can.');
    expect((await stockState(product)).total).toBe(0);
  });

  it('still saves Prices of a buyer-type client', async () => {
    const product = await insertProduct(BUYER, 'Buyer priced');
    const response = await savePrice(product, BUYER, 70.5, thisMonth);
    expect(response.status).toBe(200);
    expect(response.body.currentPrice.unitPrice).toBe(70.5);
  });
});

describe('POST /api/admin/client/products/delete', () => {
  it('soft-deletes (deletedAt set) all the selected products', async () => {
    const one = await createProduct(A, { productName: 'Del 1', articleNo: 'D1' });
    const two = await createProduct(A, { productName: 'Del 2', articleNo: 'D2' });
    const response = await post(app, '/api/admin/client/products/delete', { ids: [one.id, two.id] }, admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    const rows = await database.db.selectFrom('client_products').select('deleted_at').where('id', 'in', [one.id, two.id]).execute();
    expect(rows.every((row) => row.deleted_at !== null)).toBe(true);
    expect((await post(app, '/api/admin/client/products/delete', { ids: [one.id] }, admin)).status).toBe(404);
  });

  it('refuses with 409 when a product has open order items or bottle stock, and deletes none of the selection', async () => {
    const free = await createProduct(A, { productName: 'Free', articleNo: 'F1' });
    const ordered = await createProduct(A, { productName: 'Ordered', articleNo: 'O1' });
    const orderId = await makeProductionOrder(database.db, { companyId: A });
    await makeOrderItem(database.db, { orderId, productId: ordered.id, planned: 5000 });
    const stocked = await stockedProduct(1000, 'StockedDel');
    const byItems = await post(app, '/api/admin/client/products/delete', { ids: [free.id, ordered.id] }, admin);
    expect(byItems.status).toBe(409);
    expect(byItems.body.detail).toContain('Ordered');
    const byStock = await post(app, '/api/admin/client/products/delete', { ids: [free.id, stocked.id] }, admin);
    expect(byStock.status).toBe(409);
    expect(byStock.body.detail).toContain('1000 bottles');
    const rows = await database.db.selectFrom('client_products').select('deleted_at').where('id', 'in', [free.id, ordered.id, stocked.id]).execute();
    expect(rows.every((row) => row.deleted_at === null)).toBe(true);
    expect((await post(app, '/api/admin/client/products/delete', { ids: [free.id, 999999] }, admin)).status).toBe(404);
    expect((await database.db.selectFrom('client_products').select('deleted_at').where('id', '=', free.id).executeTakeFirstOrThrow()).deleted_at).toBeNull();
  });
});

describe('Prices (Product prices dialog)', () => {
  it('creates a price, answers it with currentPrice.unitPrice (the price valid today), lists newest first, and opens its stock period', async () => {
    const product = await createProduct(A, { productName: 'Priced', articleNo: 'P1' });
    const next = await savePrice(product.id, A, 63.2, nextMonth);
    expect(next.status).toBe(200);
    expect(next.body.price).toMatchObject({ unitPrice: 63.2, ...nextMonth, clientProductId: product.id, clientId: A, version: 0 });
    expect(next.body.currentPrice).toBeNull();
    const current = await savePrice(product.id, A, 61.4, thisMonth);
    expect(current.body.currentPrice).toEqual({ unitPrice: 61.4, ...thisMonth });
    const list = await post(app, '/api/admin/client/product/prices/get', { clientProductId: product.id, clientId: A }, admin);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((row: { unitPrice: number }) => row.unitPrice)).toEqual([63.2, 61.4]);
    expect(list.body.currentPrice.unitPrice).toBe(61.4);
    expect((await stockState(product.id)).periods.map((period) => period.current_stock)).toEqual([0, 0]);
  });

  it('refuses an overlapping price period with 400 on validFrom naming the other period, and writes nothing', async () => {
    const product = await createProduct(A, { productName: 'Overlap', articleNo: 'OV' });
    await savePrice(product.id, A, 61.4, thisMonth);
    const response = await savePrice(product.id, A, 99, { validFrom: thisMonth.validTo, validTo: nextMonth.validTo });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ field: 'price.validFrom', code: 'overlap' });
    expect(response.body.detail).toContain(thisMonth.validFrom);
    const rows = await database.db.selectFrom('product_prices').select('unit_price').where('client_product_id', '=', product.id).execute();
    expect(rows).toEqual([{ unit_price: 61.4 }]);
  });

  it('the database itself refuses overlapping periods of one product (exclusion constraint)', async () => {
    const product = await createProduct(A, { productName: 'Overlap DB', articleNo: 'OD' });
    await savePrice(product.id, A, 61.4, thisMonth);
    await expect(
      database.db.insertInto('product_prices').values({ client_product_id: product.id, unit_price: 1, valid_from: thisMonth.validTo, valid_to: thisMonth.validTo }).execute(),
    ).rejects.toMatchObject({ code: '23P01' });
  });

  it('refuses a period that ends before it starts, and a stale version with 409', async () => {
    const product = await createProduct(A, { productName: 'Range', articleNo: 'RG' });
    const backwards = await savePrice(product.id, A, 10, { validFrom: nextMonth.validTo, validTo: nextMonth.validFrom });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0]).toMatchObject({ field: 'price.validTo', code: 'range' });
    const created = (await savePrice(product.id, A, 10, nextMonth)).body.price;
    const update = { ...created, unitPrice: 11 };
    expect((await post(app, '/api/admin/client/product/prices/save', { price: update }, admin)).status).toBe(200);
    expect((await post(app, '/api/admin/client/product/prices/save', { price: { ...update, unitPrice: 12 } }, admin)).status).toBe(409);
    expect((await database.db.selectFrom('product_prices').select('unit_price').where('id', '=', created.id).executeTakeFirstOrThrow()).unit_price).toBe(11);
  });

  it("answers 404 when the product is not the named client's", async () => {
    const product = await createProduct(A, { productName: 'Not B', articleNo: 'NB' });
    expect((await savePrice(product.id, B, 10, nextMonth)).status).toBe(404);
    expect((await post(app, '/api/admin/client/product/prices/get', { clientProductId: product.id, clientId: B }, admin)).status).toBe(404);
    expect(await database.db.selectFrom('product_prices').select('id').where('client_product_id', '=', product.id).execute()).toEqual([]);
  });
});

describe('Product stock (productstock page, Adjust balance)', () => {
  it('lists stock per price period: unit price @1k, current stock, latest change, scrap, price until; 10 per page, newest period first', async () => {
    const { id, stockId } = await stockedProduct(5000, 'Listed');
    await savePrice(id, A, 63.2, nextMonth);
    const response = await post(app, '/api/admin/client/products/stock/details/get', { id, pagination: { page: 1, rowsPerPage: 10 } }, admin);
    expect(response.status).toBe(200);
    expect(response.body.product).toMatchObject({ id, productName: 'Listed', clientId: A });
    expect(response.body.client.id).toBe(A);
    expect(response.body.count).toBe(2);
    expect(response.body.rows.map((row: { priceValidTo: string }) => row.priceValidTo)).toEqual([nextMonth.validTo, thisMonth.validTo]);
    expect(response.body.rows[1]).toMatchObject({ id: stockId, unitPrice: 60, currentStock: 5000, increaseStock: 5000, decreaseStock: null, scrapAmount: 0 });
  });

  it('sets the current stock through one ledger row of the difference (decrease shown as latest change) and keeps the product total the sum of periods', async () => {
    const { id, stockId } = await stockedProduct(5000, 'Adjusted');
    const { periods } = await stockState(id);
    const response = await adjust(stockId, 4200, periods[0].version);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: stockId, currentStock: 4200, decreaseStock: 800, increaseStock: null, version: periods[0].version + 1 });
    const after = await stockState(id);
    expect(after.total).toBe(4200);
    expect(after.ledger.map((row) => [row.reason, row.quantity, row.balance_after, row.subject])).toEqual([
      ['adjust', 5000, 5000, 'admin-1'],
      ['adjust', -800, 4200, 'admin-1'],
    ]);
  });

  it("refuses a balance below 0 ('Minimum stock level - 0!') and a stale version, changing nothing", async () => {
    const { id, stockId } = await stockedProduct(300, 'Floor');
    const below = await adjust(stockId, -1);
    expect(below.status).toBe(400);
    expect(below.body.errors[0]).toMatchObject({ field: 'stock.currentStock', code: 'minimum', limit: 0 });
    const stale = await adjust(stockId, 10, 0);
    expect(stale.status).toBe(409);
    const after = await stockState(id);
    expect(after.total).toBe(300);
    expect(after.ledger).toHaveLength(1);
    expect((await adjust(stockId, 0)).status).toBe(200);
    expect((await stockState(id)).total).toBe(0);
  });

  it('answers 404 for an unknown stock row or product', async () => {
    expect((await adjust(999999, 1)).status).toBe(404);
    expect((await post(app, '/api/admin/client/products/stock/details/get', { id: 999999 }, admin)).status).toBe(404);
  });
});

describe('Product reclassification', () => {
  it("moves the quantity from the old product's current price period into the new product's current period in one transaction, with two ledger rows", async () => {
    const from = await stockedProduct(10_000, 'Reclass from');
    const to = await createProduct(A, { productName: 'Reclass to', articleNo: 'RT' });
    // The new product's current period row is created by its price; delete nothing, just check it is reused.
    await savePrice(to.id, A, 70, thisMonth);
    const response = await post(app, '/api/admin/client/products/reclasification/save', { oldClientProductId: from.id, newClientProdcuctId: to.id, quantity: 4000 }, admin);
    expect(response.status).toBe(200);
    const [old, next] = [await stockState(from.id), await stockState(to.id)];
    expect(old.total).toBe(6000);
    expect(old.periods[0]).toMatchObject({ current_stock: 6000, decrease_stock: 4000, increase_stock: null });
    expect(next.total).toBe(4000);
    expect(next.periods).toHaveLength(1);
    expect(next.periods[0]).toMatchObject({ current_stock: 4000, increase_stock: 4000, unit_price: 70 });
    expect(old.ledger.at(-1)).toMatchObject({ reason: 'reclassification_out', quantity: -4000, balance_after: 6000, source_type: 'client_product', source_id: to.id });
    expect(next.ledger).toEqual([expect.objectContaining({ reason: 'reclassification_in', quantity: 4000, balance_after: 4000, source_id: from.id })]);
  });

  it('creates the period row of the new product when it is missing', async () => {
    const from = await stockedProduct(500, 'Reclass src');
    const to = await insertProduct(A, 'Reclass no row');
    await database.db.insertInto('product_prices').values({ client_product_id: to, unit_price: 42, ...{ valid_from: thisMonth.validFrom, valid_to: thisMonth.validTo } }).execute();
    expect((await stockState(to)).periods).toHaveLength(0);
    const response = await post(app, '/api/admin/client/products/reclasification/save', { oldClientProductId: from.id, newClientProdcuctId: to, quantity: 500 }, admin);
    expect(response.status).toBe(200);
    expect((await stockState(to)).periods).toEqual([expect.objectContaining({ current_stock: 500, unit_price: 42 })]);
    expect((await stockState(from.id)).total).toBe(0);
  });

  it("refuses a quantity above the product's current stock with 400 'maxQuantity' and the stock as limit ('Max Quantity - {max}.'), moving nothing", async () => {
    const from = await stockedProduct(2500, 'Max from');
    const to = await createProduct(A, { productName: 'Max to', articleNo: 'MT' });
    await savePrice(to.id, A, 70, thisMonth);
    const response = await post(app, '/api/admin/client/products/reclasification/save', { oldClientProductId: from.id, newClientProdcuctId: to.id, quantity: 2501 }, admin);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ field: 'quantity', code: 'maxQuantity', limit: 2500, message: 'Max Quantity - 2500.' });
    expect((await stockState(from.id)).total).toBe(2500);
    expect((await stockState(to.id)).total).toBe(0);
    const none = await createProduct(A, { productName: 'Max none', articleNo: 'MN' });
    const empty = await post(app, '/api/admin/client/products/reclasification/save', { oldClientProductId: none.id, newClientProdcuctId: to.id, quantity: 1 }, admin);
    expect(empty.body.errors[0]).toMatchObject({ code: 'maxQuantity', limit: 0, message: 'Max Quantity - 0.' });
  });

  it("refuses a product of another client, the same product, and a new product without a price valid today; nothing changes", async () => {
    const from = await stockedProduct(900, 'Cross from');
    const ofB = await createProduct(B, { productName: 'Cross B', articleNo: 'CB' });
    await savePrice(ofB.id, B, 70, thisMonth);
    const unpriced = await createProduct(A, { productName: 'Unpriced', articleNo: 'UP' });
    const cross = await post(app, '/api/admin/client/products/reclasification/save', { oldClientProductId: from.id, newClientProdcuctId: ofB.id, quantity: 100 }, admin);
    expect(cross.status).toBe(400);
    expect(cross.body.errors[0]).toMatchObject({ field: 'newClientProdcuctId', code: 'sameClient' });
    const same = await post(app, '/api/admin/client/products/reclasification/save', { oldClientProductId: from.id, newClientProdcuctId: from.id, quantity: 100 }, admin);
    expect(same.status).toBe(400);
    const noPrice = await post(app, '/api/admin/client/products/reclasification/save', { oldClientProductId: from.id, newClientProdcuctId: unpriced.id, quantity: 100 }, admin);
    expect(noPrice.status).toBe(409);
    expect(noPrice.body.detail).toContain('no price valid today');
    expect((await stockState(from.id)).total).toBe(900);
    expect((await stockState(from.id)).ledger).toHaveLength(1);
    expect((await stockState(ofB.id)).total).toBe(0);
    expect((await stockState(unpriced.id)).periods).toHaveLength(0);
  });

  it('takes from the current period first, then from older periods, when the current one holds less', async () => {
    const product = await createProduct(A, { productName: 'Two periods', articleNo: 'TP' });
    await savePrice(product.id, A, 50, { validFrom: monthStart(-1), validTo: monthEnd(-1) });
    await savePrice(product.id, A, 60, thisMonth);
    const [old, current] = (await stockState(product.id)).periods;
    await adjust(old.id, 700);
    await adjust(current.id, 300);
    const to = await createProduct(A, { productName: 'Two periods to', articleNo: 'TPT' });
    await savePrice(to.id, A, 65, thisMonth);
    expect((await post(app, '/api/admin/client/products/reclasification/save', { oldClientProductId: product.id, newClientProdcuctId: to.id, quantity: 800 }, admin)).status).toBe(200);
    const after = await stockState(product.id);
    expect(after.periods.map((period) => period.current_stock)).toEqual([200, 0]);
    expect(after.total).toBe(200);
    expect((await stockState(to.id)).total).toBe(800);
  });
});

describe('the bottle stock ledger', () => {
  it('is append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const { id } = await stockedProduct(100, 'Ledger');
    const [row] = (await stockState(id)).ledger;
    await expect(database.db.updateTable('product_stock_movements').set({ quantity: 1 }).where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(database.db.deleteFrom('product_stock_movements').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate product_stock_movements`.execute(database.asOwner())).rejects.toThrow(/append-only|cannot truncate/);
    expect((await stockState(id)).ledger).toHaveLength(1);
  });
});

describe('Client Details', () => {
  const info = {
    clientId: '',
    billingCompany: ' Company A AB ',
    billingAddress: 'Källvägen 12',
    billingCity: 'Jönköping',
    billingCountry: 'Sweden',
    billingEmail: 'invoices@a.se',
    currency: 'SEK',
    billingState: '  ',
    shift_start: '06:00',
    shift_end: '22:00',
  };

  it('answers info null before any save, then creates and updates with the version read; a stale version is 409', async () => {
    const before = await post(app, '/api/admin/client/details/get', { clientId: A }, admin);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ info: null, language: 'en' });
    const created = await post(app, '/api/admin/client/details/save', { info: { ...info, clientId: A } }, admin);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ clientId: A, billingCompany: 'Company A AB', billingState: null, currency: 'SEK', version: 0 });
    const again = await post(app, '/api/admin/client/details/save', { info: { ...info, clientId: A } }, admin);
    expect(again.status).toBe(409);
    const updated = await post(app, '/api/admin/client/details/save', { info: { ...info, clientId: A, currency: 'EUR', version: 0 } }, admin);
    expect(updated.body).toMatchObject({ currency: 'EUR', version: 1 });
    expect((await post(app, '/api/admin/client/details/save', { info: { ...info, clientId: A, version: 0 } }, admin)).status).toBe(409);
    expect((await post(app, '/api/admin/client/details/get', { clientId: A }, admin)).body.info.currency).toBe('EUR');
    expect((await post(app, '/api/admin/client/details/get', { clientId: B }, admin)).body).toEqual({ info: null, language: 'en' });
  });

  it.each([
    ['company', 'billingCompany'],
    ['address', 'billingAddress'],
    ['city', 'billingCity'],
    ['country', 'billingCountry'],
    ['billing email', 'billingEmail'],
    ['currency', 'currency'],
  ])('requires the %s', async (_name, field) => {
    const body = { ...info, clientId: B } as Record<string, unknown>;
    delete body[field];
    const response = await post(app, '/api/admin/client/details/save', { info: body }, admin);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: `info.${field}` })]));
    expect((await post(app, '/api/admin/client/details/get', { clientId: B }, admin)).body).toEqual({ info: null, language: 'en' });
  });

  it('refuses a currency other than EUR or SEK, and an unknown client (404)', async () => {
    expect((await post(app, '/api/admin/client/details/save', { info: { ...info, clientId: B, currency: 'USD' } }, admin)).status).toBe(400);
    expect((await post(app, '/api/admin/client/details/save', { info: { ...info, clientId: 'nobody' } }, admin)).status).toBe(404);
    expect((await post(app, '/api/admin/client/details/get', { clientId: 'nobody' }, admin)).status).toBe(404);
  });
});

describe("The company's language", () => {
  const language = async (clientId: string) => (await post(app, '/api/admin/client/details/get', { clientId }, admin)).body.language;

  it('an admin sets it, a buyer-type client\'s too; it is read back with the details and audited', async () => {
    const saved = await post(app, '/api/admin/client/language/save', { clientId: BUYER, language: 'lv' }, admin);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ clientId: BUYER, language: 'lv' });
    expect(await language(BUYER)).toBe('lv');
    expect((await post(app, '/api/admin/client/language/save', { clientId: BUYER, language: 'fi' }, admin)).status).toBe(200);
    expect(await language(BUYER)).toBe('fi');
    const entries = await database.db
      .selectFrom('audit_log')
      .select(['subject', 'details'])
      .where('operation', '=', 'saveClientLanguage')
      .where('record_id', '=', BUYER)
      .orderBy('seq')
      .execute();
    expect(entries).toEqual([
      { subject: 'admin-1', details: { language: 'lv' } },
      { subject: 'admin-1', details: { language: 'fi' } },
    ]);
  });

  it('refuses a language not of the five (400) and an unknown client (404), changing nothing', async () => {
    for (const bad of ['de', 'no', '', null]) {
      expect((await post(app, '/api/admin/client/language/save', { clientId: B, language: bad }, admin)).status).toBe(400);
    }
    expect((await post(app, '/api/admin/client/language/save', { clientId: 'nobody', language: 'sv' }, admin)).status).toBe(404);
    expect(await language(B)).toBe('en');
  });
});

describe('Assigned Buyers', () => {
  it('replaces the buyers of a product with buyer-type clients and lists them with their company', async () => {
    const product = await createProduct(A, { productName: 'Sold', articleNo: 'S1' });
    await createCompany(database.db, 'buyer-two', { name: 'Another Buyer', clientType: '1' });
    expect((await post(app, '/api/admin/client/product/buyers/save', { clientIds: [BUYER, 'buyer-two'], clientProductId: product.id }, admin)).status).toBe(200);
    expect((await post(app, '/api/admin/client/product/buyers/save', { clientIds: [BUYER], clientProductId: product.id }, admin)).status).toBe(200);
    const list = await post(app, '/api/admin/client/product/buyers/get', { clientProductId: product.id, clientId: A }, admin);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ clientId: BUYER, company: 'Buyer Co' }]);
    expect((await post(app, '/api/admin/client/product/buyers/get', { clientProductId: product.id, clientId: B }, admin)).status).toBe(404);
  });

  it('refuses a client that is not buyer-type, keeping the assignment as it was', async () => {
    const product = await createProduct(A, { productName: 'Sold 2', articleNo: 'S2' });
    await post(app, '/api/admin/client/product/buyers/save', { clientIds: [BUYER], clientProductId: product.id }, admin);
    const response = await post(app, '/api/admin/client/product/buyers/save', { clientIds: [B], clientProductId: product.id }, admin);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ field: 'clientIds', code: 'buyer' });
    expect((await post(app, '/api/admin/client/product/buyers/get', { clientProductId: product.id, clientId: A }, admin)).body).toEqual([{ clientId: BUYER, company: 'Buyer Co' }]);
  });
});

describe('recordBottleStockChange (for production records)', () => {
  const today = iso(now);
  const record = (productId: number, delta: number) =>
    database.db.transaction().execute((trx) => recordBottleStockChange(trx, { productId, delta, subject: 'operator-1', source: { type: 'order_item', id: 1 }, today }));

  it("puts produced bottles into the period of today's price and takes a lowering back out, as 'production' ledger rows", async () => {
    const product = await createProduct(A, { productName: 'Produced', articleNo: 'PR' });
    await savePrice(product.id, A, 60, thisMonth);
    await savePrice(product.id, A, 65, nextMonth);
    expect(await record(product.id, 1200)).toBe(1200);
    expect(await record(product.id, -200)).toBe(1000);
    const state = await stockState(product.id);
    expect(state.periods.map((period) => period.current_stock)).toEqual([1000, 0]);
    expect(state.ledger.map((row) => [row.reason, row.quantity, row.subject, row.source_type])).toEqual([
      ['production', 1200, 'operator-1', 'order_item'],
      ['production', -200, 'operator-1', 'order_item'],
    ]);
  });

  it("answers 'belowZero' and 'noPrice' without writing; without today's price the latest started period takes the bottles", async () => {
    const unpriced = await createProduct(A, { productName: 'Unpriced prod', articleNo: 'UPP' });
    expect(await record(unpriced.id, 10)).toBe('noPrice');
    expect(await record(unpriced.id, -10)).toBe('belowZero');
    expect((await stockState(unpriced.id)).ledger).toHaveLength(0);
    const old = await createProduct(A, { productName: 'Old price', articleNo: 'OP' });
    await savePrice(old.id, A, 50, { validFrom: monthStart(-3), validTo: monthEnd(-3) });
    await savePrice(old.id, A, 55, { validFrom: monthStart(-2), validTo: monthEnd(-2) });
    await savePrice(old.id, A, 70, { validFrom: monthStart(2), validTo: monthEnd(2) });
    expect(await record(old.id, 40)).toBe(40);
    const state = await stockState(old.id);
    expect(state.periods.map((period) => [period.unit_price, period.current_stock])).toEqual([[50, 0], [55, 40], [70, 0]]);
  });
});

describe('concurrent saves', () => {
  it('of two overlapping prices at once keep exactly one', async () => {
    const product = await createProduct(A, { productName: 'Race price', articleNo: 'RP' });
    const results = await Promise.all([savePrice(product.id, A, 10, nextMonth), savePrice(product.id, A, 11, nextMonth)]);
    expect(results.map((response) => response.status).sort()).toEqual([200, 400]);
    expect(await database.db.selectFrom('product_prices').select('id').where('client_product_id', '=', product.id).execute()).toHaveLength(1);
  });

  it('of two reclassifications of the whole stock at once move it once; the other gets maxQuantity', async () => {
    const from = await stockedProduct(1000, 'Race from');
    const to = await createProduct(A, { productName: 'Race to', articleNo: 'RTO' });
    await savePrice(to.id, A, 70, thisMonth);
    const body = { oldClientProductId: from.id, newClientProdcuctId: to.id, quantity: 1000 };
    const results = await Promise.all([
      post(app, '/api/admin/client/products/reclasification/save', body, admin),
      post(app, '/api/admin/client/products/reclasification/save', body, admin),
    ]);
    expect(results.map((response) => response.status).sort()).toEqual([200, 400]);
    expect((await stockState(from.id)).total).toBe(0);
    expect((await stockState(to.id)).total).toBe(1000);
  });
});
