import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from './security-headers.js';

const OPTIONS = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } } };

async function appWith() {
  const app = Fastify();
  await app.register(securityHeadersPlugin, OPTIONS);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw Object.assign(new Error('refused'), { statusCode: 403 });
  });
  // A route that writes its own head, as a stream does.
  app.get('/raw', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/plain' });
    reply.raw.end('raw');
  });
  await app.ready();
  return app;
}

describe('security headers, worked out once at start', () => {
  it("sets helmet's headers for the options given: the content security policy, nosniff, HSTS, no framing", async () => {
    const app = await appWith();
    const response = await app.inject({ method: 'GET', url: '/ok' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    await app.close();
  });

  it('keeps them on an error answer, on a route that writes its own head, and on a route that does not exist', async () => {
    const app = await appWith();
    for (const url of ['/fails', '/raw', '/missing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
    await app.close();
  });

  it('gives every request the same policy: a header set by one route does not change what the next request gets', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, OPTIONS);
    app.get('/own', (_request, reply) => reply.header('content-security-policy', "default-src 'none'").send('own'));
    app.get('/ok', async () => 'ok');
    const own = await app.inject({ method: 'GET', url: '/own' });
    const next = await app.inject({ method: 'GET', url: '/ok' });
    expect(own.headers['content-security-policy']).toBe("default-src 'none'");
    expect(next.headers['content-security-policy']).toContain("default-src 'self'");
    await app.close();
  });
});
