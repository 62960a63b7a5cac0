import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../../../tests/support/app.test-utils.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { earliestDeliverAt } from '../orders/orders.rules.js';
import { makeManufacturer, makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { recomputedPerformance, recomputedRanking } from './delivery.fixtures.js';
import { getDeliveryPerformance, getDeliveryRanking } from './delivery.service.js';
import { writesOf } from '../../../../tests/support/order-writes.test-utils.js';
import { nowMs } from '../../lib/clock.js';
import { expectKeptAsRecomputed } from '../../../../tests/support/derived.test-utils.js';
import { deliverySums } from '../../db/derived/delivery-sums.js';
import { producedByDue } from '../../db/derived/produced-by-due.js';
import { companyScopeOf } from '../../lib/scope.js';

/**
 * The delivery figures read sums kept by triggers (migration 2026-11-25-1000-delivery-aggregates). Whatever is written,
 * through the endpoints or straight into the tables, the answers must equal the figures recomputed plainly from the
 * records (delivery.fixtures.ts: the queries the figures ran before the sums were kept).
 */
const api = useTestApp();

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
/** The first weekday on or after `day`. */
const weekdayFrom = (day: string) => {
  let date = day;
  while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1);
  return date;
};
const now = nowMs();
const todayOf = () => isoDay(nowMs());
/** Around today: whole months before it (judged per month), today's month (judged per day) and months to come. */
const PERIOD = { from: isoDay(now - 75 * DAY_MS), to: isoDay(now + 75 * DAY_MS) };
/** The earliest 'Deliver at' the order rules allow (a Monday more than a week ago) and two days after it: all judged. */
const PAST_MONDAY = earliestDeliverAt(new Date(now));
const PAST_TUESDAY = addDays(PAST_MONDAY, 1);
const PAST_WEDNESDAY = addDays(PAST_MONDAY, 2);
/** A weekday in the month after next: not judged, but ordered. */
const LATER = weekdayFrom(`${isoDay(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() + 2, 1)).slice(0, 7)}-03`);
const NEXT_WEEK = weekdayFrom(isoDay(now + 7 * DAY_MS));

const A = 'kept-a';
const B = 'kept-b';
let tokenA: { token: string };
let tokenB: { token: string };
let operator: { token: string };
let productA1: number;
let productA2: number;
let productB: number;
let preform: Awaited<ReturnType<typeof makePreform>>;
let warehouseId: number;

beforeAll(async () => {
  const db = api.db;
  await createCompany(db, A, { name: 'Kept A' });
  await createCompany(db, B, { name: 'Kept B' });
  preform = await makePreform(db, { manufacturers: [await makeManufacturer(db, 'Punctual Preforms'), await makeManufacturer(db, 'Tardy Preforms')] });
  warehouseId = await makeWarehouse(db);
  const product = (companyId: string) => makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId });
  productA1 = await product(A);
  productA2 = await product(A);
  productB = await product(B);
  // Bottle stock is kept per price period: a price valid now, so that the operator can record production.
  const year = new Date(now).toISOString().slice(0, 4);
  for (const id of [productA1, productA2, productB]) {
    await db.insertInto('product_prices').values({ client_product_id: id, unit_price: 40, valid_from: `${year}-01-01`, valid_to: `${year}-12-31` }).execute();
  }
  tokenA = { token: await tokenFor({ sub: 'kept-a-1', roles: ['client'], companyId: A, name: 'Ada A' }) };
  tokenB = { token: await tokenFor({ sub: 'kept-b-1', roles: ['client'], companyId: B, name: 'Ben B' }) };
  operator = { token: await tokenFor({ sub: 'operator-1', roles: ['operator'], name: 'Olga Operator' }) };
});

/** The kept sums equal the modules' recomputation, and every answer (each client's own, the admin's ranking with client A) equals the recomputation from the records. */
async function expectRecomputed(step: string) {
  for (const module of [producedByDue, deliverySums]) await expectKeptAsRecomputed(api.database.asOwner(), module, step);
  const today = todayOf();
  for (const [companyId, caller] of [
    [A, tokenA],
    [B, tokenB],
  ] as const) {
    const answer = await api.post('ClientStats_getDeliveryPerformance', { period: PERIOD }, caller);
    expect(answer.status, step).toBe(200);
    expect(answer.body, `${step}: ${companyId}'s own figures`).toEqual(await recomputedPerformance(api.db, companyId, PERIOD, today));
  }
  const ranking = await api.post('AdminStats_getDeliveryRanking', { period: PERIOD, clientId: A }, 'admin');
  expect(ranking.status, step).toBe(200);
  expect(ranking.body, `${step}: the ranking`).toEqual({ ...(await recomputedRanking(api.db, PERIOD, today)), client: await recomputedPerformance(api.db, A, PERIOD, today) });
  return ranking.body;
}

