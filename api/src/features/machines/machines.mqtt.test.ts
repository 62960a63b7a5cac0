import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { get as sparkplugOf } from 'sparkplug-payload';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp } from '../../../../tests/support/app.test-utils.js';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { COMPANY_A, createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { startMosquitto, type Broker } from '../../../../tests/support/mosquitto.test-utils.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { pinClock } from '../../lib/clock.js';
import { contentId, SeqOrder } from './machines.mqtt.js';

/**
 * Issue 15: machine events over MQTT with Sparkplug B, through Debian's Mosquitto started here: a stop published on the
 * machine's topic shows as the client's banner (with the order items it puts at risk) through the API.
 */
const GROUP = 'orders-portal';
// The portal's clock reads 2 December 2026, 09:00 (a working morning, the order item due two days later): the
// messages are dated around it, so they lie within the events' bounds (5 minutes ahead, 7 days back).
const NOW = Date.parse('2026-12-02T09:00:00Z');
const codec = sparkplugOf('spBv1.0')!;
let broker: Broker;
let database: TestDatabase;
let app: FastifyInstance;
let publisher: MqttClient;
let mouldChange: number;
let openItem: number;

const publish = (type: string, payload: object, device?: string) =>
  publisher.publishAsync(`spBv1.0/${GROUP}/${type}/${COMPANY_A}${device ? `/${device}` : ''}`, Buffer.from(codec.encodePayload(payload)), { qos: 1 });
const metric = (name: string, type: 'String' | 'Int32' | 'Int64', value: string | number, timestamp: number, isHistorical = false) => ({
  name,
  type,
  value,
  timestamp,
  ...(isHistorical ? { isHistorical } : {}),
});

async function banner() {
  const response = await app.inject({ method: 'GET', url: '/api/client/machine/status/get', headers: { authorization: `Bearer ${await as.client(COMPANY_A)}` } });
  return response.json() as { machineName: string; state?: string; DowntimeCause: { causeName: string } | null; affectedItems?: { id: number }[] }[];
}

/** Waits for the API to show a state (never a fixed time): polls until `check` passes or 10 s are over. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    await app.mqtt!.idle();
    const value = await read();
    if (check(value) || performance.now() > deadline) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

beforeAll(async () => {
  pinClock(NOW);
  broker = await startMosquitto();
  database = await createTestDatabase();
  app = await createTestApp(database.db, { MQTT_URL: broker.url, MQTT_GROUP_ID: GROUP, MQTT_REORDER_TIMEOUT_MS: '200' });
  await createCompany(database.db, COMPANY_A, { name: 'Company A', fbs: ['FB-1', 'FB-2'] });
  mouldChange = (await database.db.insertInto('downtime_causes').values({ cause_name: 'Mould change', cause_description: 'Mould' }).returning('id').executeTakeFirstOrThrow()).id;
  const warehouseId = await makeWarehouse(database.db);
  const preform = await makePreform(database.db);
  const product = await makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: COMPANY_A, name: 'Spring Water 0.5 L' });
  await database.db.updateTable('client_products').set({ machine_names: 'FB-1' }).where('id', '=', product).execute();
  const orderId = await makeProductionOrder(database.db, { companyId: COMPANY_A });
  openItem = await makeOrderItem(database.db, { orderId, productId: product, planned: 12_000, produced: 2_000, dueDate: '2026-12-04' });
  publisher = await mqtt.connectAsync(broker.url, { clientId: 'edge-node-test' });
});
afterAll(async () => {
  await publisher?.endAsync();
  await app?.close();
  await database?.drop();
  await broker?.stop();
  pinClock(undefined);
});

describe('Sparkplug B over Mosquitto', () => {
  it("a stop published on the machine's topic shows as the client's banner with the affected order items", async () => {
    const now = NOW;
    await publish('NBIRTH', { timestamp: now - 3_000, seq: 0, metrics: [metric('bdSeq', 'Int64', 0, now - 3_000)] });
    await publish('DBIRTH', { timestamp: now - 2_000, seq: 1, metrics: [metric('state', 'String', 'running', now - 2_000)] }, 'FB-1');
    await publish('DBIRTH', { timestamp: now - 2_000, seq: 2, metrics: [metric('state', 'String', 'running', now - 2_000)] }, 'FB-2');
    await publish(
      'DDATA',
      { timestamp: now - 1_000, seq: 3, metrics: [metric('state', 'String', 'stopped', now - 1_000), metric('causeCode', 'Int32', mouldChange, now - 1_000)] },
      'FB-1',
    );
    const rows = await eventually(banner, (value) => value.find((row) => row.machineName === 'FB-1')?.state === 'stopped');
    expect(rows.find((row) => row.machineName === 'FB-1')).toMatchObject({
      state: 'stopped',
      DowntimeCause: { causeName: 'Mould change' },
      affectedItems: [{ id: openItem, productName: 'Spring Water 0.5 L', dueDate: '2026-12-04', remainingQuantity: 10_000 }],
    });
    expect(rows.find((row) => row.machineName === 'FB-2')).toMatchObject({ state: 'running', affectedItems: [] });
  });

  it('messages wait for a missing seq; historical (store-and-forward) data goes in its place; a redelivery is a duplicate', async () => {
    const base = Date.parse('2026-12-01T10:00:00Z');
    // seq 5 comes before 4: it waits, then both apply; 4 is historical data of a stop in the past.
    await publish('DDATA', { timestamp: NOW, seq: 5, metrics: [metric('state', 'String', 'running', base + 30 * 60_000, true)] }, 'FB-2');
    await publish('DDATA', { timestamp: NOW, seq: 4, metrics: [metric('state', 'String', 'stopped', base, true), metric('good', 'Int64', 500, base), metric('scrap', 'Int64', 5, base)] }, 'FB-2');
    await publish('DDATA', { timestamp: NOW, seq: 4, metrics: [metric('state', 'String', 'stopped', base, true), metric('good', 'Int64', 500, base), metric('scrap', 'Int64', 5, base)] }, 'FB-2');
    const stops = () => database.db.selectFrom('downtime_history').select(['target_start', 'target_end']).where('machine_name', '=', 'FB-2').execute();
    const rows = await eventually(stops, (value) => value.length === 1 && value[0]!.target_end !== null);
    expect(rows.map((row) => [row.target_start.toISOString(), row.target_end?.toISOString()])).toEqual([['2026-12-01T10:00:00.000Z', '2026-12-01T10:30:00.000Z']]);
    const counts = await database.db.selectFrom('machine_events').select(['good', 'scrap']).where('machine_name', '=', 'FB-2').where('kind', '=', 'counts').execute();
    expect(counts).toEqual([{ good: 500, scrap: 5 }]);
  });

  it('a metric dated far ahead of the portal clock or before its horizon is kept aside with its reason, as over HTTP', async () => {
    const states = async () => (await banner()).map((row) => [row.machineName, row.state]);
    const before = await states();
    const far = Date.parse('9999-12-31T23:59:59Z');
    const old = Date.parse('2026-11-01T00:00:00Z');
    await publish('DDATA', { timestamp: NOW, seq: 6, metrics: [metric('state', 'String', 'stopped', far), metric('state', 'String', 'stopped', old, true)] }, 'FB-2');
    const aside = () =>
      database.db.selectFrom('machine_events_unmatched').select(['machine_name', 'at', 'reason', 'source']).where('machine_name', '=', 'FB-2').orderBy('at').execute();
    const rows = await eventually(aside, (value) => value.length === 2);
    expect(rows.map((row) => [row.machine_name, row.at.toISOString(), row.reason, row.source])).toEqual([
      ['FB-2', '2026-11-01T00:00:00.000Z', 'beforeHorizon', 'MQTT'],
      ['FB-2', '9999-12-31T23:59:59.000Z', 'aheadOfClock', 'MQTT'],
    ]);
    expect(await states()).toEqual(before);
  });

  it("a dead edge node's machines read 'unknown', not 'running'", async () => {
    await publish('NDEATH', { timestamp: NOW + 1_000, metrics: [metric('bdSeq', 'Int64', 0, NOW + 1_000)] });
    const rows = await eventually(banner, (value) => value.every((row) => row.state === 'unknown'));
    expect(rows.map((row) => [row.machineName, row.state])).toEqual([
      ['FB-1', 'unknown'],
      ['FB-2', 'unknown'],
    ]);
  });
});

describe('seq order', () => {
  it('applies in seq order, holds an early message, and after the timeout applies what it holds', async () => {
    vi.useFakeTimers();
    try {
      const applied: number[] = [];
      const gaps: [number, number[]][] = [];
      const order = new SeqOrder(1_000, (expected, got) => gaps.push([expected, got]));
      const apply = (seq: number) => async () => void applied.push(seq);
      order.reset(0);
      order.offer(2, apply(2));
      order.offer(1, apply(1));
      order.offer(5, apply(5));
      order.offer(4, apply(4));
      await order.run(async () => {});
      expect(applied).toEqual([1, 2]);
      await vi.advanceTimersByTimeAsync(1_000);
      await order.run(async () => {});
      expect(applied).toEqual([1, 2, 4, 5]);
      expect(gaps).toEqual([[3, [4, 5]]]);
      // seq wraps after 255.
      order.reset(254);
      order.offer(0, apply(0));
      order.offer(255, apply(255));
      await order.run(async () => {});
      expect(applied.slice(4)).toEqual([255, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the same event id to the same content', () => {
    expect(contentId('g', 'a', 'FB-1', 'state', 1, 'stopped')).toBe(contentId('g', 'a', 'FB-1', 'state', 1, 'stopped'));
    expect(contentId('g', 'a', 'FB-1', 'state', 1, 'stopped')).not.toBe(contentId('g', 'a', 'FB-1', 'state', 2, 'stopped'));
    expect(contentId('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
