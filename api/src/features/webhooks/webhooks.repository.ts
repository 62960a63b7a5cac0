import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { EventType } from '../../db/tables/events.js';
import { versionedUpdate } from '../../db/versioned-update.js';
import { now } from '../../lib/clock.js';
import type { Schemas } from '../../lib/contract.js';
import { whereScope, type Scope } from '../../lib/scope.js';
import { secretHint } from './webhooks.signature.js';
import type { Translator } from '../../lib/i18n.js';
import { reasonText } from './webhooks.reason.js';

type Executor = Db | Transaction<Database>;

const ENDPOINT = [
  'id',
  'company_id',
  'url',
  'event_types',
  'enabled',
  'disabled_reason',
  'secret',
  'previous_secret_valid_until',
  'created_at',
  'version',
] as const;

/** The scope's endpoints as the contract's `WebhookEndpoint` (without their secrets). */
export async function findEndpoints(db: Executor, scope: Scope, l: Translator): Promise<Schemas['WebhookEndpoint'][]> {
  const rows = await whereScope(db.selectFrom('webhook_endpoints').select(ENDPOINT), 'company_id', scope).orderBy('id').limit(1000).execute();
  return rows.map((row) => toEndpoint(row, l));
}

export function findEndpoint(db: Executor, scope: Scope, id: number) {
  return whereScope(db.selectFrom('webhook_endpoints').select(ENDPOINT).where('id', '=', id), 'company_id', scope).executeTakeFirst();
}

export type StoredEndpoint = NonNullable<Awaited<ReturnType<typeof findEndpoint>>>;

/**
 * An endpoint as the contract's `WebhookEndpoint`: the secret's hint only, the previous secret while it still signs,
 * the reason it was disabled in the reader's language (`l`).
 */
export function toEndpoint(row: StoredEndpoint, l: Translator, at = now()): Schemas['WebhookEndpoint'] {
  const overlapping = row.previous_secret_valid_until && row.previous_secret_valid_until > at;
  return {
    id: row.id,
    url: row.url,
    eventTypes: row.event_types,
    companyId: row.company_id,
    enabled: row.enabled,
    disabledReason: reasonText(row.disabled_reason, l),
    secretHint: secretHint(row.secret),
    previousSecretValidUntil: overlapping ? row.previous_secret_valid_until!.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    version: row.version,
  };
}

export function insertEndpoint(trx: Transaction<Database>, values: { companyId: string | null; url: string; eventTypes: EventType[]; enabled: boolean; secret: string; createdBy: string }) {
  return trx
    .insertInto('webhook_endpoints')
    .values({ company_id: values.companyId, url: values.url, event_types: values.eventTypes, enabled: values.enabled, secret: values.secret, created_by: values.createdBy })
    .returning(ENDPOINT)
    .executeTakeFirstOrThrow();
}

/** Updates an endpoint of the scope at the version read; undefined when none (missing, another company's, or stale). */
export function updateEndpoint(
  trx: Transaction<Database>,
  scope: Scope,
  id: number,
  version: number,
  values: { url: string; eventTypes: EventType[]; enabled: boolean; disabledReason: string | null },
) {
  return whereScope(
    versionedUpdate(trx, 'webhook_endpoints', version, { url: values.url, event_types: values.eventTypes, enabled: values.enabled, disabled_reason: values.disabledReason }).where('id', '=', id),
    'company_id',
    scope,
  )
    .returning(ENDPOINT)
    .executeTakeFirst();
}

export function rotateEndpointSecret(trx: Transaction<Database>, scope: Scope, id: number, version: number, secret: string, previousValidUntil: Date) {
  return whereScope(
    versionedUpdate(trx, 'webhook_endpoints', version, {
      previous_secret: (eb) => eb.ref('secret'),
      previous_secret_valid_until: previousValidUntil,
      secret,
    }).where('id', '=', id),
    'company_id',
    scope,
  )
    .returning(ENDPOINT)
    .executeTakeFirst();
}

export async function deleteEndpoints(trx: Transaction<Database>, scope: Scope, ids: number[]) {
  const rows = await whereScope(trx.deleteFrom('webhook_endpoints').where('id', 'in', ids), 'company_id', scope).returning(['id', 'url']).execute();
  return rows;
}

/** The failed deliveries of an endpoint enabled again go back to pending, from their first attempt. */
export function reopenFailedDeliveries(trx: Transaction<Database>, endpointId: number) {
  return trx
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', attempts: 0, next_attempt_at: null, in_flight_until: null })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'failed')
    .execute();
}

/** An endpoint's latest deliveries with their events' ids and types (a declared read of the event log). */
export function findDeliveries(db: Executor, endpointId: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.sequence', 'd.event_sequence')
    .select([
      'd.id',
      'e.id as event_id',
      'e.type as event_type',
      'd.status',
      'd.attempts',
      'd.last_status_code',
      'd.last_response',
      'd.last_attempt_at',
      'd.next_attempt_at',
      'd.created_at',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** A delivery of an endpoint of the scope, locked for the resend. */
export function lockDelivery(trx: Transaction<Database>, scope: Scope, id: number) {
  return whereScope(
    trx
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
      .select(['d.id', 'd.endpoint_id', 'w.enabled'])
      .where('d.id', '=', id)
      .forUpdate('d'),
    'w.company_id',
    scope,
  ).executeTakeFirst();
}

export function resetDelivery(trx: Transaction<Database>, id: number) {
  return trx.updateTable('webhook_deliveries').set({ status: 'pending', attempts: 0, next_attempt_at: null, in_flight_until: null }).where('id', '=', id).execute();
}

