/**
 * Issue 15: machine event ingestion for `pnpm bench`, over HTTP (MachineEvents_postEvents with a machine credential)
 * and over MQTT (Sparkplug B DDATA through Debian's Mosquitto, started here), with 1 machine and with 200 machines.
 *
 * - HTTP: autocannon, 10 connections, every request a new batch (unique event ids, each machine's events in time
 *   order): events/s acknowledged (2xx × batch size), acknowledgement latency per request (p50/p99), and loss (every
 *   acknowledged event must be in machine_events afterwards).
 * - MQTT: one publisher sends the messages as fast as the broker takes them (QoS 1), one state metric each; events/s
 *   from the first publish to the last row stored; latency per event = stored (received_at) − metric timestamp (the
 *   publish time); loss = published − stored.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import mqtt from 'mqtt';
import pg from 'pg';
import { get as sparkplugOf } from 'sparkplug-payload';

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

export interface IngestRow {
  transport: 'HTTP' | 'MQTT';
  machines: number;
  batch: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  acknowledged: number;
  stored: number;
  lost: number;
  errors: number;
}

const machineOf = (machines: { company: string; name: string }[], index: number) => machines[index % machines.length]!;

/** Where the next source's events start: after every event sent before, so a new run is no late event. */
let clock = Date.parse('2026-01-01T00:00:00Z');

/** A source of events: per machine, running / counts / stopped in turn, a second apart, in time order. */
function eventSource(machines: { company: string; name: string }[]) {
  let counter = 0;
  const base = clock;
  return () => {
    const index = counter++;
    const machine = machineOf(machines, index);
    const step = Math.floor(index / machines.length);
    const kind = (['running', 'counts', 'stopped'] as const)[step % 3]!;
    clock = Math.max(clock, base + (step + 1) * 1000);
    return {
      eventId: randomUUID(),
      machine: { clientId: machine.company, machineName: machine.name },
      at: new Date(base + step * 1000).toISOString(),
      kind,
      ...(kind === 'counts' ? { good: 100, scrap: 1 } : {}),
    };
  };
}

async function countEvents(url: string, source: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query('select count(*) as n from machine_events where source = $1', [source])).rows[0].n);
  } finally {
    await client.end();
  }
}

export async function ingestHttp(options: {
  port: number;
  token: string;
  credentialName: string;
  databaseUrl: string;
  machines: { company: string; name: string }[];
  batch: number;
  seconds: number;
}): Promise<IngestRow> {
  const next = eventSource(options.machines);
  const before = await countEvents(options.databaseUrl, options.credentialName);
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${options.port}/api/machine/events`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
    connections: 10,
    duration: options.seconds,
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ events: Array.from({ length: options.batch }, next) }) }) }],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) ok++;
    else errors++;
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const stored = (await countEvents(options.databaseUrl, options.credentialName)) - before;
  const acknowledged = ok * options.batch;
  return {
    transport: 'HTTP',
    machines: options.machines.length,
    batch: options.batch,
    eventsPerSecond: acknowledged / options.seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    acknowledged,
    stored,
    lost: Math.max(0, acknowledged - stored),
    errors: errors + result.errors + result.timeouts,
  };
}

/** Publishes `count` DDATA messages (one state change each) over the machines, then waits until all are stored. */
const lastAt = new Map<string, number>();

export async function ingestMqtt(options: {
  brokerUrl: string;
  group: string;
  databaseUrl: string;
  machines: { company: string; name: string }[];
  count: number;
  timeoutMs: number;
}): Promise<IngestRow> {
  const codec = sparkplugOf('spBv1.0')!;
  const before = await countEvents(options.databaseUrl, 'MQTT');
  const publisher = await mqtt.connectAsync(options.brokerUrl, { clientId: `bench-edge-${randomUUID().slice(0, 8)}` });
  const companies = [...new Set(options.machines.map((machine) => machine.company))];
  const seq = new Map(companies.map((company) => [company, 0]));
  for (const company of companies)
    await publisher.publishAsync(`spBv1.0/${options.group}/NBIRTH/${company}`, Buffer.from(codec.encodePayload({ timestamp: Date.now(), seq: 0, metrics: [] })), { qos: 1 });
  const started = performance.now();
  const sends: Promise<unknown>[] = [];
  // Each machine's state changes at distinct milliseconds across every run of this process (the portal derives an MQTT
  // event's id from its content: the same machine, time and state twice is one event).
  const last = lastAt;
  for (let index = 0; index < options.count; index++) {
    const machine = machineOf(options.machines, index);
    const next = (seq.get(machine.company)! + 1) % 256;
    seq.set(machine.company, next);
    const key = `${machine.company}/${machine.name}`;
    const now = Math.max(Date.now(), (last.get(key) ?? 0) + 1);
    last.set(key, now);
    const state = Math.floor(index / options.machines.length) % 2 === 0 ? 'stopped' : 'running';
    const payload = codec.encodePayload({ timestamp: now, seq: next, metrics: [{ name: 'state', type: 'String', value: state, timestamp: now }] });
    sends.push(publisher.publishAsync(`spBv1.0/${options.group}/DDATA/${machine.company}/${machine.name}`, Buffer.from(payload), { qos: 1 }));
  }
  await Promise.all(sends);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let stored = 0;
  // Waits until every message is stored, or nothing more arrives for `timeoutMs` (then the rest is lost).
  let progressAt = performance.now();
  try {
    for (;;) {
      const now = Number((await client.query("select count(*) as n from machine_events where source = 'MQTT'")).rows[0].n) - before;
      if (now > stored) progressAt = performance.now();
      stored = now;
      if (stored >= options.count || performance.now() - progressAt > options.timeoutMs) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    const latencies = (
      await client.query(
        `select extract(epoch from (received_at - at)) * 1000 as ms from machine_events where source = 'MQTT' order by id desc limit $1`,
        [options.count],
      )
    ).rows
      .map((row: { ms: string | number }) => Number(row.ms))
      .sort((a: number, b: number) => a - b);
    return {
      transport: 'MQTT',
      machines: options.machines.length,
      batch: 1,
      eventsPerSecond: stored / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      acknowledged: options.count,
      stored,
      lost: Math.max(0, options.count - stored),
      errors: 0,
    };
  } finally {
    await client.end();
    await publisher.endAsync();
  }
}

export function printIngestion(rows: IngestRow[]) {
  console.log('\nMachine event ingestion (issue 15): HTTP latency is per request (a batch); MQTT latency is per event, publish to stored.\n');
  console.log('| Transport | machines | events per message | events/s | p50 ms | p99 ms | acknowledged | stored | lost | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows)
    console.log(
      `| ${row.transport} | ${row.machines} | ${row.batch} | ${row.eventsPerSecond.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.acknowledged} | ${row.stored} | ${row.lost} | ${row.errors} |`,
    );
}
