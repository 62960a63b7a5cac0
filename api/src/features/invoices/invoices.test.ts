import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.js';
import { as, createTestApp, post } from '../../../../tests/support/app.js';
import { pdfText } from '../../../../tests/support/pdf.js';
import { createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { makeInvoice, makeUser } from './invoices.fixtures.js';
import { keepsDerivedAfterEach } from '../../../../tests/support/derived.test-utils.js';
import { rowCounts } from '../../db/derived/row-counts.js';
import { lotItemUses } from '../../db/derived/lot-item-uses.js';

let database: TestDatabase;
let app: FastifyInstance;
let outboxDir: string;
let A: string;
let B: string;
let tokenA: string;
let tokenB: string;
/** Company A's invoice with two lines from its order's items (EUR), and one in SEK. */
let invoiceA: number;
let invoiceASek: number;
let invoiceB: number;
let itemIds: number[];

const COMPANY_A_NAME = 'Brunnen Müller & Söhne GmbH';

beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'orders-portal-outbox-'));
  database = await createTestDatabase();
  // The e-mail drop goes to a folder of this test file; one job worker delivers it (issue 18).
  app = await createTestApp(database.db, { OUTBOX_DIR: outboxDir, JOBS_WORKERS: '1', JOBS_POLL_SECONDS: '0.5' });
  ({ a: A, b: B } = await createTwoCompanies(database.db));
  await database.db.updateTable('companies').set({ name: COMPANY_A_NAME, address: 'Königstraße 5, 70173 Stuttgart' }).where('id', '=', A).execute();
  await makeUser(database.db, A, 'rechnung@mueller.example');
  await makeUser(database.db, A, 'second@mueller.example');
  await makeUser(database.db, B, 'billing@company-b.example');
  tokenA = await as.client(A);
  tokenB = await as.client(B);

  const preform = await makePreform(database.db);
  const warehouseId = await makeWarehouse(database.db);
  const productId = await makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId: A });
  const orderId = await makeProductionOrder(database.db, { companyId: A, orderNo: 'PO-26-0042', closed: 1 });
  itemIds = [
    await makeOrderItem(database.db, { orderId, productId, planned: 120_000, produced: 120_000, dueDate: '2026-03-02' }),
    await makeOrderItem(database.db, { orderId, productId, planned: 80_000, produced: 80_000, dueDate: '2026-03-09' }),
  ];
  invoiceA = await makeInvoice(database.db, {
    companyId: A,
    invoiceNumber: 'INV-2026-0342',
    orderId,
    deliveryDate: '2026-03-13',
    lines: [
      { orderItemId: itemIds[0], articleNo: 'MG-0500', productName: 'Apfelschorle Grün 0,5 L', quantity: 120_000, unitPrice: 42.5 },
      { orderItemId: itemIds[1], articleNo: 'MG-1500', productName: 'Bräu Flasche 1,5 L', quantity: 80_000, unitPrice: 38.1234 },
    ],
  });
  invoiceASek = await makeInvoice(database.db, { companyId: A, invoiceNumber: 'INV-2026-0351', deliveryDate: '2026-04-10', currency: 'SEK', exchangeRate: 11.28 });
  invoiceB = await makeInvoice(database.db, { companyId: B, invoiceNumber: 'INV-2026-0400', deliveryDate: '2026-05-01' });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});
// Every test here writes sources of these derived tables through the endpoints: after each, they are as recomputed.
keepsDerivedAfterEach(() => database.asOwner(), [rowCounts, lotItemUses]);

interface InvoiceRow {
  id: number;
  clientId: string;
  invoiceNumber: string;
  deliveryDate: string;
  isConfirmed: boolean;
  isSent: boolean;
}

const page = (extra: object = {}) => ({ pagination: { page: 1, rowsPerPage: 10, ...extra } });

