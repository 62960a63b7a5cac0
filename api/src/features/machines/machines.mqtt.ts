import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import type { Db } from '../../db/database.js';
import * as clock from '../../lib/clock.js';
import { ingestEvents, machineKey, type EventBounds, type EventSource, type IncomingEvent } from './machines.ingest.js';
import { withoutPassword } from '../../lib/logger.js';

/**
 * Machine events over MQTT, following Sparkplug B (ISO/IEC 20237) where it fits:
 *
 * - topics `spBv1.0/<group>/<message type>/<edge node>/<device>`: the portal subscribes to its group (MQTT_GROUP_ID);
 *   the edge node id is the client company's id and the device id the machine name;
 * - DBIRTH and DDATA metrics become events: `state` (String 'running' | 'stopped', with an Int `causeCode` beside a stop)
 *   and the counters `good` and `scrap` (bottles since the previous count); each metric's timestamp is the event's
 *   time, historical (store-and-forward) metrics included, which late-event recomputation puts in place;
 * - NDEATH (a dead edge node: its machines) and DDEATH (a dead device) make the machines read 'unknown';
 * - `seq` (0-255 per edge node, NBIRTH resets it): a message that comes early waits for the missing ones up to
 *   MQTT_REORDER_TIMEOUT_MS, then the node's held messages are applied in `seq` order anyway;
 * - the event id is a name-based UUID of the message's content, so a redelivered message (QoS 1) is a duplicate;
 * - the same bounds as over HTTP (ingestEvents): a metric dated ahead of the portal's clock or before its horizon, or
 *   a stop over one typed by hand, is kept aside with its reason, not applied.
 */
export const NAMESPACE = 'spBv1.0';

interface Metric {
  name?: string | null;
  timestamp?: number | { toNumber(): number } | null;
  value?: unknown;
}
interface Payload {
  timestamp?: number | { toNumber(): number } | null;
  seq?: number | { toNumber(): number } | null;
  metrics?: Metric[] | null;
}

const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && 'toNumber' in value) return (value as { toNumber(): number }).toNumber();
  return null;
};

