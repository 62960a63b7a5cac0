import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { FILE_OPERATIONS } from '../features/claims/uploads.multipart.js';
import type { Caller } from './auth.js';
import { clientAddress, enforce } from './rate-limit.js';

const MINUTE = 60_000;

/** Whom a request counts against: the token's subject, or the client address without a valid token (or with a revoked one). */
const callerKey = (request: FastifyRequest, token: Caller | null) => (token ? `sub:${token.actor.sub}` : `ip:${clientAddress(request)}`);

/**
 * The API's limits, run by the auth gate once it knows the caller (after the revocation check, so a revoked token
 * counts against its address): every request counts against its user, or its address without a valid token; uploads
 * count against a second, lower limit. Counted in the process and shared through the store (`SharedCounters`).
 */
export function apiLimits(app: FastifyInstance, config: Config) {
  const api = app.limiter({ name: 'api', max: config.RATE_LIMIT_API_PER_MINUTE, windowMs: MINUTE, key: (request) => `ip:${clientAddress(request)}` });
  const uploads = app.limiter({ name: 'upload', max: config.RATE_LIMIT_UPLOAD_PER_MINUTE, windowMs: MINUTE, key: (request) => `ip:${clientAddress(request)}` });
  return async (request: FastifyRequest, reply: FastifyReply, token: Caller | null): Promise<void> => {
    const key = callerKey(request, token);
    await enforce(api, request, reply, key);
    if (FILE_OPERATIONS.has(request.routeOptions.config.operationId as string)) await enforce(uploads, request, reply, key);
  };
}