/** POST that keeps the raw bytes (PDF downloads). */
async function download(url: string, body: object, token: string) {
  const response = await app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

/** Company A's invoice rows, lines, the outbox and the audit trail, to prove a refused request changed nothing. */
const stateOfA = async () => ({
  invoices: await database.db.selectFrom('invoices').selectAll().where('company_id', '=', A).orderBy('id').execute(),
  lines: await database.db.selectFrom('invoice_lines').selectAll().where('invoice_id', 'in', [invoiceA, invoiceASek]).orderBy('id').execute(),
  outbox: await database.db.selectFrom('outbox').selectAll().orderBy('id').execute(),
  audit: await database.db.selectFrom('audit_log').select('id').where('record_type', '=', 'invoice').execute(),
});

/** Jobs queued or being worked on (the e-mails not yet delivered). */
const waitingJobs = async () => Number((await app.jobs.boss.getQueueSize('invoice-email', { before: 'completed' })) ?? 0);
const emlFiles = async () => (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));

describe('documents: who may call, and with which {role}', () => {
  it('/api/admin/invoices/get with an accountant token answers 403; /api/accountant/invoices/get works', async () => {
    const accountant = await as.accountant();
    expect((await post(app, '/api/admin/invoices/get', page(), accountant)).status).toBe(403);
    const response = await post(app, '/api/accountant/invoices/get', page(), accountant);
    expect(response.status).toBe(200);
  });

  it('a buyer (not client type) gets 403 on /api/client/invoices/get; so do sellers, operators and guests', async () => {
    for (const token of [await as.buyer(B), await as.seller(B), await as.operator(), await as.guest()]) {
      expect((await post(app, '/api/client/invoices/get', page(), token)).status).toBe(403);
    }
  });

  it('a client may not use the admin or accountant path, for any documents call', async () => {
    for (const url of ['/api/admin/invoices/get', '/api/accountant/invoice/download', '/api/admin/declaration/download', '/api/accountant/invoice/confirmation']) {
      expect((await post(app, url, { id: invoiceA, ...page() }, tokenA)).status).toBe(403);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await post(app, '/api/client/invoices/get', page())).status).toBe(401);
  });
});

describe('Invoices list: POST /api/{role}/invoices/get', () => {
  it('admin and accountant see every company\'s invoices, invoice date (deliveryDate) descending by default', async () => {
    for (const [role, token] of [['admin', await as.admin()], ['accountant', await as.accountant()]] as const) {
      const response = await post(app, `/api/${role}/invoices/get`, page(), token);
      expect(response.status).toBe(200);
      expect(response.body.count).toBe(3);
      expect(response.body.rows.map((row: InvoiceRow) => row.id)).toEqual([invoiceB, invoiceASek, invoiceA]);
    }
  });

  it("every company's count is the number kept beside the invoices: an invoice added, then removed, moves it", async () => {
    const counted = async () => (await post(app, '/api/accountant/invoices/get', page(), await as.accountant())).body.count;
    const inTable = async () => Number((await sql<{ n: string }>`select count(*) as n from invoices`.execute(database.db)).rows[0]!.n);
    expect(await counted()).toBe(3);
    const invoice = await makeInvoice(database.db, { companyId: A, invoiceNumber: 'INV-2026-0999', deliveryDate: '2026-05-05' });
    try {
      expect(await counted()).toBe(4);
      expect(await inTable()).toBe(4);
    } finally {
      await database.db.deleteFrom('invoice_lines').where('invoice_id', '=', invoice).execute();
      await database.db.deleteFrom('invoices').where('id', '=', invoice).execute();
    }
    expect(await counted()).toBe(3);
    expect(await inTable()).toBe(3);
  });

  it('shows invoice date, number, order number, amount, currency, exchange rate, confirmed and sent', async () => {
    const response = await post(app, '/api/client/invoices/get', page(), tokenA);
    expect(response.body.rows.find((row: InvoiceRow) => row.id === invoiceA)).toEqual({
      id: invoiceA,
      clientId: A,
      company: COMPANY_A_NAME,
      deliveryDate: '2026-03-13',
      invoiceNumber: 'INV-2026-0342',
      orderNo: 'PO-26-0042',
      invoiceTotal: 8149.87,
      invoiceCurrency: 'EUR',
      exchangeRate: 1,
      isConfirmed: false,
      isSent: false,
    });
    expect(response.body.rows.find((row: InvoiceRow) => row.id === invoiceASek)).toMatchObject({ invoiceCurrency: 'SEK', exchangeRate: 11.28, orderNo: null });
  });

  it('sorts by another column on request, and pages 10/20/50/100 only', async () => {
    const byNumber = await post(app, '/api/admin/invoices/get', page({ sortBy: 'invoiceNumber', descending: false }), await as.admin());
    expect(byNumber.body.rows.map((row: InvoiceRow) => row.invoiceNumber)).toEqual(['INV-2026-0342', 'INV-2026-0351', 'INV-2026-0400']);
    const paged = await post(app, '/api/admin/invoices/get', { pagination: { page: 2, rowsPerPage: 10 } }, await as.admin());
    expect(paged.body).toEqual({ rows: [], count: 3 });
    const refused = await post(app, '/api/admin/invoices/get', { pagination: { page: 1, rowsPerPage: 25 } }, await as.admin());
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('pagination.rowsPerPage');
  });
});

