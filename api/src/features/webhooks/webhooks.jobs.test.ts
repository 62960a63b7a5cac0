import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { as } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';
import { nowMs } from '../../lib/clock.js';

/**
 * The queue's own path: with a job worker running, the `webhook-delivery` jobs queued in an order's transaction reach
 * a receiver on loopback without anyone calling the attempt (webhooks.test.ts runs the attempts itself).
 */
const api = useTestApp({ JOBS_WORKERS: '1', JOBS_POLL_SECONDS: '0.5', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' });
const ids: string[] = [];
let receiver: http.Server;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    ids.push(String(request.headers['webhook-id']));
    request.resume().on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  await createTwoCompanies(api.db);
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

it("a worker delivers the order's events queued in its transaction", async () => {
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const saved = await api.post('Webhooks_saveEndpoint', { endpoint: { url, eventTypes: ['order.created', 'order_item.created'], enabled: true } }, 'admin');
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const warehouseId = await makeWarehouse(api.db);
  const preform = await makePreform(api.db);
  const productId = await makeProduct(api.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId: COMPANY_A, name: 'Spring Water 0.5 L' });
  const date = new Date(nowMs() + 14 * 86_400_000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  const order = await api.post(
    'ClientOrders_saveOrder',
    { Order: { orderNo: 'JOB-1', closed: 0, ClientProductionOrderItems: [{ clientProductId: productId, dueDate: date.toISOString().slice(0, 10), plannedAmount: 10_000 }] } },
    { token: await as.client(COMPANY_A) },
  );
  expect(order.status).toBe(200);
  const events = await api.db.selectFrom('events').select('id').orderBy('sequence').execute();
  await vi.waitFor(async () => {
    const rows = await api.db.selectFrom('webhook_deliveries').select('status').execute();
    expect(rows.map((row) => row.status)).toEqual(['delivered', 'delivered']);
  }, { timeout: 30_000, interval: 200 });
  expect([...ids].sort()).toEqual(events.map((event) => event.id).sort());
});
