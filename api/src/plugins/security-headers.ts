import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet's middleware sets for these options, worked out once: none of ours depends on the request
 * (no nonces, no functions in the policy).
 */
export function helmetHeaders(options: HelmetOptions): [string, OutgoingHttpHeader][] {
  const headers = new Map<string, OutgoingHttpHeader>();
  const response = {
    setHeader: (name: string, value: OutgoingHttpHeader) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * Helmet's security headers on every response. @fastify/helmet builds helmet's middleware anew on every request,
 * parsing the content security policy each time; this sets the same headers, computed at start. They go on the raw
 * response, as helmet's did, so a route that writes its own head (the identity provider's pages, a stream) keeps them.
 */
export const securityHeadersPlugin = fp<HelmetOptions>(
  async (app, options) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'orders-security-headers' },
);
