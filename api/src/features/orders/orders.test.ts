import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, COMPANY_B, createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { companySnapshot, invoiceItem } from './orders.fixtures.js';
import { earliestDeliverAt } from './orders.rules.js';
import { now as clockNow, today as clockToday } from '../../lib/clock.js';
import { keepsDerivedAfterEach } from '../../../../tests/support/derived.test-utils.js';
import { agenda } from '../../db/derived/agenda.js';
import { statsSums } from '../../db/derived/stats-sums.js';
import { deliverySums } from '../../db/derived/delivery-sums.js';
import { producedByDue } from '../../db/derived/produced-by-due.js';
import { preformDemand } from '../../db/derived/preform-demand.js';
import { rowCounts } from '../../db/derived/row-counts.js';

let database: TestDatabase;
let app: FastifyInstance;
let clientA: string;
let clientB: string;
let buyerA: string;
let sellerA: string;
/** Products: two of company A, one of company B. */
let productA1: number;
let productA2: number;
let productB: number;

const DAY_MS = 86_400_000;
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Monday of the week the run is pinned in: every day below is a day of this week, or the Monday after, all allowed. */
const MONDAY = plusDays(clockToday(), -((new Date(`${clockToday()}T00:00:00Z`).getUTCDay() + 6) % 7));
const TUESDAY = plusDays(MONDAY, 1);
const WEDNESDAY = plusDays(MONDAY, 2);
const SATURDAY = plusDays(MONDAY, 5);
const SUNDAY = plusDays(MONDAY, 6);
const NEXT_MONDAY = plusDays(MONDAY, 7);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createTwoCompanies(database.db);
  clientA = await as.client(COMPANY_A);
  clientB = await as.client(COMPANY_B);
  buyerA = await as.buyer(COMPANY_A);
  sellerA = await as.seller(COMPANY_A);
  const warehouseId = await makeWarehouse(database.db);
  const preform = await makePreform(database.db);
  const product = (companyId: string, name: string) =>
    makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId, name });
  productA1 = await product(COMPANY_A, 'Spring Water 0.5 L');
  productA2 = await product(COMPANY_A, 'Spring Water 1.5 L');
  productB = await product(COMPANY_B, 'Fjord Sparkling 0.5 L');
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});
// Every test here writes sources of these derived tables through the endpoints: after each, they are as recomputed.
keepsDerivedAfterEach(() => database.asOwner(), [agenda, statsSums, deliverySums, producedByDue, preformDemand, rowCounts]);

interface Item {
  id: number;
  clientProductId: number;
  dueDate: string;
  plannedAmount: number;
  producedAmount: number;
  producedPart: number;
  isBuyerConfirmed: boolean;
  isSellerConfirmed: boolean;
  hasInvoice: boolean;
  ClientProduct: { id: number; articleNo: string; productName: string };
  refProductionOrderItem: { id: number; dueDate: string; isClosed: boolean; plannedAmount: number } | null;
  refProductionOrder: { id: number; orderNo: string } | null;
  version: number;
}
interface Order {
  id: number;
  orderNo: string;
  clientId: string;
  closed: 0 | 1;
  producedPart: number;
  producedStart: string | null;
  producedEnd: string | null;
  producedArticles: string;
  workInProgress: 0 | 1;
  hasInvoice: boolean;
  ClientProductionOrderItems: Item[];
  version: number;
}

