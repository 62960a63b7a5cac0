import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import {
  ledgerSnapshot,
  makeOrderItem,
  makePreform,
  makeProduct,
  makeProductionOrder,
  makeWarehouse,
  stockOf,
} from '../supply/supply.fixtures.js';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let operator: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  admin = await as.admin();
  operator = await as.operator();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

interface StockRow {
  preformId: number;
  preformWarehouseId: number;
  Preform: { preformName: string; material: string; color: string };
  PreformWarehouse: { warehouseName: string };
  currentStock: number | null;
  orderAmount: number | null;
  futureBalance: number | null;
}

const fill = (body: object, token = admin) => post(app, '/api/admin/preform/stock/save', body, token);
const stockPage = async (warehouseId: number, pagination?: object) =>
  (await post(app, '/api/admin/preformstock/get', { preformWarehouseId: warehouseId, ...(pagination ? { pagination } : {}) }, admin)).body as {
    warehouse: { id: number; warehouseName: string; clientProductCount: number };
    rows: StockRow[];
    count: number;
  };

describe('preform stock role gates', () => {
  it('admin stock calls answer 403 for every role but admin', async () => {
    for (const token of [operator, await as.accountant(), await as.client(), await as.buyer(), await as.seller(), await as.guest()]) {
      expect((await post(app, '/api/admin/preformstock/get', { preformWarehouseId: 1 }, token)).status).toBe(403);
      expect((await fill({ preformId: 1, preformWarehouseId: 1, preformStock: 1 }, token)).status).toBe(403);
    }
  });

  it('operator stock calls answer 403 for every role but operator', async () => {
    for (const token of [admin, await as.accountant(), await as.client(), await as.buyer(), await as.seller(), await as.guest()]) {
      expect((await post(app, '/api/operator/preformstock/get', {}, token)).status).toBe(403);
      expect((await post(app, '/api/operator/preform/stock/save', { preformId: 1, preformWarehouseId: 1, preformStock: 1 }, token)).status).toBe(403);
    }
  });
});

