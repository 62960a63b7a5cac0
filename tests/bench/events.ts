/**
 * The event log and its webhooks for `pnpm bench` (rows named 'events …': BENCH_ONLY=events):
 *
 * - events recorded per second during machine ingestion: the ingestion rows (ingest.ts) count the machine.stopped /
 *   machine.started events their stops and starts recorded in the same transactions (`loggedDuring`);
 * - webhook deliveries per second: an endpoint on a receiver in this process (node:http on loopback, answering 204),
 *   subscribed to a type no other part of the bench records; `count` events recorded at once (recordEvents, as a
 *   service does), then the API's job workers deliver them: deliveries/s from the commit to the last one received;
 * - the order save's latency with the event log against without, at the service level (saveOrder, sequentially, no
 *   HTTP): "without" is the same save with a trigger on `events` that drops the rows, made for the measure in the
 *   bench's database and removed after it, so no production code has a switch. The log's advisory lock and the
 *   service's JavaScript remain in "without"; what it leaves out is the insert and the deliveries' query.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { createDb } from '../../api/src/db/database.js';
import { recordEvents } from '../../api/src/features/events/events.service.js';
import { saveOrder } from '../../api/src/features/orders/orders.service.js';
import { loadAuditKey } from '../../api/src/lib/audit.js';
import type { Actor } from '../../api/src/lib/actor.js';
import { today } from '../../api/src/lib/clock.js';
import { insertEndpoint } from '../../api/src/features/webhooks/webhooks.repository.js';
import { companyScopeOf } from '../../api/src/lib/scope.js';

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

export interface DeliveryRow {
  events: number;
  received: number;
  seconds: number;
  perSecond: number;
}

export interface SaveRow {
  variant: 'with the event log' | 'without (events dropped by a trigger)';
  saves: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Counts the events of the log after `after` (a sequence): what an ingestion row recorded. */
export async function eventsAfter(databaseUrl: string, after: number): Promise<{ count: number; last: number }> {
  const db = createDb(databaseUrl);
  try {
    const row = await sql<{ count: string; last: string | null }>`select count(*) as count, max(sequence) as last from events where sequence > ${after}`.execute(db);
    return { count: Number(row.rows[0]!.count), last: Number(row.rows[0]!.last ?? after) };
  } finally {
    await db.destroy();
  }
}

