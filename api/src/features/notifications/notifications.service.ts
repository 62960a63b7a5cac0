import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { EventType } from '../../db/tables/events.js';
import type { Actor } from '../../lib/actor.js';
import { audit, recordAudit } from '../../lib/audit.js';
import { now, today } from '../../lib/clock.js';
import { loadContract, type BodyOf, type Schemas } from '../../lib/contract.js';
import { conflict, notFound, ruleViolation } from '../../lib/problem.js';
import { QUEUES, sendInTransaction } from '../../jobs/queue.js';
import * as repository from './notifications.repository.js';
import { DEFAULT_DIGEST_HOUR, DEFAULT_TIME_ZONE, immediateKinds, isTimeZone, mailableAtOnce, queueImmediate, withoutSecrets } from './notifications.mail.js';
import { foldKeyOf, foldsInto, kindsHeardBy, recipientsOf, type EventFacts, type Person } from './notifications.rules.js';
import { STAFF_ROLES } from '../../lib/roles.js';
import { EmbeddedDirectory, type ClientDirectory } from '../../directory/index.js';

/**
 * Notifications from the event log. The job (`followEventLog`) reads the events after its cursor, a batch at a time,
 * writes one notification per person who hears each event (notifications.rules.ts), folding bursts, and advances the
 * cursor in the same transaction: a run that fails writes nothing and the next one reads the same events again; two
 * runs take turns on the cursor's row lock, so no event notifies twice. Each changed person is announced (NOTIFY) at
 * commit, for the API's streams.
 */

const BATCH = 500;

/** The record a notification links to: order items (and the item a production order item was made for). */
const itemIdOf = (event: repository.LoggedEvent): number | null => {
  if (event.record_type === 'order_item') return Number(event.record_id);
  if (event.type === 'production_order_item.created' && typeof event.data.orderItemId === 'number') return event.data.orderItemId;
  return null;
};

const orderIdOf = (event: repository.LoggedEvent): number | null => {
  if (event.record_type === 'order') return Number(event.record_id);
  const orderId = event.data.orderId;
  return typeof orderId === 'number' && event.record_type !== 'production_order_item' ? orderId : null;
};

/** One batch of the log; answers how many events it read (BATCH: call again). */
export async function followEventLogOnce(db: Db, directory: Pick<ClientDirectory, 'listPeople'> = new EmbeddedDirectory(db), batch = BATCH): Promise<number> {
  // Who may hear anything, from the directory (the embedded store or Keycloak), read before the run's transaction.
  const people: Person[] = await directory.listPeople();
  const directoryNames = new Map(people.flatMap((person) => (person.fullName ? [[person.id, person.fullName] as const] : [])));
  return db.transaction().execute(async (trx) => {
    const cursor = await repository.lockCursor(trx);
    const events = await repository.eventsAfter(trx, cursor, batch);
    if (!events.length) return 0;
    const items = await repository.itemFacts(trx, [...new Set(events.map(itemIdOf).filter((id): id is number => id !== null))]);
    const orders = await repository.orderNumbers(trx, [...new Set(events.map(orderIdOf).filter((id): id is number => id !== null))]);
    const actors = [...new Set(events.filter((event) => event.actor_kind === 'user').map((event) => event.actor_id))];
    const names = new Map([...(await repository.namesOf(trx, actors.filter((id) => !directoryNames.has(id)))), ...directoryNames]);
    const day = today();
    const immediate = await immediateKinds(trx, people.map((person) => person.id));
    const at = now();
    const changed = new Set<string>();
    for (const event of events) {
      const itemId = itemIdOf(event);
      const item = itemId === null ? undefined : items.get(itemId);
      const facts: EventFacts = {
        type: event.type,
        companyId: event.company_id,
        recordType: event.record_type,
        recordId: event.record_id,
        actorKind: event.actor_kind,
        actorId: event.actor_id,
        data: event.data,
        orderingCompany: item?.orderingCompany ?? null,
        sellingCompanies: item ? [item.productCompany, item.sellerCompany].filter((company): company is string => !!company && company !== item.orderingCompany) : [],
      };
      const orderId = item?.orderId ?? orderIdOf(event);
      const label = item?.orderNo ?? (orderId !== null ? (orders.get(orderId) ?? null) : labelOf(event));
      for (const person of recipientsOf(people, facts, day)) {
        const row: repository.NewNotification = {
          userId: person.id,
          companyId: item?.orderingCompany ?? event.company_id,
          kind: event.type,
          recordType: item && event.record_type !== 'order_item' ? 'order_item' : event.record_type,
          recordId: item && event.record_type !== 'order_item' ? String(item.itemId) : event.record_id,
          orderId,
          label,
          foldKey: foldKeyOf(event.record_type, event.record_id, orderId),
          actorKind: event.actor_kind,
          actorId: event.actor_id,
          actorName: event.actor_kind === 'user' ? (names.get(event.actor_id) ?? null) : null,
          data: event.data,
          sequence: event.sequence,
          occurredAt: event.occurred_at,
        };
        const open = await repository.unreadToFold(trx, person.id, event.type, row.foldKey);
        if (open && foldsInto({ firstAt: open.first_at, readAt: open.read_at }, event.occurred_at)) await repository.fold(trx, open.id, row);
        else {
          const id = await repository.insertNotification(trx, row);
          // A folded event is told by the e-mail of the notification it folds into.
          if (immediate.has(`${person.id}\n${event.type}`) && mailableAtOnce(event)) await queueImmediate(trx, person.id, id, at);
        }
        changed.add(person.id);
      }
    }
    await repository.advanceCursor(trx, events.at(-1)!.sequence);
    await repository.announce(trx, changed);
    return events.length;
  });
}