describe('Download Invoice and Download Declaration of conformity', () => {
  it("'Download Invoice' answers the PDF saved as '{invoiceNumber}.pdf', rendered from the invoice data", async () => {
    const response = await download('/api/client/invoice/download', { id: invoiceA }, tokenA);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="INV-2026-0342.pdf"');
    expect(response.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.bytes);
    for (const expected of [
      'Invoice INV-2026-0342',
      COMPANY_A_NAME, // umlauts rendered
      'Königstraße 5',
      'Orders Portal Packaging', // the seller (MANUFACTURER_NAME)
      'PO-26-0042',
      '13.03.2026',
      'MG-0500',
      'Apfelschorle Grün 0,5 L',
      '120,000',
      '€42.50', // unit price @1k
      '€5,100.00', // line total
      'Bräu Flasche 1,5 L',
      '€38.1234',
      '€3,049.87',
      '€8,149.87', // the total
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("a SEK invoice shows its currency and exchange rate", async () => {
    const text = await pdfText((await download('/api/accountant/invoice/download', { id: invoiceASek }, await as.accountant())).bytes);
    expect(text).toContain('SEK');
    expect(text).toContain('11.28');
  });

  it("'Download Declaration of conformity' answers 'DECLARATION OF CONFORMITY {invoiceNumber}.pdf' (RFC 5987 filename*) listing the articles", async () => {
    const response = await download('/api/admin/declaration/download', { id: invoiceA }, await as.admin());
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="DECLARATION OF CONFORMITY INV-2026-0342.pdf"; filename*=UTF-8''DECLARATION%20OF%20CONFORMITY%20INV-2026-0342.pdf`,
    );
    const text = await pdfText(response.bytes);
    for (const expected of ['DECLARATION OF CONFORMITY', 'INV-2026-0342', COMPANY_A_NAME, 'Orders Portal Packaging', '(EU) No 10/2011', 'MG-0500', 'Apfelschorle Grün 0,5 L', 'MG-1500', '80,000']) {
      expect(text).toContain(expected);
    }
  });

  it('bills the order items it was created from (each at most once): its lines name them, which locks them for the orders feature', async () => {
    const lines = await database.db.selectFrom('invoice_lines').select(['invoice_id', 'order_item_id']).where('order_item_id', 'in', itemIds).orderBy('id').execute();
    expect(lines).toEqual([{ invoice_id: invoiceA, order_item_id: itemIds[0] }, { invoice_id: invoiceA, order_item_id: itemIds[1] }]);
    await expect(makeInvoice(database.db, { companyId: A, lines: [{ orderItemId: itemIds[0], articleNo: 'MG-0500', productName: 'again', quantity: 1, unitPrice: 1 }] })).rejects.toThrow(
      /invoice_lines_order_item/,
    );
  });

  it('answers 404 for an invoice that does not exist', async () => {
    expect((await download('/api/admin/invoice/download', { id: 999_999 }, await as.admin())).status).toBe(404);
  });
});

describe("'Confirm & Send': POST /api/{role}/invoice/confirmation", () => {
  it('marks the invoice confirmed and sent, e-mails it with the PDF to the client\'s billing address through the outbox, audited', async () => {
    const response = await post(app, '/api/client/invoice/confirmation', { id: invoiceA }, tokenA);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: invoiceA, invoiceNumber: 'INV-2026-0342', isConfirmed: true, isSent: true });

    // A job worker delivers it after the commit.
    const outbox = await vi.waitFor(
      async () => {
        const rows = await database.db.selectFrom('outbox').selectAll().execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ to_address: 'rechnung@mueller.example', attachment_type: 'invoice', attachment_id: invoiceA, sent_at: expect.any(Date), attempts: 1 });
        return rows;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(outbox[0].subject).toContain('INV-2026-0342');

    const files = await emlFiles();
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(outboxDir, files[0]), 'utf8');
    expect(eml).toContain('To: rechnung@mueller.example');
    expect(eml).toContain("filename*=UTF-8''INV-2026-0342.pdf");
    const attachment = eml.split('Content-Disposition: attachment')[1].split('\r\n\r\n')[1].split('--=_orders_portal')[0];
    expect(Buffer.from(attachment.replace(/\s+/g, ''), 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const entry = await database.db.selectFrom('audit_log').selectAll().where('record_type', '=', 'invoice').where('record_id', '=', String(invoiceA)).executeTakeFirst();
    expect(entry).toMatchObject({ subject: `client-${A}`, company_id: A, operation: 'confirmInvoice' });
  });

  it('confirming twice does not send twice: one outbox message, one file', async () => {
    const again = await post(app, '/api/client/invoice/confirmation', { id: invoiceA }, tokenA);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ isConfirmed: true, isSent: true });
    expect(await database.db.selectFrom('outbox').selectAll().where('attachment_id', '=', invoiceA).execute()).toHaveLength(1);
    expect(await emlFiles()).toHaveLength(1);
  });

  it('concurrent confirmations of one invoice send one message', async () => {
    const accountant = await as.accountant();
    const responses = await Promise.all([1, 2, 3].map(() => post(app, '/api/accountant/invoice/confirmation', { id: invoiceASek }, accountant)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await database.db.selectFrom('outbox').selectAll().where('attachment_id', '=', invoiceASek).execute()).toHaveLength(1);
    await vi.waitFor(async () => expect(await emlFiles()).toHaveLength(2), { timeout: 20_000, interval: 100 });
    await vi.waitFor(async () => expect(await waitingJobs()).toBe(0), { timeout: 20_000, interval: 100 });
    expect(await emlFiles()).toHaveLength(2);
  });

  it('refuses with 409 when the client company has no e-mail address to send to, and changes nothing', async () => {
    const lonely = await createCompany(database.db, 'no-users', { name: 'No Users Ltd' });
    const invoice = await makeInvoice(database.db, { companyId: lonely });
    try {
      const response = await post(app, '/api/admin/invoice/confirmation', { id: invoice }, await as.admin());
      expect(response.status).toBe(409);
      const stored = await database.db.selectFrom('invoices').selectAll().where('id', '=', invoice).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ is_confirmed: false, is_sent: false, version: 0 });
      expect(await database.db.selectFrom('outbox').selectAll().where('attachment_id', '=', invoice).execute()).toEqual([]);
    } finally {
      await removeScratch(lonely, invoice, []);
    }
  });
});

describe("tenant isolation: company B never reaches company A's invoices", () => {
  it("B's list never contains A's invoices", async () => {
    const response = await post(app, '/api/client/invoices/get', { pagination: { page: 1, rowsPerPage: 100 } }, tokenB);
    expect(response.status).toBe(200);
    expect(response.body.rows.map((row: InvoiceRow) => row.id)).toEqual([invoiceB]);
    expect(response.body.count).toBe(1);
  });

  it.each(['/api/client/invoice/download', '/api/client/declaration/download', '/api/client/invoice/confirmation'])(
    "%s answers B 404 for A's invoice, exactly as for one that does not exist, and changes nothing",
    async (url) => {
      const before = await stateOfA();
      const filesBefore = await emlFiles();
      const foreign = await post(app, url, { id: invoiceASek }, tokenB);
      const missing = await post(app, url, { id: 999_999 }, tokenB);
      expect(foreign.status).toBe(404);
      expect(foreign.headers['content-type']).toContain('application/problem+json');
      expect(foreign.body).toEqual({ ...missing.body, instance: foreign.body.instance });
      expect(await stateOfA()).toEqual(before);
      expect(await emlFiles()).toEqual(filesBefore);
    },
  );

  it("B confirming A's unconfirmed invoice answers 404 and leaves it unconfirmed and unsent", async () => {
    const fresh = await makeInvoice(database.db, { companyId: A });
    const response = await post(app, '/api/client/invoice/confirmation', { id: fresh }, tokenB);
    expect(response.status).toBe(404);
    const stored = await database.db.selectFrom('invoices').selectAll().where('id', '=', fresh).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ is_confirmed: false, is_sent: false, version: 0 });
    expect(await database.db.selectFrom('outbox').selectAll().where('attachment_id', '=', fresh).execute()).toEqual([]);
  });
});

describe('the recipient of Confirm & Send', () => {
  it("goes to the billing e-mail of the company's client details once the admin has entered them", async () => {
    // A company of its own, removed afterwards: the other tests count the invoices, messages and files.
    const company = await createCompany(database.db, 'billing-details', { name: 'Billing Details Ltd' });
    await makeUser(database.db, company, 'user@billing-details.example');
    const filesBefore = await emlFiles();
    const invoice = await makeInvoice(database.db, { companyId: company, invoiceNumber: 'INV-2026-0777', deliveryDate: '2026-05-04' });
    try {
      await database.db
        .insertInto('client_details')
        .values({ company_id: company, billing_company: 'Billing Details Ltd', billing_address: 'Main 1', billing_city: 'Riga', billing_country: 'Latvia', billing_email: 'accounts@billing-details.example', currency: 'EUR' })
        .execute();
      expect((await post(app, '/api/admin/invoice/confirmation', { id: invoice }, await as.admin())).status).toBe(200);
      const sent = await database.db.selectFrom('outbox').select('to_address').where('attachment_id', '=', invoice).execute();
      expect(sent).toEqual([{ to_address: 'accounts@billing-details.example' }]);
      // Delivered before the scratch rows go.
      await vi.waitFor(async () => expect(await waitingJobs()).toBe(0), { timeout: 20_000, interval: 100 });
    } finally {
      await removeScratch(company, invoice, filesBefore);
    }
  });
});

describe("the documents' and the e-mail's language", () => {
  it("a Swedish person downloading a Latvian company's invoice with language=sv gets it in Swedish; without, in Latvian", async () => {
    const company = await createCompany(database.db, 'latvian-co', { name: 'Baltic Beverages SIA' });
    await database.db.updateTable('companies').set({ language: 'lv' }).where('id', '=', company).execute();
    const filesBefore = await emlFiles();
    const invoice = await makeInvoice(database.db, {
      companyId: company,
      invoiceNumber: 'INV-2026-0812',
      deliveryDate: '2026-05-04',
      lines: [{ orderItemId: null, articleNo: 'BB-0500', productName: 'Ūdens 0,5 L', quantity: 120_000, unitPrice: 42.5 }],
    });
    try {
      const token = await as.client(company);
      const swedish = await pdfText((await download('/api/client/invoice/download?language=sv', { id: invoice }, token)).bytes);
      for (const expected of ['Faktura INV-2026-0812', 'Säljare', 'Köpare', 'Fakturadatum', 'Benämning', 'Summa', '2026-05-04', '120 000', '5 100,00 €']) {
        expect(swedish).toContain(expected);
      }
      expect(swedish).not.toContain('Rēķins');
      const latvian = await pdfText((await download('/api/client/invoice/download', { id: invoice }, token)).bytes);
      for (const expected of ['Rēķins INV-2026-0812', 'Pārdevējs', 'Pircējs', 'Kopā', '04.05.2026', '120 000', '5100,00 €']) expect(latvian).toContain(expected);
      const declaration = await pdfText((await download('/api/client/declaration/download?language=sv', { id: invoice }, token)).bytes);
      expect(declaration).toContain('FÖRSÄKRAN OM ÖVERENSSTÄMMELSE');
      expect(declaration).toContain('(EU) nr 10/2011');
    } finally {
      await removeScratch(company, invoice, filesBefore);
    }
  });

  it("a Finnish company's invoice e-mail is in Finnish, text and attached PDF", async () => {
    const company = await createCompany(database.db, 'finnish-co', { name: 'Aqua Converters Oy' });
    await database.db.updateTable('companies').set({ language: 'fi' }).where('id', '=', company).execute();
    await makeUser(database.db, company, 'laskut@aqua.example');
    const filesBefore = await emlFiles();
    const invoice = await makeInvoice(database.db, { companyId: company, invoiceNumber: 'INV-2026-0813', deliveryDate: '2026-05-06' });
    try {
      expect((await post(app, '/api/admin/invoice/confirmation', { id: invoice }, await as.admin())).status).toBe(200);
      const [message] = await database.db.selectFrom('outbox').select(['subject', 'body']).where('attachment_id', '=', invoice).execute();
      expect(message.subject).toBe('Lasku INV-2026-0813 – Orders Portal Packaging');
      // 10,000 bottles at 40 € per 1,000: Finnish separators and the euro sign after the amount.
      expect(message.body).toBe('Hyvä asiakas,\n\nliitteenä lasku INV-2026-0813, summa 400,00\u00a0€.\n\nYstävällisin terveisin,\nOrders Portal Packaging\n');
      const eml = await vi.waitFor(
        async () => {
          const file = (await emlFiles()).find((name) => !filesBefore.includes(name));
          expect(file).toBeDefined();
          return readFile(path.join(outboxDir, file!), 'utf8');
        },
        { timeout: 20_000, interval: 100 },
      );
      const attachment = eml.split('Content-Disposition: attachment')[1].split('\r\n\r\n')[1].split('--=_orders_portal')[0];
      const pdf = await pdfText(Buffer.from(attachment.replace(/\s+/g, ''), 'base64'));
      expect(pdf).toContain('Lasku INV-2026-0813');
      expect(pdf).toContain('Myyjä');
      expect(pdf).toContain('06.05.2026');
    } finally {
      await removeScratch(company, invoice, filesBefore);
    }
  });
});

/** Removes a test's own company, its invoice (lines, messages) and the e-mail files it dropped; its audit rows stay (append-only). */
async function removeScratch(company: string, invoice: number, filesBefore: string[]) {
  const db = database.db;
  await db.deleteFrom('outbox').where('attachment_id', '=', invoice).execute();
  await db.deleteFrom('invoice_lines').where('invoice_id', '=', invoice).execute();
  await db.deleteFrom('invoices').where('id', '=', invoice).execute();
  await db.deleteFrom('client_details').where('company_id', '=', company).execute();
  await db.deleteFrom('users').where('company_id', '=', company).execute();
  await db.deleteFrom('companies').where('id', '=', company).execute();
  for (const file of (await emlFiles()).filter((name) => !filesBefore.includes(name))) await rm(path.join(outboxDir, file));
}
