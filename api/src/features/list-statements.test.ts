import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery, KyselyPlugin } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { as, createTestApp } from '../../../tests/support/app.test-utils.js';
import { makeCompany, makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from './supply/supply.fixtures.js';
import { makeClaim, makeClaimable } from './claims/claims.fixtures.js';

/**
 * Issue 14's target "at most 3 SQL statements per list call", for the lists that ran 4: the statements of one
 * request are recorded (the gate's one statement aside, see plugins/gate-statement.test.ts). What each answers is
 * tested beside its feature (preforms.test.ts, stock.test.ts, client-inventory.test.ts).
 */
let database: TestDatabase;
let app: FastifyInstance;
let recorded: CompiledQuery[] = [];
let warehouseId: number;
let productId: number;
let companyId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const record: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      recorded.push(database.db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  app = await createTestApp(database.db.withPlugin(record));
  // Twelve preforms, each with a supplier that a product in one warehouse uses as its default; one open item (an order amount).
  warehouseId = await makeWarehouse(database.db);
  companyId = await makeCompany(database.db);
  for (let i = 0; i < 12; i += 1) {
    const preform = await makePreform(database.db);
    productId = await makeProduct(database.db, { companyId, preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]! });
  }
  await makeOrderItem(database.db, { orderId: await makeProductionOrder(database.db, { companyId }), productId, planned: 1000 });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** The service's statements of one call (the gate's aside) and its status. */
async function serviceStatements(path: string, body: unknown, token: string) {
  recorded = [];
  const request = body === undefined ? { method: 'GET' as const } : { method: 'POST' as const, payload: body as object };
  const response = await app.inject({ ...request, url: path, headers: { authorization: `Bearer ${token}` } });
  const service = recorded.filter((query) => !/\b(subject_revocations|rate_limits)\b/.test(query.sql));
  return { status: response.statusCode, statements: service.length, body: response.json(), queries: service };
}

describe('a list call runs at most 3 statements', () => {
  it('preforms/get: the page, the count, and the suppliers with the products that default to them', async () => {
    const call = await serviceStatements('/api/admin/preforms/get', { pagination: { page: 1, rowsPerPage: 10 } }, await as.admin());
    expect(call.status).toBe(200);
    expect(call.body.rows[0].PreformSupplies[0].ClientProducts).toHaveLength(1);
    expect(call.statements).toBeLessThanOrEqual(3);
  });

  it('preformstock/get: the warehouse for the breadcrumb comes with the count', async () => {
    const call = await serviceStatements('/api/admin/preformstock/get', { preformWarehouseId: warehouseId }, await as.admin());
    expect(call.status).toBe(200);
    expect(call.body.warehouse.id).toBe(warehouseId);
    expect(call.body.rows).toHaveLength(10);
    expect(call.statements).toBeLessThanOrEqual(3);
    const unknown = await serviceStatements('/api/admin/preformstock/get', { preformWarehouseId: warehouseId + 1000 }, await as.admin());
    expect(unknown.status).toBe(404);
  });

  it("the operator's stock page past the rows with an order amount", async () => {
    const call = await serviceStatements('/api/operator/preformstock/get', { pagination: { page: 2, rowsPerPage: 10 } }, await as.operator());
    expect(call.status).toBe(200);
    expect(call.body.count).toBe(12);
    expect(call.body.rows).toHaveLength(2);
    expect(call.statements).toBeLessThanOrEqual(3);
  });

  it('supply/plan/get of every pair: read again while nothing changed, one statement (is the kept plan still right?)', async () => {
    const first = await serviceStatements('/api/admin/supply/plan/get', { pagination: { page: 1, rowsPerPage: 20 } }, await as.admin());
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(12);
    const again = await serviceStatements('/api/admin/supply/plan/get', { zones: ['red', 'yellow'], pagination: { page: 1, rowsPerPage: 20 } }, await as.admin());
    expect(again.status).toBe(200);
    expect(again.statements).toBe(1);
    expect(again.body.rows).toEqual(first.body.rows.filter((row: { zone: string }) => ['red', 'yellow'].includes(row.zone)));
  });

  it('claims/filter, the staff\'s and a company\'s, with and without a search: the page, the count, the uploads', async () => {
    const claimable = await makeClaimable(database.db, companyId, { orderNo: 'PO-STATEMENTS-1' });
    await makeClaim(database.db, { companyId, ...claimable, description: 'Counted statements' });
    for (const [path, token] of [
      ['/api/admin/claims/filter', await as.admin()],
      ['/api/client/claims/filter', await as.client(companyId)],
    ] as const) {
      for (const filter of [undefined, 'statements']) {
        const call = await serviceStatements(path, { pagination: { page: 1, rowsPerPage: 20 }, ...(filter ? { filter } : {}) }, token);
        expect(call.status).toBe(200);
        expect(call.body.count).toBe(1);
        expect({ path, filter, statements: call.statements }).toEqual({ path, filter, statements: 3 });
        // a searched count reads at most 1,001 matching claims (claims.count.test.ts holds what it answers)
        const count = call.queries.find((query) => /^select count\(\*\)/.test(query.sql));
        if (filter) expect({ path, sql: count?.sql, limit: count?.parameters.at(-1) }).toMatchObject({ path, sql: expect.stringMatching(/ limit \$\d+\) m$/), limit: 1001 });
      }
    }
  });

  it("client machine/status/get: the company's machines come with the banner's live states, not read again", async () => {
    await database.db.updateTable('companies').set({ fbs: ['FB-2', 'FB-1'] }).where('id', '=', companyId).execute();
    const call = await serviceStatements('/api/client/machine/status/get', undefined, await as.client(companyId));
    expect(call.status).toBe(200);
    expect(call.body.map((machine: { machineName: string; state: string }) => [machine.machineName, machine.state])).toEqual([
      ['FB-1', 'unknown'],
      ['FB-2', 'unknown'],
    ]);
    expect(call.statements).toBeLessThanOrEqual(3);
  });

  it('client/products/stock/details/get: the product and its client come with the count', async () => {
    const call = await serviceStatements('/api/admin/client/products/stock/details/get', { id: productId, pagination: { page: 1, rowsPerPage: 10 } }, await as.admin());
    expect(call.status).toBe(200);
    expect(call.body.product.id).toBe(productId);
    expect(call.statements).toBeLessThanOrEqual(3);
  });
});
