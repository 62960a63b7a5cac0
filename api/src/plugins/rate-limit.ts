import fp from 'fastify-plugin';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { problem } from '../lib/problem.js';
import { purgeRateLimits, SharedCounters } from './rate-limit-store.js';

export interface Limit {
  /** Names the counter: keys are `<name>:<key>`. */
  name: string;
  max: number;
  windowMs: number;
  /** Whom the request counts against (a user id, a client address, an account name). */
  key: (request: FastifyRequest) => string | Promise<string>;
}

/**
 * Counts the request against a limit and sets `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
 * over the limit it also sets `Retry-After` and resolves to the seconds to wait (0 = go ahead). `key` overrides the
 * limit's own (a caller that already knows whom the request counts against).
 */
export type Limiter = (request: FastifyRequest, reply: FastifyReply, key?: string) => Promise<number>;

declare module 'fastify' {
  interface FastifyInstance {
    /** A limiter whose counters every replica shares through PostgreSQL (counted in the process, written in batches). */
    limiter(limit: Limit): Limiter;
  }
}

const PURGE_INTERVAL_MS = 5 * 60 * 1000;

/** The client address as Fastify sees it (TRUST_PROXY decides whether X-Forwarded-For counts); IPv6 by /64. */
export const clientAddress = (request: FastifyRequest): string => normalizeIP(request.ip);

export const tooManyRequests = (seconds: number) =>
  problem(429, 'Too Many Requests', /*i18n*/ { id: 'problem.tooManyRequests', message: 'Too many requests. Try again in {seconds, plural, one {# second} other {# seconds}}.' }, { seconds });

/** A counted hit as the headers tell it. */
export interface Verdict {
  max: number;
  remaining: number;
  ttlInSeconds: number;
  isExceeded: boolean;
}

/** The verdict on a hit: `current` hits in the window (this one included), `ttl` ms left of it. */
export const verdictOf = (max: number, hit: { current: number; ttl: number }): Verdict => ({
  max,
  remaining: Math.max(0, max - hit.current),
  ttlInSeconds: Math.ceil(hit.ttl / 1000),
  isExceeded: hit.current > max,
});

/**
 * Sets `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; over the limit also `Retry-After`, and
 * resolves to the seconds to wait (0 = go ahead).
 */
export function answer(name: string, verdict: Verdict, request: FastifyRequest, reply: FastifyReply): number {
  reply.header('RateLimit-Limit', verdict.max);
  reply.header('RateLimit-Remaining', verdict.remaining);
  reply.header('RateLimit-Reset', verdict.ttlInSeconds);
  if (!verdict.isExceeded) return 0;
  const wait = Math.max(1, verdict.ttlInSeconds);
  reply.header('Retry-After', wait);
  request.log.warn({ limit: name }, 'rate limit reached');
  return wait;
}

/** Over the limit: a 429 problem document (Retry-After is set). */
export async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply, key?: string): Promise<void> {
  const wait = await limiter(request, reply, key);
  if (wait > 0) throw tooManyRequests(wait);
}

/**
 * Limits whose counters every replica shares through the `rate_limits` table (`SharedCounters`: counted in the
 * process, written every 250 ms, and in the store at once near a limit), expired windows purged every 5 minutes.
 * Routes opt in through `app.limiter(...)`; nothing is limited globally, so each limit says whom it counts.
 */
export const rateLimitPlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    // A store failure lets the request through (the database being down fails the request elsewhere anyway).
    const counters = new SharedCounters(db, (error) => app.log.warn({ err: error }, 'could not count a rate-limit hit in the database'));

    app.decorate('limiter', (limit: Limit): Limiter => {
      return async (request, reply, key) => {
        const counted = await counters.hit(`${limit.name}:${key ?? (await limit.key(request))}`, limit.max, limit.windowMs);
        // The RateLimit-* headers tell the first limit a request counts against, unless a later one refuses it.
        if (counted.current <= limit.max && reply.hasHeader('RateLimit-Limit')) return 0;
        return answer(limit.name, verdictOf(limit.max, counted), request, reply);
      };
    });

    const timer = setInterval(() => {
      purgeRateLimits(db).catch((error: unknown) => app.log.warn({ err: error }, 'could not purge rate-limit counters'));
    }, PURGE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await counters.close();
    });
  },
  { name: 'orders-rate-limit' },
);
