import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';

/**
 * The outbox: e-mails are written as rows in the transaction that decides to send them, and delivered after
 * it commits. Delivery drops each message as an RFC 5322 .eml file in a folder (no SMTP server is configured
 * in this deployment); a message whose delivery fails stays unsent (`sent_at` null, `last_error` set) for the
 * next delivery run. Attachments are references, rendered when the message is delivered.
 */

export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  attachment?: { type: string; id: number };
}

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface DeliveryOptions {
  /** Folder the .eml files are dropped into. */
  dir: string;
  /** The From header, e.g. `Orders Portal Packaging <support@orders-portal.local>`. */
  from: string;
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

/**
 * Delivers unsent messages (oldest first, up to `limit`). Rows are locked with SKIP LOCKED, so two runs at the
 * same time never deliver a message twice. Answers how many were delivered.
 */
export async function deliverOutbox(db: Db, options: DeliveryOptions, limit = 20): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const messages = await trx
      .selectFrom('outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    let delivered = 0;
    for (const message of messages) {
      try {
        const attachment =
          message.attachment_type && message.attachment_id !== null
            ? await options.renderAttachment(message.attachment_type, message.attachment_id)
            : undefined;
        await dropEml(options.dir, `${message.id}`, toEml({ from: options.from, to: message.to_address, subject: message.subject, body: message.body, date: message.created_at, attachment }));
        await trx.updateTable('outbox').set({ sent_at: new Date(), last_error: null }).where('id', '=', message.id).execute();
        delivered++;
      } catch (error) {
        await trx.updateTable('outbox').set({ last_error: (error as Error).message.slice(0, 1000) }).where('id', '=', message.id).execute();
      }
    }
    return delivered;
  });
}

/** Writes the file under a temporary name first, so a reader of the folder never sees half a message. */
async function dropEml(dir: string, name: string, content: string) {
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, `outbox-${name.padStart(8, '0')}.eml`);
  const temporary = `${target}.${randomUUID()}.tmp`;
  await writeFile(temporary, content, { encoding: 'utf8', mode: 0o640 });
  await rename(temporary, target);
}

/** RFC 2047 encoded-word for non-ASCII header text. */
const headerText = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`);
const base64Lines = (content: Buffer) => content.toString('base64').replace(/.{1,76}/g, '$&\r\n');
/** Header values must not carry line breaks (header injection). */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/** A MIME message: a UTF-8 text part and, optionally, one attachment. */
export function toEml(message: { from: string; to: string; subject: string; body: string; date: Date; attachment?: Attachment }): string {
  const boundary = `=_orders_portal_${randomUUID()}`;
  const headers = [
    `From: ${oneLine(message.from)}`,
    `To: ${oneLine(message.to)}`,
    `Subject: ${headerText(oneLine(message.subject))}`,
    `Date: ${message.date.toUTCString()}`,
    `Message-ID: <${randomUUID()}@orders-portal>`,
    'MIME-Version: 1.0',
  ];
  const text = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', base64Lines(Buffer.from(message.body, 'utf8'))];
  if (!message.attachment) return [...headers, ...text].join('\r\n');
  const { filename, contentType, content } = message.attachment;
  const encodedName = encodeURIComponent(filename);
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...text,
    `--${boundary}`,
    `Content-Type: ${contentType}; name="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; filename*=UTF-8''${encodedName}`,
    '',
    base64Lines(content),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
