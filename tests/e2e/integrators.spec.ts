import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, machineNowMs, mondayOf, runNow, runNowMs, runToday } from './clock.test-utils.js';
import { startPortal, type RunningPortal } from './portal.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';

/**
 * An integrator connects unattended, end to end: the admin makes an API client for Baltic Beverages (a buyer) on the API clients
 * screen; the company's system signs in with client credentials, subscribes a receiver (node:http on loopback, in this
 * process) to its company's order events, and pushes a buyer-confirmed order; the seller confirms the item on the Planner in
 * Chromium. The receiver verifies each delivery's Standard Webhooks signature (written here from the specification,
 * not the portal's signing code), answers 500 to the first one, and after deduplication by webhook-id holds each event
 * once. This file runs its own portal: loopback receivers allowed (WEBHOOK_ALLOWED_NETWORKS) and the retry after a
 * failure 1 s later (WEBHOOK_RETRY_SECONDS) instead of 30 s.
 */
const BALTIC = 'baltic-beverages';
let portal: RunningPortal;
let receiver: http.Server;
let receiverUrl: string;

interface Delivery {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  status: number;
}
const deliveries: Delivery[] = [];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });
const listDate = (day: string) => day.split('-').reverse().join('.');
const monthTitle = (day: string) => new Date(`${day}T12:00:00`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });

/**
 * Standard Webhooks verification: the signed content is `id.timestamp.body`, the key the base64 after `whsec_`, each
 * space-separated `v1,<base64>` of the header a candidate HMAC-SHA256; the timestamp within 5 minutes of now.
 */
function verifies(secret: string, delivery: Delivery): boolean {
  if (Math.abs(Number(delivery.timestamp) - machineNowMs() / 1000) > 300) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${delivery.id}.${delivery.timestamp}.${delivery.body}`).digest();
  return delivery.signature.split(' ').some((candidate) => {
    const [version, value] = candidate.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** What the receiver keeps: the first copy of each webhook-id that it answered 2xx. */
const kept = () => {
  const seen = new Set<string>();
  return deliveries.filter((delivery) => delivery.status < 300 && !seen.has(delivery.id) && seen.add(delivery.id));
};
const eventOf = (delivery: Delivery) => JSON.parse(delivery.body) as { id: string; type: string; companyId: string; recordId: string; data: Record<string, unknown> };

test.beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // The receiver is down for the first delivery: the portal must send it again, with the same webhook-id.
      const status = deliveries.length === 0 ? 500 : 204;
      deliveries.push({
        id: String(request.headers['webhook-id']),
        timestamp: String(request.headers['webhook-timestamp']),
        signature: String(request.headers['webhook-signature'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
        status,
      });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/erp/events`;
  portal = await startPortal({
    PORTAL_NOW: runNow().toISOString(),
    ACCESS_TOKEN_TTL: '60',
    WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
    WEBHOOK_RETRY_SECONDS: '1,2,4',
    JOBS_POLL_SECONDS: '0.5',
  });
});