/** Follows the log to its end. */
export async function followEventLog(db: Db, directory: Pick<ClientDirectory, 'listPeople'> = new EmbeddedDirectory(db)): Promise<number> {
  let total = 0;
  for (;;) {
    const read = await followEventLogOnce(db, directory);
    total += read;
    if (read < BATCH) return total;
  }
}

/** A record's own name where the event carries one (an invoice's number, a machine's name). */
function labelOf(event: repository.LoggedEvent): string | null {
  if (typeof event.data.invoiceNumber === 'string') return event.data.invoiceNumber;
  if (event.record_type === 'machine') return event.record_id;
  return null;
}

type Row = Awaited<ReturnType<typeof repository.findPage>>['rows'][number];

function view(row: Row): Schemas['Notification'] {
  return {
    id: row.id,
    kind: row.kind,
    recordType: row.record_type,
    recordId: row.record_id,
    orderId: row.order_id,
    label: row.label,
    company: row.company ?? null,
    actor: { kind: row.actor_kind, name: row.actor_name ?? (row.actor_kind === 'system' ? 'Orders Portal' : row.actor_id) },
    count: row.count,
    data: row.data,
    occurredAt: new Date(row.occurred_at).toISOString(),
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
  };
}

export async function getNotifications(db: Db, actor: Actor, body: BodyOf<'Notifications_getNotifications'>): Promise<Schemas['NotificationPage']> {
  const [page, unread] = await Promise.all([repository.findPage(db, actor.sub, body.pagination, body.unreadOnly ?? false), repository.countUnread(db, actor.sub)]);
  return { rows: page.rows.map(view), count: page.count, unread };
}

export async function getUnreadCount(db: Db, actor: Actor) {
  return { unread: await repository.countUnread(db, actor.sub) };
}

/** Marks the caller's notifications read, all or nothing: one that is not theirs (another person's, or missing) is 404. */
export async function markRead(db: Db, actor: Actor, ids: number[]) {
  const wanted = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const own = await repository.ownIds(trx, actor.sub, wanted);
    if (own.length !== wanted.length) throw notFound('Notification');
    const marked = await repository.markRead(trx, actor.sub, now(), wanted);
    if (marked) {
      await audit(trx, actor, { operation: 'markNotificationsRead', recordType: 'notification', details: { notificationIds: wanted } });
      await repository.announce(trx, [actor.sub]);
    }
    return { unread: await repository.countUnread(trx, actor.sub) };
  });
}

export async function markAllRead(db: Db, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const marked = await repository.markRead(trx, actor.sub, now());
    if (marked) {
      await audit(trx, actor, { operation: 'markAllNotificationsRead', recordType: 'notification', details: { count: marked } });
      await repository.announce(trx, [actor.sub]);
    }
    return { unread: 0 };
  });
}

const EVENT_KINDS = (loadContract().components as { schemas: { EventType: { enum: EventType[] } } }).schemas.EventType.enum;

/** The kinds the caller's settings list: those they may hear by the rules, and any they chose before. */
const offeredKinds = (actor: Actor, chosen: ReadonlySet<string>) => {
  const heard = new Set<string>(kindsHeardBy({ staffRoles: STAFF_ROLES.filter((role) => actor.roles.has(role)), clientType: actor.clientType }));
  return EVENT_KINDS.filter((kind) => heard.has(kind) || chosen.has(kind));
};

async function preferencesOf(db: Db | Transaction<Database>, actor: Actor): Promise<Schemas['NotificationPreferences']> {
  const sub = actor.sub;
  const [choices, settings, person] = await Promise.all([
    db.selectFrom('notification_choices').select(['kind', 'delivery']).where('user_id', '=', sub).execute(),
    db.selectFrom('notification_settings').select(['digest_hour', 'time_zone']).where('user_id', '=', sub).executeTakeFirst(),
    db.selectFrom('users').select('email').where(sql<string>`id::text`, '=', sub).executeTakeFirst(),
  ]);
  const chosen = new Map<string, Schemas['NotificationDelivery']>(choices.map((row) => [row.kind, row.delivery]));
  return {
    choices: offeredKinds(actor, new Set(chosen.keys())).map((kind) => ({ kind, delivery: chosen.get(kind) ?? 'portal' })),
    digestHour: settings?.digest_hour ?? DEFAULT_DIGEST_HOUR,
    timeZone: settings?.time_zone ?? DEFAULT_TIME_ZONE,
    email: person?.email ?? null,
  };
}