const { itemsOf, orderVersion, produce } = writesOf(api, () => operator);
const rowOf = <Row extends { clientId: string }>(ranking: { clients: Row[] }, companyId: string) => ranking.clients.find((row) => row.clientId === companyId);

describe('the delivery figures, kept by triggers, equal a recomputation from the records', () => {
  let orderA: number;
  let planId: number;

  it('after an order is placed: its items due before today are judged, every item is ordered', async () => {
    const created = await api.post(
      'ClientOrders_saveOrder',
      {
        Order: {
          orderNo: 'KEPT-1',
          closed: 0,
          ClientProductionOrderItems: [
            { clientProductId: productA1, dueDate: PAST_MONDAY, plannedAmount: 5_000 },
            { clientProductId: productA2, dueDate: PAST_WEDNESDAY, plannedAmount: 3_000 },
            { clientProductId: productA1, dueDate: LATER, plannedAmount: 8_000 },
          ],
        },
      },
      tokenA,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    orderA = created.body.id;
    const ranking = await expectRecomputed('order placed');
    expect(rowOf(ranking, A)).toMatchObject({ items: 2, onTimeInFull: 0 });
    expect(ranking.client?.products.find((row) => row.month === `${LATER.slice(0, 7)}-01`)).toMatchObject({ clientProductId: productA1, ordered: 8_000 });
  });

  it('after produced entries: the operator now (late for a past item, in time for a later one) and one recorded by the due day', async () => {
    const [first, second, later] = await itemsOf(orderA);
    await produce(first!.id, 5_000);
    await produce(later!.id, 8_000);
    await expectRecomputed('entries recorded now');
    await api.db
      .insertInto('produced_entries')
      .values({ order_item_id: second!.id, quantity: 3_000, produced_total: 3_000, subject: 'operator-1', recorded_by: 'Olga Operator', created_at: `${PAST_WEDNESDAY}T10:00:00Z` })
      .execute();
    const ranking = await expectRecomputed('an entry by the due day');
    expect(rowOf(ranking, A)).toMatchObject({ items: 2, onTimeInFull: 1 });
  });

  it('after the order is edited: a plan changed, a due date moved (before the entry that made it on time), a product changed, an item added, then removed', async () => {
    const [first, second, later] = await itemsOf(orderA);
    const edit = async (items: object[]) => {
      const answer = await api.post(
        'ClientOrders_saveOrder',
        { Order: { id: orderA, orderNo: 'KEPT-1', closed: 0, version: await orderVersion(orderA), ClientProductionOrderItems: items as never } },
        tokenA,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    await edit([
      { id: first!.id, clientProductId: productA1, dueDate: PAST_MONDAY, plannedAmount: 6_000, version: first!.version },
      { id: second!.id, clientProductId: productA2, dueDate: PAST_TUESDAY, plannedAmount: 3_000, version: second!.version },
      { id: later!.id, clientProductId: productA2, dueDate: LATER, plannedAmount: 8_000, version: later!.version },
      { clientProductId: productA1, dueDate: NEXT_WEEK, plannedAmount: 2_000 },
    ]);
    const ranking = await expectRecomputed('order edited');
    expect(rowOf(ranking, A)).toMatchObject({ items: 2, onTimeInFull: 0 });
    const items = await itemsOf(orderA);
    await edit(items.slice(0, 3).map((item) => ({ id: item.id, clientProductId: item.client_product_id, dueDate: item.due_date, plannedAmount: item.planned_amount, version: item.version })));
    expect(await itemsOf(orderA)).toHaveLength(3);
    await expectRecomputed('an item removed');
  });

  it("after forecasts are saved, changed (period and lines) and deleted, and another company's are saved", async () => {
    const thisMonth = `${todayOf().slice(0, 7)}-01`;
    const saved = await api.post(
      'ClientPlans_savePlan',
      {
        Plan: {
          periodFrom: addDays(thisMonth, -10),
          periodTo: addDays(thisMonth, 20),
          ClientProductionPlanItems: [
            { clientProductId: productA1, plannedAmount: 21_000 },
            { clientProductId: productA2, plannedAmount: 5_000 },
          ],
        },
      },
      tokenA,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    planId = saved.body.id;
    const ranking = await expectRecomputed('forecast saved');
    expect(rowOf(ranking, A)?.forecastAccuracy).not.toBeNull();
    const changed = await api.post(
      'ClientPlans_savePlan',
      {
        Plan: {
          id: planId,
          version: saved.body.version,
          periodFrom: addDays(thisMonth, -40),
          periodTo: addDays(thisMonth, 3),
          ClientProductionPlanItems: [{ clientProductId: productA1, plannedAmount: 9_001 }],
        },
      },
      tokenA,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await expectRecomputed('forecast changed');
    const other = await api.post(
      'ClientPlans_savePlan',
      { Plan: { periodFrom: LATER, periodTo: addDays(LATER, 45), ClientProductionPlanItems: [{ clientProductId: productB, plannedAmount: 7_777 }] } },
      tokenB,
    );
    expect(other.status).toBe(200);
    const second = await api.post(
      'ClientPlans_savePlan',
      { Plan: { periodFrom: addDays(thisMonth, 1), periodTo: addDays(thisMonth, 33), ClientProductionPlanItems: [{ clientProductId: productA1, plannedAmount: 3_333 }] } },
      tokenA,
    );
    expect(second.status).toBe(200);
    await expectRecomputed("two forecasts of A's, one of B's");
    expect((await api.post('ClientPlans_deletePlans', { planIds: [planId] }, tokenA)).status).toBe(200);
    await expectRecomputed('a forecast deleted');
  });

  it('after concurrent produced entries and a second order of the same company and month', async () => {
    const created = await api.post(
      'ClientOrders_saveOrder',
      {
        Order: {
          orderNo: 'KEPT-2',
          closed: 0,
          ClientProductionOrderItems: [PAST_MONDAY, PAST_TUESDAY, PAST_WEDNESDAY, NEXT_WEEK].map((dueDate) => ({ clientProductId: productA2, dueDate, plannedAmount: 1_000 })),
        },
      },
      tokenA,
    );
    expect(created.status).toBe(200);
    const items = [...(await itemsOf(orderA)), ...(await itemsOf(created.body.id))];
    await Promise.all(items.map((item) => produce(item.id, 700)));
    await expectRecomputed('concurrent entries');
  });

  it('after orders are deleted: the company leaves the ranking when nothing of it is left in the period', async () => {
    const ordered = await api.post(
      'ClientOrders_saveOrder',
      { Order: { orderNo: 'KEPT-B', closed: 0, ClientProductionOrderItems: [{ clientProductId: productB, dueDate: PAST_TUESDAY, plannedAmount: 4_000 }] } },
      tokenB,
    );
    expect(ordered.status).toBe(200);
    await expectRecomputed("B's order");
    const orders = await api.db.selectFrom('client_production_orders').select('id').where('company_id', '=', A).execute();
    expect((await api.post('ClientOrders_deleteOrders', { orderIds: orders.map((row) => row.id) }, tokenA)).status).toBe(200);
    const ranking = await expectRecomputed("A's orders deleted");
    expect(rowOf(ranking, A)).toMatchObject({ items: 0, onTimeInFull: 0, otifRate: null });
  });

  it('after supply orders are added to stock (late and in time), one pending is deleted, and a delivered one is moved to another month', async () => {
    const admin = 'admin' as const;
    const save = async (order: object) => {
      const answer = await api.post('AdminSupply_saveSupplyOrder', { Order: order as never }, admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as unknown as { id: number; version: number };
    };
    const base = { orderedAmount: 10_000, preformId: preform.id, preformWarehouseId: warehouseId };
    const late = await save({ ...base, dueDate: PAST_MONDAY, preformSupplyId: preform.supplyIds[1] });
    const punctual = await save({ ...base, dueDate: NEXT_WEEK, preformSupplyId: preform.supplyIds[0] });
    const dropped = await save({ ...base, dueDate: NEXT_WEEK, preformSupplyId: preform.supplyIds[0] });
    await expectRecomputed('pending supply orders');
    for (const order of [late, punctual]) {
      await save({ ...base, id: order.id, version: order.version, orderStatus: 'delivered', dueDate: order === late ? PAST_MONDAY : NEXT_WEEK, preformSupplyId: preform.supplyIds[order === late ? 1 : 0] });
    }
    expect((await api.post('AdminSupply_deleteSupplyOrder', { orderId: dropped.id }, admin)).status).toBe(200);
    const ranking = await expectRecomputed('supply orders delivered');
    expect(ranking.suppliers.map((row) => [row.manufacturerName, row.delivered, row.onTime])).toEqual([
      ['Tardy Preforms', 1, 0],
      ['Punctual Preforms', 1, 1],
    ]);
    await api.db.updateTable('supply_orders').set({ due_date: LATER }).where('id', '=', late.id).execute();
    await expectRecomputed('a delivered supply order moved');
  });

  it("after a company's orders, forecasts and products are deleted and the company with them", async () => {
    const orders = await api.db.selectFrom('client_production_orders').select('id').where('company_id', '=', B).execute();
    expect((await api.post('ClientOrders_deleteOrders', { orderIds: orders.map((row) => row.id) }, tokenB)).status).toBe(200);
    const plans = await api.db.selectFrom('client_production_plans').select('id').where('company_id', '=', B).execute();
    expect((await api.post('ClientPlans_deletePlans', { planIds: plans.map((row) => row.id) }, tokenB)).status).toBe(200);
    await api.db.deleteFrom('product_prices').where('client_product_id', '=', productB).execute();
    await api.db.deleteFrom('client_products').where('company_id', '=', B).execute();
    await api.db.deleteFrom('companies').where('id', '=', B).execute();
    const ranking = await expectRecomputed('company B deleted');
    expect(rowOf(ranking, B)).toBeUndefined();
    for (const table of ['delivery_company_days', 'delivery_company_months', 'delivery_product_months'] as const) {
      expect(await api.db.selectFrom(table).select('company_id').where('company_id', '=', B).execute(), table).toEqual([]);
    }
  });
});

describe('the month not yet over', () => {
  it('is judged by its days before today, whichever day today is', async () => {
    const db = api.db;
    const company = await createCompany(db, 'kept-c', { name: 'Kept C' });
    const product = await makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: company });
    const order = await makeProductionOrder(db, { companyId: company });
    // Items due on six days across three months, each made on time or not.
    for (const [dueDate, inTime] of [
      ['2026-01-30', true],
      ['2026-02-02', true],
      ['2026-02-10', false],
      ['2026-02-27', true],
      ['2026-03-02', false],
      ['2026-03-31', true],
    ] as const) {
      const item = await makeOrderItem(db, { orderId: order, productId: product, planned: 1_000, produced: 1_000, dueDate });
      await db
        .insertInto('produced_entries')
        .values({ order_item_id: item, quantity: 1_000, produced_total: 1_000, subject: 'operator-1', recorded_by: 'Olga Operator', created_at: `${inTime ? dueDate : addDays(dueDate, 1)}T12:00:00Z` })
        .execute();
    }
    const actor = { sub: 'kept-c-1', roles: ['client'], clientType: 'client', companyId: company } as never;
    const period = { from: '2026-01-01', to: '2026-03-31' };
    for (const today of ['2026-01-15', '2026-01-31', '2026-02-01', '2026-02-02', '2026-02-03', '2026-02-11', '2026-02-28', '2026-03-01', '2026-03-31', '2026-04-01']) {
      const at = new Date(`${today}T08:00:00Z`);
      expect(await getDeliveryPerformance(db, companyScopeOf(actor), period, at), today).toEqual(await recomputedPerformance(db, company, period, today));
      const { client, ...ranking } = await getDeliveryRanking(db, { period, clientId: company }, at);
      expect(ranking, today).toEqual(await recomputedRanking(db, period, today));
      expect(client, today).toEqual(await recomputedPerformance(db, company, period, today));
    }
    expect((await getDeliveryPerformance(db, companyScopeOf(actor), period, new Date('2026-02-11T00:00:00Z'))).months).toEqual([
      { month: '2026-01-01', items: 1, onTimeInFull: 1, otifRate: 1, fillRate: 1 },
      { month: '2026-02-01', items: 2, onTimeInFull: 1, otifRate: 0.5, fillRate: 0.5 },
    ]);
  });
});

describe('the sums as kept', () => {
  it('equal the sums computed again from the records (what the migration and the bench load run)', async () => {
    const snapshot = async () => ({
      days: (await sql`select * from delivery_company_days where items <> 0 order by 1, 2`.execute(api.db)).rows,
      months: (await sql`select * from delivery_company_months where items <> 0 or product_months <> 0 order by 1, 2`.execute(api.db)).rows,
      products: (await sql`select company_id, month, client_product_id, items, ordered, produced, forecast_lines, round(forecast, 6) as forecast
                             from delivery_product_months where items <> 0 or forecast_lines <> 0 order by 1, 2, 3`.execute(api.db)).rows,
      suppliers: (await sql`select * from delivery_supplier_months where delivered <> 0 order by 1, 2`.execute(api.db)).rows,
    });
    const kept = await snapshot();
    expect(kept.products.length).toBeGreaterThan(0);
    expect(kept.suppliers.length).toBeGreaterThan(0);
    await sql`select delivery_aggregates_refill()`.execute(api.db);
    expect(await snapshot()).toEqual(kept);
  });
});
