import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post, testConfig } from '../../../../tests/support/app.test-utils.js';
import { limitPdfRenders, renders } from '../../pdf/pdf.js';
import { pdfText } from '../../../../tests/support/pdf.test-utils.js';
import { COMPANY_A, COMPANY_B, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { invoiceItem } from './orders.fixtures.js';
import { productionOrdersFilename } from './production-orders.service.js';
import { now as clockNow } from '../../lib/clock.js';
import { keepsDerivedAfterEach } from '../../../../tests/support/derived.test-utils.js';
import { rowCounts } from '../../db/derived/row-counts.js';
import { agenda } from '../../db/derived/agenda.js';
import { lotItemUses } from '../../db/derived/lot-item-uses.js';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let orderA: number;
let orderB: number;
let itemA1: number;
let productA: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createTwoCompanies(database.db);
  admin = await as.admin();
  const warehouseId = await makeWarehouse(database.db);
  const preform = await makePreform(database.db);
  const product = (companyId: string, name: string) =>
    makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId, name });
  productA = await product(COMPANY_A, 'Spring Water 0.5 L');
  const productA2 = await product(COMPANY_A, 'Früh Sprudel 1.5 L');
  const productB = await product(COMPANY_B, 'Fjord Sparkling 0.5 L');
  orderA = await makeProductionOrder(database.db, { companyId: COMPANY_A, orderNo: 'PO-A-1' });
  itemA1 = await makeOrderItem(database.db, { orderId: orderA, productId: productA, planned: 80_000, produced: 48_000, dueDate: '2026-12-09' });
  await makeOrderItem(database.db, { orderId: orderA, productId: productA2, planned: 20_000, produced: 0, dueDate: '2026-12-02' });
  // B's order is created later, so it is the newest.
  await database.db.updateTable('client_production_orders').set({ created_at: new Date('2026-11-01T08:00:00Z') }).where('id', '=', orderA).execute();
  orderB = await makeProductionOrder(database.db, { companyId: COMPANY_B, orderNo: 'PO-B-7', closed: 1 });
  await makeOrderItem(database.db, { orderId: orderB, productId: productB, planned: 5000, produced: 5000, dueDate: '2026-12-14' });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});
// Every test here writes sources of these derived tables through the endpoints: after each, they are as recomputed.
keepsDerivedAfterEach(() => database.asOwner(), [rowCounts, agenda, lotItemUses]);

const list = (pagination: object = { page: 1, rowsPerPage: 10 }, token = admin) => post(app, '/api/admin/orders/filter', { pagination }, token);

describe("'New orders' (orders/filter)", () => {
  it('lists every company’s production orders, newest first, with progress, client, order number, articles, period and created at', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(2);
    expect(response.body.rows.map((row: { id: number }) => row.id)).toEqual([orderB, orderA]);
    const a = response.body.rows[1];
    expect(a).toMatchObject({
      orderNo: 'PO-A-1',
      clientId: COMPANY_A,
      company: 'Company A',
      closed: 0,
      producedPart: 48_000 / 100_000,
      producedStart: '2026-12-02',
      producedEnd: '2026-12-09',
      createdAt: '2026-11-01T08:00:00.000Z',
      hasInvoice: false,
    });
    expect(a.producedArticles.split(',')).toHaveLength(2);
  });

  it('expandable rows: each order carries its items with product and progress, due date ascending', async () => {
    const response = await list();
    const a = response.body.rows.find((row: { id: number }) => row.id === orderA);
    expect(a.ClientProductionOrderItems.map((item: { dueDate: string }) => item.dueDate)).toEqual(['2026-12-02', '2026-12-09']);
    expect(a.ClientProductionOrderItems[1]).toMatchObject({
      id: itemA1,
      clientProductionOrderId: orderA,
      ClientProduct: { productName: 'Spring Water 0.5 L' },
      plannedAmount: 80_000,
      producedAmount: 48_000,
      producedPart: 0.6,
    });
  });

  it('pages (10 a page), sorts in SQL and counts every order', async () => {
    const page = await list({ page: 2, rowsPerPage: 10 });
    expect(page.body).toEqual({ rows: [], count: 2 });
    const byNo = await list({ page: 1, rowsPerPage: 10, sortBy: 'orderNo', descending: false });
    expect(byNo.body.rows.map((row: { orderNo: string }) => row.orderNo)).toEqual(['PO-A-1', 'PO-B-7']);
    const byCompany = await list({ page: 1, rowsPerPage: 10, sortBy: 'company', descending: true });
    expect(byCompany.body.rows.map((row: { company: string }) => row.company)).toEqual(['Company B', 'Company A']);
  });

  it('is for the admin only', async () => {
    for (const token of [await as.operator(), await as.client(COMPANY_A), await as.accountant()]) {
      expect((await list(undefined, token)).status).toBe(403);
    }
  });
});

