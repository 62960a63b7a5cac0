import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { english } from '../../lib/i18n.js';
import { render } from '../../lib/problem.js';
import { normalise, refusalOf, resolveAll, type AddressPolicy } from './webhooks.address.js';

export interface PostLimits {
  timeoutMs: number;
  /** Bytes of the answer read; the rest is not waited for. */
  maxResponseBytes: number;
}

export type PostResult = { ok: true; status: number; body: string } | { ok: false; status: null; body: string };

/**
 * POSTs a webhook. The address is checked when the connection resolves its host (a `lookup` that refuses a non-public
 * address unless allowed, and hands the socket the very address it checked), so a name that changes its answer
 * between subscription and delivery (DNS rebinding) is caught. No redirects are followed; the whole request, answer
 * included, is bounded by `timeoutMs`, and at most `maxResponseBytes` of the answer are read.
 */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, policy: AddressPolicy, limits: PostLimits): Promise<PostResult> {
  const refusal = await refusalOf(url, policy);
  // The delivery's record (the receiver's side of the exchange) stays English, as a receiver's own answers would be.
  if (refusal) return { ok: false, status: null, body: `Not sent: ${render(english, refusal)}` };
  const target = new URL(url);
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolveAll(hostname).then(
      (addresses: LookupAddress[]) => {
        const refused = addresses.find((entry) => !policy.allows(entry.address));
        if (refused || !addresses.length) {
          callback(new Error(`The host resolves to ${refused ? normalise(refused.address).address : 'nothing'}, a loopback, private or link-local address.`), '', 4);
          return;
        }
        if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'OrdersPortal-Webhooks/1', ...headers },
        lookup,
        signal: AbortSignal.timeout(limits.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => resolve({ ok: true, status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        response.on('data', (chunk: Buffer) => {
          const room = limits.maxResponseBytes - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size >= limits.maxResponseBytes) {
            // Enough read: the status is known and the rest is not kept.
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    request.on('error', (error) =>
      resolve({ ok: false, status: null, body: error.name === 'TimeoutError' || error.name === 'AbortError' ? `No answer within ${limits.timeoutMs} ms.` : `Not delivered: ${error.message}` }),
    );
    request.end(body);
  });
}