const save = (Order: object, token = clientA) => post(app, '/api/client/orders/save', { Order }, token);
const getOrder = (id: number, token = clientA) => post(app, '/api/client/orders/get', { id }, token);
const list = (token = clientA, pagination: object = { page: 1, rowsPerPage: 100 }) => post(app, '/api/client/orders/filter', { pagination }, token);
const remove = (orderIds: number[], token = clientA) => post(app, '/api/client/orders/delete', { orderIds }, token);
const orderableProducts = async (token: string) => {
  const response = await app.inject({ method: 'GET', url: '/api/client/orders/clientproducts', headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
};
/** A line for input checks that answer before any read (the product id does not matter there). */
const anyLine = (values: object = {}) => ({ clientProductId: 1, dueDate: TUESDAY, plannedAmount: 5000, ...values });
const line = (clientProductId = productA1, values: object = {}) => ({ clientProductId, dueDate: TUESDAY, plannedAmount: 5000, ...values });
/** A saved order of company A (through the API). */
const createOrder = async (items: object[] = [line()], token = clientA, orderNo = `PO-${Math.random().toString(36).slice(2, 8)}`) => {
  const response = await save({ orderNo, ClientProductionOrderItems: items }, token);
  expect(response.status).toBe(200);
  return response.body as Order;
};
/** The order as the edit form sends it back: every item with its id and version. */
const asInput = (order: Order, items?: object[]) => ({
  id: order.id,
  version: order.version,
  orderNo: order.orderNo,
  closed: order.closed,
  ClientProductionOrderItems:
    items ??
    order.ClientProductionOrderItems.map((item) => ({
      id: item.id,
      version: item.version,
      clientProductId: item.clientProductId,
      dueDate: item.dueDate,
      plannedAmount: item.plannedAmount,
    })),
});
const orderCount = async () => Number((await database.db.selectFrom('client_production_orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('client orders: role gates', () => {
  it('answers 401 without a token', async () => {
    expect((await list('')).status).toBe(401);
  });

  it('answers 403 to admin, operator, accountant and guest for every client order operation', async () => {
    for (const token of [await as.admin(), await as.operator(), await as.accountant(), await as.guest()]) {
      expect((await list(token)).status).toBe(403);
      expect((await getOrder(1, token)).status).toBe(403);
      expect((await save({ orderNo: 'X', ClientProductionOrderItems: [line()] }, token)).status).toBe(403);
      expect((await remove([1], token)).status).toBe(403);
      expect((await orderableProducts(token)).status).toBe(403);
    }
  });

  it('lets client, buyer and seller users work with their orders', async () => {
    for (const token of [clientA, buyerA, sellerA]) {
      const order = await createOrder([line()], token);
      expect((await getOrder(order.id, token)).status).toBe(200);
      expect((await list(token)).status).toBe(200);
      expect((await orderableProducts(token)).status).toBe(200);
      expect((await remove([order.id], token)).status).toBe(200);
    }
  });
});

describe('POST /api/client/orders/save', () => {
  it('creates an order with its items for the caller\'s company, order number trimmed, open by default, and audits it', async () => {
    const response = await save({ orderNo: '  PO-26-0200  ', ClientProductionOrderItems: [line(productA1), line(productA2, { dueDate: WEDNESDAY, plannedAmount: 1000 })] });
    expect(response.status).toBe(200);
    const order = response.body as Order;
    expect(order).toMatchObject({ orderNo: 'PO-26-0200', clientId: COMPANY_A, closed: 0, producedPart: 0, hasInvoice: false, version: 0 });
    expect(order.ClientProductionOrderItems.map((item) => [item.clientProductId, item.dueDate, item.plannedAmount])).toEqual([
      [productA1, TUESDAY, 5000],
      [productA2, WEDNESDAY, 1000],
    ]);
    expect((await getOrder(order.id)).body).toEqual(order);
    const entry = await database.db.selectFrom('audit_log').selectAll().where('record_type', '=', 'client_production_order').where('record_id', '=', String(order.id)).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ subject: `client-${COMPANY_A}`, company_id: COMPANY_A, operation: 'saveOrder' });
  });

  it.each([
    ['orderNo missing (Provide order number.)', { ClientProductionOrderItems: [anyLine()] }, 'Order.orderNo', 'required'],
    ['orderNo blank (Provide order number.)', { orderNo: '   ', ClientProductionOrderItems: [anyLine()] }, 'Order.orderNo', 'pattern'],
    ['no items (Provide at least one production order line.)', { orderNo: 'PO-1', ClientProductionOrderItems: [] }, 'Order.ClientProductionOrderItems', 'minItems'],
    ['plannedAmount 999 (MOQ - 1000.)', { orderNo: 'PO-1', ClientProductionOrderItems: [anyLine({ plannedAmount: 999 })] }, 'Order.ClientProductionOrderItems.0.plannedAmount', 'minimum'],
    ['dueDate missing (Pick a day.)', { orderNo: 'PO-1', ClientProductionOrderItems: [{ clientProductId: productA1, plannedAmount: 5000 }] }, 'Order.ClientProductionOrderItems.0.dueDate', 'required'],
    ['no product picked (Pick one item.)', { orderNo: 'PO-1', ClientProductionOrderItems: [{ dueDate: TUESDAY, plannedAmount: 5000 }] }, 'Order.ClientProductionOrderItems.0.clientProductId', 'required'],
    ['dueDate on a Saturday (weekends unavailable)', { orderNo: 'PO-1', ClientProductionOrderItems: [anyLine(), anyLine({ dueDate: SATURDAY })] }, 'Order.ClientProductionOrderItems.1.dueDate', 'weekday'],
    ['dueDate on a Sunday (weekends unavailable)', { orderNo: 'PO-1', ClientProductionOrderItems: [anyLine({ dueDate: SUNDAY })] }, 'Order.ClientProductionOrderItems.0.dueDate', 'weekday'],
    ['an update without the version read', { id: 1, orderNo: 'PO-1', ClientProductionOrderItems: [anyLine()] }, 'Order.version', 'required'],
  ])('refuses %s with a 400 problem naming the field, and writes nothing', async (_name, Order, field, code) => {
    const before = await companySnapshot(database.db, COMPANY_A);
    const response = await save(Order);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before);
  });

  it('updates the order and its items in one save: changed items updated, new ones added, left-out ones deleted', async () => {
    const order = await createOrder([line(productA1), line(productA2, { dueDate: WEDNESDAY })]);
    const [first, second] = order.ClientProductionOrderItems;
    const input = asInput(order, [
      { id: first.id, version: first.version, clientProductId: productA1, dueDate: TUESDAY, plannedAmount: 7000 },
      line(productA2, { dueDate: NEXT_MONDAY, plannedAmount: 2000 }),
    ]);
    const response = await save({ ...input, orderNo: 'PO-renamed', closed: 1 });
    expect(response.status).toBe(200);
    const saved = response.body as Order;
    expect(saved).toMatchObject({ orderNo: 'PO-renamed', closed: 1, version: order.version + 1 });
    expect(saved.ClientProductionOrderItems.map((item) => [item.clientProductId, item.dueDate, item.plannedAmount])).toEqual([
      [productA1, TUESDAY, 7000],
      [productA2, NEXT_MONDAY, 2000],
    ]);
    expect(saved.ClientProductionOrderItems[0]).toMatchObject({ id: first.id, version: first.version + 1 });
    expect(saved.ClientProductionOrderItems.some((item) => item.id === second.id)).toBe(false);
  });

  it('refuses a stale order version with 409 and changes nothing', async () => {
    const order = await createOrder();
    expect((await save({ ...asInput(order), orderNo: 'first' })).status).toBe(200);
    const before = await companySnapshot(database.db, COMPANY_A);
    const stale = await save({ ...asInput(order), orderNo: 'second' });
    expect(stale.status).toBe(409);
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before);
  });

  it('refuses an item changed meanwhile (stale item version) with 409 and changes nothing', async () => {
    const order = await createOrder();
    const item = order.ClientProductionOrderItems[0];
    await database.db.updateTable('client_production_order_items').set({ produced_amount: 10, version: sql`version + 1` }).where('id', '=', item.id).execute();
    const before = await companySnapshot(database.db, COMPANY_A);
    const response = await save(asInput(order, [{ id: item.id, version: item.version, clientProductId: productA1, dueDate: TUESDAY, plannedAmount: 9000 }]));
    expect(response.status).toBe(409);
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before);
  });

  it('answers 404 for an item id of another order, and changes nothing', async () => {
    const mine = await createOrder();
    const other = await createOrder();
    const foreignItem = other.ClientProductionOrderItems[0];
    const before = await companySnapshot(database.db, COMPANY_A);
    const response = await save(asInput(mine, [{ id: foreignItem.id, version: foreignItem.version, clientProductId: productA1, dueDate: TUESDAY, plannedAmount: 1000 }]));
    expect(response.status).toBe(404);
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before);
  });

  it('changing an item\'s due date clears its seller confirmation; changing only the quantity keeps it', async () => {
    const order = await createOrder([line(productA1), line(productA2)]);
    const ids = order.ClientProductionOrderItems.map((item) => item.id);
    await database.db.updateTable('client_production_order_items').set({ is_seller_confirmed: true, is_buyer_confirmed: true }).where('id', 'in', ids).execute();
    const [first, second] = order.ClientProductionOrderItems;
    const response = await save(
      asInput(order, [
        { id: first.id, version: first.version, clientProductId: productA1, dueDate: WEDNESDAY, plannedAmount: first.plannedAmount },
        { id: second.id, version: second.version, clientProductId: productA2, dueDate: second.dueDate, plannedAmount: 6000 },
      ]),
      buyerA,
    );
    expect(response.status).toBe(200);
    const items = (response.body as Order).ClientProductionOrderItems;
    const moved = items.find((item) => item.id === first.id);
    const resized = items.find((item) => item.id === second.id);
    expect(moved).toMatchObject({ dueDate: WEDNESDAY, isSellerConfirmed: false, isBuyerConfirmed: true });
    expect(resized).toMatchObject({ plannedAmount: 6000, isSellerConfirmed: true, isBuyerConfirmed: true });
  });

  it('buyers may confirm an item (By buyer); the seller confirmation is not settable here', async () => {
    const response = await save({ orderNo: 'PO-buyer', ClientProductionOrderItems: [line(productA1, { isBuyerConfirmed: true, isSellerConfirmed: true })] }, buyerA);
    expect(response.status).toBe(200);
    expect((response.body as Order).ClientProductionOrderItems[0]).toMatchObject({ isBuyerConfirmed: true, isSellerConfirmed: false });
  });

  it('clients and sellers cannot set the buyer confirmation (403), and nothing is written', async () => {
    for (const token of [clientA, sellerA]) {
      const before = await orderCount();
      const created = await save({ orderNo: 'PO-not-buyer', ClientProductionOrderItems: [line(productA1, { isBuyerConfirmed: true })] }, token);
      expect(created.status).toBe(403);
      expect(await orderCount()).toBe(before);
    }
    const order = await createOrder();
    const item = order.ClientProductionOrderItems[0];
    const confirm = await save(asInput(order, [{ id: item.id, version: item.version, clientProductId: productA1, dueDate: TUESDAY, plannedAmount: 5000, isBuyerConfirmed: true }]), clientA);
    expect(confirm.status).toBe(403);
    // Sending back the value read (false) is not a change.
    expect((await save(asInput(order, [{ id: item.id, version: item.version, clientProductId: productA1, dueDate: TUESDAY, plannedAmount: 5000, isBuyerConfirmed: false }]))).status).toBe(200);
  });

  it('an item with an invoice is locked: changing or removing it answers 409 and changes nothing; sent back unchanged it is accepted', async () => {
    const order = await createOrder([line(productA1), line(productA2)]);
    const [invoiced, free] = order.ClientProductionOrderItems;
    await invoiceItem(database.db, invoiced.id);
    const before = await companySnapshot(database.db, COMPANY_A);
    const changed = asInput(order);
    (changed.ClientProductionOrderItems[0] as { plannedAmount: number }).plannedAmount = 9000;
    expect((await save(changed)).status).toBe(409);
    const movedDate = asInput(order);
    (movedDate.ClientProductionOrderItems[0] as { dueDate: string }).dueDate = WEDNESDAY;
    expect((await save(movedDate)).status).toBe(409);
    const removed = asInput(order, asInput(order).ClientProductionOrderItems.slice(1));
    expect((await save(removed)).status).toBe(409);
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before);

    const unchanged = asInput(order);
    (unchanged.ClientProductionOrderItems[1] as { plannedAmount: number }).plannedAmount = 3000;
    const response = await save({ ...unchanged, orderNo: 'PO-with-invoice' });
    expect(response.status).toBe(200);
    const items = (response.body as Order).ClientProductionOrderItems;
    expect(items.find((item) => item.id === invoiced.id)).toMatchObject({ hasInvoice: true, plannedAmount: invoiced.plannedAmount, version: invoiced.version });
    expect(items.find((item) => item.id === free.id)).toMatchObject({ hasInvoice: false, plannedAmount: 3000 });
    expect((response.body as Order).hasInvoice).toBe(true);
  });

  it('refuses a deleted product for a new item (404)', async () => {
    const warehouseId = await makeWarehouse(database.db);
    const preform = await makePreform(database.db);
    const gone = await makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId: COMPANY_A });
    await database.db.updateTable('client_products').set({ deleted_at: clockNow() }).where('id', '=', gone).execute();
    expect((await save({ orderNo: 'PO-gone', ClientProductionOrderItems: [line(gone)] })).status).toBe(404);
  });
});

