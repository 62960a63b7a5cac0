import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { seedDemoData } from '../../db/seed/index.js';
import { seedClientInventory } from '../../db/seed/client-inventory.seed.js';
import { AQUA_CONVERTERS, BALTIC_BEVERAGES, NORDIC_SPRINGS } from '../../db/seed/users.seed.js';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { info: () => undefined });
  app = await createTestApp(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('client inventory demo data', () => {
  it('gives every product a current price, next month’s price and bottle stock that is the sum of its periods and of its ledger', async () => {
    const admin = await as.admin();
    const response = await post(app, '/api/admin/client/products/get', { clientId: NORDIC_SPRINGS, pagination: { page: 1, rowsPerPage: 20 } }, admin);
    expect(response.status).toBe(200);
    expect(response.body.rows.length).toBeGreaterThan(0);
    for (const product of response.body.rows) {
      expect(product.currentPrice?.unitPrice).toBeGreaterThan(0);
      expect(product.currentStock).toBeGreaterThan(0);
      const prices = await post(app, '/api/admin/client/product/prices/get', { clientProductId: product.id, clientId: NORDIC_SPRINGS }, admin);
      expect(prices.body.rows.length).toBeGreaterThanOrEqual(2);
      const stock = await post(app, '/api/admin/client/products/stock/details/get', { id: product.id, pagination: { page: 1, rowsPerPage: 10 } }, admin);
      expect(stock.body.rows.reduce((sum: number, row: { currentStock: number }) => sum + row.currentStock, 0)).toBe(product.currentStock);
    }
    const ledger = await database.db
      .selectFrom('product_stock_movements')
      .select(['client_product_id', (eb) => eb.fn.sum<number>('quantity').as('total')])
      .groupBy('client_product_id')
      .execute();
    const totals = await database.db.selectFrom('client_products').select(['id', 'current_stock']).execute();
    for (const product of totals) expect(Number(ledger.find((row) => row.client_product_id === product.id)?.total ?? 0)).toBe(product.current_stock);
  });

  it('has client details for every demo company and Baltic Beverages assigned as buyer of an Aqua Converters product', async () => {
    const admin = await as.admin();
    const details = await post(app, '/api/admin/client/details/get', { clientId: AQUA_CONVERTERS }, admin);
    expect(details.body.info).toMatchObject({ billingCompany: 'Aqua Converters Oy', currency: 'EUR' });
    const products = await post(app, '/api/admin/client/products/get', { clientId: AQUA_CONVERTERS }, admin);
    const buyers = await Promise.all(
      products.body.rows.map(async (product: { id: number }) =>
        (await post(app, '/api/admin/client/product/buyers/get', { clientProductId: product.id, clientId: AQUA_CONVERTERS }, admin)).body,
      ),
    );
    expect(buyers.flat()).toContainEqual({ clientId: BALTIC_BEVERAGES, company: 'Baltic Beverages SIA' });
  });

  it('is seeded once', async () => {
    expect(await seedClientInventory(database.db)).toBe(false);
  });
});
