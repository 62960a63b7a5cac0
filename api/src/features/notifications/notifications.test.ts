import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { tokenFor } from '../../../../tests/support/app.test-utils.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { nowMs, pinClock } from '../../lib/clock.js';
import type { Actor } from '../../lib/actor.js';
import type { Schemas } from '../../lib/contract.js';
import type { EventType } from '../../db/tables/events.js';
import { CLIENT_READERS, recordEvent, type EventInput } from '../events/events.service.js';
import { DEFAULT_RULES } from './notifications.rules.js';
import { followEventLog } from './notifications.service.js';
import { notificationJobHandlers } from './notifications.jobs.js';
import { Jobs } from '../../jobs/queue.js';

const api = useTestApp();

const BUYER_CO = 'notify-buyer';
const SELLER_CO = 'notify-seller';
const OTHER_CO = 'notify-other';

interface Someone {
  id: string;
  token: string;
  actor: Actor;
}
let people: Record<'buyer' | 'buyer2' | 'client' | 'seller' | 'otherBuyer' | 'otherClient' | 'otherSeller' | 'admin' | 'operator' | 'accountant', Someone>;
let item: number;
let order: number;

/** A user of the directory (the embedded identity store) and a token of theirs. */
async function user(username: string, companyId: string | null, resource: string[], realm: string[] = []): Promise<Someone> {
  const { id } = await api.db
    .insertInto('users')
    .values({ username, first_name: username, last_name: 'Tester', password_hash: 'x', company_id: companyId, resource_roles: resource, realm_roles: realm, email: `${username}@example.com` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await tokenFor({ sub: id, roles: resource, realm, companyId: companyId ?? undefined, name: `${username} Tester` });
  const clientType = resource.includes('client') ? ((realm[0] as 'buyer' | 'seller' | undefined) ?? 'client') : null;
  const actor: Actor = { sub: id, roles: new Set(), clientType, companyId, name: username, email: null };
  return { id, token, actor };
}

beforeAll(async () => {
  for (const company of [BUYER_CO, SELLER_CO, OTHER_CO]) await createCompany(api.db, company, { name: `${company} AB` });
  people = {
    buyer: await user('bea', BUYER_CO, ['client'], ['buyer']),
    buyer2: await user('bob', BUYER_CO, ['client'], ['buyer']),
    client: await user('cid', BUYER_CO, ['client']),
    seller: await user('sam', SELLER_CO, ['client'], ['seller']),
    otherBuyer: await user('olga', OTHER_CO, ['client'], ['buyer']),
    otherClient: await user('otto', OTHER_CO, ['client']),
    otherSeller: await user('oscar', OTHER_CO, ['client'], ['seller']),
    admin: await user('ada', null, ['admin']),
    operator: await user('opal', null, ['operator']),
    accountant: await user('acc', null, ['accountant']),
  };
  const warehouseId = await makeWarehouse(api.db);
  const preform = await makePreform(api.db);
  // The seller's product, assigned to the buyer: the seller plans the buyer's items of it.
  const product = await makeProduct(api.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: SELLER_CO });
  order = await makeProductionOrder(api.db, { companyId: BUYER_CO, orderNo: 'PO-NOTIFY-1' });
  item = await makeOrderItem(api.db, { orderId: order, productId: product, planned: 10_000, dueDate: '2026-12-20' });
  await followEventLog(api.db);
});

const record = (cause: Actor | { system: string }, event: EventInput) => api.db.transaction().execute((trx) => recordEvent(trx, cause, event));
const itemEvent = (type: EventType, data: Record<string, unknown> = {}): EventInput => ({ type, companyId: BUYER_CO, recordType: 'order_item', recordId: item, data: { orderId: order, ...data } });

const inbox = async (who: Someone, body: Record<string, unknown> = {}) => {
  const answer = await api.post('Notifications_getNotifications', { pagination: { page: 1, rowsPerPage: 100 }, ...body } as never, { token: who.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as Schemas['NotificationPage'];
};
const markAllRead = async () => {
  for (const who of Object.values(people)) await api.post('Notifications_markAllRead', {}, { token: who.token });
};

describe('notifications from the event log', () => {
  it("the seller confirming the buyer's item notifies the ordering company's buyers and client, naming the order, the seller and when; not the seller", async () => {
    await markAllRead();
    await record(people.seller.actor, itemEvent('order_item.confirmed', { by: 'seller' }));
    expect(await followEventLog(api.db)).toBeGreaterThanOrEqual(1);
    const page = await inbox(people.buyer);
    expect(page.unread).toBe(1);
    expect(page.rows[0]).toMatchObject({ kind: 'order_item.confirmed', recordType: 'order_item', recordId: String(item), orderId: order, label: 'PO-NOTIFY-1', count: 1, actor: { kind: 'user', name: 'sam Tester' }, readAt: null });
    expect(Math.abs(Date.parse(page.rows[0]!.occurredAt) - nowMs())).toBeLessThan(60_000);
    expect((await inbox(people.buyer2)).unread).toBe(1);
    expect((await inbox(people.client)).unread).toBe(1);
    expect((await inbox(people.seller)).unread).toBe(0);
  });

  it('follows the log once: a second run writes nothing again', async () => {
    const before = (await inbox(people.buyer)).count;
    await followEventLog(api.db);
    await followEventLog(api.db);
    expect((await inbox(people.buyer)).count).toBe(before);
  });

  it('two runs at once take turns on the cursor: each event notifies once', async () => {
    await markAllRead();
    await record(people.buyer.actor, itemEvent('order_item.changed'));
    await Promise.all([followEventLog(api.db), followEventLog(api.db), followEventLog(api.db)]);
    const page = await inbox(people.seller, { unreadOnly: true });
    expect(page.rows.map((row) => [row.kind, row.count])).toEqual([['order_item.changed', 1]]);
  });

  it('folds a burst: ten items of one order confirmed within a minute are one notification counting ten; a minute later is a new one', async () => {
    await markAllRead();
    const pinned = nowMs();
    try {
      for (let i = 0; i < 10; i++) {
        pinClock(pinned + i * 5_000);
        await record(people.seller.actor, itemEvent('order_item.confirmed', { by: 'seller' }));
      }
      pinClock(pinned + 61_000);
      await record(people.seller.actor, itemEvent('order_item.confirmed', { by: 'seller' }));
    } finally {
      pinClock(pinned);
    }
    await followEventLog(api.db);
    const page = await inbox(people.buyer, { unreadOnly: true });
    expect(page.rows.map((row) => row.count)).toEqual([1, 10]);
    expect(page.unread).toBe(2);
  });

  it("a person's own action does not notify them", async () => {
    await markAllRead();
    await record(people.buyer.actor, itemEvent('order_item.due_date_moved', { from: '2026-12-20', to: '2026-12-27' }));
    await followEventLog(api.db);
    expect((await inbox(people.buyer)).unread).toBe(0);
    expect((await inbox(people.buyer2)).unread).toBe(1);
    expect((await inbox(people.seller)).unread).toBe(1);
  });
});

describe('the inbox', () => {
  it('lists newest first, a page at a time; mark read answers the unread count; mark all read leaves none', async () => {
    await markAllRead();
    await record({ system: 'test' }, { type: 'claim.status_changed', companyId: BUYER_CO, recordType: 'claim', recordId: 501, data: { from: 'open', to: 'under investigation' } });
    await record({ system: 'test' }, { type: 'claim.status_changed', companyId: BUYER_CO, recordType: 'claim', recordId: 502, data: { from: 'open', to: 'closed' } });
    await followEventLog(api.db);
    const first = await api.post('Notifications_getNotifications', { pagination: { page: 1, rowsPerPage: 10 }, unreadOnly: true }, { token: people.buyer.token });
    const page = first.body as unknown as Schemas['NotificationPage'];
    expect(page.rows.map((row) => row.recordId)).toEqual(['502', '501']);
    const one = await api.post('Notifications_markRead', { notificationIds: [page.rows[0]!.id] }, { token: people.buyer.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ unread: 1 });
    expect((await api.post('Notifications_getUnreadCount', {}, { token: people.buyer.token })).body).toEqual({ unread: 1 });
    expect((await api.post('Notifications_markAllRead', {}, { token: people.buyer.token })).body).toEqual({ unread: 0 });
    expect((await api.post('Notifications_getUnreadCount', {}, { token: people.buyer.token })).body).toEqual({ unread: 0 });
    // The other buyer's stay unread: each person reads their own.
    expect((await inbox(people.buyer2)).unread).toBe(2);
  });

  it("another person's notification id answers 404 and marks nothing, also beside one's own", async () => {
    const theirs = (await inbox(people.buyer2, { unreadOnly: true })).rows[0]!;
    const mine = (await inbox(people.buyer)).rows[0]!;
    const answer = await api.post('Notifications_markRead', { notificationIds: [theirs.id] }, { token: people.buyer.token });
    expect(answer.status).toBe(404);
    const mixed = await api.post('Notifications_markRead', { notificationIds: [mine.id, theirs.id] }, { token: people.seller.token });
    expect(mixed.status).toBe(404);
    expect((await inbox(people.buyer2, { unreadOnly: true })).rows.map((row) => row.id)).toContain(theirs.id);
  });

  it('the stream answers text/event-stream with the unread count first', async () => {
    const answer = await api.app.inject({ method: 'POST', url: '/api/notifications/stream', payload: { seconds: 0 }, headers: { authorization: `Bearer ${people.buyer2.token}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    const unread = (await inbox(people.buyer2)).unread;
    expect(answer.body).toBe(`event: unread\ndata: {"unread":${unread}}\n\n`);
  });
});

/**
 * Generated over every kind of notification: the event is about company BUYER_CO's record (its item, of a product the
 * seller company plans); nobody of another company ever hears it, and each person who does is one who opens it. A
 * plant-internal kind (its rules name staff only: the manufacturer's own records, company null) reaches only the
 * staff of the roles its rules name, and no client company's user.
 */
describe('tenancy over every notification kind', () => {
  const kinds = (Object.keys(DEFAULT_RULES) as EventType[]).filter((type) => DEFAULT_RULES[type].length > 0);
  const staffOf = (type: EventType) => DEFAULT_RULES[type].flatMap((audience) => (audience.to === 'staff' ? [audience.role] : []));
  const plantInternal = (type: EventType) => DEFAULT_RULES[type].every((audience) => audience.to === 'staff') && CLIENT_READERS[type].length === 0;
  it.each(kinds)("%s: another company's users never receive it", async (type) => {
    await markAllRead();
    const recordType = type.split('.')[0]!;
    const event: EventInput = plantInternal(type)
      ? { type, companyId: null, recordType, recordId: 77, data: { clientId: BUYER_CO, mail: 'invoice' } }
      : recordType === 'order_item'
        ? itemEvent(type, { by: 'seller' })
        : recordType === 'production_order_item'
          ? { type, companyId: SELLER_CO, recordType, recordId: 900, data: { orderItemId: item, dueDate: new Date(nowMs()).toISOString().slice(0, 10) } }
          : { type, companyId: BUYER_CO, recordType, recordId: recordType === 'order' ? order : 77, data: { orderId: order, by: 'buyer' } };
    await record({ system: 'test' }, event);
    await followEventLog(api.db);
    for (const who of [people.otherBuyer, people.otherClient, people.otherSeller]) expect((await inbox(who)).unread, who.actor.name).toBe(0);
    const heard: string[] = [];
    for (const [name, who] of Object.entries(people)) if ((await inbox(who)).unread > 0) heard.push(name);
    // Someone hears every kind that has rules (else the kind's test proves nothing).
    expect(heard.length, type).toBeGreaterThan(0);
    // The manufacturer's own records reach the plant roles named, and nobody else (this company's users neither).
    if (plantInternal(type)) expect(heard, type).toEqual(staffOf(type));
  });
});

describe('as it runs in the portal', () => {
  let jobs: Jobs | undefined;
  let url: string | undefined;
  afterAll(async () => {
    await jobs?.stop();
  });

  it('the job queued with an event (pg-boss) writes its notifications without anyone calling it', async () => {
    await markAllRead();
    jobs = new Jobs(api.db, { workers: 1, pollSeconds: 0.5, retry: { retryLimit: 1, retryDelay: 1 }, log: api.app.log });
    await jobs.start(notificationJobHandlers(api.db));
    await record(people.seller.actor, itemEvent('order_item.due_date_moved', { from: '2026-12-27', to: '2027-01-03' }));
    await vi.waitFor(async () => expect((await inbox(people.buyer)).unread).toBe(1), { timeout: 20_000, interval: 200 });
    expect((await inbox(people.buyer, { unreadOnly: true })).rows[0]).toMatchObject({ kind: 'order_item.due_date_moved', data: { to: '2027-01-03' } });
  });

  it('an open stream sends the new unread count when the person is notified (LISTEN/NOTIFY), without polling', async () => {
    await markAllRead();
    url ??= await api.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const response = await fetch(`${url}/api/notifications/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${people.buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 60 }),
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (part: string) => {
      while (!text.includes(part)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${part}: ${text}`);
        text += value;
      }
    };
    await until('data: {"unread":0}');
    await record(people.seller.actor, itemEvent('order_item.confirmation_cleared', { by: 'seller' }));
    await followEventLog(api.db);
    await until('data: {"unread":1}');
    abort.abort();
  });
});