/** Webhook deliveries per second through the API's job workers (the API must allow loopback: WEBHOOK_ALLOWED_NETWORKS). */
export async function measureDeliveries(databaseUrl: string, count: number, timeoutMs: number): Promise<DeliveryRow> {
  const seen = new Set<string>();
  let lastAt = 0;
  let allIn: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allIn = resolve));
  const receiver = http.createServer((request, response) => {
    request.resume().on('end', () => {
      seen.add(String(request.headers['webhook-id']));
      lastAt = performance.now();
      response.writeHead(204).end();
      if (seen.size >= count) allIn();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const db = createDb(databaseUrl);
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bench`;
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    await db
      .transaction()
      .execute((trx) => insertEndpoint(trx, { companyId: null, url, eventTypes: ['supply_order.delivered'], enabled: true, secret, createdBy: 'bench' }));
    const started = performance.now();
    await db.transaction().execute((trx) =>
      recordEvents(
        trx,
        { system: 'bench' },
        Array.from({ length: count }, (_, index) => ({ type: 'supply_order.delivered' as const, companyId: null, recordType: 'supply_order', recordId: `bench-${index}` })),
      ),
    );
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
    const seconds = ((seen.size >= count ? lastAt : performance.now()) - started) / 1000;
    await db.deleteFrom('webhook_endpoints').where('url', '=', url).execute();
    return { events: count, received: seen.size, seconds, perSecond: seen.size / seconds };
  } finally {
    await db.destroy();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

/** The order save at the service level, with the event log and without it (see the module), `saves` of each, alternating. */
export async function measureOrderSave(databaseUrl: string, companyId: string, productId: number, saves: number): Promise<SaveRow[]> {
  await loadAuditKey({ AUDIT_HMAC_KEY: randomBytes(32).toString('base64'), DATA_DIR: '.' });
  const db = createDb(databaseUrl);
  const actor: Actor = { sub: 'bench-events-client', roles: new Set(['client']), clientType: 'client', companyId, name: 'Bench', email: null };
  // A weekday four weeks ahead: a date every new item may take.
  const due = new Date(`${today()}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 28);
  while (due.getUTCDay() === 0 || due.getUTCDay() === 6) due.setUTCDate(due.getUTCDate() + 1);
  const dueDate = due.toISOString().slice(0, 10);
  const save = async (index: number) => {
    const started = performance.now();
    await saveOrder(db, actor, companyScopeOf(actor), {
      orderNo: `BENCH-EV-${index}`,
      closed: 0,
      ClientProductionOrderItems: [
        { clientProductId: productId, dueDate, plannedAmount: 10_000 },
        { clientProductId: productId, dueDate, plannedAmount: 20_000 },
      ],
    } as never);
    return performance.now() - started;
  };
  const drop = async (on: boolean) => {
    if (on) {
      await sql`create or replace function bench_drop_events() returns trigger language plpgsql as $$ begin return null; end $$`.execute(db);
      await sql`create trigger bench_drop_events before insert on events for each row execute function bench_drop_events()`.execute(db);
    } else {
      await sql`drop trigger if exists bench_drop_events on events`.execute(db);
      await sql`drop function if exists bench_drop_events()`.execute(db);
    }
  };
  const withLog: number[] = [];
  const withoutLog: number[] = [];
  try {
    for (let index = 0; index < 20; index++) await save(-index - 1); // warm-up
    // Rounds of 10 of each, alternating, so a disturbance of the machine falls on both alike.
    for (let round = 0; round * 10 < saves; round++) {
      for (let index = 0; index < 10; index++) withLog.push(await save(round * 20 + index));
      await drop(true);
      try {
        for (let index = 0; index < 10; index++) withoutLog.push(await save(round * 20 + 10 + index));
      } finally {
        await drop(false);
      }
    }
  } finally {
    await db.destroy();
  }
  const row = (variant: SaveRow['variant'], values: number[]): SaveRow => {
    const sorted = [...values].sort((a, b) => a - b);
    return { variant, saves: values.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  };
  return [row('with the event log', withLog), row('without (events dropped by a trigger)', withoutLog)];
}

export function printEvents(logged: { name: string; eventsPerSecond: number; logged: number; seconds: number }[], deliveries: DeliveryRow | undefined, saves: SaveRow[]) {
  if (logged.length) {
    console.log('\nThe event log during machine ingestion: machine.stopped / machine.started recorded in the ingestion\'s transactions.\n');
    console.log('| Ingestion | machine events/s | log events recorded | log events/s |');
    console.log('|---|---:|---:|---:|');
    for (const row of logged) console.log(`| ${row.name} | ${row.eventsPerSecond.toFixed(0)} | ${row.logged} | ${(row.logged / row.seconds).toFixed(0)} |`);
  }
  if (deliveries) {
    console.log('\nWebhook deliveries to a receiver on loopback, through the API\'s job workers (events recorded in one transaction, then delivered):\n');
    console.log('| events | received | seconds | deliveries/s |');
    console.log('|---:|---:|---:|---:|');
    console.log(`| ${deliveries.events} | ${deliveries.received} | ${deliveries.seconds.toFixed(1)} | ${deliveries.perSecond.toFixed(0)} |`);
  }
  if (saves.length) {
    console.log('\nThe order save (an order of two items: 3 events) at the service level, sequentially:\n');
    console.log('| Save | saves | p50 ms | p95 ms | p99 ms |');
    console.log('|---|---:|---:|---:|---:|');
    for (const row of saves) console.log(`| ${row.variant} | ${row.saves} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} |`);
  }
}