describe('production orders PDF (orders/download)', () => {
  it('answers a PDF attachment named PO-{YYMMDD}.pdf with the date of the download', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/orders/download', payload: { orderIds: [orderA] }, headers: { authorization: `Bearer ${admin}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const expected = productionOrdersFilename(clockNow());
    expect(expected).toMatch(/^PO-\d{6}\.pdf$/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${expected}"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('names the file by the download date', () => {
    expect(productionOrdersFilename(new Date('2026-03-09T23:30:00Z'))).toBe('PO-260309.pdf');
  });

  it('has one table per selected order: order number, client, and per item article, title, due date, planned, produced, progress', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/orders/download',
      payload: { orderIds: [orderB, orderA] },
      headers: { authorization: `Bearer ${admin}` },
    });
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Order PO-B-7 · Company B');
    expect(text).toContain('Order PO-A-1 · Company A');
    expect(text.indexOf('PO-B-7')).toBeLessThan(text.indexOf('PO-A-1'));
    expect(text).toContain('Spring Water 0.5 L');
    expect(text).toContain('Früh Sprudel 1.5 L');
    expect(text).toMatch(/09\.12\.2026 80,000 48,000 60 %/);
    expect(text).toMatch(/Fjord Sparkling 0\.5 L 14\.12\.2026 5,000 5,000 100 %/);
    for (const header of ['Article no.', 'Title', 'Due date', 'Planned', 'Produced', 'Progress']) expect(text).toContain(header);
  });

  it('an unknown order id answers 404 (no PDF missing an order)', async () => {
    const response = await post(app, '/api/admin/orders/download', { orderIds: [orderA, 999_999] }, admin);
    expect(response.status).toBe(404);
  });

  it('needs at least one order (400) and is for the admin only', async () => {
    expect((await post(app, '/api/admin/orders/download', { orderIds: [] }, admin)).status).toBe(400);
    for (const token of [await as.operator(), await as.client(COMPANY_A)]) {
      expect((await post(app, '/api/admin/orders/download', { orderIds: [orderA] }, token)).status).toBe(403);
    }
  });

  it('leaves the rendering queue, unrendered, when the admin goes away while it waits', async () => {
    // No rendering place free: the download waits in the queue until its client leaves.
    limitPdfRenders(0);
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const started = renders.started;
      const request = httpRequest({
        host: '127.0.0.1',
        port: typeof address === 'object' && address ? address.port : 0,
        path: '/api/admin/orders/download',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      });
      request.on('error', () => undefined);
      request.end(JSON.stringify({ orderIds: [orderA] }));
      await vi.waitFor(() => expect(renders.waiting).toHaveLength(1), { timeout: 10_000 });
      request.destroy();
      await vi.waitFor(() => expect(renders.waiting).toHaveLength(0), { timeout: 10_000 });
      // With places again, nothing is left to render for it.
      limitPdfRenders(testConfig.PDF_MAX_RENDERS);
      expect(renders.active).toBe(0);
      expect(renders.started).toBe(started);
    } finally {
      limitPdfRenders(testConfig.PDF_MAX_RENDERS);
    }
  });
});

