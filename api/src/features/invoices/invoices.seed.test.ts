import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.js';
import { as, createTestApp, post } from '../../../../tests/support/app.js';
import { seedDemoData } from '../../db/seed/index.js';
import { seedInvoicesAndPlans } from '../../db/seed/invoices.seed.js';
import { pdfText } from '../../../../tests/support/pdf.js';
import { BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS } from '../../db/seed/users.seed.js';
import { nowMs } from '../../lib/clock.js';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { info: () => undefined });
  app = await createTestApp(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('invoices and forecasts demo data', () => {
  it('gives every demo company invoices; the accountant sees them all, a client only its own', async () => {
    const all = await post(app, '/api/accountant/invoices/get', { pagination: { page: 1, rowsPerPage: 100 } }, await as.accountant());
    expect(all.body.count).toBeGreaterThanOrEqual(5);
    expect(new Set(all.body.rows.map((row: { clientId: string }) => row.clientId)).size).toBe(4);
    const own = await post(app, '/api/client/invoices/get', { pagination: { page: 1, rowsPerPage: 10 } }, await as.client(NORDIC_SPRINGS));
    expect(own.body.count).toBe(2);
    expect(own.body.rows.every((row: { clientId: string }) => row.clientId === NORDIC_SPRINGS)).toBe(true);
    expect(own.body.rows.some((row: { isConfirmed: boolean; isSent: boolean }) => row.isConfirmed && row.isSent)).toBe(true);
    expect(all.body.rows.some((row: { invoiceCurrency: string }) => row.invoiceCurrency === 'SEK')).toBe(true);
  });

  it('bills order items: each total is the sum of its lines, and every line names the order item it bills', async () => {
    const mismatches = await sql<{ id: number }>`
      select i.id from invoices i join invoice_lines l on l.invoice_id = i.id
      group by i.id having sum(l.line_total) <> max(i.invoice_total)`.execute(database.db);
    expect(mismatches.rows).toEqual([]);
    const unbilled = await database.db.selectFrom('invoice_lines').select('id').where('order_item_id', 'is', null).execute();
    expect(unbilled).toEqual([]);
  });

  it('renders every demo invoice and declaration: a PDF naming the invoice and listing its articles', async () => {
    const admin = await as.admin();
    const all = await post(app, '/api/admin/invoices/get', { pagination: { page: 1, rowsPerPage: 100 } }, admin);
    expect(all.body.rows.length).toBe(all.body.count);
    for (const row of all.body.rows as { id: number; invoiceNumber: string }[]) {
      const articles = await database.db.selectFrom('invoice_lines').select('article_no').where('invoice_id', '=', row.id).execute();
      expect(articles.length, row.invoiceNumber).toBeGreaterThan(0);
      // In English: each demo company's own language is its documents' default.
      for (const [url, title] of [['/api/admin/invoice/download?language=en', `Invoice ${row.invoiceNumber}`], ['/api/admin/declaration/download?language=en', 'DECLARATION OF CONFORMITY']]) {
        const response = await app.inject({ method: 'POST', url, payload: { id: row.id }, headers: { authorization: `Bearer ${admin}` } });
        expect(response.statusCode, `${url} ${row.invoiceNumber}`).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        const text = await pdfText(response.rawPayload);
        expect(text, `${url} ${row.invoiceNumber}`).toContain(title);
        for (const { article_no } of articles) expect(text, `${url} ${row.invoiceNumber}`).toContain(article_no);
      }
    }
  });

  it('gives the client and buyer companies forecasts with items: this and the next two months, and every past month of the production history', async () => {
    // The history's weekdays reach 182 days back; its months before this one have forecasts beside the planning ones.
    const thisMonth = new Date(nowMs()).toISOString().slice(0, 7);
    const pastMonths = new Set(
      Array.from({ length: 182 }, (_, back) => new Date(nowMs() - (back + 1) * 86_400_000))
        .filter((date) => date.getUTCDay() !== 0 && date.getUTCDay() !== 6)
        .map((date) => date.toISOString().slice(0, 7))
        .filter((month) => month < thisMonth),
    );
    for (const [company, token] of [
      [NORDIC_SPRINGS, await as.client(NORDIC_SPRINGS)],
      [FJORD_WATER, await as.client(FJORD_WATER)],
      [BALTIC_BEVERAGES, await as.buyer(BALTIC_BEVERAGES)],
    ] as const) {
      const list = await post(app, '/api/client/plans/get', { pagination: { page: 1, rowsPerPage: 20 } }, token);
      expect(list.body.count, company).toBe(3 + pastMonths.size);
      const plan = await app.inject({ method: 'GET', url: `/api/client/plan/get/${list.body.rows[0].id}`, headers: { authorization: `Bearer ${token}` } });
      expect(plan.json().planItems.length, company).toBeGreaterThan(0);
    }
  });

  it('is written once: seeding again adds nothing', async () => {
    expect(await seedInvoicesAndPlans(database.db)).toBe(false);
  });
});
