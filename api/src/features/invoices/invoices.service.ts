import type { Config } from '../../config.js';
import { recordEvent, type EventCause } from '../events/events.service.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { cellsOf, checkExportSize, EXPORT_BATCH, LIST_EXPORT_MAX_ROWS, listFile, type ExportFormat } from '../../lib/list-export.js';
import { conflict, notFound } from '../../lib/problem.js';
import type { PaginationInput } from '../../lib/pagination.js';
import { ALL_COMPANIES, type Scope } from '../../lib/scope.js';
import { lotLabelsOfItems } from '../lots/trace.service.js';
import type { Language } from '../../lib/i18n.js';
import { documentTranslator } from '../session/session.service.js';
import { declarationFileName, declarationPdf, invoiceFileName, invoicePdf } from './invoices.pdf.js';
import * as repository from './invoices.repository.js';
import { QUEUES, type Jobs } from '../../jobs/queue.js';
import type { MailTransport } from './mail.js';
import { enqueueMessage, findDeadLetters, takeBackDeadLetter, type DeliveryOptions } from './outbox.js';

/**
 * The invoices list (part 2.4 'Invoices'): invoice date descending by default. The `{role}` path segment of the
 * documents calls only picks the face (the gate has checked that the caller holds it); what the caller sees is its
 * scope: staff every company's invoices, a client its company's.
 */
export function getInvoices(db: Db, scope: Scope, pagination: PaginationInput) {
  return repository.findInvoices(db, scope, pagination);
}

