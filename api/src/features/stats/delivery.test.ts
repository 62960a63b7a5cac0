import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../../../tests/support/app.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { makeCompany, makeManufacturer, makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';

const api = useTestApp();
const PERIOD = { from: '2026-01-01', to: '2026-02-28' };

/** One produced entry of an item: its total after the entry, recorded at `at`. */
const produced = (orderItemId: number, total: number, at: string) =>
  api.db
    .insertInto('produced_entries')
    .values({ order_item_id: orderItemId, quantity: total, produced_total: total, subject: 'operator-1', recorded_by: 'Olga Operator', created_at: at })
    .execute();

let companyA: string;
let companyB: string;
let productA: number;

beforeAll(async () => {
  const db = api.db;
  companyA = await makeCompany(db, 'company-a');
  companyB = await makeCompany(db, 'company-b');
  const preform = await makePreform(db);
  const warehouseId = await makeWarehouse(db);
  productA = await makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId: companyA });
  const order = await makeProductionOrder(db, { companyId: companyA });
  // On time in full: 1,000 by the end of its due day (the last entry before midnight UTC counts).
  const onTime = await makeOrderItem(db, { orderId: order, productId: productA, planned: 1_000, produced: 1_000, dueDate: '2026-01-15' });
  await produced(onTime, 600, '2026-01-10T08:00:00Z');
  await produced(onTime, 1_000, '2026-01-15T23:59:00Z');
  // Late: 500 by the due day, the rest the day after: not OTIF, and fills 500 of 1,000.
  const late = await makeOrderItem(db, { orderId: order, productId: productA, planned: 1_000, produced: 1_000, dueDate: '2026-01-20' });
  await produced(late, 500, '2026-01-19T10:00:00Z');
  await produced(late, 1_000, '2026-01-21T00:00:01Z');
  // February: nothing produced by the due day.
  await makeOrderItem(db, { orderId: order, productId: productA, planned: 8_000, dueDate: '2026-02-03' });
  // A forecast over 2026-01-20 to 2026-02-09 (21 days) of 21,000: 12,000 in January, 9,000 in February.
  const plan = await db
    .insertInto('client_production_plans')
    .values({ company_id: companyA, period_from: '2026-01-20', period_to: '2026-02-09' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('client_production_plan_items').values({ plan_id: plan.id, client_product_id: productA, planned_amount: 21_000 }).execute();
  // Company B: one item, on time.
  const productB = await makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId: companyB });
  const orderB = await makeProductionOrder(db, { companyId: companyB });
  const itemB = await makeOrderItem(db, { orderId: orderB, productId: productB, planned: 2_000, produced: 2_000, dueDate: '2026-01-10' });
  await produced(itemB, 2_000, '2026-01-09T12:00:00Z');
  // Suppliers: one delivered on its due day, one a day late.
  const early = await makeManufacturer(db, 'Early Preforms');
  const slow = await makeManufacturer(db, 'Slow Preforms');
  const supplied = await makePreform(db, { manufacturers: [early, slow] });
  const supply = (supplyId: number, deliveredAt: string) =>
    db
      .insertInto('supply_orders')
      .values({
        ordered_amount: 10_000,
        due_date: '2026-01-12',
        preform_id: supplied.id,
        preform_warehouse_id: warehouseId,
        preform_supply_id: supplyId,
        order_status: 'delivered',
        stock: true,
        delivered_at: new Date(deliveredAt),
      })
      .execute();
  await supply(supplied.supplyIds[0], '2026-01-12T22:00:00Z');
  await supply(supplied.supplyIds[1], '2026-01-13T06:00:00Z');
});