/** A name-based UUID (SHA-1, version 5 layout) of a message's content: the same content, the same event id. */
export function contentId(...parts: (string | number | null)[]): string {
  const hash = createHash('sha1').update(parts.join('\u001f')).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The events of a DBIRTH or DDATA payload of one device (machine). */
export function eventsOfDeviceData(group: string, companyId: string, machineName: string, payload: Payload): IncomingEvent[] {
  const fallback = numberOf(payload.timestamp) ?? clock.nowMs();
  const machine = { clientId: companyId, machineName };
  const metrics = payload.metrics ?? [];
  const causeOf = (at: number) => {
    const cause = metrics.find((metric) => metric.name === 'causeCode' && (numberOf(metric.timestamp) ?? fallback) === at);
    const code = numberOf(cause?.value);
    return code !== null && code > 0 ? code : undefined;
  };
  const events: IncomingEvent[] = [];
  const counts = new Map<number, { good: number; scrap: number }>();
  for (const metric of metrics) {
    const at = numberOf(metric.timestamp) ?? fallback;
    if (metric.name === 'state' && (metric.value === 'running' || metric.value === 'stopped')) {
      const causeCode = metric.value === 'stopped' ? causeOf(at) : undefined;
      events.push({
        eventId: contentId(group, companyId, machineName, 'state', at, metric.value, causeCode ?? null),
        machine,
        at: new Date(at).toISOString(),
        kind: metric.value,
        ...(causeCode !== undefined ? { causeCode } : {}),
      });
    }
    if (metric.name === 'good' || metric.name === 'scrap') {
      const value = numberOf(metric.value);
      if (value === null || value < 0) continue;
      const entry = counts.get(at) ?? { good: 0, scrap: 0 };
      entry[metric.name] += value;
      counts.set(at, entry);
    }
  }
  for (const [at, entry] of counts)
    events.push({
      eventId: contentId(group, companyId, machineName, 'counts', at, entry.good, entry.scrap),
      machine,
      at: new Date(at).toISOString(),
      kind: 'counts',
      good: entry.good,
      scrap: entry.scrap,
    });
  return events;
}

const unknownEvent = (group: string, companyId: string, machineName: string, at: number): IncomingEvent => ({
  eventId: contentId(group, companyId, machineName, 'unknown', at),
  machine: { clientId: companyId, machineName },
  at: new Date(at).toISOString(),
  kind: 'unknown',
});

interface Held {
  seq: number;
  apply: () => Promise<void>;
}

/** The `seq` order of one edge node: applies messages in order, holds early ones up to the reorder timeout. */
export class SeqOrder {
  private expected: number | null = null;
  private held: Held[] = [];
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly timeoutMs: number,
    private readonly onGap: (expected: number, got: number[]) => void,
  ) {}

  /** A birth: seq starts again. */
  reset(seq: number) {
    this.held = [];
    clearTimeout(this.timer);
    this.timer = undefined;
    this.expected = (seq + 1) % 256;
  }

  /** Runs `apply` in the node's order (one at a time). */
  run(apply: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(apply, apply);
    return this.chain;
  }

  offer(seq: number, apply: () => Promise<void>) {
    if (this.expected === null || seq === this.expected) {
      this.expected = (seq + 1) % 256;
      void this.run(apply);
      this.drain();
      return;
    }
    this.held.push({ seq, apply });
    this.timer ??= setTimeout(() => this.flush(), this.timeoutMs);
  }

  private drain() {
    let next = this.held.find((entry) => entry.seq === this.expected);
    while (next) {
      this.held = this.held.filter((entry) => entry !== next);
      this.expected = (next.seq + 1) % 256;
      void this.run(next.apply);
      next = this.held.find((entry) => entry.seq === this.expected);
    }
    if (!this.held.length) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  /** The wait is over: the held messages in seq order from the expected one. */
  private flush() {
    this.timer = undefined;
    const from = this.expected ?? 0;
    const ordered = [...this.held].sort((a, b) => ((a.seq - from + 256) % 256) - ((b.seq - from + 256) % 256));
    this.onGap(from, ordered.map((entry) => entry.seq));
    this.held = [];
    for (const entry of ordered) {
      this.expected = (entry.seq + 1) % 256;
      void this.run(entry.apply);
    }
  }

  close() {
    clearTimeout(this.timer);
  }
}

/** Who a message came from: the external broker's subscription (every machine) or one credential of the embedded broker. */
export interface MqttSource extends EventSource {
  /** Keeps apart the `seq` order and births of edge nodes that two sources might both name. */
  key: string;
}

/** Sparkplug B messages to events, in each edge node's `seq` order, into one writer (both brokers come here). */
export interface SparkplugReceiver {
  receive(topic: string, message: Buffer, source: MqttSource): void;
  /** Resolves when every message received so far is applied (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
}

export interface ReceiverOptions {
  group: string;
  reorderTimeoutMs: number;
  bounds: EventBounds;
  log: FastifyBaseLogger;
}

export async function sparkplugReceiver(db: Db, options: ReceiverOptions): Promise<SparkplugReceiver> {
  const { group, log } = options;
  const nodes = new Map<string, SeqOrder>();
  const devices = new Map<string, Set<string>>();
  const nodeOf = (key: string, edge: string) => {
    let order = nodes.get(key);
    if (!order) {
      order = new SeqOrder(options.reorderTimeoutMs, (expected, got) => log.warn({ edge, expected, got }, 'mqtt: seq gap, applying held messages'));
      nodes.set(key, order);
    }
    return order;
  };
  const ingest = async (source: EventSource, events: IncomingEvent[]) => {
    if (!events.length) return;
    try {
      await ingestEvents(db, source, events, options.bounds);
    } catch (error) {
      log.error({ err: error }, 'mqtt: events not stored');
    }
  };
  // One writer for every edge node: the messages that arrive while a batch is being stored go in the next one, one
  // transaction for up to 1,000 messages from any node (per source: a credential's events are checked against its
  // machines). (A writer per node would make hundreds of nodes sending a few messages each into as many small
  // concurrent transactions, which fall behind.) Each node's messages enter in its seq order and the batches are stored
  // one after the other, so every node's events are stored in its order.
  const pending: { source: EventSource; event: IncomingEvent }[] = [];
  let writer: Promise<void> | undefined;
  const enqueue = (source: EventSource, events: IncomingEvent[]) => {
    if (!events.length) return;
    for (const event of events) pending.push({ source, event });
    writer ??= (async () => {
      while (pending.length) {
        const bySource = new Map<EventSource, IncomingEvent[]>();
        for (const entry of pending.splice(0, 1000)) {
          const batch = bySource.get(entry.source);
          if (batch) batch.push(entry.event);
          else bySource.set(entry.source, [entry.event]);
        }
        for (const [batchSource, batch] of bySource) await ingest(batchSource, batch);
      }
      writer = undefined;
    })();
  };
  const machinesOfNode = async (key: string, edge: string, source: EventSource) => {
    const seen = devices.get(key);
    const names = seen?.size
      ? [...seen]
      : ((await db.selectFrom('companies').select('fbs').where('id', '=', edge).executeTakeFirst())?.fbs ?? []);
    // A credential's node death reaches only its own machines.
    return source.machines ? names.filter((name) => source.machines!.has(machineKey(edge, name))) : names;
  };

  // The Sparkplug codec loads only when MQTT is in use: an API without it does not carry it in memory.
  const { get: sparkplugOf } = await import('sparkplug-payload');
  const codec = sparkplugOf(NAMESPACE)!;
  return {
    receive(topic, message, source) {
      const [namespace, topicGroup, type, edge, device] = topic.split('/');
      if (namespace !== NAMESPACE || topicGroup !== group || !edge) return;
      let payload: Payload;
      try {
        payload = codec.decodePayload(message) as Payload;
      } catch (error) {
        log.warn({ err: error, topic }, 'mqtt: payload is not Sparkplug B');
        return;
      }
      const key = `${source.key}\u001f${edge}`;
      const order = nodeOf(key, edge);
      const seq = numberOf(payload.seq);
      const at = numberOf(payload.timestamp) ?? clock.nowMs();
      switch (type) {
        case 'NBIRTH':
          order.reset(seq ?? 0);
          return;
        case 'NDEATH':
          void order.run(async () => enqueue(source, (await machinesOfNode(key, edge, source)).map((machine) => unknownEvent(group, edge, machine, at))));
          return;
        case 'DBIRTH':
        case 'DDATA':
        case 'DDEATH': {
          if (!device) return;
          if (type === 'DBIRTH') devices.set(key, (devices.get(key) ?? new Set()).add(device));
          const apply = async () =>
            enqueue(source, type === 'DDEATH' ? [unknownEvent(group, edge, device, at)] : eventsOfDeviceData(group, edge, device, payload));
          if (seq === null) void order.run(apply);
          else order.offer(seq, apply);
          return;
        }
        default:
      }
    },
    async idle() {
      do {
        await Promise.all([...nodes.values()].map((order) => order.run(async () => {})));
        await writer;
      } while (writer !== undefined || pending.length > 0);
    },
    close() {
      for (const order of nodes.values()) order.close();
    },
  };
}

/** Machine events over MQTT: from an external broker (MQTT_URL) or from the portal's own (machines.broker.ts). */
export interface MqttIngestion {
  /** The subscriber's client, with an external broker. */
  client?: MqttClient;
  /** Where the embedded broker listens. */
  broker?: { host: string; port: number };
  /** Resolves when every message received so far is applied (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connects to an external broker, subscribes to the group's topics, and applies what comes in. The subscriber cannot
 * see who published a message: the broker's ACL is what keeps a machine to its company's topics (docs/operations.md,
 * 'Machines over MQTT'); here the topic's machine must still be one of the topic's company's machines (else kept aside).
 */
export async function startMqttIngestion(
  db: Db,
  options: { url: string; group: string; reorderTimeoutMs: number; bounds: EventBounds; log: FastifyBaseLogger },
): Promise<MqttIngestion> {
  const { group, log } = options;
  const receiver = await sparkplugReceiver(db, options);
  const source: MqttSource = { name: 'MQTT', machines: null, key: 'external' };
  // The MQTT client loads only when an external broker is configured.
  const { default: mqtt } = await import('mqtt');
  const client = await mqtt.connectAsync(options.url, {
    clientId: `orders-portal-${randomBytes(6).toString('hex')}`,
    clean: true,
    reconnectPeriod: 1_000,
  });
  client.on('error', (error) => log.error({ err: error }, 'mqtt: client error'));
  client.on('message', (topic, message) => receiver.receive(topic, message, source));
  await client.subscribeAsync([`${NAMESPACE}/${group}/+/+`, `${NAMESPACE}/${group}/+/+/+`], { qos: 1 });
  log.info({ url: withoutPassword(options.url), group }, 'mqtt: subscribed');

  return {
    client,
    idle: () => receiver.idle(),
    async close() {
      receiver.close();
      await client.endAsync();
    },
  };
}
