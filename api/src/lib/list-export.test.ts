import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../tests/support/app.test-utils.js';
import { useTestApp, type Answer } from '../../../tests/support/test-app.test-utils.js';
import { createCompany, createTwoCompanies } from '../../../tests/support/factories/companies.test-utils.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../features/supply/supply.fixtures.js';
import { makeInvoice } from '../features/invoices/invoices.fixtures.js';
import { LIST_EXPORT_MAX_ROWS, XLSX_CONTENT_TYPE } from './list-export.js';

/**
 * 'Export' of the orders, invoices, stock and delivery lists: every row of the list in its sort, semicolon CSV with a
 * header row (UTF-8 with BOM) or an XLSX workbook, only the caller's company's rows on the client face, and a 400
 * naming the limit beyond 100,000 rows. Role and tenancy of each operation are also in the generated matrices.
 */
const api = useTestApp();
const A = 'company-a';
const B = 'company-b';
const BIG = 'company-big';
let warehouse: number;
let otherWarehouse: number;

/** The CSV's lines without the BOM and the final empty line. */
function csvLines(answer: Answer<unknown>): string[] {
  const text = Buffer.from(answer.body as Buffer).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines.at(-1)).toBe('');
  return lines.slice(0, -1);
}

async function xlsxRows(answer: Answer<unknown>): Promise<unknown[][]> {
  expect(answer.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type; the answer's bytes are a Node Buffer.
  await workbook.xlsx.load(answer.body as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  const db = api.db;
  await createTwoCompanies(db);
  const preform = await makePreform(db, { name: 'PET 28g Export Clear' });
  const other = await makePreform(db, { name: 'PET 42g Export Green' });
  warehouse = await makeWarehouse(db, 'Export North');
  otherWarehouse = await makeWarehouse(db, 'Export South');
  const productA = await makeProduct(db, { preformId: preform.id, warehouseId: warehouse, supplyId: preform.supplyIds[0]!, companyId: A, name: 'Spring 0.5 L' });
  await makeProduct(db, { preformId: other.id, warehouseId: warehouse, supplyId: other.supplyIds[0]!, companyId: A, name: 'Spring 1.5 L' });
  const productB = await makeProduct(db, { preformId: other.id, warehouseId: otherWarehouse, supplyId: other.supplyIds[0]!, companyId: B });
  const first = await makeProductionOrder(db, { companyId: A, orderNo: 'PO-EXP-1' });
  const second = await makeProductionOrder(db, { companyId: A, orderNo: '=PO-EXP-2' });
  const third = await makeProductionOrder(db, { companyId: B, orderNo: 'PO-EXP-B' });
  await db.updateTable('client_production_orders').set({ created_at: new Date('2026-11-02T08:15:00Z'), purchase_date: '2026-11-01' }).where('id', '=', first).execute();
  await db.updateTable('client_production_orders').set({ created_at: new Date('2026-11-03T09:00:00Z') }).where('id', '=', second).execute();
  await makeOrderItem(db, { orderId: first, productId: productA, planned: 1000, produced: 600, dueDate: '2026-11-09' });
  await makeOrderItem(db, { orderId: second, productId: productA, planned: 2000, produced: 0, dueDate: '2026-11-16' });
  await makeOrderItem(db, { orderId: third, productId: productB, planned: 500, produced: 0, dueDate: '2026-11-20' });
  await makeInvoice(db, { companyId: A, invoiceNumber: 'INV-EXP-1', orderId: first, deliveryDate: '2026-11-13' });
  await makeInvoice(db, { companyId: A, invoiceNumber: 'INV-EXP-2', deliveryDate: '2026-11-20', currency: 'SEK', exchangeRate: 11.28 });
  await makeInvoice(db, { companyId: B, invoiceNumber: 'INV-EXP-B', deliveryDate: '2026-11-15' });
  await db.updateTable('preform_stock').set({ current_stock: 5000 }).where('preform_id', '=', preform.id).where('warehouse_id', '=', warehouse).execute();
});

describe('orders', () => {
  it("the client's file has its company's orders only, in the list's sort, with ISO dates and the header row", async () => {
    const answer = await api.post('ClientOrders_exportOrders', { format: 'csv', sortBy: 'createdAt', descending: false }, 'client');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(csvLines(answer)).toEqual([
      'Order number;Progress (%);Articles;Period from;Period to;Created at (UTC);Purchase date;Closed',
      expect.stringMatching(/^PO-EXP-1;60;NS \d+;2026-11-09;2026-11-09;2026-11-02T08:15:00.000Z;2026-11-01;no$/),
      // A cell that a spreadsheet would run as a formula is written as text.
      expect.stringMatching(/^'=PO-EXP-2;0;NS \d+;2026-11-16;2026-11-16;2026-11-03T09:00:00.000Z;;no$/),
    ]);
    const descending = csvLines(await api.post('ClientOrders_exportOrders', { format: 'csv', sortBy: 'createdAt', descending: true }, 'client'));
    expect(descending.slice(1).map((line) => line.split(';')[0])).toEqual(["'=PO-EXP-2", 'PO-EXP-1']);
  });

  it('another company exports its own orders and never company A’s', async () => {
    const lines = csvLines(await api.post('ClientOrders_exportOrders', { format: 'csv' }, 'buyer'));
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(['PO-EXP-B']);
  });

  it("the admin's XLSX opens with the library and has every company's orders with the company", async () => {
    const answer = await api.post('AdminOrders_exportProductionOrders', { format: 'xlsx', sortBy: 'orderNo', descending: false }, 'admin');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="production-orders.xlsx"');
    // Streamed as the rows are read (a cursor): no length known up front, in either format.
    expect(answer.headers['content-length']).toBeUndefined();
    const rows = await xlsxRows(answer);
    expect(rows[0]).toEqual(['Order number', 'Company', 'Progress (%)', 'Articles', 'Period from', 'Period to', 'Created at (UTC)', 'Purchase date', 'Closed']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[2]])).toEqual([
      ['=PO-EXP-2', 'Company A', 0],
      ['PO-EXP-1', 'Company A', 60],
      ['PO-EXP-B', 'Company B', 0],
    ]);
    expect(rows[2]![6]).toBe('2026-11-02T08:15:00.000Z');
  });
});

