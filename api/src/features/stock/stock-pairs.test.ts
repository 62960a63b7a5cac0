import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { makeCompany, makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';
import { now as clockNow } from '../../lib/clock.js';
import { keepsDerivedAfterEach } from '../../../../tests/support/derived.test-utils.js';
import { preformStockPairs } from '../../db/derived/preform-stock-pairs.js';
import { preformStockCounts } from '../../db/derived/preform-stock-counts.js';
import { preformDemand } from '../../db/derived/preform-demand.js';

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
// Every test here writes sources of these derived tables through the endpoints: after each, they are as recomputed.
keepsDerivedAfterEach(() => database.asOwner(), [preformStockPairs, preformStockCounts, preformDemand]);

const rowsOf = async (warehouseId: number) =>
  (await post(app, '/api/admin/preformstock/get', { preformWarehouseId: warehouseId, pagination: { page: 1, rowsPerPage: 100 } }, await as.admin())).body;

describe('stock rows of the pairs that client products use', () => {
  it('a new product makes its (preform, warehouse) a row with blank stock; its first fill sets the stock', async () => {
    const warehouse = await makeWarehouse(database.db);
    const preform = await makePreform(database.db);
    await makeProduct(database.db, { companyId: await makeCompany(database.db), preformId: preform.id, warehouseId: warehouse, supplyId: preform.supplyIds[0] });
    const before = await rowsOf(warehouse);
    expect(before.count).toBe(1);
    expect(before.rows[0]).toMatchObject({ preformId: preform.id, currentStock: null, futureBalance: null });

    const fill = await post(app, '/api/admin/preform/stock/save', { preformId: preform.id, preformWarehouseId: warehouse, preformStock: 500 }, await as.admin());
    expect(fill.status).toBe(200);
    expect(fill.body.currentStock).toBe(500);
    const ledger = await database.db.selectFrom('preform_stock_movements').selectAll().where('preform_id', '=', preform.id).execute();
    expect(ledger.map((row) => [row.quantity, row.balance_after])).toEqual([[500, 500]]);
  });

  it('a pair that no live product uses any more, and never had stock, leaves the list; one with stock stays', async () => {
    const warehouse = await makeWarehouse(database.db);
    const [unused, stocked] = [await makePreform(database.db), await makePreform(database.db)];
    const company = await makeCompany(database.db);
    const first = await makeProduct(database.db, { companyId: company, preformId: unused.id, warehouseId: warehouse, supplyId: unused.supplyIds[0] });
    const second = await makeProduct(database.db, { companyId: company, preformId: stocked.id, warehouseId: warehouse, supplyId: stocked.supplyIds[0] });
    await post(app, '/api/admin/preform/stock/save', { preformId: stocked.id, preformWarehouseId: warehouse, preformStock: 42 }, await as.admin());
    expect((await rowsOf(warehouse)).count).toBe(2);

    await database.db.updateTable('client_products').set({ deleted_at: clockNow() }).where('id', 'in', [first, second]).execute();
    const after = await rowsOf(warehouse);
    expect(after.count).toBe(1);
    expect(after.rows[0]).toMatchObject({ preformId: stocked.id, currentStock: 42 });
  });
});