/** The caller's own e-mail choices, every kind they may hear listed (never saved: everything in the portal, the digest at 08:00 UTC). */
export function getPreferences(db: Db, actor: Actor) {
  return preferencesOf(db, actor);
}

/** Saves the caller's own choices: a kind left out, or `portal`, is in the portal only. */
export async function savePreferences(db: Db, actor: Actor, body: Schemas['NotificationPreferencesInput']) {
  if (!isTimeZone(body.timeZone)) throw ruleViolation('timeZone', 'timeZone', /*i18n*/ { id: 'problem.notifications.timeZone', message: "''{zone}'' is not a time zone (IANA, e.g. Europe/Helsinki)." }, { zone: body.timeZone });
  const chosen = new Map(body.choices.map((choice) => [choice.kind, choice.delivery]));
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notification_choices').where('user_id', '=', actor.sub).execute();
    const rows = [...chosen].filter(([, delivery]) => delivery !== 'portal').map(([kind, delivery]) => ({ user_id: actor.sub, kind, delivery: delivery as 'immediate' | 'digest' }));
    if (rows.length) await trx.insertInto('notification_choices').values(rows).execute();
    await trx
      .insertInto('notification_settings')
      .values({ user_id: actor.sub, digest_hour: body.digestHour, time_zone: body.timeZone })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ digest_hour: body.digestHour, time_zone: body.timeZone }))
      .execute();
    await audit(trx, actor, { operation: 'saveNotificationPreferences', recordType: 'notification_preferences', recordId: actor.sub, details: { choices: Object.fromEntries(chosen), digestHour: body.digestHour, timeZone: body.timeZone } });
    return preferencesOf(trx, actor);
  });
}

/**
 * The one-click unsubscribe (RFC 8058): the token's person hears of its kind in the portal only from now on. Answers
 * false for a token the portal did not sign. Audited as the person (the link is theirs), from the caller's address.
 */
export async function unsubscribe(db: Db, subject: string, kind: string, client: { ip: string; userAgent?: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('notification_choices').where('user_id', '=', subject).where('kind', '=', kind as EventType).executeTakeFirst();
    if (Number(removed.numDeletedRows))
      await recordAudit(trx, { subject, ip: client.ip, userAgent: client.userAgent ?? null, operation: 'unsubscribeNotifications', recordType: 'notification_preferences', recordId: subject, details: { kind } });
  });
}

/** The notification e-mails that failed every retry, for the admin: to whom, what, when, and the last error (credentials masked). */
export async function getFailedMails(db: Db, pagination: BodyOf<'Notifications_getFailedMails'>['pagination']): Promise<{ rows: Schemas['FailedNotificationMail'][]; count: number }> {
  const { rows, count } = await repository.findFailedMails(db, pagination);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      person: row.full_name ?? row.username ?? row.user_id,
      to: row.email ?? null,
      digest: row.digest,
      kinds: row.kinds,
      attempts: row.attempts,
      lastError: row.last_error === null ? null : withoutSecrets(row.last_error),
      createdAt: new Date(row.created_at).toISOString(),
      failedAt: new Date(row.failed_at!).toISOString(),
    })),
    count,
  };
}

/**
 * Sends a failed notification e-mail again: takes it back and queues its job with fresh retries, in one transaction
 * (audited). 404 for no such e-mail, 409 when it has not failed (sent, or still being retried: nothing queued twice).
 */
export async function retryMail(db: Db, actor: Actor, id: number) {
  await db.transaction().execute(async (trx) => {
    const mail = await trx.selectFrom('notification_mails').select(['id', 'sent_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!mail) throw notFound('Notification e-mail');
    if (!(await repository.takeBackFailedMail(trx, id))) {
      throw conflict(
        mail.sent_at
          ? /*i18n*/ { id: 'problem.notifications.alreadySent', message: 'The e-mail was sent already.' }
          : /*i18n*/ { id: 'problem.notifications.stillRetried', message: 'The e-mail is still being retried; it has not failed.' },
      );
    }
    // The queue keeps one waiting job per key ('short'): a key of this e-mail's, so no other e-mail's waiting job drops it.
    const jobId = await sendInTransaction(trx, QUEUES.notificationEmail, { mailId: id }, { singletonKey: `retry-mail-${id}` });
    await audit(trx, actor, { operation: 'retryNotificationMail', recordType: 'notification_mail', recordId: id, details: { jobId } });
  });
  return { ok: true as const };
}
