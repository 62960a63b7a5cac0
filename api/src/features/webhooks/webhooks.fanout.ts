import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { QUEUES, sendInTransaction } from '../../jobs/queue.js';
import type { StoredEvent } from '../events/events.repository.js';

/**
 * The fan-out of new events to the webhook endpoints, called by the event log in the transaction that records them.
 * Apart from the deliveries' attempts (webhooks.deliveries.ts), which record events themselves (`webhook.failed`).
 */

/** Makes the deliveries of new events to every enabled endpoint subscribed to them, and queues a job for each. */
export async function queueDeliveries(trx: Transaction<Database>, events: StoredEvent[]): Promise<void> {
  if (!events.length) return;
  const { rows } = await sql<{ id: number }>`
    insert into webhook_deliveries (endpoint_id, event_sequence, record_key)
    select w.id, e.sequence, e.record_key
      from unnest(${events.map((event) => event.sequence)}::bigint[], ${events.map((event) => event.type)}::text[],
                  ${events.map((event) => event.company_id)}::text[], ${events.map((event) => `${event.record_type}:${event.record_id}`)}::text[])
           as e(sequence, type, company_id, record_key)
      join webhook_endpoints w on w.enabled and e.type = any(w.event_types) and (w.company_id is null or w.company_id = e.company_id)
     order by e.sequence, w.id
    returning id`.execute(trx);
  for (const { id } of rows) await sendInTransaction(trx, QUEUES.webhookDelivery, { deliveryId: id });
}
