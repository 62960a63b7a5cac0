import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../../tests/support/app.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { COMPANY_A, COMPANY_B, createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { nowMs } from '../../lib/clock.js';
import type { Schemas } from '../../lib/contract.js';
import { attemptDelivery } from '../webhooks/webhooks.deliveries.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { eventBoundsOf, ingestEvents } from './machines.ingest.js';

/**
 * The event log's machine events: a stop or a start the machine events make is recorded in the ingestion's transaction
 * as machine.stopped / machine.started of the machine's company, with the company's order items the stop affects, so
 * company A's integrator (events list, webhook) sees A's stops and never B's, whose machine may even bear the same name.
 */
const t = useTestApp({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128' });
const MINUTE = 60_000;
let machineToken: string;
let clientA: { token: string };
let clientB: { token: string };
let itemOnFb1: number;
let receiver: http.Server;
let base: string;
const received: { id: string; body: string }[] = [];

/** The portal's clock when the file starts: the events are dated before it, each test's apart. */
let start: number;
const at = (minutesAgo: number) => new Date(start - minutesAgo * MINUTE).toISOString();
const machineEvent = (clientId: string, machineName: string, kind: 'running' | 'stopped', minutesAgo: number) => ({
  eventId: randomUUID(),
  machine: { clientId, machineName },
  at: at(minutesAgo),
  kind,
});
const send = async (events: ReturnType<typeof machineEvent>[]) => {
  const answer = await t.post('MachineEvents_postEvents', { events }, { token: machineToken });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const machineEventsOf = async (caller: Parameters<typeof t.post>[2], after: number) => {
  const answer = await t.post('Events_getEvents', { after, types: ['machine.stopped', 'machine.started'] }, caller);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as unknown as Schemas['EventPage']).rows;
};
const lastSequence = async () => ((await t.post('Events_getEvents', { limit: 1000 }, 'admin')).body as unknown as Schemas['EventPage']).next;

beforeAll(async () => {
  start = nowMs();
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ id: String(request.headers['webhook-id']), body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  await createCompany(t.db, COMPANY_A, { name: 'Company A', fbs: ['FB-1', 'FB-2'] });
  await createCompany(t.db, COMPANY_B, { name: 'Company B', fbs: ['FB-1', 'FB-B'] });
  const warehouseId = await makeWarehouse(t.db);
  const preform = await makePreform(t.db);
  const product = await makeProduct(t.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: COMPANY_A, name: 'Spring Water 0.5 L' });
  await t.db.updateTable('client_products').set({ machine_names: 'FB-1' }).where('id', '=', product).execute();
  const orderId = await makeProductionOrder(t.db, { companyId: COMPANY_A });
  itemOnFb1 = await makeOrderItem(t.db, { orderId, productId: product, planned: 20_000, produced: 2_000, dueDate: '2027-01-15' });

  const machines = [
    { clientId: COMPANY_A, machineName: 'FB-1' },
    { clientId: COMPANY_A, machineName: 'FB-2' },
    { clientId: COMPANY_B, machineName: 'FB-1' },
  ];
  const created = await t.post('AdminMachines_createCredential', { credential: { name: 'Plant collector', machines } }, 'admin');
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  machineToken = (created.body as { token: string }).token;
  clientA = { token: await as.client(COMPANY_A) };
  clientB = { token: await as.client(COMPANY_B) };
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('machine events in the event log', () => {
  it("a stop of A's machine is machine.stopped of company A with the items it affects: A lists it, B does not", async () => {
    const before = await lastSequence();
    await send([machineEvent(COMPANY_A, 'FB-1', 'running', 120), machineEvent(COMPANY_A, 'FB-1', 'stopped', 30)]);
    const seenByA = await machineEventsOf(clientA, before);
    expect(seenByA).toEqual([
      expect.objectContaining({
        type: 'machine.stopped',
        companyId: COMPANY_A,
        recordType: 'machine',
        recordId: 'FB-1',
        actor: { kind: 'machine', id: expect.any(String) },
        data: expect.objectContaining({ machineName: 'FB-1', stoppedAt: at(30), orderItemIds: [itemOnFb1] }),
      }),
    ]);
    expect(await machineEventsOf(clientB, before)).toEqual([]);
    expect((await machineEventsOf('admin', before)).map((event) => event.id)).toEqual(seenByA.map((event) => event.id));
  });

  it("a stop of B's machine of the same name is B's alone, without A's items; the start that ends A's stop is machine.started", async () => {
    const before = await lastSequence();
    await send([machineEvent(COMPANY_B, 'FB-1', 'stopped', 20), machineEvent(COMPANY_A, 'FB-1', 'running', 10)]);
    const seenByB = await machineEventsOf(clientB, before);
    expect(seenByB).toEqual([expect.objectContaining({ type: 'machine.stopped', companyId: COMPANY_B, recordId: 'FB-1', data: expect.objectContaining({ orderItemIds: [] }) })]);
    const seenByA = await machineEventsOf(clientA, before);
    expect(seenByA).toEqual([
      expect.objectContaining({ type: 'machine.started', companyId: COMPANY_A, recordId: 'FB-1', data: expect.objectContaining({ startedAt: at(10), orderItemIds: [itemOnFb1] }) }),
    ]);
  });

  it('a repeated event records nothing; running while running is no start', async () => {
    const events = [machineEvent(COMPANY_A, 'FB-2', 'running', 50)];
    await send(events);
    const before = await lastSequence();
    expect(await send(events)).toMatchObject({ accepted: 0, duplicates: 1 });
    await send([machineEvent(COMPANY_A, 'FB-2', 'running', 40)]);
    expect(await machineEventsOf('admin', before)).toEqual([]);
  });

  it('a late batch bringing a whole stop records its stop and its start, in time order', async () => {
    const before = await lastSequence();
    await send([machineEvent(COMPANY_A, 'FB-2', 'running', 36), machineEvent(COMPANY_A, 'FB-2', 'stopped', 38)]);
    const rows = await machineEventsOf(clientA, before);
    expect(rows.map((event) => [event.type, event.data.stoppedAt ?? event.data.startedAt])).toEqual([
      ['machine.stopped', at(38)],
      ['machine.started', at(36)],
    ]);
    expect(rows[0]!.data.downtimeId).toBe(rows[1]!.data.downtimeId);
  });

  it('over MQTT: the broker names the credential as the cause; an external broker names itself (a system actor)', async () => {
    const before = await lastSequence();
    const bounds = eventBoundsOf(t.app.config);
    await ingestEvents(t.db, { name: 'Plant collector', machines: null, cause: { machineCredentialId: 42 } }, [machineEvent(COMPANY_A, 'FB-2', 'stopped', 5)], bounds);
    await ingestEvents(t.db, { name: 'MQTT', machines: null }, [machineEvent(COMPANY_A, 'FB-2', 'running', 4)], bounds);
    expect((await machineEventsOf(clientA, before)).map((event) => [event.type, event.actor])).toEqual([
      ['machine.stopped', { kind: 'machine', id: '42' }],
      ['machine.started', { kind: 'system', id: 'MQTT' }],
    ]);
  });

  it("a webhook subscriber of A receives A's stop, and a subscriber of B does not", async () => {
    const subscribe = async (path: string, caller: { token: string }) => {
      const answer = await t.post('Webhooks_saveEndpoint', { endpoint: { url: `${base}${path}`, eventTypes: ['machine.stopped'], enabled: true } }, caller);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    await subscribe('/a', clientA);
    await subscribe('/b', clientB);
    await send([machineEvent(COMPANY_A, 'FB-1', 'stopped', 2)]);
    const deliveries = await t.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
      .select(['d.id', 'w.url'])
      .where('d.status', '=', 'pending')
      .execute();
    expect(deliveries.map((delivery) => delivery.url)).toEqual([`${base}/a`]);
    for (const delivery of deliveries) expect(await attemptDelivery(t.db, t.app.config, delivery.id)).toBe('delivered');
    expect(received.map((message) => JSON.parse(message.body) as Schemas['Event'])).toEqual([
      expect.objectContaining({ id: received[0]!.id, type: 'machine.stopped', companyId: COMPANY_A, recordId: 'FB-1', data: expect.objectContaining({ orderItemIds: [itemOnFb1] }) }),
    ]);
  });
});