describe("a client's delivery figures", () => {
  it('counts on-time-in-full by the produced total at the end of the due day, and the fill rate by the bottles produced by then', async () => {
    const answer = await api.post('ClientStats_getDeliveryPerformance', { period: PERIOD }, 'client');
    expect(answer.status).toBe(200);
    expect(answer.body.months).toEqual([
      { month: '2026-01-01', items: 2, onTimeInFull: 1, otifRate: 0.5, fillRate: 0.75 },
      { month: '2026-02-01', items: 1, onTimeInFull: 0, otifRate: 0, fillRate: 0 },
    ]);
    expect(answer.body).toMatchObject({ items: 3, onTimeInFull: 1, otifRate: 1 / 3, fillRate: 1_500 / 10_000 });
  });

  it('spreads a forecast over the months of its period and compares it with the orders of each month', async () => {
    const answer = await api.post('ClientStats_getDeliveryPerformance', { period: PERIOD }, 'client');
    expect(answer.body.products).toEqual([
      expect.objectContaining({ clientProductId: productA, month: '2026-01-01', forecast: 12_000, ordered: 2_000, produced: 2_000, accuracy: expect.closeTo(2_000 / 12_000, 9) }),
      expect.objectContaining({ clientProductId: productA, month: '2026-02-01', forecast: 9_000, ordered: 8_000, produced: 0, accuracy: expect.closeTo(8_000 / 9_000, 9) }),
    ]);
    expect(answer.body.forecastAccuracy).toBeCloseTo(1 - (10_000 + 1_000) / (12_000 + 9_000));
  });

  it("shows a client only its own company's figures", async () => {
    const answer = await api.post('ClientStats_getDeliveryPerformance', { period: PERIOD }, { token: await tokenFor({ sub: 'client-b', roles: ['client'], companyId: companyB }) });
    expect(answer.body).toMatchObject({ items: 1, onTimeInFull: 1, otifRate: 1, fillRate: 1, forecastAccuracy: 0 });
    expect(answer.body.products.map((row) => row.clientProductId)).not.toContain(productA);
  });

  it('refuses a period of more than 24 months or one that ends before it starts', async () => {
    expect((await api.post('ClientStats_getDeliveryPerformance', { period: { from: '2024-01-01', to: '2026-01-31' } }, 'client')).status).toBe(400);
    expect((await api.post('ClientStats_getDeliveryPerformance', { period: { from: '2026-02-01', to: '2026-01-31' } }, 'client')).status).toBe(400);
  });
});

describe("the admin's ranking", () => {
  it('ranks clients worst on-time-in-full first and suppliers worst on-time rate first', async () => {
    const answer = await api.post('AdminStats_getDeliveryRanking', { period: PERIOD }, 'admin');
    expect(answer.status).toBe(200);
    expect(answer.body.clients.map((row) => [row.clientId, row.otifRate])).toEqual([
      [companyA, 1 / 3],
      [companyB, 1],
    ]);
    expect(answer.body.suppliers.map((row) => [row.manufacturerName, row.delivered, row.onTime])).toEqual([
      ['Slow Preforms', 1, 0],
      ['Early Preforms', 1, 1],
    ]);
    expect(answer.body.client).toBeUndefined();
  });

  it("adds one client's months and products when asked; an unknown client answers 404", async () => {
    const answer = await api.post('AdminStats_getDeliveryRanking', { period: PERIOD, clientId: companyA }, 'admin');
    expect(answer.body.client).toMatchObject({ items: 3, onTimeInFull: 1 });
    expect((await api.post('AdminStats_getDeliveryRanking', { period: PERIOD, clientId: 'nobody' }, 'admin')).status).toBe(404);
  });
});

describe('the bottles produced by the due day, as the item keeps them', () => {
  it('follow a later entry before the due day, a moved due date and a removed entry', async () => {
    const db = api.db;
    const company = await makeCompany(db, 'company-c');
    const preform = await makePreform(db);
    const product = await makeProduct(db, { preformId: preform.id, warehouseId: await makeWarehouse(db), supplyId: preform.supplyIds[0], companyId: company });
    const order = await makeProductionOrder(db, { companyId: company });
    const item = await makeOrderItem(db, { orderId: order, productId: product, planned: 1_000, produced: 1_000, dueDate: '2026-01-15' });
    const byDue = async () =>
      (await db.selectFrom('client_production_order_items').select('produced_by_due').where('id', '=', item).executeTakeFirstOrThrow()).produced_by_due;
    expect(await byDue()).toBe(0);
    await produced(item, 400, '2026-01-14T10:00:00Z');
    expect(await byDue()).toBe(400);
    // An entry after the due day does not count; one recorded the same day before midnight UTC does.
    await produced(item, 1_000, '2026-01-16T00:00:00Z');
    expect(await byDue()).toBe(400);
    // The due date moved a day later: the entry of the 16th is now in time.
    await db.updateTable('client_production_order_items').set({ due_date: '2026-01-16' }).where('id', '=', item).execute();
    expect(await byDue()).toBe(1_000);
    // Moved before the first entry: nothing by then.
    await db.updateTable('client_production_order_items').set({ due_date: '2026-01-13' }).where('id', '=', item).execute();
    expect(await byDue()).toBe(0);
    await db.updateTable('client_production_order_items').set({ due_date: '2026-01-15' }).where('id', '=', item).execute();
    expect(await byDue()).toBe(400);
    await db.deleteFrom('produced_entries').where('order_item_id', '=', item).where('produced_total', '=', 400).execute();
    expect(await byDue()).toBe(0);
  });
});
