import { sql, type Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/database.js';
import type { EventType } from '../../db/tables/events.js';
import { now } from '../../lib/clock.js';
import { QUEUES, sendInTransaction } from '../../jobs/queue.js';
import type { MailTransport } from '../invoices/mail.js';
import type { Translator } from '../../lib/i18n.js';
import { personTranslator } from '../session/session.service.js';
import { htmlLang, kindLabel, mailTexts, recordLabel } from './notifications.texts.js';
import { unsubscribeToken } from './notifications.unsubscribe.js';

/**
 * The notifications' e-mail, as each person chooses per kind (`notification_choices`; no row: in the portal only).
 * At once: the job that writes a notification writes its e-mail row and queues its job in the same transaction. In a
 * digest: a scheduled job finds the people whose local digest hour has come and who had no digest that local day,
 * and in one transaction per person writes the e-mail row, points the day's unmailed notifications of their digest
 * kinds at it, records the day and queues the job. A notification belongs to one e-mail at most (`mail_id`).
 * Delivery holds the e-mail's row lock while the SMTP server takes the message and marks it sent in that
 * transaction: a retried or redelivered job finds it sent and sends nothing. The window left is the one the invoices'
 * outbox has: the server accepted and the database went away before the commit (then it is sent again, never lost).
 */

/** Portal defaults when a person never saved their choices. The portal has no configured zone of its own: UTC. */
export const DEFAULT_DIGEST_HOUR = 8;
export const DEFAULT_TIME_ZONE = 'UTC';

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The local day (YYYY-MM-DD) and hour (0-23) of `at` in `zone`. */
export function localDayAndHour(at: Date, zone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The person's choice for a kind, read in the notifications job's transaction. */
export async function immediateKinds(trx: Transaction<Database>, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await trx.selectFrom('notification_choices').select(['user_id', 'kind']).where('user_id', 'in', userIds).where('delivery', '=', 'immediate').execute();
  return new Set(rows.map((row) => `${row.user_id}\n${row.kind}`));
}

/** Writes an e-mail row for a new notification and queues its job, in the notifications job's transaction. */
export async function queueImmediate(trx: Transaction<Database>, userId: string, notificationId: number, at: Date): Promise<void> {
  const mail = await trx.insertInto('notification_mails').values({ user_id: userId, digest: false, created_at: at }).returning('id').executeTakeFirstOrThrow();
  await trx.updateTable('notifications').set({ mail_id: mail.id }).where('id', '=', notificationId).execute();
  await sendInTransaction(trx, QUEUES.notificationEmail, { mailId: mail.id }, { singletonKey: `notification-${notificationId}` });
}

/**
 * Queues the digests due at `at`: each person with a digest kind whose local hour is at or past their digest hour and
 * who had no digest on that local day. Answers the e-mails queued (a person with nothing to tell gets none, and their
 * day is recorded all the same).
 */
export async function queueDigests(db: Db, at: Date = now()): Promise<number> {
  const people = await db
    .selectFrom('notification_choices as c')
    .leftJoin('notification_settings as s', 's.user_id', 'c.user_id')
    .select(['c.user_id', 's.digest_hour', 's.time_zone', 's.last_digest_on'])
    .where('c.delivery', '=', 'digest')
    .distinct()
    .execute();
  let queued = 0;
  for (const person of people) {
    const zone = person.time_zone ?? DEFAULT_TIME_ZONE;
    const { day, hour } = localDayAndHour(at, zone);
    if (hour < (person.digest_hour ?? DEFAULT_DIGEST_HOUR) || person.last_digest_on === day) continue;
    const sent = await db.transaction().execute(async (trx) => {
      // The settings row is the person's lock: two runs at once queue one digest.
      await trx
        .insertInto('notification_settings')
        .values({ user_id: person.user_id, digest_hour: DEFAULT_DIGEST_HOUR, time_zone: DEFAULT_TIME_ZONE })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const settings = await trx.selectFrom('notification_settings').select('last_digest_on').where('user_id', '=', person.user_id).forUpdate().executeTakeFirstOrThrow();
      if (settings.last_digest_on === day) return false;
      await trx.updateTable('notification_settings').set({ last_digest_on: day }).where('user_id', '=', person.user_id).execute();
      const kinds = trx.selectFrom('notification_choices').select('kind').where('user_id', '=', person.user_id).where('delivery', '=', 'digest');
      const due = await trx
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', person.user_id)
        .where('mail_id', 'is', null)
        .where('kind', 'in', kinds)
        .where('first_at', '>', new Date(at.getTime() - 24 * 3_600_000))
        .where('first_at', '<=', at)
        .forUpdate()
        .execute();
      if (!due.length) return false;
      const mail = await trx.insertInto('notification_mails').values({ user_id: person.user_id, digest: true, created_at: at }).returning('id').executeTakeFirstOrThrow();
      await trx.updateTable('notifications').set({ mail_id: mail.id }).where('id', 'in', due.map((row) => row.id)).execute();
      await sendInTransaction(trx, QUEUES.notificationEmail, { mailId: mail.id }, { singletonKey: `digest-${person.user_id}-${day}` });
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}

export interface NotificationMailOptions {
  config: Pick<Config, 'publicUrl' | 'CONTACT_EMAIL' | 'MANUFACTURER_NAME'>;
  transport: MailTransport;
  unsubscribeKey: Buffer;
}

interface MailedNotification {
  id: number;
  kind: EventType;
  record_type: string;
  record_id: string;
  order_id: number | null;
  label: string | null;
  actor_name: string | null;
  count: number;
  occurred_at: Date;
}

/** The face whose routes a person's links use (the one `GET /api/me` picks for these roles). */
export type MailFace = 'admin' | 'operator' | 'accountant' | 'client';
export const faceOfRoles = (roles: string[]): MailFace =>
  roles.includes('admin') ? 'admin' : roles.includes('operator') ? 'operator' : roles.includes('accountant') ? 'accountant' : 'client';

/**
 * The web route a record opens on the person's face, as the inbox links it (web/src/features/notifications/describe.ts,
 * `linkOf`); the portal's start page where the face has no screen for it.
 */
export function recordPath(notification: Pick<MailedNotification, 'kind' | 'record_type' | 'record_id' | 'order_id'>, face: MailFace): string {
  if (notification.order_id !== null && face === 'client') return `/orders/${notification.order_id}`;
  if (notification.record_type === 'claim' && (face === 'client' || face === 'admin')) return `/claims/${encodeURIComponent(notification.record_id)}`;
  if (notification.record_type === 'invoice' && face !== 'operator') return '/documents';
  if ((notification.kind === 'production_order_item.created' || notification.order_id !== null) && face === 'operator') return '/agenda';
  return '/';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * One e-mail's text, HTML and unsubscribe link (one kind: that kind's link; a digest: its first kind's), in `l`'s
 * language. English writes the instant as 2026-03-12 07:30 UTC; other languages their own date, in UTC too.
 */
export function renderMail(
  notifications: MailedNotification[],
  options: { publicUrl: string; face: MailFace; digest: boolean; unsubscribe: (kind: string) => string; l: Translator },
) {
  const { l } = options;
  const base = options.publicUrl.replace(/\/$/, '');
  const lines = notifications.map((n) => {
    const what = `${kindLabel(l, n.kind)}${n.count > 1 ? ` (${l.number(n.count)})` : ''}`;
    const by = n.actor_name ? ` ${l.t(mailTexts.by, { name: n.actor_name })}` : '';
    const iso = n.occurred_at.toISOString();
    const when = l.t(mailTexts.when, { date: l.locale === 'en' ? iso.slice(0, 10) : l.date(iso), time: iso.slice(11, 16) });
    return { what, record: recordLabel(l, n), by, when, link: base + recordPath(n, options.face) };
  });
  const kinds = [...new Set(notifications.map((n) => n.kind))];
  const subject = options.digest ? l.t(mailTexts.digestSubject, { count: notifications.length }) : `${lines[0].what}: ${lines[0].record}`;
  const unsubscribeLinks = kinds.map((kind) => ({ kind, label: kindLabel(l, kind), url: options.unsubscribe(kind) }));
  const text = [
    ...lines.map((line) => `${line.what}: ${line.record}${line.by}, ${line.when}\n${line.link}`),
    '',
    ...unsubscribeLinks.map((link) => `${l.t(mailTexts.stop, { kind: link.label })}: ${link.url}`),
    `${l.t(mailTexts.choose)}: ${base}/notifications/settings`,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${htmlLang(l)}"><body>`,
    '<ul>',
    ...lines.map((line) => `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.what)}: ${escapeHtml(line.record)}</a>${escapeHtml(line.by)}, ${escapeHtml(line.when)}</li>`),
    '</ul>',
    ...unsubscribeLinks.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(l.t(mailTexts.stop, { kind: link.label }))}</a></p>`),
    `<p><a href="${escapeHtml(base)}/notifications/settings">${escapeHtml(l.t(mailTexts.choose))}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html, listUnsubscribe: unsubscribeLinks[0]?.url };
}

/** PostgreSQL's lock_not_available: another worker holds the e-mail right now. */
const isLocked = (error: unknown) => (error as { code?: string }).code === '55P03';

/**
 * Delivers one e-mail, once: 'sent', 'already sent', 'being sent' (another worker holds it), 'nothing to send' (the
 * person has no address, or turned the kind off since: marked so, no retry) or 'missing'.
 */
export async function deliverNotificationMail(db: Db, mailId: number, options: NotificationMailOptions): Promise<'sent' | 'already sent' | 'being sent' | 'nothing to send' | 'missing'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const mail = await trx.selectFrom('notification_mails').selectAll().where('id', '=', mailId).forUpdate().noWait().executeTakeFirst();
      if (!mail) return 'missing' as const;
      if (mail.sent_at) return 'already sent' as const;
      const markSent = () => trx.updateTable('notification_mails').set({ sent_at: now(), last_error: null, attempts: sql<number>`attempts + 1` }).where('id', '=', mailId).execute();
      const person = await trx.selectFrom('users').select(['email', 'resource_roles', 'enabled', 'company_id']).where(sql<string>`id::text`, '=', mail.user_id).executeTakeFirst();
      const wanted = await trx
        .selectFrom('notification_choices')
        .select('kind')
        .where('user_id', '=', mail.user_id)
        .where('delivery', '=', mail.digest ? 'digest' : 'immediate')
        .execute();
      const kinds = new Set<string>(wanted.map((row) => row.kind));
      const notifications = (
        await trx
          .selectFrom('notifications')
          .select(['id', 'kind', 'record_type', 'record_id', 'order_id', 'label', 'actor_name', 'count', 'occurred_at'])
          .where('mail_id', '=', mailId)
          .orderBy('occurred_at')
          .orderBy('id')
          .execute()
      ).filter((n) => kinds.has(n.kind));
      if (!person?.email || !person.enabled || !notifications.length) {
        await markSent();
        return 'nothing to send' as const;
      }
      const base = options.config.publicUrl.replace(/\/$/, '');
      const content = renderMail(notifications as MailedNotification[], {
        publicUrl: base,
        face: faceOfRoles(person.resource_roles),
        digest: mail.digest,
        l: await personTranslator(trx, mail.user_id, person.company_id),
        unsubscribe: (kind) => `${base}/api/notifications/unsubscribe?token=${unsubscribeToken(options.unsubscribeKey, mail.user_id, kind)}`,
      });
      await options.transport.send(
        {
          from: `${options.config.MANUFACTURER_NAME} <${options.config.CONTACT_EMAIL}>`,
          to: person.email,
          subject: content.subject,
          body: content.text,
          html: content.html,
          date: mail.created_at,
          headers: content.listUnsubscribe ? { 'List-Unsubscribe': `<${content.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {},
        },
        mailId,
      );
      await markSent();
      return 'sent' as const;
    });
  } catch (error) {
    if (isLocked(error)) return 'being sent';
    await db
      .updateTable('notification_mails')
      .set({ last_error: (error instanceof Error ? error.message : String(error)).slice(0, 1000), attempts: sql<number>`attempts + 1` })
      .where('id', '=', mailId)
      .where('sent_at', 'is', null)
      .execute();
    throw error;
  }
}
