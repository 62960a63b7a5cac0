import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.js';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { as, post, testConfig, testKeys, tokenFor } from '../../../tests/support/app.test-utils.js';

/** Issue 18: structured logs carry the request id and the actor on every request line after the gate. */
let database: TestDatabase;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];
const PAGE = { pagination: { page: 1, rowsPerPage: 10, sortBy: 'manufacturerName', descending: false } };

beforeAll(async () => {
  database = await createTestDatabase();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await buildApp({ config: testConfig, db: database.db, keys: testKeys, logger: pino({ level: 'info' }, sink) });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const linesOf = (reqId: unknown) => lines.filter((line) => line.reqId === reqId);

describe('request log lines', () => {
  it("the 'request completed' line of a signed-in call carries reqId and the actor (subject, roles, company), never the token", async () => {
    const token = await tokenFor({ sub: 'client-7', roles: ['client'], companyId: 'company-a' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/client/claims/filter',
      payload: PAGE,
      headers: { authorization: `Bearer ${token}` },
    });
    const reqId = lines.find((line) => line.msg === 'incoming request' && (line.req as { url?: string })?.url === '/api/client/claims/filter')?.reqId;
    expect(reqId).toBeDefined();
    const completed = linesOf(reqId).find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({
      reqId,
      actor: { sub: 'client-7', roles: expect.arrayContaining(['client']), companyId: 'company-a' },
      res: { statusCode: response.statusCode },
    });
    expect(JSON.stringify(linesOf(reqId))).not.toContain(token.split('.')[2]);
  });

  it('a staff caller is logged without a company; a refused token leaves no actor on its lines', async () => {
    await post(app, '/api/admin/manufacturers/get', PAGE, await as.admin());
    const completed = lines.filter((line) => line.msg === 'request completed').at(-1);
    expect(completed).toMatchObject({ reqId: expect.any(String), actor: { sub: 'admin-1', roles: expect.arrayContaining(['admin']), companyId: null }, res: { statusCode: 200 } });

    const refused = await post(app, '/api/admin/manufacturers/get', PAGE, 'not-a-token');
    expect(refused.status).toBe(401);
    const last = lines.filter((line) => line.msg === 'request completed').at(-1)!;
    expect(last).toMatchObject({ reqId: expect.any(String), res: { statusCode: 401 } });
    expect(last).not.toHaveProperty('actor');
  });
});
