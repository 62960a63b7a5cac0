import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/database.js';
import { conflict } from '../lib/problem.js';
import { receivedFile, UPLOAD_OPERATION } from '../features/claims/uploads.multipart.js';
import { claimKey, purgeExpiredKeys, releaseKey, storeResponse, type KeyRef } from './idempotency.repository.js';

const HEADER = 'idempotency-key';
/** How long a first attempt holds its key before a retry of the same request may take it over. */
const LEASE_MS = 30_000;
const TTL_HOURS = 24;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

interface Parameter {
  $ref?: string;
  in?: string;
  name?: string;
}
interface Document {
  paths: Record<string, Record<string, { operationId?: string; parameters?: Parameter[] }>>;
  components?: { parameters?: Record<string, Parameter> };
}

/** The operations whose contract declares the `Idempotency-Key` header (spec/idempotency.tsp). */
export function idempotentOperations(document: Document): Set<string> {
  const shared = document.components?.parameters ?? {};
  const result = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      const declares = (operation.parameters ?? []).some((parameter) => {
        const resolved = parameter.$ref ? shared[parameter.$ref.split('/').pop() ?? ''] : parameter;
        return resolved?.in === 'header' && resolved.name?.toLowerCase() === HEADER;
      });
      if (declares && operation.operationId) result.add(operation.operationId);
    }
  }
  return result;
}

/** A route's hooks of one kind as a list (a route may name none, one, or several). */
const hooksOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/** What makes two requests "the same": the operation, the body and, for an upload, the file's bytes. */
function fingerprintOf(operationId: string, request: FastifyRequest): string {
  const hash = createHash('sha256').update(operationId).update('\n').update(JSON.stringify(request.body ?? null));
  if (operationId === UPLOAD_OPERATION) hash.update('\n').update(receivedFile(request).content);
  return hash.digest('base64url');
}

/**
 * Idempotency keys for the creates that declare them: the first request with a key runs and its successful
 * response is kept; a repeat with the same key from the same caller gets that response again (header
 * `Idempotent-Replayed: true`) and creates nothing. A failed first attempt frees its key, so the client's retry
 * of the same attempt runs for real. Registered in the API scope after the auth gate (the caller is the
 * token's subject).
 */
export const idempotencyPlugin = fp<{ db: Db; document: Document }>(async (app, options) => {
  const operations = idempotentOperations(options.document);
  const claims = new WeakMap<FastifyRequest, KeyRef>();

  const claimFirst: preHandlerAsyncHookHandler = async (request, reply) => {
    const operationId = request.routeOptions.config.operationId;
    const key = request.headers[HEADER];
    if (!operationId || typeof key !== 'string') return;
    const claim = await claimKey(options.db, {
      caller: request.actor.sub,
      key,
      operation: operationId,
      fingerprint: fingerprintOf(operationId, request),
      leaseMs: LEASE_MS,
      ttlHours: TTL_HOURS,
    });
    if (claim.kind === 'claimed') {
      claims.set(request, { caller: request.actor.sub, key, attempt: claim.attempt });
      return;
    }
    if (claim.kind === 'mismatch') throw conflict(/*i18n*/ { id: 'problem.idempotency.mismatch', message: 'This Idempotency-Key was sent before with a different request. Use a new key for a new save.' });
    if (claim.kind === 'running') {
      reply.header('Retry-After', '1');
      throw conflict(/*i18n*/ { id: 'problem.idempotency.running', message: 'A request with this Idempotency-Key is still running. Try again in a moment.' });
    }
    reply.header('Idempotent-Replayed', 'true').status(claim.statusCode);
    if (claim.contentType) reply.type(claim.contentType);
    return reply.send(claim.body);
  };

  const record: onSendAsyncHookHandler = async (request, reply, payload) => {
    const ref = claims.get(request);
    if (!ref) return payload;
    claims.delete(request);
    const succeeded = reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string';
    // The answer goes out even when the database cannot take note of it now: the record exists, and the
    // client that gets this answer does not retry. A key left running is taken over after its lease.
    try {
      if (succeeded) {
        const contentType = reply.getHeader('content-type');
        await storeResponse(options.db, { ...ref, statusCode: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body: payload });
      } else await releaseKey(options.db, ref);
    } catch (error) {
      request.log.warn({ err: error }, 'could not record the outcome of an idempotent request');
      // Typically the database went away mid-request: free the key as soon as it is back, so the client's
      // retry of this attempt runs instead of waiting out the lease.
      if (!succeeded) void releaseWhenBack(ref, performance.now() + LEASE_MS);
    }
    return payload;
  };

  // Only the operations that declare the header get the two hooks: every other request pays nothing for them.
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: string } | undefined)?.operationId;
    if (!operationId || !operations.has(operationId)) return;
    route.preHandler = [...hooksOf(route.preHandler), claimFirst];
    route.onSend = [...hooksOf(route.onSend), record];
  });

  let closing = false;
  async function releaseWhenBack(ref: KeyRef, until: number): Promise<void> {
    while (!closing && performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250).unref());
      try {
        await releaseKey(options.db, ref);
        return;
      } catch {
        // still away; try again until the lease ends
      }
    }
  }

  const timer = setInterval(() => {
    purgeExpiredKeys(options.db).catch((error: unknown) => app.log.warn({ err: error }, 'could not purge expired idempotency keys'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
  });
});
