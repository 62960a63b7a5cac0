import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { prepared, type Db } from '../db/database.js';
import type { Actor } from '../lib/actor.js';
import { UPLOAD_OPERATION } from '../features/claims/uploads.multipart.js';
import type { Caller } from './auth.js';
import { answer, clientAddress, enforce, tooManyRequests, verdictOf } from './rate-limit.js';
import { hitStatement } from './rate-limit-store.js';

const MINUTE = 60_000;
const callers = new WeakMap<FastifyRequest, Actor | null>();
const caller = (request: FastifyRequest) => {
  const actor = callers.get(request);
  return actor ? `sub:${actor.sub}` : `ip:${clientAddress(request)}`;
};

/**
 * The per-user limit's hit and the revocation check of a verified token in one statement, so that the gate costs
 * one round trip per request: the hit counts against `subjectKey`, or against `addressKey` when the subject's
 * tokens issued at `issuedAt` (seconds) were revoked since (`pnpm users disable`, a new password), as for any
 * caller without a valid token. Nothing is cached: a disabled user is refused at once on every replica.
 */
export async function countCaller(
  db: Db,
  counter: { subjectKey: string; addressKey: string; windowMs: number; sub: string; issuedAt: number },
): Promise<{ current: number; ttl: number; revoked: boolean }> {
  const statement = sql<{ hits: number; ttl: number; revoked: boolean }>`
    WITH revocation AS (
      SELECT EXISTS (
        SELECT FROM subject_revocations WHERE sub = ${counter.sub} AND revoked_at >= to_timestamp(${counter.issuedAt})
      ) AS revoked
    )
    ${hitStatement(
      sql<string>`CASE WHEN (SELECT revoked FROM revocation) THEN ${counter.addressKey} ELSE ${counter.subjectKey} END`,
      counter.windowMs,
      sql`, (SELECT revoked FROM revocation) AS revoked`,
    )}`;
  // Every authenticated request runs it: prepared once per connection (database.ts `prepared`).
  const { rows } = await db.executeQuery(prepared(statement.compile(db)));
  return { current: rows[0].hits, ttl: rows[0].ttl, revoked: rows[0].revoked };
}

/**
 * The API's limits, run by the auth gate once it knows the caller: every request counts against its user
 * (token subject), or against its address without a valid token (or with a revoked one); uploads count against a
 * second, lower limit. With a verified token the count and the revocation check are one statement (`countCaller`).
 */
export function apiLimits(app: FastifyInstance, config: Config, db: Db) {
  const max = config.RATE_LIMIT_API_PER_MINUTE;
  const api = app.limiter({ name: 'api', max, windowMs: MINUTE, key: caller });
  const uploads = app.limiter({ name: 'upload', max: config.RATE_LIMIT_UPLOAD_PER_MINUTE, windowMs: MINUTE, key: caller });
  return async (request: FastifyRequest, reply: FastifyReply, token: Caller | null): Promise<{ revoked: boolean }> => {
    let revoked = false;
    if (token) {
      const counted = await countCaller(db, {
        subjectKey: `api:sub:${token.actor.sub}`,
        addressKey: `api:ip:${clientAddress(request)}`,
        windowMs: MINUTE,
        sub: token.actor.sub,
        issuedAt: token.issuedAt,
      });
      revoked = counted.revoked;
      callers.set(request, revoked ? null : token.actor);
      const wait = answer('api', verdictOf(max, counted), request, reply);
      if (wait > 0) throw tooManyRequests(wait);
    } else {
      callers.set(request, null);
      await enforce(api, request, reply);
    }
    if (request.routeOptions.config.operationId === UPLOAD_OPERATION) await enforce(uploads, request, reply);
    return { revoked };
  };
}
