import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.js';
import { as, createTestApp, post } from '../../../../tests/support/app.js';
import { pdfText } from '../../../../tests/support/pdf.js';
import { COMPANY_A, COMPANY_B, createTwoCompanies } from '../../../../tests/support/factories/companies.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { productionOrdersFilename } from './production-orders.service.js';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let orderA: number;
let orderB: number;
let itemA1: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createTwoCompanies(database.db);
  admin = await as.admin();
  const warehouseId = await makeWarehouse(database.db);
  const preform = await makePreform(database.db);
  const product = (companyId: string, name: string) =>
    makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId, name });
  const productA = await product(COMPANY_A, 'Spring Water 0.5 L');
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
    const expected = productionOrdersFilename(new Date());
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
});
