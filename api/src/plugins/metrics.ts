import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';
import { poolLoad, type Db } from '../db/database.js';
import { renders } from '../pdf/pdf.js';
import { englishOnly } from '../lib/problem.js';

export interface MetricsOptions {
  db: Db;
  /** A bearer token a scraper must send; without it only a loopback connection that came through no proxy is served. */
  token?: string;
}

/**
 * A metric of prom-client's default registry, made once per process: every app built in the process (the API tests
 * build many) shares it, and other modules (the job queue's gauges) register beside it in the same registry.
 */
function once<T>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

/** The pools of the apps running in this process (one in production); the pool gauge adds them up. */
const pools = new Set<Db>();

function metrics() {
  if (!register.getSingleMetric('process_cpu_user_seconds_total')) collectDefaultMetrics();
  const labelNames = ['operation', 'method', 'status_code'] as const;
  return {
    requests: once(
      'http_requests_total',
      () => new Counter({ name: 'http_requests_total', help: 'Requests answered, by operation id (or route) and status code.', labelNames }),
    ),
    duration: once(
      'http_request_duration_seconds',
      () =>
        new Histogram({
          name: 'http_request_duration_seconds',
          help: 'Time to answer a request, by operation id (or route) and status code.',
          labelNames,
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        }),
    ),
    pool: once(
      'db_pool_connections',
      () =>
        new Gauge({
          name: 'db_pool_connections',
          help: 'The PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting).',
          labelNames: ['state'],
          collect() {
            const sum = { total: 0, idle: 0, waiting: 0 };
            for (const db of pools) {
              const load = poolLoad(db);
              if (!load) continue;
              sum.total += load.total;
              sum.idle += load.idle;
              sum.waiting += load.waiting;
            }
            for (const [state, value] of Object.entries(sum)) this.set({ state }, value);
          },
        }),
    ),
    pdf: once(
      'pdf_renders',
      () =>
        new Gauge({
          name: 'pdf_renders',
          help: 'PDF downloads: documents rendering (rendering), waiting for their turn (waiting), worker threads alive (workers).',
          labelNames: ['state'],
          collect() {
            this.set({ state: 'rendering' }, renders.active);
            this.set({ state: 'waiting' }, renders.waiting.length);
            this.set({ state: 'workers' }, renders.workers.size);
          },
        }),
    ),
  };
}

/** Requests answered 503 by load shedding, by what was over its limit (`eventLoopDelay`, `healthCheck` = the pool). */
export function shedRequests(): Counter<'reason'> {
  return once(
    'http_requests_shed_total',
    () => new Counter({ name: 'http_requests_shed_total', help: 'Requests answered 503 by load shedding (under-pressure), by reason.', labelNames: ['reason'] }),
  );
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus' text format from prom-client's default registry: requests and their latency per
 * operation id (the route's pattern outside the contract, never the URL with its ids), the pool, and the process.
 * Not behind a user's sign-in, and not public: with METRICS_TOKEN set a scraper sends it as a bearer token; without
 * it only a loopback connection that carries no forwarding header (so not a request relayed by a local proxy) is
 * answered, anyone else gets 404.
 */
export const metricsPlugin = fp<MetricsOptions>(async (app, options) => {
  const { requests, duration } = metrics();
  pools.add(options.db);
  app.addHook('onClose', async () => {
    pools.delete(options.db);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions;
    if (route.url === '/metrics') return done();
    const labels = {
      operation: route.config?.operationId ?? route.url ?? 'unmatched',
      method: request.method,
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (options.token) {
      const header = request.headers.authorization ?? '';
      const sent = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
      // English only: a Prometheus scraper calls /metrics, and its operator reads the answer in the scraper's log.
      if (!sameToken(sent, options.token)) throw englishOnly(401, 'Unauthorized', '/metrics needs the METRICS_TOKEN bearer token.');
    } else {
      const address = request.socket.remoteAddress ?? '';
      const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
      // English only: Fastify's own words for a route that is not there, which /metrics pretends to be off loopback.
      if (!isIP(address) || !LOOPBACK.test(address) || relayed) throw englishOnly(404, 'Not Found', 'Route GET:/metrics not found');
    }
    reply.header('Content-Type', register.contentType);
    reply.header('Cache-Control', 'no-store');
    return register.metrics();
  });
});
