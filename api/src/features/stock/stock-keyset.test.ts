import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';

/**
 * Issue 14, item 3: the operator's stock page continues by cursor (keyset) instead of skipping rows (OFFSET).
 * Walking every page by cursor must give exactly the rows of the page-number pages, in the same order: rows with
 * an order amount (largest first), then the others, ties by preform name, preform, warehouse name, warehouse.
 */
let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let operator: string;
const warehouses: number[] = [];

interface StockRow {
  preformId: number;
  preformWarehouseId: number;
  Preform: { preformName: string };
  orderAmount: number | null;
}
interface StockAnswer {
  rows: StockRow[];
  count: number;
  nextCursor?: string | null;
}

const pairOf = (row: { preformId: number; preformWarehouseId: number }) => `${row.preformId}:${row.preformWarehouseId}`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  admin = await as.admin();
  operator = await as.operator();
  const db = database.db;
  for (let i = 0; i < 4; i++) warehouses.push(await makeWarehouse(db));
  const order = await makeProductionOrder(db);
  // Six preforms share one name (ties in preform name, told apart by id), four have names of their own.
  const names = ['Keyset Twin', 'Keyset Twin', 'Keyset Alpha', 'Keyset Twin', 'Keyset Omega', 'Keyset Twin', 'Keyset Beta', 'Keyset Twin', 'Keyset Gamma', 'Keyset Twin'];
  let index = 0;
  for (const name of names) {
    const preform = await makePreform(db, { name });
    for (const warehouseId of warehouses) {
      const productId = await makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0] });
      // One pair in three needs preforms, most of them exactly 1,000 (ties in order amount across pages).
      if (index % 3 === 0) await makeOrderItem(db, { orderId: order, productId, planned: index % 5 === 0 ? 2_000 + index : 1_000 });
      index++;
    }
  }
  // One more pair without an order amount, so that the last page is not full.
  const last = await makePreform(db, { name: 'Keyset Zeta' });
  await makeProduct(db, { preformId: last.id, warehouseId: warehouses[0]!, supplyId: last.supplyIds[0] });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const operatorPage = async (body: object) => {
  const response = await post(app, '/api/operator/preformstock/get', body, operator);
  expect(response.status).toBe(200);
  return response.body as StockAnswer;
};

/** Every row in the documented order, straight from the tables: the oracle both ways of paging must match. */
async function everyRowInOrder(warehouseId?: number) {
  const result = await sql<{ preform_id: number; warehouse_id: number }>`
    select s.preform_id, s.warehouse_id
      from preform_stock s
      join preforms p on p.id = s.preform_id and p.deleted_at is null
      join preform_warehouses w on w.id = s.warehouse_id
     where ${warehouseId === undefined ? sql`true` : sql`s.warehouse_id = ${warehouseId}`}
     order by s.order_amount is null, s.order_amount desc, p.preform_name, p.id, w.warehouse_name, w.id`.execute(database.db);
  return result.rows.map((row) => `${row.preform_id}:${row.warehouse_id}`);
}

async function walkByPageNumber(rowsPerPage: number) {
  const pages: string[][] = [];
  for (let page = 1; ; page++) {
    const answer = await operatorPage({ pagination: { page, rowsPerPage } });
    pages.push(answer.rows.map(pairOf));
    if (answer.rows.length < rowsPerPage) return pages;
  }
}

async function walkByCursor(rowsPerPage: number) {
  const pages: string[][] = [];
  const counts = new Set<number>();
  let after: string | undefined;
  for (let page = 1; ; page++) {
    const answer = await operatorPage({ pagination: { page, rowsPerPage }, ...(after ? { after } : {}) });
    counts.add(answer.count);
    pages.push(answer.rows.map(pairOf));
    if (!answer.nextCursor) {
      expect(answer.rows.length).toBeLessThan(rowsPerPage);
      return { pages, counts };
    }
    expect(answer.rows).toHaveLength(rowsPerPage);
    after = answer.nextCursor;
  }
}

