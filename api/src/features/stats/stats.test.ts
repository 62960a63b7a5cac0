import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, COMPANY_B, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { now as clockNow, nowMs } from '../../lib/clock.js';

let database: TestDatabase;
let app: FastifyInstance;
let clientA: string;
let clientB: string;
/** A's products (A3 deleted, with history; A4 deleted, without) and B's product. */
let productA1: number;
let productA2: number;
let productA3: number;
let productA4: number;
let productB1: number;

const MONTH = '2026-10';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createTwoCompanies(database.db);
  clientA = await as.client(COMPANY_A);
  clientB = await as.client(COMPANY_B);
  const warehouseId = await makeWarehouse(database.db);
  const preform = await makePreform(database.db);
  const product = (companyId: string, name: string) =>
    makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId, name });
  productA1 = await product(COMPANY_A, 'Spring Water 0.5 L');
  productA2 = await product(COMPANY_A, 'Spring Water 1.5 L');
  productA3 = await product(COMPANY_A, 'Old Bottle (deleted, with history)');
  productA4 = await product(COMPANY_A, 'Old Bottle (deleted, no history)');
  productB1 = await product(COMPANY_B, 'Fjord Sparkling 0.5 L');
  await database.db.updateTable('client_products').set({ deleted_at: clockNow() }).where('id', 'in', [productA3, productA4]).execute();

  const orderA = await makeProductionOrder(database.db, { companyId: COMPANY_A });
  const closedOrderA = await makeProductionOrder(database.db, { companyId: COMPANY_A, closed: 1 });
  const orderB = await makeProductionOrder(database.db, { companyId: COMPANY_B });
  const item = (orderId: number, productId: number, dueDate: string, planned: number, produced: number) =>
    makeOrderItem(database.db, { orderId, productId, dueDate, planned, produced });
  // Fill-rate boundaries of A1 (planned 10,000 a day): 79.99 % Bad, 80 % Medium, 94.99 % Medium, 95 % Good.
  await item(orderA, productA1, '2026-10-05', 10_000, 7_999);
  await item(orderA, productA1, '2026-10-06', 10_000, 8_000);
  await item(orderA, productA1, '2026-10-07', 10_000, 9_499);
  await item(orderA, productA1, '2026-10-08', 10_000, 9_500);
  // Two items due the same day are summed: 12,000 of 12,000 planned, one of them on a closed order.
  await item(orderA, productA1, '2026-10-09', 8_000, 4_000);
  await item(closedOrderA, productA1, '2026-10-09', 4_000, 8_000);
  await item(orderA, productA2, '2026-10-05', 20_000, 20_000);
  await item(orderA, productA3, '2026-10-06', 5_000, 1_000);
  // Outside October.
  await item(orderA, productA1, '2026-11-02', 10_000, 3_000);
  await item(orderA, productA1, '2026-09-30', 10_000, 10_000);
  // B's production on the same days must never reach A's numbers (and the other way round).
  await item(orderB, productB1, '2026-10-05', 50_000, 50_000);
  await item(orderB, productB1, '2026-10-06', 50_000, 10_000);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const apex = (body: object, token = clientA) => post(app, '/api/client/apex/get', body, token);
const fillRate = (month = MONTH, token = clientA) => post(app, '/api/client/charts/fillRateDate/get', { month }, token);
const quantities = (period: object, token = clientA) => post(app, '/api/client/stats/orders/quantities', { period }, token);
const detailed = (productId: number, period: object, token = clientA) =>
  post(app, '/api/client/stats/orders/quantitiesdetailed', { productId, period }, token);
const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };

interface Point {
  x: string;
  y: number;
}
interface Series {
  name: string;
  clientProductId: number;
  data: number[];
}

describe('statistics: role gates', () => {
  it('answers 401 without a token', async () => {
    expect((await fillRate(MONTH, '')).status).toBe(401);
  });

  it('statistics are for the client type only: buyer, seller and staff get 403 for every operation', async () => {
    for (const token of [await as.buyer(COMPANY_A), await as.seller(COMPANY_A), await as.admin(), await as.operator(), await as.accountant()]) {
      expect((await apex({ startOf: '2026-10-01', endOf: '2026-10-31', productId: 0 }, token)).status).toBe(403);
      expect((await fillRate(MONTH, token)).status).toBe(403);
      expect((await quantities(OCTOBER, token)).status).toBe(403);
      expect((await detailed(productA1, OCTOBER, token)).status).toBe(403);
    }
  });
});

