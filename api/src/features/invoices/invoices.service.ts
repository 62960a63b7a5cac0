import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/problem.js';
import type { PaginationInput } from '../../lib/pagination.js';
import { ALL_COMPANIES, scopeOf, type Scope } from '../../lib/scope.js';
import { lotLabelsOfItems } from '../lots/trace.service.js';
import { declarationFileName, declarationPdf, invoiceFileName, invoicePdf, money } from './invoices.pdf.js';
import * as repository from './invoices.repository.js';
import { deliverOutbox, enqueueMessage, type DeliveryOptions } from './outbox.js';

/**
 * The invoices list (part 2.4 'Invoices'): invoice date descending by default. The `{role}` path segment of the
 * documents calls only picks the face (the gate has checked that the caller holds it); what the caller sees is its
 * scope: staff every company's invoices, a client its company's.
 */
export function getInvoices(db: Db, actor: Actor, pagination: PaginationInput) {
  return repository.findInvoices(db, scopeOf(actor), pagination);
}

async function invoiceDocument(db: Db, scope: Scope, id: number) {
  const invoice = await repository.findInvoiceDocument(db, scope, id);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/** The invoice PDF, '{invoiceNumber}.pdf'. Another company's invoice answers 404 like a missing one. */
export async function downloadInvoice(db: Db, config: Config, actor: Actor, id: number) {
  const invoice = await invoiceDocument(db, scopeOf(actor), id);
  return { filename: invoiceFileName(invoice.invoiceNumber), body: await invoicePdf(invoice, config.MANUFACTURER_NAME) };
}

/** The declaration of conformity PDF, 'DECLARATION OF CONFORMITY {invoiceNumber}.pdf'. */
export async function downloadDeclaration(db: Db, config: Config, actor: Actor, id: number) {
  const invoice = await invoiceDocument(db, scopeOf(actor), id);
  // Issue 17: each article with the preform lots its bottles were made from.
  const lots = await lotLabelsOfItems(db, invoice.lines.flatMap((line) => (line.orderItemId === null ? [] : [line.orderItemId])));
  const lines = invoice.lines.map((line) => ({ ...line, lots: line.orderItemId === null ? [] : (lots.get(line.orderItemId) ?? []) }));
  return { filename: declarationFileName(invoice.invoiceNumber), body: await declarationPdf({ ...invoice, lines }, config.MANUFACTURER_NAME) };
}

/** How the outbox delivers in this deployment: .eml files in OUTBOX_DIR (default DATA_DIR/outbox), invoice PDFs attached. */
export function outboxDelivery(db: Db, config: Config): DeliveryOptions {
  return {
    dir: config.OUTBOX_DIR ?? path.join(config.DATA_DIR, 'outbox'),
    from: `${config.MANUFACTURER_NAME.replace(/[<>"]/g, '')} <${config.CONTACT_EMAIL}>`,
    renderAttachment: async (type, id) => {
      if (type !== 'invoice') throw new Error(`unknown attachment type ${type}`);
      const invoice = await invoiceDocument(db, ALL_COMPANIES, id);
      return { filename: invoiceFileName(invoice.invoiceNumber), contentType: 'application/pdf', content: await invoicePdf(invoice, config.MANUFACTURER_NAME) };
    },
  };
}

/**
 * 'Confirm & Send': marks the invoice confirmed and sent and queues one e-mail with its PDF to the client's
 * billing address, in one transaction (row-locked, audited); the message is delivered after the commit.
 * Confirming again answers the invoice as it is and sends nothing more. A client confirms only its own invoices.
 */
export async function confirmInvoice(db: Db, config: Config, log: FastifyBaseLogger, actor: Actor, id: number) {
  const scope = scopeOf(actor);
  const queued = await db.transaction().execute(async (trx) => {
    const invoice = await repository.lockInvoice(trx, scope, id);
    if (!invoice) throw notFound('Invoice');
    if (invoice.is_confirmed && invoice.is_sent) return false;
    const to = await repository.billingEmailOf(trx, invoice.company_id);
    if (!to) throw conflict('The client company has no billing e-mail address, so the invoice cannot be sent. Nothing was changed.');
    const row = await repository.findInvoice(trx, scope, id);
    const total = row ? money(row.invoiceTotal, row.invoiceCurrency) : '';
    const messageId = await enqueueMessage(trx, {
      to,
      subject: `Invoice ${invoice.invoice_number} from ${config.MANUFACTURER_NAME}`,
      body:
        `Dear customer,\n\nplease find attached invoice ${invoice.invoice_number}${row?.orderNo ? ` for order ${row.orderNo}` : ''}` +
        `${total ? ` over ${total}` : ''}.\n\nKind regards,\n${config.MANUFACTURER_NAME}\n`,
      attachment: { type: 'invoice', id: invoice.id },
    });
    await repository.markConfirmedAndSent(trx, invoice.id);
    await audit(trx, actor, { operation: 'confirmInvoice', recordType: 'invoice', recordId: invoice.id, details: { to, outboxId: messageId ?? null } });
    return true;
  });
  if (queued) {
    // Delivery failures do not undo the confirmation: the message stays in the outbox for the next run.
    await deliverOutbox(db, outboxDelivery(db, config)).catch((error: unknown) => log.error({ err: error }, 'outbox delivery failed'));
  }
  const invoice = await repository.findInvoice(db, scope, id);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}
