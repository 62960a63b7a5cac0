import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { as } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, COMPANY_B, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';
import { nowMs, pinClock, today } from '../../lib/clock.js';
import type { Schemas } from '../../lib/contract.js';
import { recordEvent, removeExpiredEvents } from './events.service.js';

const api = useTestApp();
let productA: number;
let productB: number;
let tokens: Record<'clientA' | 'clientB' | 'buyerA' | 'sellerA', { token: string }>;

const DAY_MS = 86_400_000;
/** A weekday two weeks from the pinned day: always a date a new item may take. */
const dueDate = () => {
  const date = new Date(nowMs() + 14 * DAY_MS);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  await createTwoCompanies(api.db);
  const warehouseId = await makeWarehouse(api.db);
  const preform = await makePreform(api.db);
  const product = (companyId: string, name: string) => makeProduct(api.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId, name });
  productA = await product(COMPANY_A, 'Spring Water 0.5 L');
  productB = await product(COMPANY_B, 'Fjord Sparkling 0.5 L');
  tokens = {
    clientA: { token: await as.client(COMPANY_A) },
    clientB: { token: await as.client(COMPANY_B) },
    buyerA: { token: await as.buyer(COMPANY_A) },
    sellerA: { token: await as.seller(COMPANY_A) },
  };
});

const events = async (caller: Parameters<typeof api.post>[2], body: { after?: number; limit?: number; types?: Schemas['EventType'][] } = {}) => {
  const answer = await api.post('Events_getEvents', body, caller);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as Schemas['EventPage'];
};

const saveOrder = (caller: { token: string }, order: Record<string, unknown>) => api.post('ClientOrders_saveOrder', { Order: order as never }, caller);

