import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, COMPANY_B, createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { ledgerSnapshot, makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse, stockOf } from '../supply/supply.fixtures.js';
import { invoiceItem } from './orders.fixtures.js';
import { underEachPlanMode } from '../../../../tests/support/plans.test-utils.js';
import type { Db } from '../../db/database.js';
import { getAgenda, mondayOf, preformsUsed, type AgendaQuestion } from './agenda.service.js';
import { now as clockNow, nowMs, today as clockToday } from '../../lib/clock.js';

let database: TestDatabase;
let app: FastifyInstance;
let operator: string;
let warehouseId: number;
let preformId: number;
let supplyId: number;
const BUYER_CO = 'buyer-co';

const today = () => clockToday();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createTwoCompanies(database.db);
  await createCompany(database.db, BUYER_CO, { name: 'Buyer Co', clientType: '1' });
  operator = await as.operator();
  warehouseId = await makeWarehouse(database.db);
  const preform = await makePreform(database.db);
  preformId = preform.id;
  supplyId = preform.supplyIds[0];
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** A product of `companyId` (2 % scrap unless told) with one open order of one item. */
async function itemOf(
  companyId = COMPANY_A,
  options: { planned?: number; produced?: number; closed?: 0 | 1; scrapRate?: number; scrapStart?: number; dueDate?: string; priced?: boolean } = {},
) {
  const productId = await makeProduct(database.db, {
    preformId,
    warehouseId,
    supplyId,
    companyId,
    scrapRate: options.scrapRate ?? 0.02,
    scrapStart: options.scrapStart ?? 0,
  });
  // Bottle stock is kept per price period: a price valid this year.
  if (options.priced ?? true) {
    const year = today().slice(0, 4);
    await database.db
      .insertInto('product_prices')
      .values({ client_product_id: productId, unit_price: 55, valid_from: `${year}-01-01`, valid_to: `${year}-12-31` })
      .execute();
  }
  const orderId = await makeProductionOrder(database.db, { companyId, closed: options.closed ?? 0 });
  const itemId = await makeOrderItem(database.db, {
    orderId,
    productId,
    planned: options.planned ?? 80_000,
    produced: options.produced ?? 0,
    dueDate: options.dueDate ?? today(),
  });
  return { productId, orderId, itemId };
}

const save = (item: object, token = operator) => post(app, '/api/operator/order/item/save', { item }, token);
/** The product's bottle-stock ledger rows (the client inventory's price periods). */
const bottleLedger = (productId: number) =>
  database.db.selectFrom('product_stock_movements').selectAll().where('client_product_id', '=', productId).orderBy('id').execute();
const bottleStock = async (productId: number) =>
  (await database.db.selectFrom('client_products').select('current_stock').where('id', '=', productId).executeTakeFirstOrThrow()).current_stock;
