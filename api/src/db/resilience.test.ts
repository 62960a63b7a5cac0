import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';
import { createDb, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { as, createTestApp, post } from '../../../tests/support/app.test-utils.js';

/** A PostgreSQL restart is survived without restarting the API: the pool reconnects by itself. */
let dataDir: string;
let port: number;
let server: EmbeddedDatabase;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'orders-portal-restart-'));
  await chmod(dataDir, 0o755);
  port = await freePort();
  server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port });
  db = createDb(server.url);
  await migrateToLatest(db);
  app = await createTestApp(db);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a PostgreSQL restart', () => {
  it('makes requests answer 503 (try again) while the database is down, and the API serves again once it is back', async () => {
    const token = await as.admin();
    const list = () => post(app, '/api/admin/manufacturers/get', { pagination: { page: 1, rowsPerPage: 10 } }, token);
    expect((await list()).status).toBe(200);

    await server.stop();
    const during = await list();
    expect(during.status).toBe(503);
    expect(during.headers['retry-after']).toBe('5');
    expect(during.headers['content-type']).toContain('application/problem+json');
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);

    server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port });
    expect((await list()).status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  }, 60_000);
});
