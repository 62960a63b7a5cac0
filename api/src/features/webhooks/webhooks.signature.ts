import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is `whsec_` and the base64 of its key;
 * a signature is `v1,` and the base64 HMAC-SHA256, under the key, of `<webhook-id>.<webhook-timestamp>.<body>`.
 * Several signatures (a rotation's overlap) are separated by spaces; a receiver accepts the message when one matches.
 */
export const SECRET_PREFIX = 'whsec_';

/** A new secret: 32 random bytes. */
export const newSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** What the admin sees of a secret afterwards, to tell two apart. */
export const secretHint = (secret: string) => secret.slice(0, SECRET_PREFIX.length + 4);

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
}

/** The `webhook-signature` header: one signature per valid secret. */
export const signatureHeader = (secrets: string[], id: string, timestamp: number, body: string) =>
  secrets.map((secret) => sign(secret, id, timestamp, body)).join(' ');
