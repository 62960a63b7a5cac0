import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.js';
import { as, createTestApp } from '../../../tests/support/app.js';
import { contractOperations } from '../lib/contract.js';
import type { Role } from '../lib/roles.js';

/**
 * Generated from the contract: every operation × every caller. Without a token: 401. With a role outside
 * the operation's `x-roles`: 403. Otherwise the call passes the gate (whatever the handler then answers).
 */
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const callers: Record<string, { role: Role | null; token: () => Promise<string | null> }> = {
  none: { role: null, token: async () => null },
  admin: { role: 'admin', token: as.admin },
  operator: { role: 'operator', token: as.operator },
  accountant: { role: 'accountant', token: as.accountant },
  client: { role: 'client', token: () => as.client() },
  buyer: { role: 'buyer', token: () => as.buyer() },
  seller: { role: 'seller', token: () => as.seller() },
};

const operations = contractOperations();

function urlFor(path: string, callerRole: Role | null, allowed: Role[]): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (name !== 'role') return '1';
    // {role}: the caller's own role when the operation allows it, so the matrix tests x-roles; the
    // separate test below covers a {role} the caller does not hold.
    return callerRole && allowed.includes(callerRole) ? callerRole : 'admin';
  });
}

describe.each(Object.entries(callers))('caller: %s', (name, caller) => {
  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s: 401 / 403 / passes exactly as x-roles say',
    async (_label, operation) => {
      const token = await caller.token();
      const response = await app.inject({
        method: operation.method as 'GET' | 'POST',
        url: urlFor(operation.path, caller.role, operation.roles),
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(operation.method === 'GET' ? {} : { payload: {} }),
      });
      if (!caller.role) expect(response.statusCode).toBe(401);
      else if (!operation.roles.includes(caller.role) && !operation.roles.includes('guest')) expect(response.statusCode).toBe(403);
      else {
        expect([401, 403]).not.toContain(response.statusCode);
        expect(response.statusCode, response.body).not.toBe(500);
      }
      if (response.statusCode >= 400) expect(response.headers['content-type']).toContain('application/problem+json');
    },
  );
  void name;
});

describe('the {role} path segment', () => {
  it("refuses a role the caller does not hold (an accountant calling /api/admin/invoices/get)", async () => {
    const documents = operations.find((operation) => operation.path.includes('{role}'));
    expect(documents).toBeDefined();
    const response = await app.inject({
      method: documents!.method as 'POST',
      url: documents!.path.replace('{role}', 'admin'),
      headers: { authorization: `Bearer ${await as.accountant()}` },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('tokens', () => {
  it('a client-type token without a company is refused', async () => {
    const { tokenFor } = await import('../../../tests/support/app.js');
    const token = await tokenFor({ roles: ['client'] });
    const me = operations.find((operation) => operation.roles.includes('client'))!;
    const response = await app.inject({ method: me.method as 'POST', url: urlFor(me.path, 'client', me.roles), headers: { authorization: `Bearer ${token}` }, payload: {} });
    expect(response.statusCode).toBe(403);
  });

  it('a token accepted once is refused after it expires (verified tokens are kept only until their expiry)', async () => {
    const { tokenFor } = await import('../../../tests/support/app.js');
    const token = await tokenFor({ roles: ['admin'], expiresIn: '2s' });
    const call = () => app.inject({ method: 'POST', url: '/api/admin/manufacturers/get', headers: { authorization: `Bearer ${token}` }, payload: { pagination: { page: 1, rowsPerPage: 10 } } });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await call()).statusCode).toBe(401);
  });
});
