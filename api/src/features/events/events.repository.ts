import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { EventActorKind, EventType } from '../../db/tables/events.js';

/** One event as it is inserted. */
export interface NewEvent {
  type: EventType;
  occurredAt: Date;
  companyId: string | null;
  recordType: string;
  recordId: string;
  actorKind: EventActorKind;
  actorId: string;
  data: Record<string, unknown>;
}

export interface StoredEvent {
  sequence: string;
  id: string;
  type: EventType;
  occurred_at: Date;
  company_id: string | null;
  record_type: string;
  record_id: string;
  actor_kind: EventActorKind;
  actor_id: string;
  data: Record<string, unknown>;
}

const COLUMNS = ['sequence', 'id', 'type', 'occurred_at', 'company_id', 'record_type', 'record_id', 'actor_kind', 'actor_id', 'data'] as const;

/**
 * Inserts events under the log's advisory lock, held until the transaction ends: writers of events take turns from
 * here to their commit, so sequence order is commit order (a cursor never passes an event that commits later with
 * a smaller sequence). Every write already waits for the audit chain's lock the same way.
 */
export async function insertEvents(trx: Transaction<Database>, events: NewEvent[]): Promise<StoredEvent[]> {
  if (!events.length) return [];
  await sql`select pg_advisory_xact_lock(hashtextextended('events_log', 0))`.execute(trx);
  return trx
    .insertInto('events')
    .values(
      events.map((event) => ({
        type: event.type,
        occurred_at: event.occurredAt,
        company_id: event.companyId,
        record_type: event.recordType,
        record_id: event.recordId,
        actor_kind: event.actorKind,
        actor_id: event.actorId,
        data: JSON.stringify(event.data),
      })),
    )
    .returning(COLUMNS)
    .execute();
}

/** Where the caller may read: one company and some types, or everything (staff). */
export type EventReach = { kind: 'all' } | { kind: 'company'; companyId: string; types: EventType[] };

/** The events after `after` in log order, at most `limit` (and one more, to tell whether more follow). */
export function findEventsAfter(db: Db, reach: EventReach, after: number, limit: number, types?: EventType[]) {
  let query = db.selectFrom('events').select(COLUMNS).where('sequence', '>', String(after) as never);
  if (reach.kind === 'company') query = query.where('company_id', '=', reach.companyId).where('type', 'in', reach.types);
  if (types?.length) query = query.where('type', 'in', types);
  return query.orderBy('sequence').limit(limit + 1).execute() as Promise<StoredEvent[]>;
}

export function findEvent(db: Db | Transaction<Database>, sequence: string | number) {
  return db.selectFrom('events').select(COLUMNS).where('sequence', '=', String(sequence) as never).executeTakeFirst() as Promise<StoredEvent | undefined>;
}

/** Removes the events that occurred before `before`, a batch at a time (their deliveries go with them); answers how many. */
export async function deleteEventsBefore(db: Db, before: Date, batch = 5_000): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = await sql`
      delete from events where sequence in (select sequence from events where occurred_at < ${before} order by occurred_at limit ${batch})`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    removed += count;
    if (count < batch) return removed;
  }
}
