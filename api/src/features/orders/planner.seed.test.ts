import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { seedDemoData } from '../../db/seed/index.js';
import { seedPlanner } from '../../db/seed/planner.seed.js';
import { AQUA_CONVERTERS, BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS } from '../../db/seed/users.seed.js';
import { nowMs } from '../../lib/clock.js';

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

const DAY = 86_400_000;
const day = (days: number) => new Date(nowMs() + days * DAY).toISOString().slice(0, 10);

interface PlannerItem {
  id: number;
  isBuyerConfirmed: boolean;
  isSellerConfirmed: boolean;
  refProductionOrderItem: object | null;
  version: number;
  ClientProductionOrder: { clientId: string; orderNo: string };
}

describe('planner and statistics demo data', () => {
  it("Aqua Converters' planner shows Baltic Beverages' items with something to confirm, to add and to edit, and the forecast", async () => {
    const seller = await as.seller(AQUA_CONVERTERS);
    const range = { startTimestamp: new Date(nowMs() - 7 * DAY).toISOString(), endTimestamp: new Date(nowMs() + 42 * DAY).toISOString() };
    const response = await post(app, '/api/client/orders/planner/get', range, seller);
    expect(response.status).toBe(200);
    const buyerItems = (response.body.orders as PlannerItem[]).filter((item) => item.ClientProductionOrder.clientId === BALTIC_BEVERAGES);
    expect(buyerItems.some((item) => item.isBuyerConfirmed && !item.isSellerConfirmed)).toBe(true);
    expect(buyerItems.some((item) => item.isBuyerConfirmed && item.isSellerConfirmed && !item.refProductionOrderItem)).toBe(true);
    expect(buyerItems.some((item) => item.refProductionOrderItem)).toBe(true);
    expect((response.body.forecasts as { clientId: string }[]).some((forecast) => forecast.clientId === BALTIC_BEVERAGES)).toBe(true);

    const toConfirm = buyerItems.find((item) => item.isBuyerConfirmed && !item.isSellerConfirmed)!;
    const confirmed = await post(app, '/api/client/orders/planner/item/save', { item: { id: toConfirm.id, version: toConfirm.version, isSellerConfirmed: true } }, seller);
    expect(confirmed.status).toBe(200);
  });

  it("the operator records production on Aqua Converters' item for the buyer's product (it has a price period)", async () => {
    const seller = await as.seller(AQUA_CONVERTERS);
    const range = { startTimestamp: new Date(nowMs() - 7 * DAY).toISOString(), endTimestamp: new Date(nowMs() + 42 * DAY).toISOString() };
    const items = (await post(app, '/api/client/orders/planner/get', range, seller)).body.orders as PlannerItem[];
    const produced = items.find((item) => item.ClientProductionOrder.orderNo === 'AC-PO-2026-07')!;
    const response = await post(app, '/api/operator/order/item/save', { item: { id: produced.id, producedAmount: 9000, version: produced.version } }, await as.operator());
    expect(response.status).toBe(200);
    expect(response.body.producedAmount).toBe(9000);
  });

  it('the client companies have half a year of production: the charts and the report have data, the heatmap every bucket', async () => {
    for (const company of [NORDIC_SPRINGS, FJORD_WATER]) {
      const client = await as.client(company);
      const chart = await post(app, '/api/client/apex/get', { startOf: day(-30), endOf: day(-1), productId: 0 }, client);
      expect(chart.body.series[0].data.filter((point: { y: number }) => point.y > 0).length, company).toBeGreaterThanOrEqual(15);
      const report = await post(app, '/api/client/stats/orders/quantities', { period: { from: day(-180), to: day(0) } }, client);
      expect(report.body.length, company).toBeGreaterThanOrEqual(2);
      const lastMonth = new Date(nowMs() - 32 * DAY).toISOString().slice(0, 7);
      const heatmap = await post(app, '/api/client/charts/fillRateDate/get', { month: lastMonth }, client);
      const buckets = new Set((heatmap.body.series as { data: number[] }[]).flatMap((series) => series.data));
      expect([...buckets].sort((a, b) => a - b), company).toEqual([-2, -1, 0, 1]);
    }
  });

  it('seeds only once', async () => {
    expect(await seedPlanner(database.db)).toBe(false);
  });
});
