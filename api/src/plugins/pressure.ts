import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { poolLoad, type Db } from '../db/database.js';
import { problem } from '../lib/problem.js';
import { shedRequests } from './metrics.js';

export interface PressureOptions {
  db: Db;
  /** Shed new requests while the event loop lags more than this (ms); 0 turns the check off. */
  maxEventLoopDelayMs: number;
  /** Shed new requests while more queries than this wait for a pool connection; 0 turns the check off. */
  maxPoolWaiting: number;
  /** How often the pool is looked at (ms). */
  sampleIntervalMs?: number;
}

const RETRY_AFTER_SECONDS = 5;

/**
 * Load shedding with @fastify/under-pressure: when the event loop lags or too many queries queue for a pool
 * connection (a slow or hung database), new requests answer at once with a 503 problem document and
 * Retry-After instead of piling up behind the others. `/healthz` always answers: the process is alive; so does
 * `/metrics`, which shows why.
 */
export const pressurePlugin = fp<PressureOptions>(async (app, options) => {
  const shed = shedRequests();
  const sampleInterval = options.sampleIntervalMs ?? 250;
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval,
    ...(options.maxPoolWaiting > 0
      ? {
          healthCheck: async () => (poolLoad(options.db)?.waiting ?? 0) <= options.maxPoolWaiting,
          healthCheckInterval: sampleInterval,
        }
      : {}),
    pressureHandler: async (request, reply, type, value) => {
      // The process answers, and what it measures stays readable while it sheds.
      if (request.url === '/healthz' || request.url === '/metrics') return;
      // No delay sample in the last interval reads as an infinite delay: not evidence of a lagging loop.
      if (type === 'eventLoopDelay' && !Number.isFinite(value)) return;
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      request.log.warn({ pressure: type }, 'request shed under pressure');
      shed.inc({ reason: type });
      throw problem(503, 'Service Unavailable', /*i18n*/ { id: 'problem.overloaded', message: 'The portal is overloaded right now. Try again in a few seconds.' });
    },
  });
});
