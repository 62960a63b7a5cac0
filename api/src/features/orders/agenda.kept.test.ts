import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../../../tests/support/app.test-utils.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { AGENDA_COLUMNS, CLOSED_WEEKS_SHOWN } from './agenda.repository.js';
import { mondayOf } from './agenda.service.js';
import { today as clockToday } from '../../lib/clock.js';
import { expectKeptAsRecomputed } from '../../../../tests/support/derived.test-utils.js';
import { agenda } from '../../db/derived/agenda.js';

/**
 * The agenda reads rows kept by triggers (migration 2026-11-25-1100-agenda-counts): `agenda_items` (the items of
 * producing companies with their order's number and state) and `agenda_day_counts` (per due date, the open and the
 * closed orders' items). After every kind of write, through the endpoints or straight into the tables, both equal what
 * the records say (the views `agenda_items_computed` and `agenda_day_counts_computed`), and the agenda's column counts
 * equal a plain count of the records.
 */
const api = useTestApp();

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** A week of its own, far ahead, so that only this file's items are due in it (weekdays only: the order rules). */
const W = mondayOf('2097-03-06');
const MON = W;
const WED = addDays(W, 2);
const FRI = addDays(W, 4);
const NEXT_TUE = addDays(W, 8);
const BEFORE_THU = addDays(W, -4);

const A = 'agenda-kept-a';
const B = 'agenda-kept-b';
let tokenA: { token: string };
let tokenB: { token: string };
let operator: { token: string };
let productA: number;
let productB: number;

beforeAll(async () => {
  const db = api.db;
  await createCompany(db, A, { name: 'Agenda Kept A' });
  await createCompany(db, B, { name: 'Agenda Kept B' });
  const preform = await makePreform(db);
  const warehouseId = await makeWarehouse(db);
  productA = await makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: A });
  productB = await makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: B });
  // Bottle stock is kept per price period: a price valid now, so that the operator can record production.
  const year = clockToday().slice(0, 4);
  for (const id of [productA, productB]) {
    await db.insertInto('product_prices').values({ client_product_id: id, unit_price: 40, valid_from: `${year}-01-01`, valid_to: `${year}-12-31` }).execute();
  }
  tokenA = { token: await tokenFor({ sub: 'agenda-kept-a-1', roles: ['client'], companyId: A, name: 'Ada A' }) };
  tokenB = { token: await tokenFor({ sub: 'agenda-kept-b-1', roles: ['client'], companyId: B, name: 'Ben B' }) };
  operator = { token: await tokenFor({ sub: 'operator-1', roles: ['operator'], name: 'Olga Operator' }) };
});

type Card = { id: number; dueDate: string; columnCount: number };

/** The count of each column of the week of `monday`, from the records: the producing companies' items of open orders, and of closed orders due from the window's start. */
async function recomputedCounts(monday: string) {
  const { rows } = await sql<{ col: string; n: string }>`
    select case when i.due_date < ${monday}::date then 'prev' when i.due_date > ${monday}::date + 6 then 'next'
                else (array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])[i.due_date - ${monday}::date + 1] end as col,
           count(*) as n
      from client_production_order_items i
      join client_production_orders o on o.id = i.order_id
      join companies c on c.id = o.company_id
     where c.client_type <> '1'
       and (o.closed = 0 or i.due_date >= (date_trunc('week', current_date) - make_interval(weeks => ${CLOSED_WEEKS_SHOWN}))::date)
     group by 1`.execute(api.db);
  return Object.fromEntries(rows.map((row) => [row.col, Number(row.n)]));
}

/** The kept rows equal the module's recomputation (both whole, sorted lists), and the agenda's counts the records'. */
async function expectKept(step: string) {
  await expectKeptAsRecomputed(api.database.asOwner(), agenda, step);
  const keptDays = (await sql`select due_date from agenda_day_counts where open_items <> 0 or closed_items <> 0`.execute(api.db)).rows;
  expect(keptDays.length, step).toBeGreaterThan(0);
  for (const monday of [W, addDays(W, -7), addDays(W, 7)]) {
    const answer = await api.post('OperatorAgenda_getAgenda', { week: monday }, operator);
    expect(answer.status, step).toBe(200);
    const cards = answer.body as Card[];
    const column = (card: Card) =>
      card.dueDate < monday ? 'prev' : card.dueDate > addDays(monday, 6) ? 'next' : AGENDA_COLUMNS[1 + (Date.parse(card.dueDate) - Date.parse(monday)) / DAY_MS]!;
    const answered = Object.fromEntries(cards.map((card) => [column(card), card.columnCount]));
    expect(answered, `${step}: the counts of the week of ${monday}`).toEqual(await recomputedCounts(monday));
  }
}