describe('Fill preform stock', () => {
  it('increase adds the entered number; a negative number corrects the stock down; each fill is one ledger row', async () => {
    const preform = await makePreform(database.db);
    const warehouseId = await makeWarehouse(database.db);
    const first = await fill({ preformId: preform.id, preformWarehouseId: warehouseId, preformStock: 60_000, method: 'increase' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ preformId: preform.id, preformWarehouseId: warehouseId, currentStock: 60_000, orderAmount: null, futureBalance: 60_000 });
    const down = await fill({ preformId: preform.id, preformWarehouseId: warehouseId, preformStock: -1_200.5 });
    expect(down.body.currentStock).toBe(58_799.5);
    const { movements, balance } = await stockOf(database.db, preform.id, warehouseId);
    expect(balance).toBe(58_799.5);
    expect(movements).toEqual([
      expect.objectContaining({ reason: 'fill_increase', quantity: 60_000, balance_after: 60_000, subject: 'admin-1', source_type: null }),
      expect.objectContaining({ reason: 'fill_increase', quantity: -1_200.5, balance_after: 58_799.5 }),
    ]);
    const entries = await database.db.selectFrom('audit_log').selectAll().where('operation', '=', 'fillPreformStock').execute();
    expect(entries.filter((entry) => entry.record_id === `${preform.id}:${warehouseId}`)).toHaveLength(2);
  });

  it('set records the difference that brings the stock to the entered number (down, to a negative number, and from nothing)', async () => {
    const preform = await makePreform(database.db);
    const warehouseId = await makeWarehouse(database.db);
    const fresh = await fill({ preformId: preform.id, preformWarehouseId: warehouseId, preformStock: 5_000, method: 'set' });
    expect(fresh.body.currentStock).toBe(5_000);
    await fill({ preformId: preform.id, preformWarehouseId: warehouseId, preformStock: 2_000, method: 'set' });
    const negative = await fill({ preformId: preform.id, preformWarehouseId: warehouseId, preformStock: -500, method: 'set' });
    expect(negative.body.currentStock).toBe(-500);
    const { movements } = await stockOf(database.db, preform.id, warehouseId);
    expect(movements.map((m) => [m.reason, m.quantity, m.balance_after])).toEqual([
      ['fill_set', 5_000, 5_000],
      ['fill_set', -3_000, 2_000],
      ['fill_set', -2_500, -500],
    ]);
  });

  it('the operator fills with the entered text as a number and method increase', async () => {
    const preform = await makePreform(database.db);
    const warehouseId = await makeWarehouse(database.db);
    const response = await post(app, '/api/operator/preform/stock/save', { preformId: preform.id, preformWarehouseId: warehouseId, preformStock: 1_500, method: 'increase' }, operator);
    expect(response.status).toBe(200);
    expect(response.body.currentStock).toBe(1_500);
    expect((await stockOf(database.db, preform.id, warehouseId)).movements[0]).toMatchObject({ subject: 'operator-1', reason: 'fill_increase' });
  });

  it.each([
    ['below -10,000,000', { preformStock: -10_000_001 }, 'preformStock', 'minimum'],
    ['above 10,000,000', { preformStock: 10_000_001 }, 'preformStock', 'maximum'],
    ['not a number', { preformStock: '12' }, 'preformStock', 'type'],
    ['missing (Field is required.)', { preformStock: undefined }, 'preformStock', 'required'],
    ['an unknown method', { method: 'replace' }, 'method', 'enum'],
  ])('refuses an amount %s with a 400 problem naming the field, and writes nothing', async (_name, change, field, code) => {
    const preform = await makePreform(database.db);
    const warehouseId = await makeWarehouse(database.db);
    const before = await ledgerSnapshot(database.db);
    const response = await fill({ preformId: preform.id, preformWarehouseId: warehouseId, preformStock: 10, ...change });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    expect(await ledgerSnapshot(database.db)).toEqual(before);
  });

  it('accepts the limits themselves, -10,000,000 and 10,000,000', async () => {
    const preform = await makePreform(database.db);
    const warehouseId = await makeWarehouse(database.db);
    expect((await fill({ preformId: preform.id, preformWarehouseId: warehouseId, preformStock: 10_000_000 })).status).toBe(200);
    expect((await fill({ preformId: preform.id, preformWarehouseId: warehouseId, preformStock: -10_000_000 })).body.currentStock).toBe(0);
  });

  it('refuses a preform or warehouse that does not exist, naming the field', async () => {
    const preform = await makePreform(database.db);
    const warehouseId = await makeWarehouse(database.db);
    const noPreform = await fill({ preformId: 999_999, preformWarehouseId: warehouseId, preformStock: 1 });
    expect(noPreform.status).toBe(400);
    expect(noPreform.body.errors[0].field).toBe('preformId');
    const noWarehouse = await fill({ preformId: preform.id, preformWarehouseId: 999_999, preformStock: 1 });
    expect(noWarehouse.body.errors[0].field).toBe('preformWarehouseId');
  });

  it('concurrent fills of one pair are serialised: 20 parallel increases of 1 add 20, with 20 consecutive balances in the ledger', async () => {
    const preform = await makePreform(database.db);
    const warehouseId = await makeWarehouse(database.db);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => fill({ preformId: preform.id, preformWarehouseId: warehouseId, preformStock: 1 })),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const { movements, balance } = await stockOf(database.db, preform.id, warehouseId);
    expect(balance).toBe(20);
    expect(movements.map((m) => m.balance_after)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('the ledger is append-only: UPDATE and DELETE are refused by the database', async () => {
    const preform = await makePreform(database.db);
    const warehouseId = await makeWarehouse(database.db);
    await fill({ preformId: preform.id, preformWarehouseId: warehouseId, preformStock: 100 });
    await expect(database.db.updateTable('preform_stock_movements').set({ quantity: 1 }).execute()).rejects.toThrow(/append-only/);
    await expect(database.db.deleteFrom('preform_stock_movements').execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate preform_stock_movements cascade`.execute(database.asOwner())).rejects.toThrow(/append-only/);
  });
});

describe('Order amount and future balance', () => {
  it('order amount = remaining bottles of open items plus scrap (rate x remaining + start + change-over per open item); future balance = stock - order amount', async () => {
    const preform = await makePreform(database.db);
    const warehouseId = await makeWarehouse(database.db);
    const productId = await makeProduct(database.db, {
      preformId: preform.id,
      warehouseId,
      supplyId: preform.supplyIds[0],
      scrapRate: 0.02,
      scrapStart: 300,
      scrapChangeOver: 150,
    });
    const open = await makeProductionOrder(database.db);
    await makeOrderItem(database.db, { orderId: open, productId, planned: 120_000, produced: 45_000 }); // 75,000 left
    await makeOrderItem(database.db, { orderId: open, productId, planned: 10_000 }); // 10,000 left
    await makeOrderItem(database.db, { orderId: open, productId, planned: 10_000, produced: 12_000 }); // over-produced: nothing left
    await makeOrderItem(database.db, { orderId: open, productId, planned: 50_000, isClosed: true }); // closed item
    const closed = await makeProductionOrder(database.db, { closed: 1 });
    await makeOrderItem(database.db, { orderId: closed, productId, planned: 90_000 }); // closed order
    await fill({ preformId: preform.id, preformWarehouseId: warehouseId, preformStock: 60_000 });

    // 85,000 remaining x 1.02 + 2 open items x (300 + 150)
    const expected = 85_000 * 1.02 + 2 * 450;
    const { rows, warehouse } = await stockPage(warehouseId);
    expect(warehouse).toMatchObject({ id: warehouseId, clientProductCount: 1 });
    expect(rows).toEqual([
      expect.objectContaining({ preformId: preform.id, currentStock: 60_000, orderAmount: expected, futureBalance: 60_000 - expected }),
    ]);
  });

  it('a pair with client products but no stock row is listed with a null stock; future balance is null only when both are null', async () => {
    const preform = await makePreform(database.db);
    const warehouseId = await makeWarehouse(database.db);
    const withOrders = await makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0] });
    await makeOrderItem(database.db, { orderId: await makeProductionOrder(database.db), productId: withOrders, planned: 5_000 });
    const idle = await makePreform(database.db);
    await makeProduct(database.db, { preformId: idle.id, warehouseId, supplyId: idle.supplyIds[0] });
    const { rows, count } = await stockPage(warehouseId);
    expect(count).toBe(2);
    expect(rows).toEqual([
      expect.objectContaining({ preformId: preform.id, currentStock: null, orderAmount: 5_000, futureBalance: -5_000 }),
      expect.objectContaining({ preformId: idle.id, currentStock: null, orderAmount: null, futureBalance: null }),
    ]);
  });

  it('the admin page is one warehouse, 10 rows by default, orderAmount descending, sortable by the listed keys', async () => {
    const warehouseId = await makeWarehouse(database.db);
    const otherWarehouse = await makeWarehouse(database.db);
    const order = await makeProductionOrder(database.db);
    for (let i = 0; i < 12; i++) {
      const preform = await makePreform(database.db, { name: `Preform ${String.fromCharCode(65 + i)}` });
      const productId = await makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0] });
      if (i % 3 !== 0) await makeOrderItem(database.db, { orderId: order, productId, planned: 1_000 * (i + 1) });
      await fill({ preformId: preform.id, preformWarehouseId: warehouseId, preformStock: 500 * (12 - i) });
      await fill({ preformId: preform.id, preformWarehouseId: otherWarehouse, preformStock: 1 });
    }
    const first = await stockPage(warehouseId);
    expect(first.count).toBe(12);
    expect(first.rows).toHaveLength(10);
    expect(first.rows.every((row) => row.preformWarehouseId === warehouseId)).toBe(true);
    const amounts = first.rows.map((row) => row.orderAmount ?? 0);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const second = await stockPage(warehouseId, { page: 2, rowsPerPage: 10 });
    expect(second.rows).toHaveLength(2);
    expect(new Set([...first.rows, ...second.rows].map((row) => row.preformId)).size).toBe(12);

    const sorted = async (sortBy: string, descending: boolean) =>
      (await stockPage(warehouseId, { page: 1, rowsPerPage: 20, sortBy, descending })).rows;
    const names = (await sorted('preformName', false)).map((row) => row.Preform.preformName);
    expect(names).toEqual([...names].sort());
    const stock = (await sorted('currentStock', true)).map((row) => row.currentStock ?? 0);
    expect(stock).toEqual([...stock].sort((a, b) => b - a));
    const balances = (await sorted('futureBalance', false)).map((row) => row.futureBalance ?? 0);
    expect(balances).toEqual([...balances].sort((a, b) => a - b));
    const ascending = (await sorted('orderAmount', false)).map((row) => row.orderAmount ?? 0);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  });

  it('a deleted preform leaves the stock table (rows and count), though its ledger stays', async () => {
    const warehouseId = await makeWarehouse(database.db);
    const kept = await makePreform(database.db);
    const deleted = await makePreform(database.db);
    await fill({ preformId: kept.id, preformWarehouseId: warehouseId, preformStock: 10 });
    await fill({ preformId: deleted.id, preformWarehouseId: warehouseId, preformStock: 20 });
    expect((await stockPage(warehouseId)).count).toBe(2);
    expect((await post(app, '/api/admin/preforms/delete', { ids: [deleted.id] }, admin)).status).toBe(200);
    const after = await stockPage(warehouseId);
    expect(after.count).toBe(1);
    expect(after.rows.map((row) => row.preformId)).toEqual([kept.id]);
    expect((await stockOf(database.db, deleted.id, warehouseId)).movements).toHaveLength(1);
  });

  it('an unknown warehouse answers 404', async () => {
    expect((await post(app, '/api/admin/preformstock/get', { preformWarehouseId: 999_999 }, admin)).status).toBe(404);
  });
});

describe('POST /api/operator/preformstock/get', () => {
  it('called with {} answers page 1: 10 rows of every warehouse, orderAmount descending, and the count of all rows', async () => {
    const response = await post(app, '/api/operator/preformstock/get', {}, operator);
    expect(response.status).toBe(200);
    const total = (await sql<{ n: number }>`select count(*)::int as n from (select preform_id, warehouse_id from preform_stock union select preform_id, preform_warehouse_id from client_products where deleted_at is null) x join preforms p on p.id = x.preform_id and p.deleted_at is null`.execute(database.db)).rows[0].n;
    expect(response.body.count).toBe(total);
    expect(total).toBeGreaterThan(10);
    expect(response.body.rows).toHaveLength(10);
    const amounts = response.body.rows.map((row: StockRow) => row.orderAmount ?? 0);
    expect(amounts).toEqual([...amounts].sort((a: number, b: number) => b - a));
    expect(new Set(response.body.rows.map((row: StockRow) => row.preformWarehouseId)).size).toBeGreaterThan(1);
  });

  it('pages through every row exactly once with the optional pagination, past the rows with an order amount', async () => {
    const seen = new Set<string>();
    let count = 0;
    for (let page = 1; ; page++) {
      const response = await post(app, '/api/operator/preformstock/get', { pagination: { page, rowsPerPage: 10 } }, operator);
      count = response.body.count;
      for (const row of response.body.rows as StockRow[]) seen.add(`${row.preformId}:${row.preformWarehouseId}`);
      if (response.body.rows.length < 10) break;
    }
    expect(seen.size).toBe(count);
  });

  it('refuses a page size the portal does not offer', async () => {
    expect((await post(app, '/api/operator/preformstock/get', { pagination: { page: 1, rowsPerPage: 1000 } }, operator)).status).toBe(400);
  });
});