const entriesOf = (itemId: number) => database.db.selectFrom('produced_entries').selectAll().where('order_item_id', '=', itemId).orderBy('id').execute();
const addEntry = (item: object, token = operator) => post(app, '/api/operator/order/item/produced/add', { item }, token);
const history = (id: number, token = operator) => post(app, '/api/operator/order/item/produced/get', { id }, token);
const itemRow = (id: number) => database.db.selectFrom('client_production_order_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Everything a refused save must leave as it was: the item, the bottle stock, the preform ledger and balances. */
async function snapshot(itemId: number, productId: number) {
  return {
    item: await itemRow(itemId),
    bottles: await bottleStock(productId),
    bottleLedger: await bottleLedger(productId),
    ledger: await ledgerSnapshot(database.db),
    entries: await entriesOf(itemId),
  };
}

describe('operator agenda of a week (agenda/get)', () => {
  /** A week of its own, far ahead, so that only this describe's items are due in it. */
  const W = mondayOf('2098-06-10');
  const day = (offset: number) => {
    const date = new Date(`${W}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  type Card = { id: number; dueDate: string; columnCount: number; ClientProductionOrder: { orderNo: string; closed: number } };
  const agenda = async (body: object) => {
    const response = await post(app, '/api/operator/agenda/get', body, operator);
    expect(response.status).toBe(200);
    return response.body as Card[];
  };
  const ids = (cards: Card[]) => cards.map((card) => card.id);
  const inWeek = (cards: Card[]) => cards.filter((card) => card.dueDate >= W && card.dueDate <= day(6));
  const setOrderNo = (orderId: number, orderNo: string) =>
    database.db.updateTable('client_production_orders').set({ order_no: orderNo }).where('id', '=', orderId).execute();

  it('answers the week asked: its items by due day (a day by order number, PO-9 before PO-10), PREV before it, NEXT after it, each with its column’s count', async () => {
    const monday = await itemOf(COMPANY_A, { dueDate: W });
    const wed10 = await itemOf(COMPANY_B, { dueDate: day(2), produced: 100 });
    const wed9 = await itemOf(COMPANY_A, { dueDate: day(2) });
    await setOrderNo(wed10.orderId, 'PO-10');
    await setOrderNo(wed9.orderId, 'PO-9');
    const saturday = await itemOf(COMPANY_A, { dueDate: day(5) });
    const missed = await itemOf(COMPANY_A, { dueDate: day(-3) });
    const nextWeek = await itemOf(COMPANY_B, { dueDate: day(7) });
    const later = await itemOf(COMPANY_A, { dueDate: day(30) });

    // Any day of the week stands for it.
    for (const week of [W, day(3)]) {
      const cards = await agenda({ week });
      expect(ids(inWeek(cards))).toEqual([monday.itemId, wed9.itemId, wed10.itemId, saturday.itemId]);
      expect(inWeek(cards).map((card) => card.columnCount)).toEqual([1, 2, 2, 1]);
      const next = cards.filter((card) => card.dueDate > day(6));
      expect(ids(next)).toEqual([nextWeek.itemId, later.itemId]);
      expect(next.map((card) => card.columnCount)).toEqual([2, 2]);
      // PREV comes first, the most recently missed first (every other open item of this file is due long before).
      expect(cards[0]).toMatchObject({ id: missed.itemId, dueDate: day(-3) });
      const prev = cards.filter((card) => card.dueDate < W);
      expect(prev.length).toBeLessThanOrEqual(30);
      expect(prev.every((card) => card.columnCount >= prev.length)).toBe(true);
      expect(ids(cards)).toEqual([...ids(prev), ...ids(inWeek(cards)), ...ids(next)]);
    }
    const card = (await agenda({ week: W })).find((item) => item.id === wed10.itemId);
    expect(card).toMatchObject({
      plannedAmount: 80_000,
      producedAmount: 100,
      producedPart: 100 / 80_000,
      ClientProduct: { id: wed10.productId },
      ClientProductionOrder: { id: wed10.orderId, orderNo: 'PO-10', closed: 0, company: 'Company B' },
    });

    // The week before: this week's items are in its NEXT, the soonest first.
    const before = await agenda({ week: day(-7) });
    const next = before.filter((card) => card.dueDate > day(-1));
    expect(ids(next)).toEqual([monday.itemId, wed9.itemId, wed10.itemId, saturday.itemId, nextWeek.itemId, later.itemId]);
    // …and the item missed on its Friday is in that day's column, alone.
    expect(before.filter((card) => card.dueDate >= day(-7) && card.dueDate <= day(-1)).map((card) => [card.id, card.columnCount])).toEqual([[missed.itemId, 1]]);
  });

  it("carries at most 30 cards of a column and counts the rest; 'Show more' asks that column from an offset", async () => {
    const { orderId, productId } = await itemOf(COMPANY_A, { dueDate: day(1) });
    for (let index = 1; index < 32; index++) await makeOrderItem(database.db, { orderId, productId, planned: 1000, dueDate: day(1) });
    const tuesday = (cards: Card[]) => cards.filter((card) => card.dueDate === day(1));
    const first = tuesday(await agenda({ week: W }));
    expect(first).toHaveLength(30);
    expect(first.every((card) => card.columnCount === 32)).toBe(true);
    const more = await agenda({ week: W, column: 'tue', offset: 30 });
    expect(more).toHaveLength(2);
    expect(more.every((card) => card.dueDate === day(1) && card.columnCount === 32)).toBe(true);
    const all = [...ids(first), ...ids(more)];
    expect(new Set(all).size).toBe(32);
    // One column alone, from its start: the same 30 cards in the same order.
    expect(ids(await agenda({ week: W, column: 'tue' }))).toEqual(ids(first));
    expect(await agenda({ week: W, column: 'tue', offset: 32 })).toEqual([]);
  });

  it('an overdue open item shows in PREV of this week, also for the published empty body', async () => {
    const overdue = await itemOf(COMPANY_A, { dueDate: '2021-03-03' });
    const dueToday = await itemOf(COMPANY_B, { dueDate: today() });
    const cards = await agenda({});
    expect(ids(cards)).toEqual(expect.arrayContaining([overdue.itemId, dueToday.itemId]));
    const monday = mondayOf();
    const card = cards.find((item) => item.id === overdue.itemId)!;
    expect(card.dueDate < monday).toBe(true);
    expect(cards.find((item) => item.id === dueToday.itemId)!.dueDate >= monday).toBe(true);
    expect(ids(await agenda({ week: monday, column: 'prev' }))).toContain(overdue.itemId);
    expect(ids(cards)).toEqual(ids(await agenda({ week: monday })));
  });

  it('shows items of recently closed orders (read-only: closed 1) but not long-closed ones, and never buyer companies’ requests', async () => {
    const recentClosed = await itemOf(COMPANY_A, { closed: 1, dueDate: today() });
    const oldClosed = await itemOf(COMPANY_A, { closed: 1, dueDate: '2020-01-08' });
    const oldOpen = await itemOf(COMPANY_A, { dueDate: '2020-01-08' });
    const buyer = await itemOf(BUYER_CO, { dueDate: W });
    const buyerToday = await itemOf(BUYER_CO);
    const todayColumn = (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const)[clockNow().getUTCDay()];
    const thisWeek = await agenda({ column: todayColumn });
    expect(thisWeek.find((item) => item.id === recentClosed.itemId)?.ClientProductionOrder.closed).toBe(1);
    expect(ids(thisWeek)).not.toContain(buyerToday.itemId);
    const old = await agenda({ week: '2020-01-06', column: 'wed' });
    expect(ids(old)).toContain(oldOpen.itemId);
    expect(ids(old)).not.toContain(oldClosed.itemId);
    expect(ids(await agenda({ week: W }))).not.toContain(buyer.itemId);
  });

  it.each([
    ['offset without a column', { offset: 30 }, 'offset'],
    ['a week that is not a date', { week: '2026-13-40' }, 'week'],
    ['a column that is not one of the week', { column: 'monday' }, 'column'],
    ['a negative offset', { column: 'prev', offset: -1 }, 'offset'],
  ])('refuses %s with 400 naming the field', async (_name, body, field) => {
    const response = await post(app, '/api/operator/agenda/get', body, operator);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it('is for the operator only', async () => {
    for (const token of [await as.admin(), await as.client(COMPANY_A), await as.accountant()]) {
      expect((await post(app, '/api/operator/agenda/get', {}, token)).status).toBe(403);
    }
  });
});

describe('produced quantity (order/item/save)', () => {
  it('produced 1,000 more bottles: bottle stock +1,000 and one production ledger row of -(1,000 + scrap) preforms in the product’s warehouse', async () => {
    const { itemId, productId } = await itemOf(COMPANY_A, { scrapRate: 0.02, scrapStart: 30 });
    const before = await stockOf(database.db, preformId, warehouseId);
    const response = await save({ id: itemId, producedAmount: 1000, version: 0 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: itemId, producedAmount: 1000, producedPart: 1000 / 80_000, version: 1, ClientProductionOrder: { closed: 0 } });
    expect(await bottleStock(productId)).toBe(1000);
    expect((await bottleLedger(productId)).map((row) => [row.reason, row.quantity, row.source_type, Number(row.source_id), row.subject])).toEqual([
      ['production', 1000, 'order_item', itemId, 'operator-1'],
    ]);
    const after = await stockOf(database.db, preformId, warehouseId);
    expect(after.movements).toHaveLength(before.movements.length + 1);
    const row = after.movements.at(-1);
    // 1,000 bottles + 2 % scrap (20) + the start scrap (30) of a started item.
    expect(row).toMatchObject({ quantity: -1050, reason: 'production', source_type: 'order_item', subject: 'operator-1', warehouse_id: warehouseId });
    expect(Number(row?.source_id)).toBe(itemId);
    expect(after.balance).toBe((before.balance ?? 0) - 1050);
    expect(row?.balance_after).toBe(after.balance);
  });

  it('lowering the produced amount reverses the effect the same way (a positive ledger row, fewer bottles)', async () => {
    const { itemId, productId } = await itemOf(COMPANY_A, { scrapRate: 0.02 });
    await save({ id: itemId, producedAmount: 1000, version: 0 });
    const before = await stockOf(database.db, preformId, warehouseId);
    const response = await save({ id: itemId, producedAmount: 400, version: 1 });
    expect(response.status).toBe(200);
    expect(await bottleStock(productId)).toBe(400);
    expect((await bottleLedger(productId)).map((row) => row.quantity)).toEqual([1000, -600]);
    const after = await stockOf(database.db, preformId, warehouseId);
    expect(after.movements.at(-1)).toMatchObject({ quantity: 1020 - 408, reason: 'production' });
    expect(after.balance).toBe((before.balance ?? 0) + 612);
    // Back to 0: everything this item took is returned.
    await save({ id: itemId, producedAmount: 0, version: 2 });
    expect(await bottleStock(productId)).toBe(0);
    const movements = (await stockOf(database.db, preformId, warehouseId)).movements.filter((m) => Number(m.source_id) === itemId);
    expect(movements.reduce((sum, m) => sum + m.quantity, 0)).toBe(0);
  });

  it('saving the same amount changes no stock (no ledger row)', async () => {
    const { itemId, productId } = await itemOf(COMPANY_A, { produced: 500 });
    const ledger = await ledgerSnapshot(database.db);
    expect((await save({ id: itemId, producedAmount: 500, version: 0 })).status).toBe(200);
    expect(await ledgerSnapshot(database.db)).toEqual(ledger);
    expect(await bottleStock(productId)).toBe(0);
  });

  it('preforms used: bottles plus rate scrap plus fixed scrap once started, rounded up', () => {
    const product = { scrap_rate: 0.02, preform_scrap_start: 10, preform_scrap_change_over: 5 };
    expect(preformsUsed(0, product)).toBe(0);
    expect(preformsUsed(1000, product)).toBe(1035);
    expect(preformsUsed(1, { scrap_rate: 0.02, preform_scrap_start: 0, preform_scrap_change_over: 0 })).toBe(2);
  });

  it('an item of a closed order cannot be edited (409) and ledger, balances, bottle stock and item stay unchanged', async () => {
    const { itemId, productId } = await itemOf(COMPANY_A, { closed: 1 });
    const before = await snapshot(itemId, productId);
    const response = await save({ id: itemId, producedAmount: 1000, version: 0 });
    expect(response.status).toBe(409);
    expect(await snapshot(itemId, productId)).toEqual(before);
  });

  it('a stale version answers 409 and changes nothing (optimistic locking)', async () => {
    const { itemId, productId } = await itemOf();
    await save({ id: itemId, producedAmount: 10, version: 0 });
    const before = await snapshot(itemId, productId);
    const response = await save({ id: itemId, producedAmount: 2000, version: 0 });
    expect(response.status).toBe(409);
    expect(await snapshot(itemId, productId)).toEqual(before);
  });

  it('requires the version read (400)', async () => {
    const { itemId } = await itemOf();
    const response = await save({ id: itemId, producedAmount: 10 });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'item.version' })]);
  });

  it.each([
    ['above 99,999', 100_000, 'maximum'],
    ['negative', -1, 'minimum'],
    ['not a number', '12', 'type'],
  ])('refuses a produced amount %s (0..99999) with 400 naming item.producedAmount, writing nothing', async (_name, producedAmount, code) => {
    const { itemId, productId } = await itemOf();
    const before = await snapshot(itemId, productId);
    const response = await save({ id: itemId, producedAmount, version: 0 });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'item.producedAmount', code })]));
    expect(await snapshot(itemId, productId)).toEqual(before);
  });

  it('accepts the limits 0 and 99,999', async () => {
    const { itemId } = await itemOf();
    expect((await save({ id: itemId, producedAmount: 99_999, version: 0 })).status).toBe(200);
    expect((await save({ id: itemId, producedAmount: 0, version: 1 })).status).toBe(200);
  });

  it('an invoiced item is locked (409), nothing changes', async () => {
    const { itemId, productId } = await itemOf();
    await invoiceItem(database.db, itemId);
    const before = await snapshot(itemId, productId);
    expect((await save({ id: itemId, producedAmount: 5, version: 0 })).status).toBe(409);
    expect(await snapshot(itemId, productId)).toEqual(before);
  });

  it('refuses (409) a lowering that would take bottle stock below 0, and changes nothing', async () => {
    const { itemId, productId } = await itemOf();
    await save({ id: itemId, producedAmount: 1000, version: 0 });
    // 800 of the bottles left the stock meanwhile.
    await database.db.updateTable('client_products').set({ current_stock: 200 }).where('id', '=', productId).execute();
    const before = await snapshot(itemId, productId);
    expect((await save({ id: itemId, producedAmount: 500, version: 1 })).status).toBe(409);
    expect(await snapshot(itemId, productId)).toEqual(before);
  });

  it('closing the last open item closes the order (set by the operator’s dialog); then it is locked', async () => {
    const { itemId, orderId, productId } = await itemOf();
    const second = await makeOrderItem(database.db, { orderId, productId, planned: 1000 });
    const first = await save({ id: itemId, producedAmount: 80_000, isClosed: true, version: 0 });
    expect(first.body).toMatchObject({ isClosed: true, ClientProductionOrder: { closed: 0 } });
    const last = await save({ id: second, producedAmount: 1000, isClosed: true, version: 0 });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ isClosed: true, ClientProductionOrder: { closed: 1 } });
    const order = await database.db.selectFrom('client_production_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ closed: 1, version: 1 });
    expect((await save({ id: second, producedAmount: 900, version: 1 })).status).toBe(409);
  });

  it('an unknown item, or a buyer company’s request, answers 404', async () => {
    expect((await save({ id: 999_999, producedAmount: 1, version: 0 })).status).toBe(404);
    const buyer = await itemOf(BUYER_CO);
    expect((await save({ id: buyer.itemId, producedAmount: 1, version: 0 })).status).toBe(404);
  });

  it('a product without a price period cannot take produced bottles (409: bottle stock is kept per price period); nothing changes', async () => {
    const { itemId, productId } = await itemOf(COMPANY_A, { priced: false });
    const before = await snapshot(itemId, productId);
    const response = await save({ id: itemId, producedAmount: 1000, version: 0 });
    expect(response.status).toBe(409);
    expect(await snapshot(itemId, productId)).toEqual(before);
  });

  it('records who saved what in the audit log', async () => {
    const { itemId } = await itemOf();
    await save({ id: itemId, producedAmount: 7, version: 0 });
    const rows = await database.db
      .selectFrom('audit_log')
      .select(['record_type', 'record_id', 'subject', 'details'])
      .where('operation', '=', 'saveProducedAmount')
      .where('record_id', '=', String(itemId))
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({ record_type: 'order_item', subject: 'operator-1', details: expect.objectContaining({ producedAmount: 7, previous: 0 }) }),
    ]);
  });

  it('is for the operator only (admin and client users get 403, nothing changes)', async () => {
    const { itemId, productId } = await itemOf();
    const before = await snapshot(itemId, productId);
    for (const token of [await as.admin(), await as.client(COMPANY_A), await as.seller(COMPANY_A)]) {
      expect((await save({ id: itemId, producedAmount: 5, version: 0 }, token)).status).toBe(403);
    }
    expect(await snapshot(itemId, productId)).toEqual(before);
  });
});

describe("produced quantity entries: what was produced since the last entry (order/item/produced/add)", () => {
  it('entries of 0 to 99,999 add up past 99,999: an item planned at 120,000 is recorded as fully produced', async () => {
    const { itemId, productId } = await itemOf(COMPANY_A, { planned: 120_000 });
    const first = await addEntry({ id: itemId, producedQuantity: 99_999, version: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ producedAmount: 99_999, version: 1 });
    const second = await addEntry({ id: itemId, producedQuantity: 20_001, version: 1 });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ producedAmount: 120_000, plannedAmount: 120_000, producedPart: 1 });
    expect((await itemRow(itemId)).produced_amount).toBe(120_000);
    // The stock effects of the total, as for order/item/save: every bottle entered the product's stock.
    expect(await bottleStock(productId)).toBe(120_000);
  });

  it('the history lists the entries, newest first: who, when, how much and the total after each', async () => {
    const { itemId } = await itemOf(COMPANY_A, { planned: 100_000 });
    await addEntry({ id: itemId, producedQuantity: 60_000, version: 0 });
    await addEntry({ id: itemId, producedQuantity: 40_000, version: 1 });
    const response = await history(itemId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: expect.any(Number), quantity: 40_000, producedTotal: 100_000, recordedBy: 'Test User', recordedAt: expect.any(String) },
      { id: expect.any(Number), quantity: 60_000, producedTotal: 60_000, recordedBy: 'Test User', recordedAt: expect.any(String) },
    ]);
    expect(nowMs() - Date.parse(response.body[0].recordedAt)).toBeLessThan(60_000);
    expect((await entriesOf(itemId)).map((entry) => entry.subject)).toEqual(['operator-1', 'operator-1']);
  });

  it('a correction of the total through order/item/save is kept in the history too (the difference)', async () => {
    const { itemId } = await itemOf();
    await addEntry({ id: itemId, producedQuantity: 5_000, version: 0 });
    await save({ id: itemId, producedAmount: 4_500, version: 1 });
    expect((await history(itemId)).body.map((entry: { quantity: number; producedTotal: number }) => [entry.quantity, entry.producedTotal])).toEqual([
      [-500, 4_500],
      [5_000, 5_000],
    ]);
  });

  it.each([
    ['above 99,999', 100_000, 'maximum'],
    ['negative', -1, 'minimum'],
  ])('refuses an entry %s (0..99999) with 400 naming item.producedQuantity, writing nothing', async (_name, producedQuantity, code) => {
    const { itemId, productId } = await itemOf();
    const before = await snapshot(itemId, productId);
    const response = await addEntry({ id: itemId, producedQuantity, version: 0 });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'item.producedQuantity', code })]));
    expect(await snapshot(itemId, productId)).toEqual(before);
  });

  it('a repeated entry (the version read is stale) is 409 and never counts twice', async () => {
    const { itemId, productId } = await itemOf();
    expect((await addEntry({ id: itemId, producedQuantity: 3_000, version: 0 })).status).toBe(200);
    const before = await snapshot(itemId, productId);
    expect((await addEntry({ id: itemId, producedQuantity: 3_000, version: 0 })).status).toBe(409);
    expect(await snapshot(itemId, productId)).toEqual(before);
    expect((await addEntry({ id: itemId, producedQuantity: 3_000 })).status).toBe(400);
  });

  it('an item of a closed order takes no entry (409), nothing changes; an unknown item is 404', async () => {
    const { itemId, productId } = await itemOf(COMPANY_A, { closed: 1 });
    const before = await snapshot(itemId, productId);
    expect((await addEntry({ id: itemId, producedQuantity: 10, version: 0 })).status).toBe(409);
    expect(await snapshot(itemId, productId)).toEqual(before);
    expect((await addEntry({ id: 987_654, producedQuantity: 10, version: 0 })).status).toBe(404);
    expect((await history(987_654)).status).toBe(404);
  });

  it('the entry closes the item when asked, and is audited as addProducedEntry', async () => {
    const { itemId } = await itemOf();
    const response = await addEntry({ id: itemId, producedQuantity: 80_000, isClosed: true, version: 0 });
    expect(response.body).toMatchObject({ producedAmount: 80_000, isClosed: true });
    const rows = await database.db.selectFrom('audit_log').select(['details']).where('operation', '=', 'addProducedEntry').where('record_id', '=', String(itemId)).execute();
    expect(rows).toEqual([expect.objectContaining({ details: expect.objectContaining({ producedAmount: 80_000, previous: 0, isClosed: true }) })]);
  });

  it('is for the operator only (admin and client users get 403, nothing changes)', async () => {
    const { itemId, productId } = await itemOf();
    const before = await snapshot(itemId, productId);
    for (const token of [await as.admin(), await as.client(COMPANY_A)]) {
      expect((await addEntry({ id: itemId, producedQuantity: 5, version: 0 }, token)).status).toBe(403);
      expect((await history(itemId, token)).status).toBe(403);
    }
    expect(await snapshot(itemId, productId)).toEqual(before);
  });
});

describe('agenda/get under both plan modes', () => {
  // The agenda's read runs as a named prepared statement (agenda.repository.ts), one text per column asked: after five
  // executions PostgreSQL may plan it for any week. It must answer the same with either plan, as the API does.
  const questions: [string, AgendaQuestion][] = [
    ['this week', {}],
    ['this week, a day column', { column: 'wed' }],
    ['this week, PREV from the 30th card', { column: 'prev', offset: 30 }],
    ['the week after next', { week: mondayOf(new Date(nowMs() + 14 * 86_400_000).toISOString().slice(0, 10)) }],
  ];
  it.each(questions)('%s: the same answer with custom and generic plans, and the one the default mode gives', async (_name, question) => {
    await itemOf(COMPANY_A, { dueDate: today() });
    const read = (db: Db) => getAgenda(db, question);
    const { custom, generic } = await underEachPlanMode(database.url, read);
    const usual = await read(database.db);
    if (question.column === undefined && question.week === undefined) expect(usual.length).toBeGreaterThan(0);
    expect(custom.answer).toEqual(usual);
    expect(generic.answer).toEqual(usual);
    expect(custom.prepared).toHaveLength(1);
    expect(generic.prepared.every((statement) => statement.generic_plans > 0 && statement.custom_plans === 0)).toBe(true);
  });
});