describe('the event log', () => {
  let orderId: number;

  it('an order saved with two items records order.created and one order_item.created per item, in that order, for its company', async () => {
    const before = (await events('admin')).next;
    const answer = await saveOrder(tokens.clientA, {
      orderNo: 'EV-1',
      closed: 0,
      ClientProductionOrderItems: [
        { clientProductId: productA, dueDate: dueDate(), plannedAmount: 10_000 },
        { clientProductId: productA, dueDate: dueDate(), plannedAmount: 20_000 },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    orderId = (answer.body as { id: number }).id;
    const page = await events('admin', { after: before });
    expect(page.rows.map((event) => [event.type, event.recordType])).toEqual([
      ['order.created', 'order'],
      ['order_item.created', 'order_item'],
      ['order_item.created', 'order_item'],
    ]);
    expect(page.rows.every((event) => event.companyId === COMPANY_A)).toBe(true);
    expect(page.rows[0]).toMatchObject({ recordId: String(orderId), actor: { kind: 'user', id: `client-${COMPANY_A}` }, data: { orderNo: 'EV-1' } });
    // The portal's clock, pinned by the tests, dates the events.
    expect(Math.abs(Date.parse(page.rows[0]!.occurredAt) - nowMs())).toBeLessThan(60_000);
    expect(page.rows.map((event) => event.sequence)).toEqual([...page.rows.map((event) => event.sequence)].sort((a, b) => a - b));
    expect(new Set(page.rows.map((event) => event.id)).size).toBe(3);
  });

  it("moving an item's due date records order_item.due_date_moved with both dates; a buyer's confirmation records order_item.confirmed by the buyer", async () => {
    const order = (await api.post('ClientOrders_getOrder', { id: orderId }, tokens.clientA)).body as unknown as Schemas['ClientProductionOrder'];
    const [first, second] = order.ClientProductionOrderItems!;
    const before = (await events('admin')).next;
    const moved = new Date(Date.parse(`${first!.dueDate}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
    const answer = await saveOrder(tokens.clientA, {
      id: orderId,
      version: order.version,
      orderNo: 'EV-1',
      closed: 0,
      ClientProductionOrderItems: [
        { id: first!.id, version: first!.version, clientProductId: productA, dueDate: moved, plannedAmount: 10_000 },
        { id: second!.id, version: second!.version, clientProductId: productA, dueDate: second!.dueDate, plannedAmount: 20_000 },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const page = await events('admin', { after: before });
    expect(page.rows.map((event) => event.type)).toEqual(['order.changed', 'order_item.due_date_moved']);
    expect(page.rows[1]).toMatchObject({ recordId: String(first!.id), data: { from: first!.dueDate, to: moved } });
  });

  it('a change refused (another company\'s product: 404) records no event: the event is written in the transaction of the change', async () => {
    const before = (await events('admin')).next;
    const answer = await saveOrder(tokens.clientA, { orderNo: 'EV-2', closed: 0, ClientProductionOrderItems: [{ clientProductId: productB, dueDate: dueDate(), plannedAmount: 1_000 }] });
    expect(answer.status).toBe(404);
    const page = await events('admin', { after: before });
    expect(page.rows).toEqual([]);
    expect(page.next).toBe(before);
  });

  it('pages from a cursor: `limit` events after `after`, `next` for the following call, `more` while events follow', async () => {
    const all = await events('admin');
    expect(all.rows.length).toBeGreaterThanOrEqual(5);
    let after = 0;
    const seen: string[] = [];
    for (let calls = 0; calls < 20; calls++) {
      const page = await events('admin', { after, limit: 2 });
      seen.push(...page.rows.map((event) => event.id));
      after = page.next;
      if (!page.more) break;
    }
    expect(seen).toEqual(all.rows.map((event) => event.id));
    const typed = await events('admin', { types: ['order_item.created'] });
    expect(typed.rows.length).toBe(2);
    expect(typed.rows.every((event) => event.type === 'order_item.created')).toBe(true);
  });

  it('a limit above 1000 is refused by the contract (400 naming limit)', async () => {
    const answer = await api.post('Events_getEvents', { limit: 1001 }, 'admin');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('limit');
  });
});

describe('who reads which events', () => {
  beforeAll(async () => {
    // Events of records only some roles open: company A's invoice and forecast, and the manufacturer's supply order.
    await api.db.transaction().execute(async (trx) => {
      const system = { system: 'test' };
      await recordEvent(trx, system, { type: 'invoice.sent', companyId: COMPANY_A, recordType: 'invoice', recordId: 7 });
      await recordEvent(trx, system, { type: 'forecast.saved', companyId: COMPANY_A, recordType: 'forecast', recordId: 8 });
      await recordEvent(trx, system, { type: 'supply_order.delivered', companyId: null, recordType: 'supply_order', recordId: 9 });
    });
  });

  it("company B sees none of company A's events; A's client sees its own", async () => {
    const ofB = await events(tokens.clientB);
    expect(ofB.rows).toEqual([]);
    const ofA = await events(tokens.clientA);
    expect(ofA.rows.length).toBeGreaterThan(0);
    expect(ofA.rows.every((event) => event.companyId === COMPANY_A)).toBe(true);
  });

  it("a client reads its invoices' and forecasts' events, a buyer the forecasts' only, a seller neither; nobody of a company the manufacturer's own", async () => {
    const typesOf = async (caller: { token: string }) => new Set((await events(caller)).rows.map((event) => event.type));
    const client = await typesOf(tokens.clientA);
    const buyer = await typesOf(tokens.buyerA);
    const seller = await typesOf(tokens.sellerA);
    expect([client.has('invoice.sent'), client.has('forecast.saved'), client.has('supply_order.delivered')]).toEqual([true, true, false]);
    expect([buyer.has('invoice.sent'), buyer.has('forecast.saved'), buyer.has('order.created')]).toEqual([false, true, true]);
    expect([seller.has('invoice.sent'), seller.has('forecast.saved'), seller.has('order.created')]).toEqual([false, false, true]);
    const admin = new Set((await events('admin')).rows.map((event) => event.type));
    expect(admin.has('supply_order.delivered')).toBe(true);
  });
});

describe('retention', () => {
  it('removes the events older than the retention period, by the portal clock, and keeps the others', async () => {
    const pinned = nowMs();
    try {
      pinClock(pinned - 100 * DAY_MS);
      await api.db.transaction().execute((trx) => recordEvent(trx, { system: 'test' }, { type: 'supply_order.delivered', companyId: null, recordType: 'supply_order', recordId: 'old' }));
    } finally {
      pinClock(pinned);
    }
    const recordIds = async () => (await events('admin', { limit: 1000 })).rows.map((event) => event.recordId);
    expect(await recordIds()).toContain('old');
    const count = (await events('admin', { limit: 1000 })).rows.length;
    expect(await removeExpiredEvents(api.db, 90)).toBe(1);
    expect(await recordIds()).not.toContain('old');
    expect((await events('admin', { limit: 1000 })).rows.length).toBe(count - 1);
    expect(today()).toBe(new Date(pinned).toISOString().slice(0, 10));
  });
});