describe('invoices', () => {
  it("a client's file has its own invoices in the list's sort; numbers stay numbers", async () => {
    const answer = await api.post('Documents_exportInvoices', { format: 'csv', sortBy: 'deliveryDate', descending: true }, 'client', { role: 'client' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="invoices.csv"');
    expect(csvLines(answer)).toEqual([
      'Invoice number;Company;Delivery date;Order number;Total;Currency;Exchange rate;Confirmed;Sent',
      'INV-EXP-2;Company A;2026-11-20;;400;SEK;11.28;no;no',
      'INV-EXP-1;Company A;2026-11-13;PO-EXP-1;400;EUR;1;no;no',
    ]);
  });

  it("the accountant's XLSX has every client's invoices", async () => {
    const rows = await xlsxRows(await api.post('Documents_exportInvoices', { format: 'xlsx', sortBy: 'invoiceNumber' }, 'accountant', { role: 'accountant' }));
    expect(rows.slice(1).map((row) => [row[0], row[1], row[4]])).toEqual([
      ['INV-EXP-1', 'Company A', 400],
      ['INV-EXP-2', 'Company A', 400],
      ['INV-EXP-B', 'Company B', 400],
    ]);
  });
});

describe('preform stock', () => {
  it("one warehouse's rows in the list's default order (order amount first), for the admin", async () => {
    const answer = await api.post('AdminPreformStock_exportPreformStock', { preformWarehouseId: warehouse, format: 'csv' }, 'admin');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="preform-stock-${warehouse}.csv"`);
    expect(csvLines(answer)).toEqual([
      'Preform;Material;Color;Warehouse;Current stock;Order amount;Future balance',
      'PET 28g Export Clear;PET;Clear;Export North;5000;2400;2600',
      'PET 42g Export Green;PET;Clear;Export North;;;',
    ]);
  });

  it('an unknown warehouse answers 404', async () => {
    expect((await api.post('AdminPreformStock_exportPreformStock', { preformWarehouseId: 999_999, format: 'csv' }, 'admin')).status).toBe(404);
  });

  it("the operator's XLSX has every warehouse, sorted as asked", async () => {
    const rows = await xlsxRows(await api.post('OperatorStock_exportOperatorPreformStock', { format: 'xlsx', sortBy: 'preformName', descending: true }, 'operator'));
    expect(rows[0]).toEqual(['Preform', 'Material', 'Color', 'Warehouse', 'Current stock', 'Order amount', 'Future balance']);
    expect(rows.slice(1).map((row) => `${String(row[0])} / ${String(row[3])}`)).toEqual([
      'PET 42g Export Green / Export North',
      'PET 42g Export Green / Export South',
      'PET 28g Export Clear / Export North',
    ]);
  });
});

describe('delivery', () => {
  it("the client's figures of the period: a row per month, then per product and month", async () => {
    const answer = await api.post('ClientStats_exportDeliveryPerformance', { format: 'csv', period: { from: '2026-11-01', to: '2026-11-30' } }, 'client');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="delivery-2026-11-01-2026-11-30.csv"');
    const lines = csvLines(answer);
    expect(lines[0]).toBe('Section;Month;Items;On time in full;OTIF;Fill rate;Article no;Title;Forecast;Ordered;Produced;Accuracy');
    expect(lines[1]).toMatch(/^Month;2026-11-01;2;0;0;/);
    expect(lines.slice(2).every((line) => line.startsWith('Product;2026-11-01;;;;;NS '))).toBe(true);
    expect(lines.slice(2).join('\n')).toContain(';Spring 0.5 L;0;3000;600;0');
    // Company B's item is not in A's file.
    expect(lines.join('\n')).not.toContain(';500;');
    const rows = await xlsxRows(await api.post('ClientStats_exportDeliveryPerformance', { format: 'xlsx', period: { from: '2026-11-01', to: '2026-11-30' } }, 'client'));
    expect(rows[1]!.slice(0, 3)).toEqual(['Month', '2026-11-01', 2]);
  });

  it("the admin's ranking of the period: a row per client, worst on-time-in-full first, then per supplier", async () => {
    const period = { from: '2026-11-01', to: '2026-11-30' };
    const answer = await api.post('AdminStats_exportDeliveryRanking', { format: 'csv', period }, 'admin');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="delivery-ranking-2026-11-01-2026-11-30.csv"');
    const lines = csvLines(answer);
    expect(lines[0]).toBe('Section;Client;Items due;On time in full;OTIF;Fill rate;Forecast accuracy;Supplier;Added to stock;By the due date;On-time rate');
    const clients = lines.slice(1).filter((line) => line.startsWith('Client;'));
    // The file is the page's ranking, row for row and in its order.
    const ranking = await api.post('AdminStats_getDeliveryRanking', { period }, 'admin');
    const shown = ranking.body as { clients: { company: string; items: number }[]; suppliers: { manufacturerName: string }[] };
    expect(clients.map((line) => line.split(';')[1])).toEqual(shown.clients.map((row) => row.company));
    expect(clients.map((line) => Number(line.split(';')[2]))).toEqual(shown.clients.map((row) => row.items));
    // Both companies' order items are counted: A has two due in November, B one.
    expect(shown.clients.map((row) => row.items)).toEqual(expect.arrayContaining([2, 1]));
    const suppliers = lines.slice(1 + clients.length);
    expect(suppliers.every((line) => line.startsWith('Supplier;;;;;;;'))).toBe(true);
    expect(suppliers.map((line) => line.split(';')[7])).toEqual(shown.suppliers.map((row) => row.manufacturerName));
    const rows = await xlsxRows(await api.post('AdminStats_exportDeliveryRanking', { format: 'xlsx', period }, 'admin'));
    expect(rows[0]![0]).toBe('Section');
    expect(rows.slice(1, 1 + clients.length).map((row) => row[1])).toEqual(shown.clients.map((row) => row.company));
  });
});

// Last: the bulk rows stay (deleting 100,001 orders through their triggers takes longer than a test may).
describe('the bound', () => {
  it('more orders than an export carries answers 400 naming the limit, before any row is sent', async () => {
    await createCompany(api.db, BIG);
    await sql`insert into client_production_orders (company_id, order_no, closed)
              select ${BIG}, 'BULK-' || n, 0 from generate_series(1, ${LIST_EXPORT_MAX_ROWS + 1}) n`.execute(api.db);
    const big = await api.post('ClientOrders_exportOrders', { format: 'csv' }, { token: await as.client(BIG) });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ errors: [{ field: 'format', code: 'maxRows', limit: LIST_EXPORT_MAX_ROWS }] });
    expect(String((big.body as { detail: string }).detail)).toContain('at most 100000');
    // Company A's list is unaffected by another company's size.
    expect((await api.post('ClientOrders_exportOrders', { format: 'csv' }, 'client')).status).toBe(200);
  });
});
