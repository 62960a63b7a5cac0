import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { paginate, type PaginationInput } from '../../lib/pagination.js';
import { recordEvent } from '../events/events.service.js';
import type { Attachment, MailTransport } from './mail.js';

/**
 * The outbox: e-mails are written as rows in the transaction that decides to send them, with a job that delivers them
 * (pg-boss, `api/src/jobs/`), so a rolled back decision leaves neither. A worker delivers one message per job:
 * it claims the row with a row lock held while the message is handed to the transport, and marks it sent in the same
 * transaction, so a job delivered twice (a retry of an attempt that timed out, three replicas polling) never sends
 * twice. A failed attempt is counted (`attempts`, `last_error`) and the job retried with backoff; after the last retry
 * the job is dead-lettered and the row marked `failed_at`, for the admin to see and retry. Attachments are references,
 * rendered when the message is delivered.
 */

export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  attachment?: { type: string; id: number };
}

export interface DeliveryOptions {
  /** The From header, e.g. `Orders Portal Packaging <support@orders-portal.local>`. */
  from: string;
  transport: MailTransport;
  /** Renders an attachment reference. */
  renderAttachment: (type: string, id: number) => Promise<Attachment>;
}

/** Queues a message in the caller's transaction; answers its id (undefined if that attachment was queued before). */
export async function enqueueMessage(trx: Transaction<Database>, message: OutboxMessage): Promise<number | undefined> {
  const row = await trx
    .insertInto('outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      body: message.body,
      attachment_type: message.attachment?.type ?? null,
      attachment_id: message.attachment?.id ?? null,
    })
    .onConflict((oc) => oc.columns(['attachment_type', 'attachment_id']).where('attachment_type', '=', 'invoice').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** PostgreSQL's lock_not_available: another worker holds the message right now. */
const isLocked = (error: unknown) => (error as { code?: string }).code === '55P03';

/**
 * Delivers one message, once: 'sent', or 'already sent' when an earlier attempt (or another worker) sent it, 'being
 * sent' when another worker holds it right now, or 'missing'. While the transport takes the message the row is locked
 * (NOWAIT): a second job on the same message (a redelivery) ends at once without sending, because the holder's job
 * answers for the outcome: its failure is retried by the queue, and a holder that dies releases the lock with its
 * transaction and its job expires and is retried. (Failing the second job instead would park it for the queue's
 * retry delay, minutes, only to find the message sent.) A failed attempt is recorded and thrown, for the queue to
 * retry. The one window left: the transport accepted the message and the database went away before the commit; the
 * retry then sends it again (at least once, never lost).
 */
export async function deliverMessage(db: Db, id: number, options: DeliveryOptions): Promise<'sent' | 'already sent' | 'being sent' | 'missing'> {
  const message = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
  if (!message) return 'missing';
  if (message.sent_at) return 'already sent';
  try {
    const attachment =
      message.attachment_type && message.attachment_id !== null ? await options.renderAttachment(message.attachment_type, message.attachment_id) : undefined;
    return await db.transaction().execute(async (trx) => {
      const claimed = await trx.selectFrom('outbox').select('id').where('id', '=', id).where('sent_at', 'is', null).forUpdate().noWait().executeTakeFirst();
      if (!claimed) return 'already sent' as const;
      await options.transport.send({ from: options.from, to: message.to_address, subject: message.subject, body: message.body, date: message.created_at, attachment }, id);
      await trx
        .updateTable('outbox')
        .set({ sent_at: sql<Date>`now()`, last_error: null, failed_at: null, attempts: sql<number>`attempts + 1` })
        .where('id', '=', id)
        .execute();
      return 'sent' as const;
    });
  } catch (error) {
    if (isLocked(error)) return 'being sent';
    await db
      .updateTable('outbox')
      .set({ last_error: errorText(error), attempts: sql<number>`attempts + 1` })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .execute();
    throw error;
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * The job of a message failed its last retry: the message is dead-lettered until the admin retries it, and
 * `email.failed` is recorded with it (once: a second dead letter of the same round changes nothing), for the admin's inbox.
 */
export async function markDeadLettered(db: Db, id: number, error?: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable('outbox')
      .set((eb) => ({ failed_at: sql<Date>`now()`, last_error: error ? error.slice(0, 1000) : eb.ref('last_error') }))
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .returning(['attachment_type', 'attachment_id', 'attempts'])
      .executeTakeFirst();
    if (!failed) return;
    const invoice =
      failed.attachment_type === 'invoice' && failed.attachment_id !== null
        ? await trx.selectFrom('invoices').select('invoice_number').where('id', '=', failed.attachment_id).executeTakeFirst()
        : undefined;
    await recordEvent(trx, { system: 'invoice-email' }, {
      type: 'email.failed',
      companyId: null,
      recordType: 'outbox',
      recordId: id,
      data: { mail: 'invoice', invoiceId: failed.attachment_type === 'invoice' ? failed.attachment_id : null, invoiceNumber: invoice?.invoice_number ?? null, attempts: failed.attempts },
    });
  });
}

/**
 * Takes a dead-lettered message back for another round of retries (in the caller's transaction, which queues its job):
 * answers false when the message is not dead-lettered (sent, or still being retried).
 */
export async function takeBackDeadLetter(trx: Transaction<Database>, id: number): Promise<boolean> {
  const row = await trx
    .updateTable('outbox')
    .set({ failed_at: null })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface FailedDeliveryRow {
  id: number;
  invoiceId: number | null;
  invoiceNumber: string | null;
  company: string | null;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  failedAt: string;
}

const failedSort = { failedAt: 'm.failed_at', createdAt: 'm.created_at', to: 'm.to_address' };

/** The dead-lettered messages, newest failure first by default, with their invoice and company, and their count. */
export async function findDeadLetters(db: Db, pagination: PaginationInput): Promise<{ rows: FailedDeliveryRow[]; count: number }> {
  const dead = db
    .selectFrom('outbox as m')
    .where('m.failed_at', 'is not', null)
    .where('m.sent_at', 'is', null);
  const query = dead
    .leftJoin('invoices as i', (join) => join.onRef('i.id', '=', 'm.attachment_id').on('m.attachment_type', '=', 'invoice'))
    .leftJoin('companies as c', 'c.id', 'i.company_id')
    .select([
      'm.id',
      'i.id as invoiceId',
      'i.invoice_number as invoiceNumber',
      'c.name as company',
      'm.to_address as to',
      'm.subject',
      'm.attempts',
      'm.last_error as lastError',
      'm.created_at as createdAt',
      'm.failed_at as failedAt',
    ]);
  const [rows, total] = await Promise.all([
    paginate(query, pagination, failedSort, { sortBy: 'failedAt', descending: true, tieBreaker: 'm.id' }).execute(),
    dead.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString(), failedAt: new Date(row.failedAt!).toISOString() })),
    count: total.count,
  };
}

/** Dead-lettered messages (the failed-jobs gauge). */
export async function countDeadLetters(db: Db): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('failed_at', 'is not', null)
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** RFC 2047 encoded-word for non-ASCII header text. */