describe("Order item 'Deliver at': on or after about a week before the start of the current week (part 5)", () => {
  const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  /** The earliest day (a Monday) and the Friday before it: a weekday the picker does not offer. */
  const earliest = () => earliestDeliverAt(clockNow());
  const tooEarly = () => dayBefore(earliest(), 3);

  it('a new item due before the earliest day is 400 naming its dueDate (Pick a day.), and nothing is written', async () => {
    const before = await companySnapshot(database.db, COMPANY_A);
    const response = await save({ orderNo: 'PO-EARLY', ClientProductionOrderItems: [line(), line(productA2, { dueDate: tooEarly() })] });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'Order.ClientProductionOrderItems.1.dueDate', code: 'earliest', message: 'Pick a day.' }]);
    expect(response.body.detail).toContain(earliest());
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before);
  });

  it('the earliest day itself is selectable', async () => {
    const order = await createOrder([line(productA1, { dueDate: earliest() })]);
    expect(order.ClientProductionOrderItems[0]!.dueDate).toBe(earliest());
  });

  it('an update that moves an item before the earliest day is 400; a date already stored may stay and the save goes through', async () => {
    const order = await createOrder([line()]);
    const stored = dayBefore(earliest(), 33); // a Wednesday, five weeks before the earliest Monday
    const item = order.ClientProductionOrderItems[0]!;
    await database.db.updateTable('client_production_order_items').set({ due_date: stored }).where('id', '=', item.id).execute();
    const old = (await getOrder(order.id)).body as Order;
    const oldItem = old.ClientProductionOrderItems[0]!;
    expect(oldItem.dueDate).toBe(stored);

    const moved = await save(asInput(old, [{ id: oldItem.id, version: oldItem.version, clientProductId: productA1, dueDate: tooEarly(), plannedAmount: 5000 }]));
    expect(moved.status).toBe(400);
    expect(moved.body.errors[0]).toMatchObject({ field: 'Order.ClientProductionOrderItems.0.dueDate', code: 'earliest' });
    expect(((await getOrder(order.id)).body as Order).ClientProductionOrderItems[0]).toMatchObject({ dueDate: stored, plannedAmount: 5000 });

    const kept = await save(asInput(old, [{ id: oldItem.id, version: oldItem.version, clientProductId: productA1, dueDate: stored, plannedAmount: 8000 }]));
    expect(kept.status).toBe(200);
    expect((kept.body as Order).ClientProductionOrderItems[0]).toMatchObject({ dueDate: stored, plannedAmount: 8000 });
  });
});

