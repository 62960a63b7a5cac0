import type { Schemas } from '../../lib/contract.js';
import type { StoredEvent } from './events.repository.js';

/** An event as the contract shows it: in the events list and as the body of a webhook. */
export function eventView(row: StoredEvent): Schemas['Event'] {
  return {
    id: row.id,
    sequence: Number(row.sequence),
    type: row.type,
    occurredAt: row.occurred_at.toISOString(),
    companyId: row.company_id,
    recordType: row.record_type,
    recordId: row.record_id,
    actor: { kind: row.actor_kind, id: row.actor_id },
    data: row.data,
  };
}