describe('operator stock by cursor (keyset)', () => {
  it('the data has what makes keyset paging hard: a tie in order amount across a page boundary, and the boundary between rows with and without an order amount inside a page', async () => {
    const rows = await sql<{ order_amount: number | null; preform_name: string; preform_id: number }>`
      select s.order_amount, p.preform_name, p.id as preform_id from preform_stock s join preforms p on p.id = s.preform_id and p.deleted_at is null
       join preform_warehouses w on w.id = s.warehouse_id
       order by s.order_amount is null, s.order_amount desc, p.preform_name, p.id, w.warehouse_name, w.id`.execute(database.db);
    const amounts = rows.rows.map((row) => row.order_amount);
    const boundaries = amounts.map((_, i) => i).filter((i) => i > 0 && i % 10 === 0);
    expect(boundaries.some((i) => amounts[i] !== null && amounts[i] === amounts[i - 1])).toBe(true);
    const firstWithout = amounts.indexOf(null);
    expect(firstWithout % 10).not.toBe(0);
    expect(amounts.length - firstWithout).toBeGreaterThan(10);
    // a page boundary among the rows without an order amount falls between two preforms of one name
    const twins = (i: number) => rows.rows[i]!.preform_name === rows.rows[i - 1]!.preform_name && rows.rows[i]!.preform_id !== rows.rows[i - 1]!.preform_id;
    expect(boundaries.some((i) => i > firstWithout && twins(i))).toBe(true);
  });

  it.each([10, 20])('walking every page by cursor (%i rows) gives exactly the rows of the page-number pages, in order, and the same count', async (rowsPerPage) => {
    const expected = await everyRowInOrder();
    const byNumber = await walkByPageNumber(rowsPerPage);
    const byCursor = await walkByCursor(rowsPerPage);
    expect(byNumber.flat()).toEqual(expected);
    expect(byCursor.pages).toEqual(byNumber);
    expect([...byCursor.counts]).toEqual([expected.length]);
  });

  it('a page-number page answers the cursor of its last row too, so the next page by cursor continues it', async () => {
    const expected = await everyRowInOrder();
    const third = await operatorPage({ pagination: { page: 3, rowsPerPage: 10 } });
    expect(third.rows.map(pairOf)).toEqual(expected.slice(20, 30));
    const fourth = await operatorPage({ pagination: { page: 4, rowsPerPage: 10 }, after: third.nextCursor });
    expect(fourth.rows.map(pairOf)).toEqual(expected.slice(30, 40));
  });

  it('the last page answers nextCursor null; the body {} of part 7 answers page 1 with a cursor', async () => {
    const expected = await everyRowInOrder();
    const last = Math.ceil(expected.length / 10);
    expect(expected.length % 10).not.toBe(0);
    expect((await operatorPage({ pagination: { page: last, rowsPerPage: 10 } })).nextCursor).toBeNull();
    const first = await operatorPage({});
    expect(first.rows.map(pairOf)).toEqual(expected.slice(0, 10));
    expect(typeof first.nextCursor).toBe('string');
  });

  it('another order pages by page number: no cursor in the answer, and `after` with it is refused naming the field', async () => {
    const byName = await operatorPage({ pagination: { page: 1, rowsPerPage: 10, sortBy: 'preformName' } });
    expect(byName.rows).toHaveLength(10);
    expect(byName.nextCursor).toBeNull();
    const cursor = (await operatorPage({})).nextCursor;
    const refused = await post(app, '/api/operator/preformstock/get', { pagination: { page: 2, rowsPerPage: 10, sortBy: 'preformName' }, after: cursor }, operator);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'after', code: 'notForOrder' })]);
  });

  const encode = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  it.each([
    ['not base64url JSON', encode('{"orderAmount":')],
    ['JSON of another shape', encode({ orderAmount: 1000, preformId: 1 })],
    ['too few fields', encode([1000, 'Keyset Twin', 1, 'Warehouse'])],
    ['an amount that is not a number', encode(['1000', 'Keyset Twin', 1, 'Warehouse', 1])],
    ['a preform id that is not an integer', encode([1000, 'Keyset Twin', 1.5, 'Warehouse', 1])],
    ['an id past the database integer', encode([1000, 'Keyset Twin', 1, 'Warehouse', 2 ** 31])],
    ['a name with a NUL character', encode([null, 'Keyset\u0000Twin', 1, 'Warehouse', 1])],
    ['characters outside base64url', 'abc+/='],
    ['an empty cursor', ''],
  ])('a forged cursor (%s) answers 400 naming after', async (_name, after) => {
    const response = await post(app, '/api/operator/preformstock/get', { pagination: { page: 2, rowsPerPage: 10 }, after }, operator);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'after' })]));
  });

  it('pages by number give the rows of the documented order on the admin page of every warehouse too, and the last page of the operator (read from the end) and the one after it', async () => {
    // the operator's pages past the middle of the rows without an order amount are read from the end: the walks
    // by number above check them against the oracle (page 4 and 5 of 10 rows, page 3 of 20)
    for (const warehouseId of warehouses) {
      const expected = await everyRowInOrder(warehouseId);
      for (const rowsPerPage of [10, 20]) {
        const pages: string[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / rowsPerPage) + 1; page++) {
          const response = await post(app, '/api/admin/preformstock/get', { preformWarehouseId: warehouseId, pagination: { page, rowsPerPage } }, admin);
          expect(response.body.count).toBe(expected.length);
          pages.push(...response.body.rows.map(pairOf));
        }
        expect(pages).toEqual(expected);
      }
    }
    const expected = await everyRowInOrder();
    const last = Math.ceil(expected.length / 10);
    expect((await operatorPage({ pagination: { page: last, rowsPerPage: 10 } })).rows.map(pairOf)).toEqual(expected.slice((last - 1) * 10));
    expect((await operatorPage({ pagination: { page: last + 1, rowsPerPage: 10 } })).rows).toEqual([]);
  });

  it('the admin warehouse page is unchanged: page-number pages in the same order, no cursor, other sorts still offered', async () => {
    const warehouseId = warehouses[1]!;
    const expected = await everyRowInOrder(warehouseId);
    expect(expected.length).toBeGreaterThan(0);
    const response = await post(app, '/api/admin/preformstock/get', { preformWarehouseId: warehouseId, pagination: { page: 1, rowsPerPage: 10 } }, admin);
    expect(response.status).toBe(200);
    expect(response.body.rows.map(pairOf)).toEqual(expected.slice(0, 10));
    expect(response.body.count).toBe(expected.length);
    expect(response.body).not.toHaveProperty('nextCursor');
    expect(response.body.warehouse).toMatchObject({ id: warehouseId });
    const byStock = await post(app, '/api/admin/preformstock/get', { preformWarehouseId: warehouseId, pagination: { page: 1, rowsPerPage: 10, sortBy: 'currentStock', descending: true } }, admin);
    expect(byStock.status).toBe(200);
    // the admin's body has no `after`: an unknown field is dropped (removeAdditional), so it still answers page 1
    const withAfter = await post(app, '/api/admin/preformstock/get', { preformWarehouseId: warehouseId, after: (await operatorPage({})).nextCursor }, admin);
    expect(withAfter.status).toBe(200);
    expect(withAfter.body.rows.map(pairOf)).toEqual(expected.slice(0, 10));
  });
});
