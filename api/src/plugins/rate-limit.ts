import fp from 'fastify-plugin';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { HttpProblem } from '../lib/problem.js';
import { postgresRateLimitStore, purgeRateLimits } from './rate-limit-store.js';

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
 * over the limit it also sets `Retry-After` and resolves to the seconds to wait (0 = go ahead).
 */
export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<number>;

declare module 'fastify' {
  interface FastifyInstance {
    /** A limiter whose counters live in PostgreSQL (every replica counts against the same limit). */
    limiter(limit: Limit): Limiter;
  }
}

const PURGE_INTERVAL_MS = 5 * 60 * 1000;

/** The client address as Fastify sees it (TRUST_PROXY decides whether X-Forwarded-For counts); IPv6 by /64. */
export const clientAddress = (request: FastifyRequest): string => normalizeIP(request.ip);

export const tooManyRequests = (seconds: number) =>
  new HttpProblem(429, 'Too Many Requests', `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);

/** A counted hit as @fastify/rate-limit reads its store's answer (`current` hits in the window, `ttl` ms left). */
export interface Verdict {
  max: number;
  remaining: number;
  ttlInSeconds: number;
  isExceeded: boolean;
}

/** The verdict on a hit counted elsewhere (the gate's statement), computed as @fastify/rate-limit computes it. */
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
export async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const wait = await limiter(request, reply);
  if (wait > 0) throw tooManyRequests(wait);
}

/**
 * @fastify/rate-limit with a PostgreSQL store (one upsert per hit, expired windows purged every 5 minutes).
 * Routes opt in through `app.limiter(...)`; nothing is limited globally, so each limit says whom it counts.
 */
export const rateLimitPlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    // A store failure lets the request through (the database being down fails the request elsewhere anyway).
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(db), enableDraftSpec: true, skipOnError: true });

    app.decorate('limiter', (limit: Limit): Limiter => {
      const check = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: async (request) => `${limit.name}:${await limit.key(request)}`,
      });
      return async (request, reply) => {
        const result = await check(request);
        if (result.isAllowed) return 0;
        return answer(limit.name, result, request, reply);
      };
    });

    const timer = setInterval(() => {
      purgeRateLimits(db).catch((error: unknown) => app.log.warn({ err: error }, 'could not purge rate-limit counters'));
    }, PURGE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'orders-rate-limit' },
);