const itemsOf = (orderId: number) =>
  api.db.selectFrom('client_production_order_items').select(['id', 'version', 'client_product_id', 'due_date', 'planned_amount']).where('order_id', '=', orderId).orderBy('id').execute();
const orderOf = (orderId: number) => api.db.selectFrom('client_production_orders').select(['version', 'closed', 'order_no']).where('id', '=', orderId).executeTakeFirstOrThrow();
const keptOf = async (itemId: number) => (await sql<{ open: boolean; order_no: string; due_date: string }>`select * from agenda_items where item_id = ${itemId}`.execute(api.db)).rows[0];

async function saveOrder(token: { token: string }, order: object) {
  const answer = await api.post('ClientOrders_saveOrder', { Order: order as never }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { id: number }).id;
}

describe('the agenda rows, kept by triggers, equal the records', () => {
  let orderA: number;

  it('after a new order with items (and one of another company)', async () => {
    orderA = await saveOrder(tokenA, {
      orderNo: 'AK-10',
      closed: 0,
      ClientProductionOrderItems: [MON, WED, WED, FRI, NEXT_TUE].map((dueDate) => ({ clientProductId: productA, dueDate, plannedAmount: 10_000 })),
    });
    await saveOrder(tokenB, { orderNo: 'BK-9', closed: 0, ClientProductionOrderItems: [{ clientProductId: productB, dueDate: WED, plannedAmount: 5_000 }] });
    await expectKept('new orders');
    expect(await recomputedCounts(W)).toMatchObject({ mon: 1, wed: 3, fri: 1 });
  });

  it('after an item is moved to another day, one is deleted, one added, and the order renumbered', async () => {
    const [mon, wed1, wed2, fri, next] = await itemsOf(orderA);
    const item = (row: typeof mon, dueDate = row!.due_date) => ({ id: row!.id, version: row!.version, clientProductId: productA, dueDate, plannedAmount: row!.planned_amount });
    await saveOrder(tokenA, {
      id: orderA,
      version: (await orderOf(orderA)).version,
      orderNo: 'AK-2',
      closed: 0,
      ClientProductionOrderItems: [item(mon, FRI), item(wed1), item(fri), item(next), { clientProductId: productA, dueDate: BEFORE_THU, plannedAmount: 1_000 }],
    });
    expect(await itemsOf(orderA)).toHaveLength(5);
    expect(await keptOf(wed2!.id)).toBeUndefined();
    expect(await keptOf(mon!.id)).toMatchObject({ due_date: FRI, order_no: 'AK-2', open: true });
    await expectKept('item moved, deleted, added; order renumbered');
    expect(await recomputedCounts(W)).toMatchObject({ wed: 2, fri: 2, prev: expect.any(Number) });
  });

  it('after the order is closed through the agenda (every item closed) and reopened by the client', async () => {
    const items = await itemsOf(orderA);
    for (const row of items) {
      const answer = await api.post('OperatorAgenda_saveProducedAmount', { item: { id: row.id, producedAmount: row.planned_amount, isClosed: true, version: row.version } }, operator);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    expect((await orderOf(orderA)).closed).toBe(1);
    expect(await keptOf(items[0]!.id)).toMatchObject({ open: false });
    await expectKept('order closed through the agenda');
    const order = await orderOf(orderA);
    const current = await itemsOf(orderA);
    await saveOrder(tokenA, {
      id: orderA,
      version: order.version,
      orderNo: order.order_no,
      closed: 0,
      ClientProductionOrderItems: current.map((row) => ({ id: row.id, version: row.version, clientProductId: productA, dueDate: row.due_date, plannedAmount: row.planned_amount })),
    });
    expect((await orderOf(orderA)).closed).toBe(0);
    expect(await keptOf(items[0]!.id)).toMatchObject({ open: true });
    await expectKept('order reopened');
  });

  it("after a closed order's items due before the window, a buyer company's items, and an item moved to another company's order", async () => {
    const closed = await makeProductionOrder(api.db, { companyId: B, closed: 1 });
    await makeOrderItem(api.db, { orderId: closed, productId: productB, planned: 1_000, produced: 1_000, dueDate: '2021-03-03' });
    const closedItem = await makeOrderItem(api.db, { orderId: closed, productId: productB, planned: 1_000, produced: 1_000, dueDate: WED });
    const buyer = await createCompany(api.db, 'agenda-kept-buyer', { clientType: '1' });
    const buyerOrder = await makeProductionOrder(api.db, { companyId: buyer });
    const buyerItem = await makeOrderItem(api.db, { orderId: buyerOrder, productId: productB, planned: 2_000, dueDate: WED });
    expect(await keptOf(buyerItem)).toBeUndefined();
    await expectKept('closed and buyer items');
    // A closed order's item moved to another day: only closed counts change.
    await api.db.updateTable('client_production_order_items').set({ due_date: FRI }).where('id', '=', closedItem).execute();
    await expectKept("a closed order's item moved");
    // Moved straight in the table: to the closed order of B, then to the buyer's order (off the agenda), then back.
    const [moved] = await itemsOf(orderA);
    await api.db.updateTable('client_production_order_items').set({ order_id: closed }).where('id', '=', moved!.id).execute();
    expect(await keptOf(moved!.id)).toMatchObject({ open: false });
    await expectKept('item moved to a closed order');
    await api.db.updateTable('client_production_order_items').set({ order_id: buyerOrder }).where('id', '=', moved!.id).execute();
    expect(await keptOf(moved!.id)).toBeUndefined();
    await expectKept("item moved to a buyer's order");
    await api.db.updateTable('client_production_order_items').set({ order_id: orderA, due_date: MON }).where('id', '=', moved!.id).execute();
    expect(await keptOf(moved!.id)).toMatchObject({ open: true, due_date: MON });
    await expectKept('item moved back, to another day');
  });

  it("after a company's client_type changes to buyer and back, and an order is given to another company", async () => {
    await api.db.updateTable('companies').set({ client_type: '1' }).where('id', '=', A).execute();
    expect(await recomputedCounts(W)).not.toHaveProperty('mon');
    await expectKept('company A a buyer');
    await api.db.updateTable('companies').set({ client_type: '0' }).where('id', '=', A).execute();
    await expectKept('company A producing again');
    await api.db.updateTable('client_production_orders').set({ company_id: 'agenda-kept-buyer' }).where('id', '=', orderA).execute();
    await expectKept('order given to a buyer company');
    await api.db.updateTable('client_production_orders').set({ company_id: A }).where('id', '=', orderA).execute();
    await expectKept('order given back');
  });

  it('after concurrent orders on the same days (no deadlock: the day rows are taken in due-date order)', async () => {
    const days = [FRI, MON, WED, NEXT_TUE, BEFORE_THU];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        api.post(
          'ClientOrders_saveOrder',
          {
            Order: {
              orderNo: `AK-C${n}`,
              closed: 0,
              // Each order lists the days in another order.
              ClientProductionOrderItems: [...days.slice(n % days.length), ...days.slice(0, n % days.length)].map((dueDate) => ({
                clientProductId: n % 2 ? productB : productA,
                dueDate,
                plannedAmount: 1_000,
              })),
            } as never,
          },
          n % 2 ? tokenB : tokenA,
        ),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await expectKept('concurrent orders');
  });

  it('after orders are deleted, and the refill computes what the triggers kept', async () => {
    const orders = await api.db.selectFrom('client_production_orders').select('id').where('company_id', '=', A).execute();
    expect((await api.post('ClientOrders_deleteOrders', { orderIds: orders.map((row) => row.id) }, tokenA)).status).toBe(200);
    expect(await api.db.selectFrom('client_production_orders').select('id').where('company_id', '=', A).execute()).toEqual([]);
    await expectKept("A's orders deleted");
    const snapshot = async () => ({
      items: (await sql`select * from agenda_items order by item_id`.execute(api.db)).rows,
      days: (await sql`select * from agenda_day_counts where open_items <> 0 or closed_items <> 0 order by due_date`.execute(api.db)).rows,
    });
    const kept = await snapshot();
    await sql`select agenda_refill()`.execute(api.db);
    expect(await snapshot()).toEqual(kept);
  });
});