describe('apex/get: produced quantities per day', () => {
  it('productId 0 sums all of the caller\'s products per day, one point for every day (0 where nothing was produced)', async () => {
    const response = await apex({ startOf: '2026-10-01', endOf: '2026-10-10', productId: 0 });
    expect(response.status).toBe(200);
    const data = response.body.series[0].data as Point[];
    expect(data).toHaveLength(10);
    expect(data[0]).toEqual({ x: '2026-10-01', y: 0 });
    expect(Object.fromEntries(data.map((point) => [point.x, point.y]))).toMatchObject({
      '2026-10-05': 7_999 + 20_000,
      '2026-10-06': 8_000 + 1_000,
      '2026-10-07': 9_499,
      '2026-10-08': 9_500,
      '2026-10-09': 12_000,
      '2026-10-10': 0,
    });
  });

  it('one product only when productId is given', async () => {
    const response = await apex({ startOf: '2026-10-05', endOf: '2026-10-06', productId: productA2 });
    expect(response.body.series[0].data).toEqual([
      { x: '2026-10-05', y: 20_000 },
      { x: '2026-10-06', y: 0 },
    ]);
    expect(response.body.series[0].name).toContain('Spring Water 1.5 L');
  });

  it("lists the caller's live products for the filter, never another company's", async () => {
    const products = (await apex({ startOf: '2026-10-01', endOf: '2026-10-01', productId: 0 })).body.products as { id: number }[];
    expect(products.map((product) => product.id).sort()).toEqual([productA1, productA2].sort());
  });

  it("B's chart never includes A's production; A's productId from B is 404", async () => {
    const response = await apex({ startOf: '2026-10-05', endOf: '2026-10-06', productId: 0 }, clientB);
    expect(response.body.series[0].data).toEqual([
      { x: '2026-10-05', y: 50_000 },
      { x: '2026-10-06', y: 10_000 },
    ]);
    expect(response.body.products.map((product: { id: number }) => product.id)).toEqual([productB1]);
    expect((await apex({ startOf: '2026-10-01', endOf: '2026-10-31', productId: productA1 }, clientB)).status).toBe(404);
    expect((await apex({ startOf: '2026-10-01', endOf: '2026-10-31', productId: 999_999 })).status).toBe(404);
  });

  it('a period ending before it starts, or longer than two years, is 400 naming endOf', async () => {
    const backwards = await apex({ startOf: '2026-10-10', endOf: '2026-10-01', productId: 0 });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0]).toMatchObject({ field: 'endOf', code: 'min' });
    const long = await apex({ startOf: '2020-01-01', endOf: '2026-10-01', productId: 0 });
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ field: 'endOf', code: 'max' });
  });
});

