import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createDb, type Db } from '../db/database.js';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { testConfig } from '../../../tests/support/app.test-utils.js';

/** Too many queries waiting for a pool connection: new requests are shed with 503 until the queue drains. */
let database: TestDatabase;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { max: 1 });
  app = await buildApp({ config: { ...testConfig, PRESSURE_MAX_POOL_WAITING: 1 }, db, keys: { keys: [] } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await database?.drop();
});

async function until(predicate: () => Promise<boolean>) {
  while (!(await predicate())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('load shedding', () => {
  it('answers 503 with Retry-After while the pool is saturated, keeps /healthz up, and serves again after', async () => {
    const appConfig = () => app.inject({ method: 'GET', url: '/app-config.json' });
    expect((await appConfig()).statusCode).toBe(200);

    // The one connection is held; two more queries queue behind it.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const holder = db.transaction().execute(async (trx) => {
      await trx.selectNoFrom((eb) => eb.val(1).as('held')).execute();
      await gate;
    });
    const queued = [1, 2].map(() => db.selectNoFrom((eb) => eb.val(1).as('queued')).execute());

    await until(async () => (await appConfig()).statusCode === 503);
    const shed = await appConfig();
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.headers['content-type']).toContain('application/problem+json');
    expect(shed.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // What is measured stays readable while shedding, and says why requests were shed (issue 18).
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(Number(/^http_requests_shed_total\{reason="healthCheck"\} (\d+)$/m.exec(metrics.body)?.[1])).toBeGreaterThanOrEqual(2);
    expect(Number(/^db_pool_connections\{state="waiting"\} (\d+)$/m.exec(metrics.body)?.[1])).toBeGreaterThanOrEqual(2);

    open();
    await Promise.all([holder, ...queued]);
    await until(async () => (await appConfig()).statusCode === 200);
  });
});