describe('POST /api/client/orders/filter (Weekly order list)', () => {
  let company: string;
  let token: string;
  beforeAll(async () => {
    company = await createCompany(database.db, 'company-list');
    token = await as.client(company);
  });

  it('shows progress (produced / planned over the items), order number, articles, period, work in progress and invoice flags', async () => {
    const warehouseId = await makeWarehouse(database.db);
    const preform = await makePreform(database.db);
    const make = async (articleNo: string, wip: boolean) => {
      const id = await makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId: company });
      await database.db.updateTable('client_products').set({ article_no: articleNo, wip }).where('id', '=', id).execute();
      return id;
    };
    const inProduction = await make('LS-0500', true);
    const other = await make('LS-0330', false);
    const today = clockToday();
    const orderId = await makeProductionOrder(database.db, { companyId: company, orderNo: 'PO-LIST-1' });
    await makeOrderItem(database.db, { orderId, productId: inProduction, planned: 10_000, produced: 2_500, dueDate: today });
    await makeOrderItem(database.db, { orderId, productId: other, planned: 30_000, produced: 7_500, dueDate: '2020-01-06' });
    await makeOrderItem(database.db, { orderId, productId: inProduction, planned: 10_000, produced: 0, dueDate: '2099-01-05' });
    const idle = await makeProductionOrder(database.db, { companyId: company, orderNo: 'PO-LIST-2' });
    const invoicedItem = await makeOrderItem(database.db, { orderId: idle, productId: other, planned: 1_000, produced: 1_000, dueDate: today });
    await invoiceItem(database.db, invoicedItem);

    const response = await list(token, { page: 1, rowsPerPage: 20 });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(2);
    const rows = response.body.rows as Order[];
    const first = rows.find((row) => row.id === orderId)!;
    expect(first).toMatchObject({
      orderNo: 'PO-LIST-1',
      producedPart: 10_000 / 50_000,
      producedStart: '2020-01-06',
      producedEnd: '2099-01-05',
      producedArticles: 'LS-0330,LS-0500',
      workInProgress: 1,
      hasInvoice: false,
    });
    expect(rows.find((row) => row.id === idle)).toMatchObject({ producedPart: 1, workInProgress: 0, hasInvoice: true });

    // a closed item, or a closed order, is not in production now
    await database.db.updateTable('client_production_order_items').set({ is_closed: true }).where('order_id', '=', orderId).where('due_date', '=', today).execute();
    expect(((await list(token, { page: 1, rowsPerPage: 20 })).body.rows as Order[]).find((row) => row.id === orderId)).toMatchObject({ workInProgress: 0 });
    await database.db.updateTable('client_production_order_items').set({ is_closed: false }).where('order_id', '=', orderId).execute();
    await database.db.updateTable('client_production_orders').set({ closed: 1 }).where('id', '=', orderId).execute();
    expect(((await list(token, { page: 1, rowsPerPage: 20 })).body.rows as Order[]).find((row) => row.id === orderId)).toMatchObject({ workInProgress: 0 });
  });

  it('sorts by createdAt descending by default, pages 20 at a time and counts in SQL', async () => {
    const pager = await createCompany(database.db, 'company-pager');
    const pagerToken = await as.client(pager);
    for (let i = 0; i < 23; i++) {
      const id = await makeProductionOrder(database.db, { companyId: pager, orderNo: `PO-P-${String(i).padStart(2, '0')}` });
      await database.db.updateTable('client_production_orders').set({ created_at: new Date(Date.UTC(2026, 0, 1 + i)) }).where('id', '=', id).execute();
    }
    const first = await list(pagerToken, { page: 1, rowsPerPage: 20 });
    expect(first.body.count).toBe(23);
    expect(first.body.rows).toHaveLength(20);
    expect(first.body.rows[0].orderNo).toBe('PO-P-22');
    const second = await list(pagerToken, { page: 2, rowsPerPage: 20 });
    expect(second.body.rows.map((row: Order) => row.orderNo)).toEqual(['PO-P-02', 'PO-P-01', 'PO-P-00']);
    const byNumber = await list(pagerToken, { page: 1, rowsPerPage: 50, sortBy: 'orderNo' });
    expect(byNumber.body.rows[0].orderNo).toBe('PO-P-00');
    expect((await list(pagerToken, { page: 1, rowsPerPage: 7 })).status).toBe(400);
  });
});

