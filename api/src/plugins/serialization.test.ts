import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { as, createTestApp } from '../../../tests/support/app.test-utils.js';
import { makePreform } from '../features/supply/supply.fixtures.js';

/**
 * A 2xx answer is written by the serializer Fastify compiles from the operation's response schema
 * (fast-json-stringify; fastify-openapi-glue hands every contract response to Fastify as
 * `response → status → content → application/json → schema`), not by JSON.stringify of the whole answer: the cheaper
 * path for the lists of issue 14. Should the schemas stop reaching Fastify, the answer falls back to JSON.stringify.
 */
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await makePreform(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const lists = [
  ['/api/admin/preforms/get', { pagination: { page: 1, rowsPerPage: 10 } }, as.admin],
  ['/api/operator/preformstock/get', {}, as.operator],
  ['/api/admin/warehouses/get', {}, as.admin],
] as const;

describe('list answers', () => {
  it.each(lists)('%s is serialized through its response schema', async (url, body, token) => {
    const authorization = `Bearer ${await token()}`;
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const response = await app.inject({ method: 'POST', url, payload: body, headers: { authorization } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveProperty('rows');
      const whole = stringify.mock.calls.filter(([value]) => value !== null && typeof value === 'object' && 'rows' in value);
      expect(whole).toEqual([]);
    } finally {
      stringify.mockRestore();
    }
  });
});
