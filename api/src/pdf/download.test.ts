import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { whileClientWaits } from './download.js';

/**
 * `whileClientWaits` over a real HTTP connection: a download's work may stop once its client has gone, and only then.
 * Each route waits for the test to release it, so that the client's leaving and the answer are ordered by the test.
 */
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve() {
  const seen: { signal?: AbortSignal; release?: () => void; handled?: Promise<void> } = {};
  let entered!: () => void;
  const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
  app = Fastify();
  app.post('/download', async (_request, reply) => {
    seen.signal = whileClientWaits(reply);
    await new Promise<void>((resolve) => {
      seen.release = resolve;
      entered();
    });
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, seen, handlerEntered };
}

const post = (port: number) => {
  const req = httpRequest({ host: '127.0.0.1', port, path: '/download', method: 'POST', headers: { 'content-type': 'application/json' } });
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.end(JSON.stringify({ orderIds: [1] }));
  return { req, answered };
};

describe('whileClientWaits', () => {
  it('stays unaborted while the client waits with its body read, and after its answer is sent', async () => {
    const { port, seen, handlerEntered } = await serve();
    const { answered } = post(port);
    await handlerEntered;
    // The body has been read (Fastify parsed it before the handler ran): the client is still waiting.
    expect(seen.signal!.aborted).toBe(false);
    seen.release!();
    expect(await answered).toBe(200);
    expect(seen.signal!.aborted).toBe(false);
  });

  it('aborts when the client goes away before its answer', async () => {
    const { port, seen, handlerEntered } = await serve();
    const { req, answered } = post(port);
    answered.catch(() => undefined);
    await handlerEntered;
    expect(seen.signal!.aborted).toBe(false);
    const aborted = new Promise<void>((resolve) => seen.signal!.addEventListener('abort', () => resolve()));
    req.destroy();
    await aborted;
    expect(seen.signal!.aborted).toBe(true);
    seen.release!();
  });
});