async function invoiceDocument(db: Db, scope: Scope, id: number) {
  const invoice = await repository.findInvoiceDocument(db, scope, id);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/**
 * The invoice PDF, '{invoiceNumber}.pdf', in `language` or else the client company's. Another company's invoice
 * answers 404 like a missing one.
 */
export async function downloadInvoice(db: Db, config: Config, scope: Scope, id: number, language: Language | undefined, signal?: AbortSignal) {
  const invoice = await invoiceDocument(db, scope, id);
  const l = await documentTranslator(db, invoice.clientId, language);
  return { filename: invoiceFileName(invoice.invoiceNumber), body: await invoicePdf(invoice, config.MANUFACTURER_NAME, l, signal) };
}

/** The declaration of conformity PDF, 'DECLARATION OF CONFORMITY {invoiceNumber}.pdf', in `language` or else the client company's. */
export async function downloadDeclaration(db: Db, config: Config, scope: Scope, id: number, language: Language | undefined, signal?: AbortSignal) {
  const invoice = await invoiceDocument(db, scope, id);
  const l = await documentTranslator(db, invoice.clientId, language);
  // Each article with the preform lots its bottles were made from.
  const lots = await lotLabelsOfItems(db, invoice.lines.flatMap((line) => (line.orderItemId === null ? [] : [line.orderItemId])));
  const lines = invoice.lines.map((line) => ({ ...line, lots: line.orderItemId === null ? [] : (lots.get(line.orderItemId) ?? []) }));
  return { filename: declarationFileName(invoice.invoiceNumber), body: await declarationPdf({ ...invoice, lines }, config.MANUFACTURER_NAME, l, signal) };
}

/** What a delivery needs: the From header, the transport (SMTP or the .eml folder), invoice PDFs rendered as attachments. */
export function outboxDelivery(db: Db, config: Config, transport: MailTransport): DeliveryOptions {
  return {
    from: `${config.MANUFACTURER_NAME.replace(/[<>"]/g, '')} <${config.CONTACT_EMAIL}>`,
    transport,
    renderAttachment: async (type, id) => {
      if (type !== 'invoice') throw new Error(`unknown attachment type ${type}`);
      const invoice = await invoiceDocument(db, ALL_COMPANIES, id);
      // The client company's language as it is when the e-mail leaves, like the e-mail's text.
      const l = await documentTranslator(db, invoice.clientId);
      return { filename: invoiceFileName(invoice.invoiceNumber), contentType: 'application/pdf', content: await invoicePdf(invoice, config.MANUFACTURER_NAME, l) };
    },
  };
}

/** The invoice e-mail's texts, in the client company's language. */
const mail = {
  subject: /*i18n*/ { id: 'invoiceMail.subject', message: 'Invoice {invoiceNumber} from {manufacturer}' },
  greeting: /*i18n*/ { id: 'invoiceMail.greeting', message: 'Dear customer,' },
  attached: /*i18n*/ {
    id: 'invoiceMail.attached',
    message: 'please find attached invoice {invoiceNumber}{order, select, none {} other { for order {order}}}{total, select, none {} other { over {total}}}.',
  },
  regards: /*i18n*/ { id: 'invoiceMail.regards', message: 'Kind regards,' },
};

/**
 * 'Confirm & Send': marks the invoice confirmed and sent and queues one e-mail with its PDF to the client's
 * billing address and the job that delivers it, in one transaction (row-locked, audited): a rollback queues nothing.
 * A worker renders the PDF and sends it, retrying with backoff (`invoices.jobs.ts`). Confirming again answers the
 * invoice as it is and sends nothing more. A client confirms only its own invoices.
 */
export async function confirmInvoice(db: Db, config: Config, jobs: Jobs, actor: Actor, scope: Scope, id: number) {
  await db.transaction().execute(async (trx) => {
    const invoice = await repository.lockInvoice(trx, scope, id);
    if (!invoice) throw notFound('Invoice');
    if (invoice.is_confirmed && invoice.is_sent) return;
    const to = await repository.billingEmailOf(trx, invoice.company_id);
    if (!to) throw conflict(/*i18n*/ { id: 'problem.invoices.noBillingEmail', message: 'The client company has no billing e-mail address, so the invoice cannot be sent. Nothing was changed.' });
    const row = await repository.findInvoice(trx, scope, id);
    const l = await documentTranslator(trx, invoice.company_id);
    const total = row ? l.money(row.invoiceTotal, row.invoiceCurrency) : '';
    const values = { invoiceNumber: invoice.invoice_number, manufacturer: config.MANUFACTURER_NAME, order: row?.orderNo || 'none', total: total || 'none' };
    const messageId = await enqueueMessage(trx, {
      to,
      subject: l.t(mail.subject, values),
      body: `${l.t(mail.greeting)}\n\n${l.t(mail.attached, values)}\n\n${l.t(mail.regards)}\n${config.MANUFACTURER_NAME}\n`,
      attachment: { type: 'invoice', id: invoice.id },
    });
    const jobId = messageId === undefined ? null : await jobs.enqueue(trx, QUEUES.invoiceEmail, { outboxId: messageId });
    await repository.markConfirmedAndSent(trx, invoice.id);
    await audit(trx, actor, { operation: 'confirmInvoice', recordType: 'invoice', recordId: invoice.id, details: { to, outboxId: messageId ?? null, jobId } });
    await recordEvent(trx, actor, {
      type: 'invoice.sent',
      companyId: invoice.company_id,
      recordType: 'invoice',
      recordId: invoice.id,
      data: { invoiceNumber: invoice.invoice_number, orderNo: row?.orderNo ?? null },
    });
  });
  const invoice = await repository.findInvoice(db, scope, id);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/**
 * Issues an invoice in the caller's transaction (audited as `cause`). One that is not confirmed yet waits for
 * 'Confirm & Send' (part 2.4: the accountant's Invoices, the isConfirmed flag): `invoice.ready_to_confirm` is recorded
 * with it, so the accountants hear of it and the company's integrators see it. Answers the invoice's id.
 */
export async function issueInvoice(trx: Transaction<Database>, cause: EventCause, invoice: repository.NewInvoice): Promise<number> {
  const id = await repository.insertInvoice(trx, invoice);
  if (!invoice.isConfirmed) {
    await recordEvent(trx, cause, {
      type: 'invoice.ready_to_confirm',
      companyId: invoice.companyId,
      recordType: 'invoice',
      recordId: id,
      data: { invoiceNumber: invoice.invoiceNumber, orderId: invoice.orderId },
    });
  }
  return id;
}

/** The dead-lettered e-mails, for the admin. */
export function getFailedDeliveries(db: Db, pagination: PaginationInput) {
  return findDeadLetters(db, pagination);
}

/**
 * Sends a dead-lettered e-mail again: takes it back and queues a job with fresh retries, in one transaction (audited).
 * 404 for no such message, 409 when it is not dead-lettered (sent, or still being retried: nothing is queued twice).
 */
export async function retryDelivery(db: Db, jobs: Jobs, actor: Actor, id: number) {
  await db.transaction().execute(async (trx) => {
    const message = await trx.selectFrom('outbox').select(['id', 'sent_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!message) throw notFound('Message');
    if (!(await takeBackDeadLetter(trx, id))) {
      throw conflict(
        message.sent_at
          ? /*i18n*/ { id: 'problem.invoices.alreadySent', message: 'The message was sent already.' }
          : /*i18n*/ { id: 'problem.invoices.stillRetried', message: 'The message is still being retried; it is not a failed delivery.' },
      );
    }
    const jobId = await jobs.enqueue(trx, QUEUES.invoiceEmail, { outboxId: id });
    await audit(trx, actor, { operation: 'retryDelivery', recordType: 'outbox', recordId: id, details: { jobId } });
  });
  return { ok: true as const };
}

/**
 * The invoices list as a file ('Export'): the scope's invoices (a client: its own; staff: every client's) in the list's
 * sort, read by a cursor and written as they come.
 */
export async function exportInvoices(db: Db, scope: Scope, body: { format: ExportFormat; sortBy?: string; descending?: boolean }) {
  checkExportSize(await repository.countInvoices(db, scope), 'invoices');
  const rows = repository.streamInvoices(db, scope, body, LIST_EXPORT_MAX_ROWS, EXPORT_BATCH);
  return listFile(body.format, {
    basename: 'invoices',
    sheetName: 'Invoices',
    header: ['Invoice number', 'Company', 'Delivery date', 'Order number', 'Total', 'Currency', 'Exchange rate', 'Confirmed', 'Sent'],
    rows: cellsOf(rows, (row) => [
      row.invoiceNumber,
      row.company,
      row.deliveryDate,
      row.orderNo,
      Number(row.invoiceTotal),
      row.invoiceCurrency,
      Number(row.exchangeRate),
      row.isConfirmed ? 'yes' : 'no',
      row.isSent ? 'yes' : 'no',
    ]),
  });
}
