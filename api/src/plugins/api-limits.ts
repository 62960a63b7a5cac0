import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Actor } from '../lib/actor.js';
import { UPLOAD_OPERATION } from '../features/claims/uploads.multipart.js';
import { clientAddress, enforce } from './rate-limit.js';

const MINUTE = 60_000;
const callers = new WeakMap<FastifyRequest, Actor | null>();
const caller = (request: FastifyRequest) => {
  const actor = callers.get(request);
  return actor ? `sub:${actor.sub}` : `ip:${clientAddress(request)}`;
};

/**
 * The API's limits, run by the auth gate once it knows the caller: every request counts against its user
 * (token subject), or against its address without a valid token; uploads count against a second, lower limit.
 */
export function apiLimits(app: FastifyInstance, config: Config) {
  const api = app.limiter({ name: 'api', max: config.RATE_LIMIT_API_PER_MINUTE, windowMs: MINUTE, key: caller });
  const uploads = app.limiter({ name: 'upload', max: config.RATE_LIMIT_UPLOAD_PER_MINUTE, windowMs: MINUTE, key: caller });
  return async (request: FastifyRequest, reply: FastifyReply, actor: Actor | null): Promise<void> => {
    callers.set(request, actor);
    await enforce(api, request, reply);
    if (request.routeOptions.config.operationId === UPLOAD_OPERATION) await enforce(uploads, request, reply);
  };
}
