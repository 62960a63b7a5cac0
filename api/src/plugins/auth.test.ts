import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { as, createTestApp } from '../../../tests/support/app.test-utils.js';
import { contractOperations } from '../lib/contract.js';
import type { Role } from '../lib/roles.js';
import { createCompany } from '../../../tests/support/factories/companies.test-utils.js';
import { handlers } from '../features/index.js';
import { newMachineToken } from '../features/machines/machines.credentials.js';
import { callOperation, CONTRACT_MISMATCH, contractCalls } from '../../../tests/support/contract-calls.test-utils.js';

/**
 * Generated from the contract: every operation × every caller (no token, a signed-in user with no role, each role),
 * each sending the operation's own request example. Without a token: 401. With a role outside the operation's
 * `x-roles`: 403. Otherwise the request reaches the handler, which answers 2xx or a refusal the operation documents.
 */
let database: TestDatabase;
let app: FastifyInstance;
/** A machine credential's token (issue 15): not a user; its one role is `machine`. */
let machineToken: string;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  // The callers' companies exist, as every signed-in client's does.
  for (const company of ['company-a', 'company-b', 'company-c']) await createCompany(database.db, company);
  const credential = newMachineToken();
  machineToken = credential.token;
  await database.db
    .insertInto('machine_credentials')
    // Not id 1: the admin's revoke example names credential 1, and the matrix sends it.
    .values({ id: 1000, name: 'Matrix collector', token_hash: credential.hash, token_hint: credential.hint, created_by: 'test' })
    .execute();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const callers: Record<string, { role: Role | null; token: () => Promise<string | null> }> = {
  none: { role: null, token: async () => null },
  // A signed-in user without any role of the portal: holds only `guest`.
  guest: { role: 'guest', token: as.guest },
  admin: { role: 'admin', token: as.admin },
  operator: { role: 'operator', token: as.operator },
  accountant: { role: 'accountant', token: as.accountant },
  client: { role: 'client', token: () => as.client() },
  buyer: { role: 'buyer', token: () => as.buyer() },
  seller: { role: 'seller', token: () => as.seller() },
  machine: { role: 'machine', token: async () => machineToken },
};

const operations = contractOperations();
const calls = contractCalls();

describe('every contract operation has a handler', () => {
  it.each(operations.map((operation) => [operation.operationId]))('%s is implemented (features/index.ts)', (operationId) => {
    expect(Object.keys(handlers), `no handler for ${operationId}: the API would answer 501`).toContain(operationId);
  });

  it('and every handler is a contract operation', () => {
    const known = new Set(operations.map((operation) => operation.operationId));
    expect(Object.keys(handlers).filter((operationId) => !known.has(operationId))).toEqual([]);
  });
});

describe.each(Object.entries(callers))('caller: %s', (_name, caller) => {
  it.each(calls.map((call) => [`${call.method} ${call.path}`, call] as const))(
    '%s: 401 / 403 / reaches the handler exactly as x-roles say',
    async (_label, call) => {
      const allowed = caller.role !== null && call.roles.includes(caller.role);
      // {role}: the caller's own role when the operation allows it, so the matrix tests x-roles; the separate test
      // below covers a {role} the caller does not hold.
      const response = await callOperation(app, call, { token: await caller.token(), role: allowed ? caller.role! : 'admin' });
      const said = `${response.status} ${response.text.slice(0, 300)}`;
      if (!caller.role) expect(response.status, said).toBe(401);
      else if (!allowed) expect(response.status, said).toBe(403);
      else {
        // The contract's example is a valid request: the handler answers it with a success or one of the operation's
        // documented refusals (the ids of an example need not exist: 404), never a 5xx (501: no handler).
        const documentedRefusal = response.status >= 400 && response.status < 500 && ![401, 403].includes(response.status) && call.responses.includes(response.status);
        expect(response.status >= 200 && response.status < 300 || documentedRefusal, said).toBe(true);
        expect(response.json?.detail, 'the example must pass the schema and reach the handler').not.toBe(CONTRACT_MISMATCH);
      }
      if (response.status >= 400) expect(response.headers['content-type']).toContain('application/problem+json');
    },
  );
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
    const { tokenFor } = await import('../../../tests/support/app.test-utils.js');
    const token = await tokenFor({ roles: ['client'] });
    const me = calls.find((call) => call.roles.includes('client'))!;
    const response = await callOperation(app, me, { token, role: 'client' });
    expect(response.status).toBe(403);
  });

  it('a token accepted once is refused after it expires (verified tokens are kept only until their expiry)', async () => {
    const { tokenFor } = await import('../../../tests/support/app.test-utils.js');
    const token = await tokenFor({ roles: ['admin'], expiresIn: '2s' });
    const call = () => app.inject({ method: 'POST', url: '/api/admin/manufacturers/get', headers: { authorization: `Bearer ${token}` }, payload: { pagination: { page: 1, rowsPerPage: 10 } } });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await call()).statusCode).toBe(401);
  });
});
