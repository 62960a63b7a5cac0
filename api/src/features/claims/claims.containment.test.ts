import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { pdfText } from '../../../../tests/support/pdf.test-utils.js';
import { COMPANY_A, COMPANY_B, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { download, makeClaim } from './claims.fixtures.js';
import { today as clockToday } from '../../lib/clock.js';

/**
 * Issue 17, item 4: D3's containment list filled from the trace of the claim's lots — a delivery made through the
 * supply board (so it has a lot), two companies' items produced from it by the operator, a claim on one of them.
 */
let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
const today = () => clockToday();

let claimed: { productId: number; orderId: number; itemId: number };
let other: { productId: number; orderId: number; itemId: number };
let lotId: number;
let preform: { id: number; supplyId: number };
let warehouseId: number;

async function itemOf(companyId: string, orderNo: string) {
  const productId = await makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyId, companyId, scrapStart: 0 });
  // Bottle stock is kept per price period: a produced quantity needs one.
  const year = today().slice(0, 4);
  await database.db.insertInto('product_prices').values({ client_product_id: productId, unit_price: 55, valid_from: `${year}-01-01`, valid_to: `${year}-12-31` }).execute();
  const orderId = await makeProductionOrder(database.db, { companyId, orderNo });
  const itemId = await makeOrderItem(database.db, { orderId, productId, planned: 100_000, dueDate: today() });
  return { productId, orderId, itemId };
}

