import { sql, type Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/database.js';
import { recordUpdate } from '../../db/versioned-update.js';
import { QUEUES, sendInTransaction, sendNow } from '../../jobs/queue.js';
import { machineNowMs, now } from '../../lib/clock.js';
import { findEvent } from '../events/events.repository.js';
import { eventView } from '../events/events.view.js';
import { recordEvent } from '../events/events.service.js';
import { addressPolicy } from './webhooks.address.js';
import { postWebhook } from './webhooks.http.js';
import { storedReason } from './webhooks.reason.js';
import { signatureHeader } from './webhooks.signature.js';

/**
 * Webhook deliveries: one row per event and subscribed endpoint, made in the event's transaction
 * (webhooks.fanout.ts), and one job per attempt. At least once: a delivery is pending until its endpoint answers 2xx. In order per record: a
 * delivery waits while an earlier event of the same record (its lane, `record_key`) is undelivered to the same
 * endpoint; delivering one queues the next of its lane. Retries follow WEBHOOK_RETRY_SECONDS; when the last one
 * fails the delivery is marked failed, the endpoint disabled with the reason, and `webhook.failed` recorded for the admin.
 */

/** The answer kept to show the admin. */
const SHOWN_ANSWER = 2_000;

type DeliveryConfig = Pick<
  Config,
  'WEBHOOK_RETRY_SECONDS' | 'WEBHOOK_TIMEOUT_MS' | 'WEBHOOK_MAX_RESPONSE_BYTES' | 'WEBHOOK_ALLOW_PRIVATE' | 'WEBHOOK_ALLOWED_NETWORKS'
>;

interface Claimed {
  id: number;
  endpoint_id: number;
  event_sequence: string;
  record_key: string;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_valid_until: Date | null;
}

export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'skipped';

/**
 * One attempt of a delivery (the `webhook-delivery` job). Skipped when it is not pending, not due yet, in flight
 * elsewhere, waiting for an earlier event of its record, or its endpoint is disabled; otherwise it is claimed for the
 * attempt's length, sent, and its outcome stored.
 */
export async function attemptDelivery(db: Db, config: DeliveryConfig, deliveryId: number): Promise<AttemptOutcome> {
  const at = now();
  const claimedUntil = new Date(at.getTime() + config.WEBHOOK_TIMEOUT_MS + 30_000);
  const { rows } = await sql<Claimed>`
    update webhook_deliveries d set in_flight_until = ${claimedUntil}
      from webhook_endpoints w
     where d.id = ${deliveryId} and w.id = d.endpoint_id and w.enabled and d.status = 'pending'
       and (d.in_flight_until is null or d.in_flight_until < ${at})
       and (d.next_attempt_at is null or d.next_attempt_at <= ${at})
       and not exists (
         select 1 from webhook_deliveries p
          where p.endpoint_id = d.endpoint_id and p.record_key = d.record_key and p.status <> 'delivered' and p.event_sequence < d.event_sequence)
    returning d.id, d.endpoint_id, d.event_sequence, d.record_key, d.attempts, w.url, w.secret, w.previous_secret, w.previous_secret_valid_until`.execute(db);
  const delivery = rows[0];
  if (!delivery) {
    await requeueIfEarly(db, deliveryId, at);
    return 'skipped';
  }
  const event = await findEvent(db, delivery.event_sequence);
  if (!event) return 'skipped'; // removed by retention: its delivery went with it
  const body = JSON.stringify(eventView(event));
  const secrets = [delivery.secret];
  if (delivery.previous_secret && delivery.previous_secret_valid_until && delivery.previous_secret_valid_until > at) secrets.push(delivery.previous_secret);
  // The receiver compares webhook-timestamp with its own clock (replay protection): the machine's clock, not the pinned one.
  const timestamp = Math.floor(machineNowMs() / 1000);
  const result = await postWebhook(
    delivery.url,
    { 'webhook-id': event.id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatureHeader(secrets, event.id, timestamp, body) },
    body,
    addressPolicy(config),
    { timeoutMs: config.WEBHOOK_TIMEOUT_MS, maxResponseBytes: config.WEBHOOK_MAX_RESPONSE_BYTES },
  );
  const attempts = delivery.attempts + 1;
  const answer = result.body.slice(0, SHOWN_ANSWER);
  const delivered = result.ok && result.status >= 200 && result.status < 300;
  return db.transaction().execute(async (trx) => {
    const common = { attempts, last_status_code: result.status, last_response: answer, last_attempt_at: at, in_flight_until: null };
    if (delivered) {
      await trx.updateTable('webhook_deliveries').set({ ...common, status: 'delivered', next_attempt_at: null }).where('id', '=', delivery.id).execute();
      await queueNextOfLane(trx, delivery);
      return 'delivered';
    }
    const wait = config.WEBHOOK_RETRY_SECONDS[attempts - 1];
    if (wait === undefined) {
      await trx.updateTable('webhook_deliveries').set({ ...common, status: 'failed', next_attempt_at: null }).where('id', '=', delivery.id).execute();
      await recordUpdate(trx, 'webhook_endpoints', {
        enabled: false,
        disabled_reason: storedReason({
          code: 'failedDeliveries',
          attempts,
          eventId: event.id,
          eventType: event.type,
          status: result.status,
          ...(result.status === null ? { error: result.body } : {}),
        }),
      })
        .where('id', '=', delivery.endpoint_id)
        .execute();
      // Told to the admin through the log. The endpoint is disabled, so this event never goes to it; the
      // manufacturer's own events (company null) go to the manufacturer's endpoints only.
      await recordEvent(trx, { system: 'webhook-delivery' }, {
        type: 'webhook.failed',
        companyId: null,
        recordType: 'webhook_endpoint',
        recordId: delivery.endpoint_id,
        data: { endpointId: delivery.endpoint_id, deliveryId: delivery.id, eventId: event.id, eventType: event.type, attempts, lastStatusCode: result.status, endpointDisabled: true },
      });
      return 'failed';
    }
    await trx
      .updateTable('webhook_deliveries')
      .set({ ...common, next_attempt_at: new Date(at.getTime() + wait * 1000) })
      .where('id', '=', delivery.id)
      .execute();
    await sendInTransaction(trx, QUEUES.webhookDelivery, { deliveryId: delivery.id }, { startAfter: wait });
    return 'retry';
  });
}

/** A job that came before its delivery was due (the queue's clock ahead of the portal's) comes back when it is. */
async function requeueIfEarly(db: Db, deliveryId: number, at: Date) {
  const row = await db.selectFrom('webhook_deliveries').select(['status', 'next_attempt_at']).where('id', '=', deliveryId).executeTakeFirst();
  if (row?.status === 'pending' && row.next_attempt_at && row.next_attempt_at > at) {
    await sendNow(db, QUEUES.webhookDelivery, { deliveryId }, { startAfter: Math.ceil((row.next_attempt_at.getTime() - at.getTime()) / 1000) });
  }
}

/** Queues the next pending delivery of a lane (the same endpoint and record), which waited for this one. */
async function queueNextOfLane(trx: Transaction<Database>, delivery: Pick<Claimed, 'endpoint_id' | 'record_key' | 'event_sequence'>) {
  const next = await trx
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', delivery.endpoint_id)
    .where('record_key', '=', delivery.record_key)
    .where('status', '=', 'pending')
    .where('event_sequence', '>', delivery.event_sequence)
    .orderBy('event_sequence')
    .limit(1)
    .executeTakeFirst();
  if (next) await sendInTransaction(trx, QUEUES.webhookDelivery, { deliveryId: next.id });
}

/** Queues every pending delivery of an endpoint (it was enabled again): the first of each lane goes, the others wait their turn. */
export async function queuePendingOf(trx: Transaction<Database>, endpointId: number): Promise<void> {
  const pending = await trx.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpointId).where('status', '=', 'pending').orderBy('event_sequence').execute();
  for (const { id } of pending) await sendInTransaction(trx, QUEUES.webhookDelivery, { deliveryId: id });
}