describe("'New orders': the page sorted and limited before its items are read, the count kept beside the orders", () => {
  interface Row {
    id: number;
    producedPart: number;
    producedStart: string | null;
    producedArticles: string;
    hasInvoice: boolean;
    ClientProductionOrderItems: { id: number; hasInvoice: boolean; updatedAt: string }[];
  }
  /** Every order's progress and period start, as the fixtures make them. */
  const known = new Map<number, { part: number; start: string | null }>();
  const rowsOf = async (pagination: object) => {
    const response = await list(pagination);
    expect(response.status).toBe(200);
    return response.body as { rows: Row[]; count: number };
  };
  /** Every page of 10 in turn, until an empty one: the ids in the order the pages list them. */
  const allPages = async (sort: object) => {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const { rows } = await rowsOf({ page, rowsPerPage: 10, ...sort });
      if (!rows.length) return ids;
      ids.push(...rows.map((row) => row.id));
    }
  };
  const compare = (a: number | string | null, b: number | string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

  beforeAll(async () => {
    known.set(orderA, { part: 0.48, start: '2026-12-02' });
    known.set(orderB, { part: 1, start: '2026-12-14' });
    // Eleven orders of A created a minute apart in October (older than A's and B's first orders), progress k/10 and
    // period start on day 10 + k; two of them without items (progress 0, no period) and two with equal progress.
    for (let k = 0; k < 11; k++) {
      const id = await makeProductionOrder(database.db, { companyId: COMPANY_A, orderNo: `PO-A-${100 + k}` });
      await database.db.updateTable('client_production_orders').set({ created_at: new Date(Date.UTC(2026, 9, 1, 8, k)) }).where('id', '=', id).execute();
      if (k === 3 || k === 7) {
        known.set(id, { part: 0, start: null });
        continue;
      }
      const part = k === 9 ? 5 : k;
      const start = `2026-12-${10 + k}`;
      await makeOrderItem(database.db, { orderId: id, productId: productA, planned: 10_000, produced: 1000 * part, dueDate: start });
      known.set(id, { part: part / 10, start });
    }
  });

  it('lists every order once over its pages, newest first, and counts them all', async () => {
    const created = await database.db.selectFrom('client_production_orders').select(['id', 'created_at']).execute();
    const newestFirst = created.sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id).map((row) => row.id);
    expect(newestFirst).toHaveLength(13);
    expect(await allPages({})).toEqual(newestFirst);
    expect((await rowsOf({ page: 2, rowsPerPage: 10 })).count).toBe(13);
    expect(await allPages({ sortBy: 'createdAt', descending: false })).toEqual([...newestFirst].reverse());
  });

  it('sorts by progress and by period start over every order (ties and empty periods by id), page after page', async () => {
    const ids = [...known.keys()];
    const byPart = [...ids].sort((a, b) => known.get(b)!.part - known.get(a)!.part || b - a);
    expect(await allPages({ sortBy: 'producedPart', descending: true })).toEqual(byPart);
    // Ascending, an order without items (no period) comes last, as PostgreSQL sorts NULL.
    const byStart = [...ids].sort((a, b) => compare(known.get(a)!.start, known.get(b)!.start) || a - b);
    expect(await allPages({ sortBy: 'producedStart', descending: false })).toEqual(byStart);
    const { rows } = await rowsOf({ page: 1, rowsPerPage: 10, sortBy: 'producedStart', descending: true });
    expect(rows.slice(0, 2).map((row) => [row.producedStart, row.producedArticles, row.ClientProductionOrderItems])).toEqual([
      [null, '', []],
      [null, '', []],
    ]);
  });

  it('the count follows orders added and deleted, several in one statement', async () => {
    const before = (await rowsOf({ page: 1, rowsPerPage: 10 })).count;
    const added = await database.db
      .insertInto('client_production_orders')
      .values([1, 2, 3].map((n) => ({ company_id: COMPANY_B, order_no: `PO-B-COUNT-${n}` })))
      .returning('id')
      .execute();
    expect((await rowsOf({ page: 1, rowsPerPage: 10 })).count).toBe(before + 3);
    await database.db.deleteFrom('client_production_orders').where('id', 'in', added.slice(0, 2).map((row) => row.id)).execute();
    expect((await rowsOf({ page: 1, rowsPerPage: 10 })).count).toBe(before + 1);
    await database.db.deleteFrom('client_production_orders').where('id', '=', added[2]!.id).execute();
    expect((await rowsOf({ page: 1, rowsPerPage: 10 })).count).toBe(before);
  });

  it("an item's updatedAt is the instant the database holds, to the millisecond (microseconds cut off)", async () => {
    for (const stored of ['2026-11-02 08:00:00.293999+00', '2026-11-02 08:00:00.000999+00', '2026-11-02 08:00:00.57+00']) {
      await database.db.updateTable('client_production_order_items').set({ updated_at: sql<Date>`${stored}::timestamptz` }).where('id', '=', itemA1).execute();
      const read = await database.db.selectFrom('client_production_order_items').select('updated_at').where('id', '=', itemA1).executeTakeFirstOrThrow();
      const a = (await rowsOf({ page: 1, rowsPerPage: 10, sortBy: 'id', descending: false })).rows.find((row) => row.id === orderA)!;
      expect(a.ClientProductionOrderItems.find((item) => item.id === itemA1)!.updatedAt).toBe(read.updated_at.toISOString());
    }
  });

  it('hasInvoice: an order with a billed item (and that item), not its other items, nor other orders', async () => {
    const row = async (id: number) => (await rowsOf({ page: 1, rowsPerPage: 100, sortBy: 'id', descending: false })).rows.find((order) => order.id === id)!;
    expect((await row(orderA)).hasInvoice).toBe(false);
    await invoiceItem(database.db, itemA1);
    const a = await row(orderA);
    expect(a.hasInvoice).toBe(true);
    expect(a.ClientProductionOrderItems.map((item) => [item.id === itemA1, item.hasInvoice])).toEqual([
      [false, false],
      [true, true],
    ]);
    expect((await row(orderB)).hasInvoice).toBe(false);
  });
});
