/**
 * Issue 15: machine event ingestion for `pnpm bench`, over HTTP (MachineEvents_postEvents with a machine credential)
 * and over MQTT (Sparkplug B DDATA through Debian's Mosquitto, started here), with 1 machine and with 200 machines.
 *
 * - HTTP: autocannon, 10 connections, every request a new batch (unique event ids, each machine's events in time
 *   order): events/s acknowledged (2xx × batch size), acknowledgement latency per request (p50/p99), and loss (every
 *   acknowledged event must be in machine_events afterwards).
 * - MQTT: one publisher sends the messages (QoS 1), one state metric each, as fast as the broker takes them (the
 *   throughput: events/s from the first publish to the last row stored) and paced at an offered rate (the latency at
 *   that load); latency per event = the moment its committed row is first seen − the moment it was published;
 *   loss = published − stored (see ingestMqtt).
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
  /** The offered load in events/s (MQTT paced); undefined: as fast as it goes. */
  offered?: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  acknowledged: number;
  stored: number;
  lost: number;
  errors: number;
}

const machineOf = (machines: { company: string; name: string }[], index: number) => machines[index % machines.length]!;

/**
 * Where the next source's events start: after every event sent before, so a new run is no late event. Six days back
 * from the portal's (wall) clock: inside its horizon (7 days by default; older events are kept aside, not applied),
 * and a second a step stays in the past for days of events.
 */
let clock = Date.now() - 6 * 86_400_000;

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

/** Each machine's last metric timestamp, across every run of this process (see ingestMqtt). */
const lastAt = new Map<string, number>();

/**
 * Publishes `count` DDATA messages (one state change each) over the machines and watches them arrive in
 * machine_events.
 * - `rate` unset: as fast as the broker takes them (a burst): the throughput, from the first publish to the last row
 *   stored. The latency of a burst is mostly its own queue (the last message waits for every one before it).
 * - `rate` set (events/s): paced in ticks of 5 ms, as plant equipment sends: the latency at that load.
 * Latency per event: the moment a poll of machine_events (every 20 ms) first sees its committed row, minus the
 * wall-clock moment it was published, an upper bound that includes the broker, the portal's batching, the
 * transaction and up to one poll. (A metric's own timestamp is no clock: each machine's timestamps are kept distinct,
 * so one machine sending 2,000 a second runs ahead of real time.)
 */
export async function ingestMqtt(options: {
  brokerUrl: string;
  group: string;
  databaseUrl: string;
  machines: { company: string; name: string }[];
  count: number;
  rate?: number;
  timeoutMs: number;
}): Promise<IngestRow> {
  const codec = sparkplugOf('spBv1.0')!;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const publisher = await mqtt.connectAsync(options.brokerUrl, { clientId: `bench-edge-${randomUUID().slice(0, 8)}` });
  try {
    const lastId = Number((await client.query('select coalesce(max(id), 0) as id from machine_events')).rows[0].id);
    const companies = [...new Set(options.machines.map((machine) => machine.company))];
    const seq = new Map(companies.map((company) => [company, 0]));
    for (const company of companies)
      await publisher.publishAsync(`spBv1.0/${options.group}/NBIRTH/${company}`, Buffer.from(codec.encodePayload({ timestamp: Date.now(), seq: 0, metrics: [] })), { qos: 1 });

    /** Publish wall-clock time per event, keyed by machine and metric timestamp (what the stored row carries). */
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let published = false;
    let lastSeenAt = performance.now();
    const started = performance.now();
    let finished = started;
    // Rows of concurrent transactions can commit out of id order: each poll looks back over a window of ids and keeps
    // the ones it has not seen.
    const seen = new Set<number>();
    let highest = lastId;
    const watch = (async () => {
      while (seen.size < options.count && !(published && performance.now() - lastSeenAt > options.timeoutMs)) {
        const { rows } = await client.query(
          `select id, company_id, machine_name, (extract(epoch from at) * 1000)::float8 as at_ms
             from machine_events where source = 'MQTT' and id > $1 order by id`,
          [Math.max(lastId, highest - 5_000)],
        );
        const now = Date.now();
        for (const row of rows as { id: string; company_id: string; machine_name: string; at_ms: number }[]) {
          const id = Number(row.id);
          if (seen.has(id)) continue;
          seen.add(id);
          highest = Math.max(highest, id);
          const sent = sentAt.get(`${row.company_id}/${row.machine_name}/${Math.round(row.at_ms)}`);
          if (sent !== undefined) latencies.push(now - sent);
          lastSeenAt = performance.now();
          finished = lastSeenAt;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const sends: Promise<unknown>[] = [];
    const publishOne = (index: number) => {
      const machine = machineOf(options.machines, index);
      const next = (seq.get(machine.company)! + 1) % 256;
      seq.set(machine.company, next);
      const key = `${machine.company}/${machine.name}`;
      // Each machine's state changes at distinct milliseconds across every run of this process (the portal derives an
      // MQTT event's id from its content: the same machine, time and state twice is one event).
      const at = Math.max(Date.now(), (lastAt.get(key) ?? 0) + 1);
      lastAt.set(key, at);
      const state = Math.floor(index / options.machines.length) % 2 === 0 ? 'stopped' : 'running';
      const payload = codec.encodePayload({ timestamp: at, seq: next, metrics: [{ name: 'state', type: 'String', value: state, timestamp: at }] });
      sentAt.set(`${key}/${at}`, Date.now());
      sends.push(publisher.publishAsync(`spBv1.0/${options.group}/DDATA/${machine.company}/${machine.name}`, Buffer.from(payload), { qos: 1 }));
    };
    if (options.rate === undefined) {
      for (let index = 0; index < options.count; index++) publishOne(index);
    } else {
      for (let index = 0; index < options.count; ) {
        const due = Math.min(options.count, Math.floor(((performance.now() - started) / 1000) * options.rate) + 1);
        while (index < due) publishOne(index++);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    await Promise.all(sends);
    published = true;
    lastSeenAt = Math.max(lastSeenAt, performance.now());
    await watch;
    latencies.sort((a, b) => a - b);
    const stored = seen.size;
    return {
      transport: 'MQTT',
      machines: options.machines.length,
      batch: 1,
      offered: options.rate,
      eventsPerSecond: stored / ((finished - started) / 1000),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      acknowledged: options.count,
      stored,
      lost: Math.max(0, options.count - stored),
      errors: 0,
    };
  } finally {
    await publisher.endAsync();
    await client.end();
  }
}

export function printIngestion(rows: IngestRow[]) {
  console.log(
    '\nMachine event ingestion (issue 15): HTTP latency is per request (a batch, 10 connections at full speed); MQTT latency is per event, ' +
      'published to seen committed (polled every 20 ms), in a burst and paced at an offered rate.\n',
  );
  console.log('| Transport | machines | events per message | offered events/s | events/s | p50 ms | p99 ms | acknowledged | stored | lost | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows)
    console.log(
      `| ${row.transport} | ${row.machines} | ${row.batch} | ${row.offered ?? 'as fast as it goes'} | ${row.eventsPerSecond.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.acknowledged} | ${row.stored} | ${row.lost} | ${row.errors} |`,
    );
}