describe('POST /api/client/orders/get', () => {
  it('answers the order with its items: product, produced part, invoice flag, and the seller\'s referenced item when there is one', async () => {
    const order = await createOrder([line(productA1, { plannedAmount: 4000 }), line(productA2)], buyerA);
    const [first] = order.ClientProductionOrderItems;
    await database.db.updateTable('client_production_order_items').set({ produced_amount: 1000 }).where('id', '=', first.id).execute();
    const seller = await createCompany(database.db, 'company-seller');
    const sellerOrder = await makeProductionOrder(database.db, { companyId: seller, orderNo: 'SO-1' });
    const sellerItem = await makeOrderItem(database.db, { orderId: sellerOrder, productId: productA1, planned: 4000, dueDate: MONDAY });
    await database.db.updateTable('client_production_order_items').set({ ref_production_order_item_id: sellerItem }).where('id', '=', first.id).execute();

    const response = await getOrder(order.id, buyerA);
    expect(response.status).toBe(200);
    const [item, plain] = (response.body as Order).ClientProductionOrderItems;
    expect(item).toMatchObject({
      ClientProduct: { id: productA1, productName: 'Spring Water 0.5 L' },
      producedAmount: 1000,
      producedPart: 0.25,
      hasInvoice: false,
      refProductionOrder: { id: sellerOrder, orderNo: 'SO-1' },
      refProductionOrderItem: { id: sellerItem, dueDate: MONDAY, isClosed: false, plannedAmount: 4000 },
    });
    expect(plain.refProductionOrderItem).toBeNull();
  });

  it('answers 404 for an id that does not exist', async () => {
    expect((await getOrder(999999)).status).toBe(404);
  });
});