describe('charts/fillRateDate/get: the fill-rate heatmap', () => {
  it('has every day of the month as categories', async () => {
    const response = await fillRate();
    expect(response.status).toBe(200);
    expect(response.body.categories).toHaveLength(31);
    expect(response.body.categories[0]).toBe('2026-10-01');
    expect(response.body.categories[30]).toBe('2026-10-31');
    expect((await fillRate('2026-02')).body.categories).toHaveLength(28);
  });

  it('buckets each day of a product: 79.99 % Bad (-1), 80 % Medium (0), 94.99 % Medium, 95 % Good (1), no plan none (-2)', async () => {
    const response = await fillRate();
    const categories = response.body.categories as string[];
    const a1 = (response.body.series as Series[]).find((series) => series.clientProductId === productA1)!;
    const bucket = (day: string) => a1.data[categories.indexOf(day)];
    expect(bucket('2026-10-05')).toBe(-1);
    expect(bucket('2026-10-06')).toBe(0);
    expect(bucket('2026-10-07')).toBe(0);
    expect(bucket('2026-10-08')).toBe(1);
    expect(bucket('2026-10-09')).toBe(1);
    expect(bucket('2026-10-01')).toBe(-2);
    expect(a1.data).toHaveLength(31);
    expect(a1.name).toMatch(/ - Spring Water 0.5 L$/);
  });

  it('a day that has not happened yet is not Bad: planned with nothing produced reads none (-2), and its tooltip keeps the plan', async () => {
    const dayOf = (offset: number) => new Date(nowMs() + offset * 86_400_000).toISOString().slice(0, 10);
    const order = await makeProductionOrder(database.db, { companyId: COMPANY_B });
    await makeOrderItem(database.db, { orderId: order, productId: productB1, dueDate: dayOf(7), planned: 40_000, produced: 0 });
    await makeOrderItem(database.db, { orderId: order, productId: productB1, dueDate: dayOf(-1), planned: 40_000, produced: 0 });
    const bucketOn = async (day: string) => {
      const body = (await fillRate(day.slice(0, 7), clientB)).body as { categories: string[]; series: Series[]; details: { date: string; plannedAmount: number }[] };
      const line = body.series.find((series) => series.clientProductId === productB1)!;
      return { bucket: line.data[body.categories.indexOf(day)], detail: body.details.find((detail) => detail.date === day) };
    };
    expect(await bucketOn(dayOf(7))).toMatchObject({ bucket: -2, detail: { plannedAmount: 40_000 } });
    expect((await bucketOn(dayOf(-1))).bucket).toBe(-1);
  });

  it('details carry planned and produced per product and day, summed over the items due that day', async () => {
    const details = (await fillRate()).body.details as { clientProductId: number; date: string; plannedAmount: number; produced: number }[];
    expect(details).toContainEqual({ clientProductId: productA1, date: '2026-10-09', plannedAmount: 12_000, produced: 12_000 });
    expect(details).toContainEqual({ clientProductId: productA1, date: '2026-10-05', plannedAmount: 10_000, produced: 7_999 });
    expect(details.every((detail) => detail.date.startsWith('2026-10'))).toBe(true);
  });

  it('a line per live product, and per deleted product with items that month', async () => {
    const ids = ((await fillRate()).body.series as Series[]).map((series) => series.clientProductId);
    expect(ids).toEqual(expect.arrayContaining([productA1, productA2, productA3]));
    expect(ids).not.toContain(productA4);
    const quiet = ((await fillRate('2027-01')).body.series as Series[]).map((series) => series.clientProductId);
    expect(quiet.sort()).toEqual([productA1, productA2].sort());
  });

  it("B's heatmap never includes A's products or production, nor A's B's", async () => {
    const b = await fillRate(MONTH, clientB);
    expect((b.body.series as Series[]).map((series) => series.clientProductId)).toEqual([productB1]);
    expect((b.body.details as { clientProductId: number }[]).every((detail) => detail.clientProductId === productB1)).toBe(true);
    const a = await fillRate(MONTH, clientA);
    expect((a.body.details as { clientProductId: number }[]).some((detail) => detail.clientProductId === productB1)).toBe(false);
  });

  it('a month that is not YYYY-MM is 400', async () => {
    expect((await fillRate('2026-13')).status).toBe(400);
    expect((await fillRate('2026-1')).status).toBe(400);
  });
});

describe('stats/orders/quantities: produced bottles per article in the period', () => {
  it('sums per product of the caller over the period, by article number, with no day', async () => {
    const response = await quantities(OCTOBER);
    expect(response.status).toBe(200);
    const rows = response.body as { id: number; producedAmount: number; dueDate: string | null }[];
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId[productA1]).toMatchObject({ producedAmount: 7_999 + 8_000 + 9_499 + 9_500 + 12_000, dueDate: null });
    expect(byId[productA2]).toMatchObject({ producedAmount: 20_000 });
    expect(byId[productA3]).toMatchObject({ producedAmount: 1_000 });
    expect(byId[productB1]).toBeUndefined();
  });

  it('the period bounds are inclusive days', async () => {
    const rows = (await quantities({ from: '2026-09-30', to: '2026-09-30' })).body as { id: number; producedAmount: number }[];
    expect(rows).toEqual([expect.objectContaining({ id: productA1, producedAmount: 10_000 })]);
  });

  it("B's report never includes A's production", async () => {
    const rows = (await quantities(OCTOBER, clientB)).body as { id: number; producedAmount: number }[];
    expect(rows).toEqual([expect.objectContaining({ id: productB1, producedAmount: 60_000 })]);
  });

  it('a period ending before it starts is 400 naming period.to', async () => {
    const response = await quantities({ from: '2026-10-31', to: '2026-10-01' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ field: 'period.to', code: 'min' });
  });
});

describe('stats/orders/quantitiesdetailed: one product per day (sparkline)', () => {
  it('answers the produced bottles of the product per day with items, oldest first', async () => {
    const response = await detailed(productA1, OCTOBER);
    expect(response.status).toBe(200);
    expect((response.body as { dueDate: string; producedAmount: number }[]).map((row) => [row.dueDate, row.producedAmount])).toEqual([
      ['2026-10-05', 7_999],
      ['2026-10-06', 8_000],
      ['2026-10-07', 9_499],
      ['2026-10-08', 9_500],
      ['2026-10-09', 12_000],
    ]);
    expect(response.body[0]).toMatchObject({ id: productA1, productName: 'Spring Water 0.5 L' });
  });

  it("A's productId from B is 404, like a missing one", async () => {
    expect((await detailed(productA1, OCTOBER, clientB)).status).toBe(404);
    expect((await detailed(productB1, OCTOBER, clientA)).status).toBe(404);
    expect((await detailed(999_999, OCTOBER)).status).toBe(404);
  });
});
