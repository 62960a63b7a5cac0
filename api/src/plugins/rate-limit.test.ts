import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { as, createTestApp } from '../../../tests/support/app.test-utils.js';

/**
 * The API's per-user limit, counted in PostgreSQL: RATE_LIMIT_API_PER_MINUTE requests per token subject (per
 * client address without a valid token), shared by every instance on the database; over it, 429 problem+json
 * with Retry-After and the RateLimit-* headers.
 */
let database: TestDatabase;
let app: FastifyInstance;
let replica: FastifyInstance;
let proxied: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db, { RATE_LIMIT_API_PER_MINUTE: '5' });
  replica = await createTestApp(database.db, { RATE_LIMIT_API_PER_MINUTE: '5' });
  proxied = await createTestApp(database.db, { RATE_LIMIT_API_PER_MINUTE: '5', TRUST_PROXY: '1' });
});
afterAll(async () => {
  await app?.close();
  await replica?.close();
  await proxied?.close();
  await database?.drop();
});

const list = async (instance: FastifyInstance, token?: string, forwardedFor?: string) =>
  instance.inject({
    method: 'POST',
    url: '/api/admin/manufacturers/get',
    payload: { pagination: { page: 1, rowsPerPage: 10 } },
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });

describe('the per-user API limit', () => {
  it('answers the 6th request of a minute with 429, counted over every instance, and leaves other users alone', async () => {
    const admin = await as.admin();
    const statuses: number[] = [];
    const remaining: string[] = [];
    for (const instance of [app, replica, app, replica, app]) {
      const response = await list(instance, admin);
      statuses.push(response.statusCode);
      remaining.push(String(response.headers['ratelimit-remaining']));
      expect(response.headers['ratelimit-limit']).toBe('5');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);

    const refused = await list(replica, admin);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-limit']).toBe('5');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThan(0);

    // Another user has a limit of their own.
    const operator = await as.operator();
    expect((await list(app, operator)).statusCode).toBe(403);
  });

  it('counts callers without a valid token by address, and X-Forwarded-For only from a trusted proxy (TRUST_PROXY)', async () => {
    for (let i = 0; i < 5; i += 1) expect((await list(app, undefined, `198.51.100.${i}`)).statusCode).toBe(401);
    // Without TRUST_PROXY every one of those came from the connection's address: the 6th is refused.
    expect((await list(app, undefined, '198.51.100.200')).statusCode).toBe(429);
    // Behind one trusted proxy the forwarded address counts: another client is not limited by the first.
    for (let i = 0; i < 5; i += 1) expect((await list(proxied, undefined, '203.0.113.1')).statusCode).toBe(401);
    expect((await list(proxied, undefined, '203.0.113.1')).statusCode).toBe(429);
    expect((await list(proxied, undefined, '203.0.113.2')).statusCode).toBe(401);
  });
});