describe('POST /api/client/orders/delete', () => {
  it('deletes the caller\'s orders with their items, and audits each', async () => {
    const one = await createOrder();
    const two = await createOrder();
    const response = await remove([one.id, two.id]);
    expect(response.status).toBe(200);
    expect((await getOrder(one.id)).status).toBe(404);
    const items = await database.db.selectFrom('client_production_order_items').select('id').where('order_id', 'in', [one.id, two.id]).execute();
    expect(items).toEqual([]);
    const entries = await database.db.selectFrom('audit_log').select('record_id').where('operation', '=', 'deleteOrders').execute();
    expect(entries.map((entry) => entry.record_id)).toEqual(expect.arrayContaining([String(one.id), String(two.id)]));
  });

  it('is all or nothing: an order with an invoiced item makes the whole delete 409 and nothing is deleted', async () => {
    const free = await createOrder();
    const invoiced = await createOrder();
    await invoiceItem(database.db, invoiced.ClientProductionOrderItems[0].id);
    const before = await companySnapshot(database.db, COMPANY_A);
    expect((await remove([free.id, invoiced.id])).status).toBe(409);
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before);
  });

  it('refuses (409) an order that a claim names, and deletes nothing', async () => {
    const free = await createOrder();
    const claimed = await createOrder();
    await database.db
      .insertInto('claims')
      .values({
        company_id: COMPANY_A,
        client_product_id: productA1,
        client_production_order_id: claimed.id,
        amount: 100,
        delivery_date: TUESDAY,
        description: 'Scratched bottles',
        created_by: `client-${COMPANY_A}`,
      })
      .execute();
    const before = await companySnapshot(database.db, COMPANY_A);
    expect((await remove([free.id, claimed.id])).status).toBe(409);
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before);
  });

  it('is all or nothing: an id that does not exist makes the whole delete 404 and nothing is deleted', async () => {
    const order = await createOrder();
    const before = await companySnapshot(database.db, COMPANY_A);
    expect((await remove([order.id, 999999])).status).toBe(404);
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before);
  });
});

