import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { as } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, COMPANY_B, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';
import { nowMs, pinClock } from '../../lib/clock.js';
import type { Schemas } from '../../lib/contract.js';
import { attemptDelivery } from './webhooks.deliveries.js';

/**
 * Webhooks against a real receiver on loopback (node:http) that verifies Standard Webhooks signatures as a receiver
 * would, deduplicates by webhook-id, and answers what the test tells it. The job queue's workers are off in tests:
 * `drain` runs the due deliveries' attempts as the `webhook-delivery` jobs would, and the portal's clock is moved
 * past a retry's wait instead of waiting.
 */
const api = useTestApp({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128', WEBHOOK_RETRY_SECONDS: '30,120', WEBHOOK_ROTATION_OVERLAP_HOURS: '24' });

interface Received {
  id: string;
  timestamp: string;
  signatures: string[];
  body: string;
  path: string;
}

const received: Received[] = [];
/** Status codes to answer, in turn, per path; 204 when none is left. */
const answers = new Map<string, number[]>();
let receiver: http.Server;
let base: string;
let productA: number;
let clientA: { token: string };
let clientB: { token: string };

const DAY_MS = 86_400_000;
const dueDate = () => {
  const date = new Date(nowMs() + 14 * DAY_MS);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** A receiver's check: some `v1,` signature of the header is the HMAC of `id.timestamp.body` under the secret. */
function verifies(secret: string, message: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${message.id}.${message.timestamp}.${message.body}`).digest();
  return message.signatures.some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** What a receiver keeps after deduplicating by webhook-id: the first copy of each. */
const deduplicated = (path: string) => {
  const seen = new Set<string>();
  return received.filter((message) => message.path === path && !seen.has(message.id) && seen.add(message.id));
};
const eventOf = (message: Received) => JSON.parse(message.body) as Schemas['Event'];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        id: String(request.headers['webhook-id']),
        timestamp: String(request.headers['webhook-timestamp']),
        signatures: String(request.headers['webhook-signature'] ?? '').split(' '),
        body: Buffer.concat(chunks).toString('utf8'),
        path: request.url ?? '',
      });
      const status = answers.get(request.url ?? '')?.shift() ?? 204;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? 'receiver is down' : '');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  await createTwoCompanies(api.db);
  const warehouseId = await makeWarehouse(api.db);
  const preform = await makePreform(api.db);
  productA = await makeProduct(api.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId: COMPANY_A, name: 'Spring Water 0.5 L' });
  clientA = { token: await as.client(COMPANY_A) };
  clientB = { token: await as.client(COMPANY_B) };
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Runs every pending delivery's attempt (as its job would) until none makes progress; answers the outcomes. */
async function drain() {
  const outcomes: string[] = [];
  for (let round = 0; round < 20; round++) {
    const pending = await api.db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'pending').orderBy('event_sequence').execute();
    let progressed = false;
    for (const { id } of pending) {
      const outcome = await attemptDelivery(api.db, api.app.config, id);
      if (outcome !== 'skipped') progressed = true;
      outcomes.push(outcome);
    }
    if (!progressed) break;
  }
  return outcomes;
}

/** Moves the portal's clock on (a retry's wait passing). */
const advance = (seconds: number) => pinClock(nowMs() + seconds * 1000);

async function subscribe(path: string, eventTypes: Schemas['EventType'][], caller: Parameters<typeof api.post>[2] = 'admin') {
  const answer = await api.post('Webhooks_saveEndpoint', { endpoint: { url: `${base}${path}`, eventTypes, enabled: true } }, caller);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as { endpoint: Schemas['WebhookEndpoint']; secret: string };
}

const saveOrder = (order: Record<string, unknown>) => api.post('ClientOrders_saveOrder', { Order: order as never }, clientA);

describe('subscribing', () => {
  it.each([
    ['https://10.0.0.1/hooks', '10.0.0.1'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['https://[::ffff:10.0.0.1]/hooks', '10.0.0.1'],
    ['http://192.168.1.20/hooks', '192.168.1.20'],
  ])('refuses %s: its host is a private or link-local address (400 on endpoint.url), and stores nothing', async (url, address) => {
    const answer = await api.post('Webhooks_saveEndpoint', { endpoint: { url, eventTypes: ['order.created'], enabled: true } }, 'admin');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: [{ field: 'endpoint.url', code: 'address' }] });
    expect(JSON.stringify(answer.body)).toContain(address);
    expect((await api.post('Webhooks_getEndpoints', {}, 'admin')).body).toEqual({ rows: [] });
  });

  it('shows the secret once: whsec_ and base64 of 32 bytes at creation, only a hint in the list', async () => {
    const { endpoint, secret } = await subscribe('/once', ['order.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const list = await api.post('Webhooks_getEndpoints', {}, 'admin');
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.rows).toEqual([expect.objectContaining({ id: endpoint.id, secretHint: secret.slice(0, 10), companyId: null })]);
    await api.post('Webhooks_deleteEndpoints', { endpointIds: [endpoint.id] }, 'admin');
  });

  it("a client company subscribes its own endpoint, sees only its company's endpoints, and cannot subscribe to the manufacturer's records", async () => {
    const own = await subscribe('/client-a', ['order.created'], clientA);
    expect(own.endpoint.companyId).toBe(COMPANY_A);
    expect((await api.post('Webhooks_getEndpoints', {}, clientB)).body).toEqual({ rows: [] });
    const refused = await api.post('Webhooks_saveEndpoint', { endpoint: { url: `${base}/x`, eventTypes: ['supply_order.delivered'], enabled: true } }, clientA);
    expect(refused.status).toBe(400);
    const foreign = await api.post('Webhooks_deleteEndpoints', { endpointIds: [own.endpoint.id] }, clientB);
    expect(foreign.status).toBe(404);
    expect((await api.post('Webhooks_deleteEndpoints', { endpointIds: [own.endpoint.id] }, clientA)).status).toBe(200);
  });
});

describe('deliveries', () => {
  let secret: string;
  let endpointId: number;
  let orderId: number;

  it('delivers signed events; a first answer of 500 is retried after the wait, and a later event of the same order waits for it', async () => {
    ({ secret, endpoint: { id: endpointId } } = await subscribe('/erp', ['order.created', 'order.changed', 'order_item.created']));
    answers.set('/erp', [500]);
    const created = await saveOrder({ orderNo: 'WH-1', closed: 0, ClientProductionOrderItems: [{ clientProductId: productA, dueDate: dueDate(), plannedAmount: 10_000 }] });
    expect(created.status).toBe(200);
    orderId = (created.body as { id: number }).id;
    // A job per delivery was queued in the order's transaction.
    const jobs = await sql<{ count: string }>`select count(*) from pgboss.job where name = 'webhook-delivery'`.execute(api.db);
    expect(Number(jobs.rows[0]!.count)).toBe(2);

    await drain();
    // order.created answered 500; the item's event (another record) went through.
    expect(received.filter((message) => message.path === '/erp').map((message) => eventOf(message).type)).toEqual(['order.created', 'order_item.created']);

    const order = (await api.post('ClientOrders_getOrder', { id: orderId }, clientA)).body as unknown as Schemas['ClientProductionOrder'];
    const item = order.ClientProductionOrderItems![0]!;
    expect(
      (await saveOrder({ id: orderId, version: order.version, orderNo: 'WH-1 rev', closed: 0, ClientProductionOrderItems: [{ id: item.id, version: item.version, clientProductId: productA, dueDate: item.dueDate, plannedAmount: 10_000 }] })).status,
    ).toBe(200);
    await drain();
    // order.changed waits: order.created of the same order is not delivered yet (its retry is due in 30 s).
    expect(received.filter((message) => message.path === '/erp').length).toBe(2);

    advance(31);
    await drain();
    const kept = deduplicated('/erp');
    expect(kept.map((message) => eventOf(message).type)).toEqual(['order.created', 'order_item.created', 'order.changed']);
    expect(received.filter((message) => message.path === '/erp').map((message) => eventOf(message).type)).toEqual([
      'order.created',
      'order_item.created',
      'order.created',
      'order.changed',
    ]);
    for (const message of received) expect(verifies(secret, message), `signature of ${message.id}`).toBe(true);
    // The same event id on the retry: the receiver's deduplication key.
    expect(received[0]!.id).toBe(received[2]!.id);
    expect(eventOf(received[0]!)).toMatchObject({ id: received[0]!.id, type: 'order.created', recordId: String(orderId), companyId: COMPANY_A });
    // Unix seconds of the machine's clock (the receiver compares it with its own).
    expect(Math.abs(Number(received[0]!.timestamp) - Math.floor(performance.timeOrigin / 1000 + performance.now() / 1000))).toBeLessThan(300);
  });

  it('lists the recent deliveries with their attempts and answers, and resends one with the same webhook-id', async () => {
    const list = await api.post('Webhooks_getDeliveries', { endpointId }, 'admin');
    expect(list.status).toBe(200);
    const rows = list.body.rows as Schemas['WebhookDelivery'][];
    const first = rows.find((row) => row.eventType === 'order.created')!;
    expect(first).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 204, nextAttemptAt: null });
    expect(rows.every((row) => row.status === 'delivered')).toBe(true);

    const before = received.length;
    expect((await api.post('Webhooks_resendDelivery', { deliveryId: first.id }, 'admin')).status).toBe(200);
    await drain();
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)!.id).toBe(first.eventId);
    // Deduplicated, the receiver still has each event once.
    expect(deduplicated('/erp').length).toBe(3);
    expect((await api.post('Webhooks_getDeliveries', { endpointId }, clientB)).status).toBe(404);
  });

  it('after a rotation every delivery carries two signatures, the new secret\'s and the previous one\'s, until the overlap ends', async () => {
    const endpoint = (await api.post('Webhooks_getEndpoints', {}, 'admin')).body.rows.find((row: { id: number }) => row.id === endpointId) as Schemas['WebhookEndpoint'];
    const rotated = await api.post('Webhooks_rotateSecret', { id: endpointId, version: endpoint.version }, 'admin');
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const next = (rotated.body as { secret: string }).secret;
    expect(next).not.toBe(secret);
    expect((rotated.body as { endpoint: Schemas['WebhookEndpoint'] }).endpoint.previousSecretValidUntil).not.toBeNull();

    await saveOrder({ orderNo: 'WH-2', closed: 0, ClientProductionOrderItems: [{ clientProductId: productA, dueDate: dueDate(), plannedAmount: 5_000 }] });
    await drain();
    const during = received.at(-1)!;
    expect(during.signatures).toHaveLength(2);
    expect([verifies(next, during), verifies(secret, during)]).toEqual([true, true]);

    advance(25 * 3600);
    await saveOrder({ orderNo: 'WH-3', closed: 0, ClientProductionOrderItems: [{ clientProductId: productA, dueDate: dueDate(), plannedAmount: 5_000 }] });
    await drain();
    const after = received.at(-1)!;
    expect(after.signatures).toHaveLength(1);
    expect([verifies(next, after), verifies(secret, after)]).toEqual([true, false]);
  });

  it('an endpoint that fails every retry is disabled with the reason; enabling it again delivers what waited', async () => {
    const failing = await subscribe('/down', ['order.created']);
    answers.set('/down', [500, 503, 502]);
    await saveOrder({ orderNo: 'WH-4', closed: 0, ClientProductionOrderItems: [{ clientProductId: productA, dueDate: dueDate(), plannedAmount: 5_000 }] });
    expect(await drain()).toContain('retry');
    advance(31);
    await drain();
    advance(121);
    expect(await drain()).toContain('failed');
    const endpoint = ((await api.post('Webhooks_getEndpoints', {}, 'admin')).body.rows as Schemas['WebhookEndpoint'][]).find((row) => row.id === failing.endpoint.id)!;
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.disabledReason).toMatch(/3 failed attempts.*HTTP 502/);
    const [delivery] = (await api.post('Webhooks_getDeliveries', { endpointId: failing.endpoint.id }, 'admin')).body.rows as Schemas['WebhookDelivery'][];
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 502, lastResponse: 'receiver is down' });
    expect((await api.post('Webhooks_resendDelivery', { deliveryId: delivery!.id }, 'admin')).status).toBe(409);

    const enabled = await api.post(
      'Webhooks_saveEndpoint',
      { endpoint: { id: endpoint.id, version: endpoint.version, url: endpoint.url, eventTypes: endpoint.eventTypes, enabled: true } },
      'admin',
    );
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    expect((enabled.body as { endpoint: Schemas['WebhookEndpoint'] }).endpoint.disabledReason).toBeNull();
    await drain();
    expect(received.filter((message) => message.path === '/down').length).toBe(4);
    const [again] = (await api.post('Webhooks_getDeliveries', { endpointId: failing.endpoint.id }, 'admin')).body.rows as Schemas['WebhookDelivery'][];
    expect(again!.status).toBe('delivered');
  });

  it('checks the address again at delivery: a URL that now leads to the metadata address is not called', async () => {
    const target = await subscribe('/rebound', ['order.created']);
    // As if its name resolved elsewhere now (DNS rebinding): the stored URL leads to 169.254.169.254.
    await api.db.updateTable('webhook_endpoints').set({ url: 'http://169.254.169.254/latest/meta-data' }).where('id', '=', target.endpoint.id).execute();
    const before = received.length;
    await saveOrder({ orderNo: 'WH-5', closed: 0, ClientProductionOrderItems: [{ clientProductId: productA, dueDate: dueDate(), plannedAmount: 5_000 }] });
    await drain();
    const [delivery] = (await api.post('Webhooks_getDeliveries', { endpointId: target.endpoint.id }, 'admin')).body.rows as Schemas['WebhookDelivery'][];
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(delivery!.lastResponse).toContain('169.254.169.254');
    // The other endpoints got theirs; nothing went to the metadata address (the receiver is the only listener here).
    expect(received.slice(before).map((message) => message.path).sort()).toEqual(['/down', '/erp', '/erp']);
  });
});
