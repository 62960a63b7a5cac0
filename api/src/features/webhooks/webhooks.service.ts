import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { EventType } from '../../db/tables/events.js';
import { QUEUES, sendInTransaction } from '../../jobs/queue.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { now } from '../../lib/clock.js';
import type { Schemas } from '../../lib/contract.js';
import { conflict, notFound, problemTexts, ruleViolation } from '../../lib/problem.js';
import type { Scope } from '../../lib/scope.js';
import { typesReadBy } from '../events/events.service.js';
import { addressPolicy, refusalOf } from './webhooks.address.js';
import { queuePendingOf } from './webhooks.deliveries.js';
import * as repository from './webhooks.repository.js';
import { newSecret } from './webhooks.signature.js';
import type { Translator } from '../../lib/i18n.js';

/**
 * Webhook endpoints: the manufacturer's admin subscribes endpoints that receive every company's events;
 * a client company's `client` user subscribes its company's, to the types its role can read. The secret is shown
 * once, at creation and at each rotation; after a rotation both secrets sign for WEBHOOK_ROTATION_OVERLAP_HOURS.
 */

type AddressSettings = Pick<Config, 'WEBHOOK_ALLOW_PRIVATE' | 'WEBHOOK_ALLOWED_NETWORKS'>;

const STALE = /*i18n*/ { id: 'problem.webhooks.stale', message: 'This endpoint was changed meanwhile (by someone else, or disabled after failed deliveries). Reload it and apply your change again.' };

/** The scope's endpoints; `l` words why the portal disabled one, in the reader's language. */
export async function getEndpoints(db: Db, scope: Scope, l: Translator) {
  return { rows: await repository.findEndpoints(db, scope, l) };
}

/** A client company's endpoint subscribes only to types its `client` role can read. */
function checkTypes(actor: Actor, types: EventType[]) {
  if (!actor.clientType) return;
  const readable = new Set(typesReadBy(actor.clientType));
  const index = types.findIndex((type) => !readable.has(type));
  if (index >= 0) throw ruleViolation(`endpoint.eventTypes.${index}`, 'enum', /*i18n*/ { id: 'problem.webhooks.manufacturerEvent', message: "Your company cannot subscribe to {type}: it is about the manufacturer's records." }, { type: types[index] });
}

async function checkUrl(config: AddressSettings, url: string) {
  const refusal = await refusalOf(url, addressPolicy(config));
  if (refusal) throw ruleViolation('endpoint.url', 'address', refusal.descriptor, refusal.values);
}

export async function saveEndpoint(db: Db, config: AddressSettings, actor: Actor, scope: Scope, input: Schemas['WebhookEndpointInput'], l: Translator) {
  const eventTypes = [...new Set(input.eventTypes)];
  checkTypes(actor, eventTypes);
  if (input.id !== undefined && input.version === undefined) throw ruleViolation('endpoint.version', 'required', problemTexts.versionRequired);
  // Another company's endpoint is not found, whatever its URL would be.
  if (input.id !== undefined && !(await repository.findEndpoint(db, scope, input.id))) throw notFound('Webhook endpoint');
  await checkUrl(config, input.url);
  return db.transaction().execute(async (trx) => {
    if (input.id === undefined) {
      const secret = newSecret();
      const created = await repository.insertEndpoint(trx, {
        companyId: scope.kind === 'company' ? scope.companyId : null,
        url: input.url,
        eventTypes,
        enabled: input.enabled,
        secret,
        createdBy: actor.sub,
      });
      await audit(trx, actor, { operation: 'saveEndpoint', recordType: 'webhook_endpoint', recordId: created.id, details: { url: input.url, eventTypes, enabled: input.enabled } });
      return { endpoint: repository.toEndpoint(created, l), secret };
    }
    const before = await repository.findEndpoint(trx, scope, input.id);
    if (!before) throw notFound('Webhook endpoint');
    const updated = await repository.updateEndpoint(trx, scope, input.id, input.version!, {
      url: input.url,
      eventTypes,
      enabled: input.enabled,
      // The portal's reason stays while it is disabled; enabling it again (or an admin's pause) clears it.
      disabledReason: input.enabled || before.enabled ? null : before.disabled_reason,
    });
    if (!updated) throw conflict(STALE);
    if (input.enabled && !before.enabled) {
      await repository.reopenFailedDeliveries(trx, updated.id);
      await queuePendingOf(trx, updated.id);
    }
    await audit(trx, actor, { operation: 'saveEndpoint', recordType: 'webhook_endpoint', recordId: updated.id, details: { url: input.url, eventTypes, enabled: input.enabled } });
    return { endpoint: repository.toEndpoint(updated, l) };
  });
}

export async function rotateSecret(
  db: Db,
  config: Pick<Config, 'WEBHOOK_ROTATION_OVERLAP_HOURS'>,
  actor: Actor,
  scope: Scope,
  id: number,
  version: number,
  l: Translator,
) {
  return db.transaction().execute(async (trx) => {
    if (!(await repository.findEndpoint(trx, scope, id))) throw notFound('Webhook endpoint');
    const secret = newSecret();
    const until = new Date(now().getTime() + config.WEBHOOK_ROTATION_OVERLAP_HOURS * 3_600_000);
    const updated = await repository.rotateEndpointSecret(trx, scope, id, version, secret, until);
    if (!updated) throw conflict(STALE);
    await audit(trx, actor, { operation: 'rotateSecret', recordType: 'webhook_endpoint', recordId: id, details: { previousSecretValidUntil: until.toISOString() } });
    return { endpoint: repository.toEndpoint(updated, l), secret };
  });
}

/** Removes endpoints of the caller's scope, all or nothing (one that is not the caller's: 404). */
export async function deleteEndpoints(db: Db, actor: Actor, scope: Scope, endpointIds: number[]) {
  const ids = [...new Set(endpointIds)];
  return db.transaction().execute(async (trx) => {
    const removed = await repository.deleteEndpoints(trx, scope, ids);
    if (removed.length !== ids.length) throw notFound('Webhook endpoint');
    for (const row of removed) await audit(trx, actor, { operation: 'deleteEndpoints', recordType: 'webhook_endpoint', recordId: row.id, details: { url: row.url } });
    return { ok: true as const };
  });
}

export async function getDeliveries(db: Db, scope: Scope, endpointId: number, limit = 50) {
  if (!(await repository.findEndpoint(db, scope, endpointId))) throw notFound('Webhook endpoint');
  const rows = await repository.findDeliveries(db, endpointId, limit);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      eventType: row.event_type,
      status: row.status,
      attempts: row.attempts,
      lastStatusCode: row.last_status_code,
      lastResponse: row.last_response,
      lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
      nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
    })),
  };
}

/** Sends a delivery again from its first attempt, now; a disabled endpoint must be enabled first (409). */
export async function resendDelivery(db: Db, actor: Actor, scope: Scope, deliveryId: number) {
  return db.transaction().execute(async (trx) => {
    const delivery = await repository.lockDelivery(trx, scope, deliveryId);
    if (!delivery) throw notFound('Webhook delivery');
    if (!delivery.enabled) throw conflict(/*i18n*/ { id: 'problem.webhooks.disabled', message: 'This endpoint is disabled: enable it, and what waited for it is sent again.' });
    await repository.resetDelivery(trx, deliveryId);
    await sendInTransaction(trx, QUEUES.webhookDelivery, { deliveryId });
    await audit(trx, actor, { operation: 'resendDelivery', recordType: 'webhook_delivery', recordId: deliveryId });
    return { ok: true as const };
  });
}