describe('GET /api/client/orders/clientproducts', () => {
  it('lists the caller\'s live products for the item dialog, with the in-production flag', async () => {
    await database.db.updateTable('client_products').set({ wip: true }).where('id', '=', productA2).execute();
    const response = await orderableProducts(clientA);
    expect(response.status).toBe(200);
    const ids = response.body.map((product: { id: number }) => product.id);
    expect(ids).toEqual(expect.arrayContaining([productA1, productA2]));
    expect(response.body.find((product: { id: number }) => product.id === productA2)).toMatchObject({ productName: 'Spring Water 1.5 L', wip: true });
  });
});

describe('tenant isolation: company B never reaches company A\'s orders or products', () => {
  let orderA: Order;
  let ownB: Order;
  beforeAll(async () => {
    orderA = await createOrder([line(productA1), line(productA2)], clientA, 'PO-A-SECRET');
    ownB = await createOrder([line(productB)], clientB, 'PO-B-OWN');
  });

  it('B gets 404 for A\'s order, exactly like for an id that does not exist', async () => {
    const foreign = await getOrder(orderA.id, clientB);
    const missing = await getOrder(999998, clientB);
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect({ ...foreign.body, instance: undefined }).toEqual({ ...missing.body, instance: undefined });
  });

  it('B saving with A\'s order id answers 404 and A\'s order and items are unchanged', async () => {
    const before = await companySnapshot(database.db, COMPANY_A);
    const response = await save({ ...asInput(orderA), orderNo: 'hijacked' }, clientB);
    expect(response.status).toBe(404);
    const withBProduct = await save(asInput(orderA, [line(productB)]), clientB);
    expect(withBProduct.status).toBe(404);
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before);
  });

  it('B deleting with A\'s id in the list answers 404 and deletes nothing, neither A\'s order nor B\'s own', async () => {
    const beforeA = await companySnapshot(database.db, COMPANY_A);
    const beforeB = await companySnapshot(database.db, COMPANY_B);
    expect((await remove([ownB.id, orderA.id], clientB)).status).toBe(404);
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(beforeA);
    expect(await companySnapshot(database.db, COMPANY_B)).toEqual(beforeB);
  });

  it('an item pointing at A\'s product from B\'s order answers 404, for a new order and for an update, and nothing is written', async () => {
    const beforeA = await companySnapshot(database.db, COMPANY_A);
    const beforeB = await companySnapshot(database.db, COMPANY_B);
    expect((await save({ orderNo: 'PO-B-STEAL', ClientProductionOrderItems: [line(productA1)] }, clientB)).status).toBe(404);
    const item = ownB.ClientProductionOrderItems[0];
    const update = asInput(ownB, [{ id: item.id, version: item.version, clientProductId: productA1, dueDate: TUESDAY, plannedAmount: 5000 }]);
    expect((await save(update, clientB)).status).toBe(404);
    expect((await save(asInput(ownB, [line(productB), line(productA2)]), clientB)).status).toBe(404);
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(beforeA);
    expect(await companySnapshot(database.db, COMPANY_B)).toEqual(beforeB);
  });

  it('B cannot pull an item of A\'s order into its own order (404), and A\'s item stays where it was', async () => {
    const before = await companySnapshot(database.db, COMPANY_A);
    const foreignItem = orderA.ClientProductionOrderItems[0];
    const response = await save(
      asInput(ownB, [{ id: foreignItem.id, version: foreignItem.version, clientProductId: productB, dueDate: TUESDAY, plannedAmount: 5000 }]),
      clientB,
    );
    expect(response.status).toBe(404);
    expect(await companySnapshot(database.db, COMPANY_A)).toEqual(before);
  });

  it('B\'s order list never contains A\'s orders, and B\'s count is B\'s alone', async () => {
    const response = await list(clientB);
    expect(response.status).toBe(200);
    const rows = response.body.rows as Order[];
    expect(rows.every((row) => row.clientId === COMPANY_B)).toBe(true);
    expect(rows.some((row) => row.id === orderA.id || row.orderNo === 'PO-A-SECRET')).toBe(false);
    const ownCount = await database.db.selectFrom('client_production_orders').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', COMPANY_B).executeTakeFirstOrThrow();
    expect(response.body.count).toBe(Number(ownCount.n));
  });

  it('B\'s product list for the item dialog never contains A\'s products', async () => {
    const response = await orderableProducts(clientB);
    const ids = response.body.map((product: { id: number }) => product.id);
    expect(ids).toContain(productB);
    expect(ids).not.toContain(productA1);
    expect(ids).not.toContain(productA2);
  });

  it('the same holds for buyer and seller tokens of company B', async () => {
    for (const token of [await as.buyer(COMPANY_B), await as.seller(COMPANY_B)]) {
      expect((await getOrder(orderA.id, token)).status).toBe(404);
      expect((await remove([orderA.id], token)).status).toBe(404);
      expect((await save({ ...asInput(orderA), orderNo: 'x' }, token)).status).toBe(404);
      expect(((await list(token)).body.rows as Order[]).some((row) => row.id === orderA.id)).toBe(false);
    }
    expect((await getOrder(orderA.id)).body.orderNo).toBe('PO-A-SECRET');
  });
});