test.afterAll(async () => {
  await portal?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The admin makes an API client for Baltic Beverages (role buyer) on the screen; answers its id and secret, shown once. */
async function adminMakesApiClient(page: Page) {
  await signIn(page, 'admin', `${portal.url}/`);
  await menu(page).getByRole('link', { name: 'API clients', exact: true }).click();
  await page.getByRole('main').getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API client' });
  await dialog.getByLabel('Name').fill('Baltic ERP');
  await dialog.getByRole('combobox', { name: 'Acts for' }).click();
  await page.getByRole('option', { name: 'Baltic Beverages SIA' }).click();
  await dialog.getByRole('radio', { name: 'buyer' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  const made = page.getByRole('dialog', { name: 'API client made' });
  await expect(made.getByText('Copy the secret now')).toBeVisible();
  const [clientId, secret] = (await made.locator('pre').allInnerTexts()).map((text) => text.trim());
  await made.getByRole('button', { name: 'Done' }).click();
  return { clientId: clientId!, secret: secret! };
}

/** The integrator's system: client credentials at the portal's identity provider, then the API with the token. */
async function systemOf(request: APIRequestContext, client: { clientId: string; secret: string }) {
  const answer = await request.post(`${portal.url}/idp/token`, {
    headers: { Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}` },
    form: { grant_type: 'client_credentials' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const token = ((await answer.json()) as { access_token: string }).access_token;
  return async (method: 'GET' | 'POST', path: string, data?: unknown) => {
    const response = await request.fetch(`${portal.url}${path}`, { method, headers: { Authorization: `Bearer ${token}` }, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return response.json();
  };
}

test("an API client's order and the seller's confirmation reach the company's receiver signed, each once, though the first delivery failed", async ({ page, browser, request }) => {
  const client = await adminMakesApiClient(page);
  expect(client.clientId).toMatch(/^ac_/);
  const call = await systemOf(request, client);

  const subscribed = (await call('POST', '/api/webhook/save', {
    endpoint: { url: receiverUrl, eventTypes: ['order.created', 'order_item.created', 'order_item.confirmed'], enabled: true },
  })) as { endpoint: { companyId: string }; secret: string };
  expect(subscribed.endpoint.companyId).toBe(BALTIC);
  expect(subscribed.secret).toMatch(/^whsec_/);

  const products = (await call('GET', '/api/client/orders/clientproducts')) as { id: number; articleNo: string }[];
  const product = products.find((candidate) => candidate.articleNo === 'BB-1000B')!;
  const wednesday = addDays(mondayOf(runToday()), 16);
  const orderNo = `E2E-INT-${runNowMs()}`;
  const order = (await call('POST', '/api/client/orders/save', {
    Order: { orderNo, closed: 0, ClientProductionOrderItems: [{ clientProductId: product.id, dueDate: wednesday, plannedAmount: 12_000, isBuyerConfirmed: true }] },
  })) as { id: number };

  // The seller confirms the item on the Planner, as a person does.
  const seller = await browser.newPage();
  await signIn(seller, 'seller', `${portal.url}/`);
  await menu(seller).getByRole('link', { name: 'Planner' }).click();
  await expect(seller.getByRole('heading', { name: 'Planner' })).toBeVisible();
  const months = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  if (months(wednesday) > months(runToday())) await seller.getByRole('button', { name: 'Next' }).click();
  await expect(seller.getByText(monthTitle(wednesday), { exact: true })).toBeVisible();
  const card = seller.getByRole('gridcell', { name: listDate(wednesday), exact: true }).getByRole('article', { name: new RegExp(`${orderNo}, ${product.articleNo}`) });
  await expect(card).toContainText('Buyer confirmed');
  await card.getByRole('button', { name: 'Confirm order' }).click();
  const saved = seller.waitForResponse((response) => response.url().endsWith('/api/client/orders/planner/item/save'));
  await seller.getByRole('dialog', { name: 'Confirm order' }).getByRole('button', { name: 'Confirm' }).click();
  expect((await saved).status()).toBe(200);
  await expect(card.getByRole('button', { name: 'Confirm order' })).toHaveCount(0);

  // The receiver: the three events, each once after deduplication. Order holds per record (the item's creation before
  // its confirmation); the order's own event, retried after its 500, may come after the item's.
  const types = () => kept().map((delivery) => eventOf(delivery).type);
  await expect.poll(() => [...types()].sort(), { timeout: 30_000 }).toEqual(['order.created', 'order_item.confirmed', 'order_item.created']);
  expect(types().filter((type) => type.startsWith('order_item.'))).toEqual(['order_item.created', 'order_item.confirmed']);
  const event = (type: string) => kept().map(eventOf).find((candidate) => candidate.type === type)!;
  expect(event('order.created')).toMatchObject({ companyId: BALTIC, recordId: String(order.id) });
  expect(event('order_item.confirmed')).toMatchObject({ companyId: BALTIC, recordId: event('order_item.created').recordId, data: { by: 'seller' } });
  for (const delivery of deliveries) expect(verifies(subscribed.secret, delivery), `signature of ${delivery.id}`).toBe(true);
  // A forged body under the same headers does not verify. Every event names its company, whichever event came first.
  const forged = deliveries[0]!.body.replace(`"companyId":"${BALTIC}"`, '"companyId":"forged"');
  expect(forged).not.toBe(deliveries[0]!.body);
  expect(verifies(subscribed.secret, { ...deliveries[0]!, body: forged })).toBe(false);
  // The first delivery answered 500 and came again with the same webhook-id.
  expect(deliveries[0]!.status).toBe(500);
  expect(deliveries.filter((delivery) => delivery.id === deliveries[0]!.id).map((delivery) => delivery.status)).toEqual([500, 204]);
  expect(deliveries.length).toBeGreaterThan(kept().length);
});
