import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { EventType } from '../../db/tables/events.js';
import type { Actor } from '../../lib/actor.js';
import { now, nowMs } from '../../lib/clock.js';
import type { BodyOf, Schemas } from '../../lib/contract.js';
import type { ClientType } from '../../lib/roles.js';
import type { Scope } from '../../lib/scope.js';
import { QUEUES, sendInTransaction } from '../../jobs/queue.js';
import { queueDeliveries } from '../webhooks/webhooks.fanout.js';
import * as repository from './events.repository.js';
import { eventView } from './events.view.js';

/**
 * The event log: every change another party may care about, recorded once by the service that makes it,
 * in the same transaction (`recordEvent`), so a rolled-back change leaves no event and a committed one always has
 * its event. Readers: the events list (`getEvents`, a cursor over `sequence`) and the webhooks, whose deliveries are
 * queued here in the same transaction (`queueDeliveries`). A new reader (notifications) is one more call here.
 */

/**
 * Who caused an event: the caller of the request, a machine credential reporting without a request (over MQTT to the
 * portal's broker), or a part of the portal (`{ system: 'event-cleanup' }`, `{ system: 'MQTT' }` for an external broker).
 */
export type EventCause = Actor | { machineCredentialId: number } | { system: string };

/** One change, as a service describes it. */
export interface EventInput {
  type: EventType;
  /** The client company the record belongs to; null for the manufacturer's own records. */
  companyId: string | null;
  recordType: string;
  recordId: string | number;
  /** What changed, small: the fields the type names (ids, dates, quantities, statuses), never documents. */
  data?: Record<string, unknown>;
}

const actorOf = (cause: EventCause) =>
  'system' in cause
    ? { actorKind: 'system' as const, actorId: cause.system }
    : 'machineCredentialId' in cause
      ? { actorKind: 'machine' as const, actorId: String(cause.machineCredentialId) }
      : cause.machine
      ? { actorKind: 'machine' as const, actorId: String(cause.machine.credentialId) }
      : { actorKind: 'user' as const, actorId: cause.sub };

/** Records events in the caller's transaction and queues their webhook deliveries there too. */
export async function recordEvents(trx: Transaction<Database>, cause: EventCause, events: EventInput[]): Promise<void> {
  if (!events.length) return;
  const actor = actorOf(cause);
  const occurredAt = now();
  const stored = await repository.insertEvents(
    trx,
    events.map((event) => ({ ...event, recordId: String(event.recordId), occurredAt, data: event.data ?? {}, ...actor })),
  );
  await queueDeliveries(trx, stored);
  // The notifications' run reads everything after its cursor: one waiting run serves every event (the queue keeps one).
  await sendInTransaction(trx, QUEUES.notifications, {});
}

/** Records one event in the caller's transaction (see `recordEvents`). */
export function recordEvent(trx: Transaction<Database>, cause: EventCause, event: EventInput): Promise<void> {
  return recordEvents(trx, cause, [event]);
}

/**
 * Which types a client company's role may read: only events about records that role can open (the x-roles of the
 * record's own reads). Production order items and supply orders are the manufacturer's records.
 */
export const CLIENT_READERS: Record<EventType, readonly ClientType[]> = {
  'order.created': ['client', 'buyer', 'seller'],
  'order.changed': ['client', 'buyer', 'seller'],
  'order.deleted': ['client', 'buyer', 'seller'],
  'order_item.created': ['client', 'buyer', 'seller'],
  'order_item.changed': ['client', 'buyer', 'seller'],
  'order_item.deleted': ['client', 'buyer', 'seller'],
  'order_item.confirmed': ['client', 'buyer', 'seller'],
  'order_item.confirmation_cleared': ['client', 'buyer', 'seller'],
  'order_item.due_date_moved': ['client', 'buyer', 'seller'],
  'produced_quantity.recorded': ['client', 'buyer', 'seller'],
  'machine.stopped': ['client', 'buyer', 'seller'],
  'machine.started': ['client', 'buyer', 'seller'],
  'claim.created': ['client', 'buyer', 'seller'],
  'claim.status_changed': ['client', 'buyer', 'seller'],
  'invoice.sent': ['client'],
  'forecast.saved': ['client', 'buyer'],
  'production_order_item.created': [],
  'supply_order.delivered': [],
  // An invoice waiting for 'Confirm & Send' is its company's record; only the client type opens invoices.
  'invoice.ready_to_confirm': ['client'],
  // The manufacturer's own records: its e-mails, webhook deliveries and machine ingestion (company null).
  'email.failed': [],
  'webhook.failed': [],
  'machine_event.kept_aside': [],
};

/** The types a client role reads (`client` reads every client-readable type). */
export const typesReadBy = (clientType: ClientType): EventType[] =>
  (Object.keys(CLIENT_READERS) as EventType[]).filter((type) => CLIENT_READERS[type].includes(clientType));

/** The reach of a caller: staff read the whole log; a client company's user its company's events of the types its role reads. */
export function reachOf(actor: Actor, scope: Scope): repository.EventReach {
  if (scope.kind === 'allCompanies') return { kind: 'all' };
  return { kind: 'company', companyId: scope.companyId, types: typesReadBy(actor.clientType!) };
}

/** A page of the log after the cursor `after`, oldest first; `next` is the cursor of the following page. */
export async function getEvents(db: Db, actor: Actor, scope: Scope, body: BodyOf<'Events_getEvents'>): Promise<Schemas['EventPage']> {
  const after = body.after ?? 0;
  const limit = body.limit ?? 100;
  const rows = await repository.findEventsAfter(db, reachOf(actor, scope), after, limit, body.types);
  const page = rows.slice(0, limit).map(eventView);
  return { rows: page, next: page.at(-1)?.sequence ?? after, more: rows.length > limit };
}

/** Removes the events older than `retentionDays` (by the portal's clock), with their webhook deliveries. */
export function removeExpiredEvents(db: Db, retentionDays: number): Promise<number> {
  return repository.deleteEventsBefore(db, new Date(nowMs() - retentionDays * 86_400_000));
}
