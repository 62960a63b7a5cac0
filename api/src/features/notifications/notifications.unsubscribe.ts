import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodeKey } from '../../config.js';
import { clientAddress, enforce } from '../../plugins/rate-limit.js';
import { secretFile } from '../../lib/secret-file.js';
import { translator, type Translator } from '../../lib/i18n.js';
import { browserLanguage } from '../session/session.service.js';
import { htmlLang, kindLabel, unsubscribeTexts as t } from './notifications.texts.js';

/**
 * The one-click unsubscribe links of the notifications' e-mail (RFC 8058): a token naming the person and the kind,
 * signed with HMAC-SHA256 under a key from configuration (UNSUBSCRIBE_HMAC_KEY), else one generated once in the data
 * folder, as the audit key is. There is no fixed or default key. The token does not expire: a link in an old e-mail
 * still turns that kind off, and it can do nothing else.
 */

const keys = new Map<string, Promise<Buffer>>();

export function loadUnsubscribeKey(config: { UNSUBSCRIBE_HMAC_KEY?: string; DATA_DIR: string }): Promise<Buffer> {
  const file = path.resolve(config.DATA_DIR, 'unsubscribe-hmac.key');
  const id = config.UNSUBSCRIBE_HMAC_KEY ? `env:${config.UNSUBSCRIBE_HMAC_KEY}` : file;
  let key = keys.get(id);
  if (!key) {
    key = (async () => {
      const text = config.UNSUBSCRIBE_HMAC_KEY ?? (await secretFile(file, () => `${randomBytes(32).toString('base64')}\n`));
      const bytes = decodeKey(text);
      if (!bytes) throw new Error(`the unsubscribe key ${config.UNSUBSCRIBE_HMAC_KEY ? 'UNSUBSCRIBE_HMAC_KEY' : file} is not 32 bytes (base64 or hex)`);
      return bytes;
    })();
    keys.set(id, key);
    key.catch(() => keys.delete(id));
  }
  return key;
}

const mac = (key: Buffer, subject: string, kind: string) => createHmac('sha256', key).update(`unsubscribe-v1\n${subject}\n${kind}`, 'utf8').digest();

/** `<subject>.<kind>.<mac>`, each base64url. */
export function unsubscribeToken(key: Buffer, subject: string, kind: string): string {
  return [Buffer.from(subject, 'utf8').toString('base64url'), Buffer.from(kind, 'utf8').toString('base64url'), mac(key, subject, kind).toString('base64url')].join('.');
}

/** The person and kind a token names, or undefined when it is not one the portal signed. */
export function readUnsubscribeToken(key: Buffer, token: string): { subject: string; kind: string } | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]{1,400}$/.test(part))) return undefined;
  const subject = Buffer.from(parts[0], 'base64url').toString('utf8');
  const kind = Buffer.from(parts[1], 'base64url').toString('utf8');
  const given = Buffer.from(parts[2], 'base64url');
  const expected = mac(key, subject, kind);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { subject, kind };
}

const page = (lang: string, title: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
  `<body><h1>${title}</h1>${body}</body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const query = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 1200 } },
  additionalProperties: false,
} as const;

/**
 * `GET` and `POST /api/notifications/unsubscribe?token=…`, outside the contract's gate: the link in every notification
 * e-mail (`List-Unsubscribe`, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, RFC 8058). POST turns the
 * token's kind off for its person (in the portal only) without sign-in, as a mail client's one click does; GET only
 * shows a page with that button, because mail scanners open links and must not unsubscribe anyone. Limited per client
 * address like the sign-in form; the body (`List-Unsubscribe=One-Click`) is read up to 1 KiB and not needed.
 */
export async function registerUnsubscribe(
  app: FastifyInstance,
  options: {
    config: { UNSUBSCRIBE_HMAC_KEY?: string; DATA_DIR: string; RATE_LIMIT_LOGIN_PER_MINUTE: number };
    unsubscribe: (subject: string, kind: string, client: { ip: string; userAgent?: string }) => Promise<void>;
    /** The language of the token's person (their choice, else their company's); without one, the browser's. */
    translatorOf?: (subject: string) => Promise<Translator>;
  },
): Promise<void> {
  const key = await loadUnsubscribeKey(options.config);
  await app.register(async (scope) => {
    const limiter = scope.limiter({ name: 'unsubscribe', max: options.config.RATE_LIMIT_LOGIN_PER_MINUTE, windowMs: 60_000, key: clientAddress });
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));
    scope.route<{ Querystring: { token: string } }>({
      method: ['GET', 'POST'],
      url: '/api/notifications/unsubscribe',
      schema: { querystring: query },
      handler: async (request, reply) => {
        await enforce(limiter, request, reply);
        reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
        const named = readUnsubscribeToken(key, request.query.token);
        if (!named) {
          const l = await translator(browserLanguage(request.headers['accept-language']) ?? 'en');
          return reply.status(400).send(page(htmlLang(l), escapeHtml(l.t(t.invalidTitle)), `<p>${escapeHtml(l.t(t.invalidText))}</p>`));
        }
        const l = options.translatorOf ? await options.translatorOf(named.subject) : await translator(browserLanguage(request.headers['accept-language']) ?? 'en');
        // The kind's words in bold inside the translated sentence: the sentence is escaped around a marker.
        const sentence = (descriptor: typeof t.askText) =>
          escapeHtml(l.t(descriptor, { kind: '\u0000' })).replace('\u0000', `<strong>${escapeHtml(kindLabel(l, named.kind))}</strong>`);
        if (request.method === 'GET') {
          const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
          return page(
            htmlLang(l),
            escapeHtml(l.t(t.askTitle)),
            `<p>${sentence(t.askText)}</p>` +
              `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(l.t(t.button))}</button></form>`,
          );
        }
        await options.unsubscribe(named.subject, named.kind, { ip: request.ip, userAgent: request.headers['user-agent'] });
        return page(htmlLang(l), escapeHtml(l.t(t.doneTitle)), `<p>${sentence(t.doneText)}</p>`);
      },
    });
  });
}
