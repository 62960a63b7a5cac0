import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * `Content-Disposition: attachment` with the file name twice: an ASCII fallback in `filename` (quotes and
 * backslashes replaced) and the exact name in RFC 5987 `filename*` when it is not plain ASCII.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (fallback === filename) return `attachment; filename="${filename}"`;
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends bytes as a download: always an attachment (never rendered inline by the browser), with the given type,
 * `nosniff` so the browser does not guess another type, and no caching by shared caches. A stream body is sent as it
 * is produced (chunked), in constant memory.
 */
export function sendAttachment(reply: FastifyReply, file: { filename: string; contentType: string; body: Buffer | Readable }) {
  return reply
    .header('Content-Disposition', attachmentDisposition(file.filename))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .type(file.contentType)
    .send(file.body);
}

/**
 * Aborted when the client goes away before its answer has been sent (a closed tab, a cancelled download, a proxy's
 * timeout), so that the work of a download nobody will receive can stop (pdf.ts `renderPdf`). Not Fastify's
 * `request.signal`: on Node 20 that aborts as soon as a request's body has been read, whoever is still waiting.
 */
export function whileClientWaits(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
