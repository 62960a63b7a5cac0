import type { FastifyReply } from 'fastify';
import type { Handlers } from '../../lib/contract.js';
import { attachmentDisposition, sendAttachment, whileClientWaits } from '../../pdf/download.js';
import { confirmInvoice, downloadDeclaration, downloadInvoice, exportInvoices, getFailedDeliveries, getInvoices, retryDelivery } from './invoices.service.js';

/**
 * `attachment` with an ASCII `filename` and, for any name that is not a plain token (spaces, non-ASCII), the exact
 * name again as RFC 5987 `filename*`, e.g. 'DECLARATION OF CONFORMITY INV-1.pdf'.
 */
export function documentDisposition(filename: string): string {
  const disposition = attachmentDisposition(filename);
  if (disposition.includes('filename*=') || /^[A-Za-z0-9._-]+$/.test(filename)) return disposition;
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename*=UTF-8''${encoded}`;
}

const sendPdf = (reply: FastifyReply, file: { filename: string; body: Buffer }) =>
  reply
    .header('Content-Disposition', documentDisposition(file.filename))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .type('application/pdf')
    .send(file.body);

export const invoicesHandlers: Handlers = {
  Documents_getInvoices: async (request) => getInvoices(request.server.db, request.actor, request.body.pagination),
  Documents_exportInvoices: async (request, reply) => sendAttachment(reply, await exportInvoices(request.server.db, request.actor, request.body)),
  Documents_downloadInvoice: async (request, reply) =>
    sendPdf(reply, await downloadInvoice(request.server.db, request.server.config, request.actor, request.body.id, request.query.language, whileClientWaits(reply))),
  Documents_downloadDeclaration: async (request, reply) =>
    sendPdf(reply, await downloadDeclaration(request.server.db, request.server.config, request.actor, request.body.id, request.query.language, whileClientWaits(reply))),
  Documents_confirmInvoice: async (request) =>
    confirmInvoice(request.server.db, request.server.config, request.server.jobs, request.actor, request.body.id),
  Documents_getFailedDeliveries: async (request) => getFailedDeliveries(request.server.db, request.body.pagination),
  Documents_retryDelivery: async (request) => retryDelivery(request.server.db, request.server.jobs, request.actor, request.body.id),
};
