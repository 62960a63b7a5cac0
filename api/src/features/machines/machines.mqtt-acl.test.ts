import type { FastifyInstance } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { get as sparkplugOf } from 'sparkplug-payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/support/app.test-utils.js';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { COMPANY_A, COMPANY_B, createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { startMosquitto, type Broker } from '../../../../tests/support/mosquitto.test-utils.js';
import { pinClock } from '../../lib/clock.js';

/**
 * An external broker: Debian's Mosquitto with the password file and ACL of docs/operations.md ('Machines over MQTT').
 * The portal's subscriber cannot see who published a message, so the ACL is what keeps each
 * credential to its company's topics: an anonymous publisher and company A's user publishing for company B's machine
 * change nothing; A's own DDATA is ingested.
 */
const GROUP = 'orders-portal';
const NOW = Date.parse('2026-12-02T09:00:00Z');
const codec = sparkplugOf('spBv1.0')!;
const passwords = { portal: 'Portal-Subscriber-5e1f0a', lineA: 'Line-A-Secret-27c4b9', lineB: 'Line-B-Secret-81d3e6' };
// The ACL as docs/operations.md gives it: the portal reads the group, each machine user writes its company's edge node
// and its machines' device topics (and may read its own node's topics, for commands).
const ACL = `user portal
topic read spBv1.0/${GROUP}/#

user line-a-collector
topic write spBv1.0/${GROUP}/+/${COMPANY_A}
topic write spBv1.0/${GROUP}/+/${COMPANY_A}/FB-1
topic write spBv1.0/${GROUP}/+/${COMPANY_A}/FB-2
topic read spBv1.0/${GROUP}/+/${COMPANY_A}/#

user line-b-collector
topic write spBv1.0/${GROUP}/+/${COMPANY_B}
topic write spBv1.0/${GROUP}/+/${COMPANY_B}/FB-1
topic write spBv1.0/${GROUP}/+/${COMPANY_B}/FB-B
topic read spBv1.0/${GROUP}/+/${COMPANY_B}/#
`;
let broker: Broker;
let database: TestDatabase;
let app: FastifyInstance;
const clients: MqttClient[] = [];

const topic = (type: string, company: string, device: string) => `spBv1.0/${GROUP}/${type}/${company}/${device}`;
const state = (value: 'running' | 'stopped', at: number) =>
  Buffer.from(codec.encodePayload({ timestamp: at, metrics: [{ name: 'state', type: 'String', value, timestamp: at }] }));
const connect = async (options: IClientOptions) => {
  const client = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0, ...options });
  clients.push(client);
  return client;
};
const eventsOf = (companyId: string) =>
  database.db.selectFrom('machine_events').select(['machine_name', 'kind']).where('company_id', '=', companyId).orderBy('at').execute();
const asideOf = (companyId: string) => database.db.selectFrom('machine_events_unmatched').select('machine_name').where('client_id', '=', companyId).execute();

/** Waits for the portal to have stored a state (never a fixed time): polls until `check` passes or 10 s are over. */
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
  broker = await startMosquitto({ users: { portal: passwords.portal, 'line-a-collector': passwords.lineA, 'line-b-collector': passwords.lineB }, acl: ACL });
  database = await createTestDatabase();
  await createCompany(database.db, COMPANY_A, { name: 'Company A', fbs: ['FB-1', 'FB-2'] });
  await createCompany(database.db, COMPANY_B, { name: 'Company B', fbs: ['FB-1', 'FB-B'] });
  const url = new URL(broker.url);
  url.username = 'portal';
  url.password = passwords.portal;
  app = await createTestApp(database.db, { MQTT_URL: url.toString(), MQTT_GROUP_ID: GROUP });
});
afterAll(async () => {
  for (const client of clients) await client.endAsync(true);
  await app?.close();
  await database?.drop();
  await broker?.stop();
  pinClock(undefined);
});

describe('an external Mosquitto with the documented ACL', () => {
  it('refuses an anonymous publisher and a wrong password', async () => {
    await expect(connect({ clientId: 'anonymous' })).rejects.toThrow(/Not authorized|Bad username or password/);
    await expect(connect({ clientId: 'guess', username: 'line-a-collector', password: 'not-its-password' })).rejects.toThrow(/Not authorized|Bad username or password/);
  });

  it("drops company A's message for company B's machine (and one from the portal's own user); A's own DDATA is ingested", async () => {
    const lineA = await connect({ clientId: 'line-a', username: 'line-a-collector', password: passwords.lineA });
    const portalUser = await connect({ clientId: 'portal-user', username: 'portal', password: passwords.portal });
    // MQTT 3.1.1 has no refusal of a publish: Mosquitto acknowledges it and delivers it to nobody.
    await lineA.publishAsync(topic('DDATA', COMPANY_B, 'FB-1'), state('stopped', NOW - 3_000), { qos: 1 });
    await lineA.publishAsync(`spBv1.0/${GROUP}/NDEATH/${COMPANY_B}`, state('stopped', NOW - 3_000), { qos: 1 });
    await portalUser.publishAsync(topic('DDATA', COMPANY_A, 'FB-2'), state('stopped', NOW - 3_000), { qos: 1 });
    // Published after them on the same connection, so delivered after them were they delivered at all.
    await lineA.publishAsync(topic('DDATA', COMPANY_A, 'FB-1'), state('stopped', NOW - 1_000), { qos: 1 });
    expect(await eventually(() => eventsOf(COMPANY_A), (rows) => rows.length > 0)).toEqual([{ machine_name: 'FB-1', kind: 'stopped' }]);
    expect(await eventsOf(COMPANY_B)).toEqual([]);
    expect(await asideOf(COMPANY_B)).toEqual([]);
  });
});