async function produce(itemId: number, bottles: number) {
  const { version } = await database.db.selectFrom('client_production_order_items').select('version').where('id', '=', itemId).executeTakeFirstOrThrow();
  const saved = await post(app, '/api/operator/order/item/produced/add', { item: { id: itemId, producedQuantity: bottles, version } }, await as.operator());
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createTwoCompanies(database.db);
  admin = await as.admin();
  const made = await makePreform(database.db);
  preform = { id: made.id, supplyId: made.supplyIds[0]! };
  warehouseId = await makeWarehouse(database.db);
  // The supplier's delivery, dropped on 'Added to stock' with its lot number: the lot.
  const order = { orderedAmount: 50_000, dueDate: today(), preformId: preform.id, preformWarehouseId: warehouseId, preformSupplyId: preform.supplyId };
  const card = (await post(app, '/api/admin/supply/save', { Order: order }, admin)).body;
  const dropped = await post(app, '/api/admin/supply/save', { Order: { ...order, id: card.id, orderStatus: 'delivered', stock: true, version: card.version, supplierLotNumber: 'SUP-8841' } }, admin);
  expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
  lotId = (await database.db.selectFrom('lots').select('id').where('supply_order_id', '=', card.id).executeTakeFirstOrThrow()).id;
  claimed = await itemOf(COMPANY_A, 'PO-A-CLAIMED');
  other = await itemOf(COMPANY_B, 'PO-B-OTHER');
  await produce(claimed.itemId, 2_000);
  await produce(other.itemId, 3_000);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const claimOn = (over: { productId?: number; orderId?: number; status?: 'new' | 'under investigation' | 'closed' } = {}) =>
  makeClaim(database.db, { companyId: COMPANY_A, productId: over.productId ?? claimed.productId, orderId: over.orderId ?? claimed.orderId, status: over.status ?? 'under investigation' });
const fill = (id: number, version = 0, token = admin) => post(app, '/api/admin/claims/containment/from-trace', { id, version }, token);
const traceColumn = async (id: number) => (await database.db.selectFrom('claims').select(['containment_trace', 'version']).where('id', '=', id).executeTakeFirstOrThrow());

describe("D3 filled from the trace of the claim's lots", () => {
  it('lists the lot with its supplier delivery, the other client, the stock to quarantine and the other order item; not the claim itself; audited', async () => {
    const id = await claimOn();
    const response = await fill(id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.version).toBe(1);
    const filled = response.body.eightD.containmentFromTrace;
    expect(filled).toMatchObject({ by: 'Alice Admin' });
    const entries = filled.entries as { kind: string; label: string; detail: string | null; quantity: number | null }[];
    expect(entries.map((entry) => entry.kind)).toEqual(['lot', 'client', 'preform stock', 'bottle stock', 'order item']);
    expect(entries[0]).toMatchObject({ label: `Lot ${lotId} · SUP-8841`, quantity: 2_000 });
    expect(entries[0]!.detail).toMatch(/delivered \d{4}-\d{2}-\d{2} \(supply order \d+\)/);
    expect(entries[1]).toMatchObject({ kind: 'client', label: 'Company B' });
    expect(entries[2]).toMatchObject({ kind: 'preform stock', quantity: 45_000 });
    expect(entries[3]).toMatchObject({ kind: 'bottle stock', quantity: 5_000 });
    expect(entries[4]).toMatchObject({ kind: 'order item', label: expect.stringContaining('PO-B-OTHER'), quantity: 3_000 });
    expect(entries[4]!.detail).toMatch(/^open, due .*: stop it/);
    expect(JSON.stringify(entries)).not.toContain('PO-A-CLAIMED');

    const stored = await traceColumn(id);
    expect(stored.containment_trace?.entries).toHaveLength(5);
    const entry = await database.db
      .selectFrom('audit_log')
      .select(['operation', 'subject'])
      .where('record_type', '=', 'claim')
      .where('record_id', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ operation: 'fillContainmentFromTrace', subject: 'admin-1' });
  });

  it("the list is the staff's: the client's claim answer and PDF leave it out; the admin's PDF prints it", async () => {
    const id = await claimOn();
    await fill(id);
    const client = await post(app, '/api/client/claims/get', { id }, await as.client(COMPANY_A));
    expect(client.status).toBe(200);
    expect(client.body.eightD).not.toHaveProperty('containmentFromTrace');
    expect(JSON.stringify(client.body)).not.toContain('Company B');
    const clientPdf = await pdfText((await download(app, '/api/client/claims/download', { id }, await as.client(COMPANY_A))).bytes);
    expect(clientPdf).not.toContain('Company B');
    expect(clientPdf).not.toContain('PO-B-OTHER');
    const adminPdf = await pdfText((await download(app, '/api/admin/claims/download', { id }, admin)).bytes);
    expect(adminPdf).toContain('D3 Containment');
    expect(adminPdf).toContain('PO-B-OTHER');
    expect(adminPdf).toContain('Company B');
  });

  it('a claim whose item has no recorded lot is refused with 409 saying so; nothing written', async () => {
    const unproduced = await itemOf(COMPANY_A, 'PO-A-NOLOT');
    const id = await claimOn(unproduced);
    const response = await fill(id);
    expect(response.status).toBe(409);
    expect(response.body.detail).toMatch(/^No preform lot is recorded for .* in order PO-A-NOLOT/);
    expect(await traceColumn(id)).toEqual({ containment_trace: null, version: 0 });
  });

  it("a claim whose order has no item of the product is refused with 409 saying there is nothing to trace; nothing written", async () => {
    const emptyOrder = await makeProductionOrder(database.db, { companyId: COMPANY_A, orderNo: 'PO-A-EMPTY' });
    const id = await claimOn({ orderId: emptyOrder });
    const response = await fill(id);
    expect(response.status).toBe(409);
    expect(response.body.detail).toMatch(/PO-A-EMPTY.*nothing to trace/);
    expect(await traceColumn(id)).toEqual({ containment_trace: null, version: 0 });
  });

  it('a stale version or a closed claim is 409; a missing claim 404; nothing written', async () => {
    const id = await claimOn();
    expect((await fill(id, 5)).status).toBe(409);
    const closed = await claimOn({ status: 'closed' });
    expect((await fill(closed)).status).toBe(409);
    expect((await fill(999_999)).status).toBe(404);
    expect(await traceColumn(id)).toEqual({ containment_trace: null, version: 0 });
    expect(await traceColumn(closed)).toEqual({ containment_trace: null, version: 0 });
  });

  it('filling moves the version: an editor holding the old one is refused on save (409)', async () => {
    const id = await claimOn();
    await fill(id);
    const stale = await post(
      app,
      '/api/admin/claims/save',
      { Claim: { id, version: 0, clientProductId: claimed.productId, clientProductionOrderId: claimed.orderId, amount: 2400, deliveryDate: '2026-03-11', description: 'x' } },
      admin,
    );
    expect(stale.status).toBe(409);
  });
});
