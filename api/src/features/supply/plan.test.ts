import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { addDays, earliestArrival } from './planning.rules.js';
import { todayOf } from './plan.service.js';
import { makeCompany, makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from './supply.fixtures.js';

const api = useTestApp();
const today = todayOf();
const inDays = (days: number) => addDays(today, days);

/** A preform used by one product (2 % scrap, 50 + 30 fixed scrap) in a warehouse, with an open item due in 3 days. */
async function pairWithDemand(options: { planned?: number; produced?: number; qtyPerBox?: number } = {}) {
  const db = api.db;
  const preform = await makePreform(db, { qtyPerBox: options.qtyPerBox ?? 2000 });
  const warehouseId = await makeWarehouse(db);
  const companyId = await makeCompany(db);
  const productId = await makeProduct(db, {
    preformId: preform.id,
    warehouseId,
    supplyId: preform.supplyIds[0],
    companyId,
    scrapRate: 0.02,
    scrapStart: 50,
    scrapChangeOver: 30,
  });
  const orderId = await makeProductionOrder(db, { companyId });
  const itemId = await makeOrderItem(db, { orderId, productId, planned: options.planned ?? 10_000, produced: options.produced ?? 4_000, dueDate: inDays(3) });
  return { preform, warehouseId, companyId, productId, orderId, itemId };
}

const planOf = async (preformId: number, preformWarehouseId: number, countForecasts = true) => {
  const answer = await api.post('AdminSupply_getSupplyPlan', { preformId, preformWarehouseId, countForecasts }, 'admin');
  expect(answer.status).toBe(200);
  expect(answer.body.rows).toHaveLength(1);
  return answer.body.rows[0];
};

const ordersOf = (preformId: number, warehouseId: number) =>
  api.db.selectFrom('supply_orders').selectAll().where('preform_id', '=', preformId).where('preform_warehouse_id', '=', warehouseId).execute();

describe('supply plan', () => {
  beforeAll(async () => {
    await api.post('AdminSupply_getSupplyPlanSettings', {}, 'admin');
  });

  it("counts an open item's preforms exactly as the stock lists' order amount does", async () => {
    const { preform, warehouseId } = await pairWithDemand();
    const row = await planOf(preform.id, warehouseId, false);
    const stock = await api.db
      .selectFrom('preform_stock')
      .select('order_amount')
      .where('preform_id', '=', preform.id)
      .where('warehouse_id', '=', warehouseId)
      .executeTakeFirstOrThrow();
    expect(stock.order_amount).toBe(Math.ceil(6_000 * 1.02 + 80));
    expect(row.weeks.reduce((sum, week) => sum + week.requirement, 0)).toBe(stock.order_amount);
  });

  it('a preform short of its buffer gets a suggestion up to the top of green, in whole boxes, due after the lead time', async () => {
    const { preform, warehouseId } = await pairWithDemand();
    const row = await planOf(preform.id, warehouseId);
    expect(row.zone).toBe('red');
    expect(row.netFlowPosition).toBeLessThanOrEqual(row.buffer.topOfRed);
    expect(row.suggestion).not.toBeNull();
    expect(row.suggestion!.amount % 2000).toBe(0);
    expect(row.suggestion!.amount).toBeGreaterThanOrEqual(row.buffer.topOfGreen - row.netFlowPosition);
    expect(row.suggestion!.dueDate).toBe(earliestArrival(today, 14));
    expect(row.suggestion!.preformSupplyId).toBe(preform.supplyIds[0]);
  });

  it('a supply order already on its way within the lead time removes the suggestion', async () => {
    const { preform, warehouseId } = await pairWithDemand();
    const before = await planOf(preform.id, warehouseId);
    expect(before.suggestion).not.toBeNull();
    await api.db
      .insertInto('supply_orders')
      .values({ ordered_amount: 500_000, due_date: inDays(1), preform_id: preform.id, preform_warehouse_id: warehouseId, preform_supply_id: preform.supplyIds[0] })
      .execute();
    const after = await planOf(preform.id, warehouseId);
    expect(after.incoming).toBe(500_000);
    expect(after.suggestion).toBeNull();
    expect(['green', 'over']).toContain(after.zone);
  });

  it('accepting a suggestion creates exactly one pending order, even twice at once', async () => {
    const { preform, warehouseId } = await pairWithDemand();
    const { suggestion } = await planOf(preform.id, warehouseId);
    const body = { preformId: preform.id, preformWarehouseId: warehouseId, fingerprint: suggestion!.fingerprint };
    const [first, second] = await Promise.all([
      api.post('AdminSupply_acceptSupplySuggestion', body, 'admin'),
      api.post('AdminSupply_acceptSupplySuggestion', body, 'admin'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.id).toBe(first.body.id);
    const orders = await ordersOf(preform.id, warehouseId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ order_status: 'pending', ordered_amount: suggestion!.amount, due_date: suggestion!.dueDate });
    // The new order is on its way: the plan counts it and the same suggestion is not made again.
    const after = await planOf(preform.id, warehouseId);
    expect(after.incoming).toBe(suggestion!.amount);
    expect(after.suggestion?.fingerprint).not.toBe(suggestion!.fingerprint);
  });

  it('accepting numbers that changed meanwhile answers 409 and writes nothing', async () => {
    const { preform, warehouseId, productId, orderId } = await pairWithDemand();
    const { suggestion } = await planOf(preform.id, warehouseId);
    await makeOrderItem(api.db, { orderId, productId, planned: 50_000, dueDate: inDays(2) });
    const answer = await api.post(
      'AdminSupply_acceptSupplySuggestion',
      { preformId: preform.id, preformWarehouseId: warehouseId, fingerprint: suggestion!.fingerprint },
      'admin',
    );
    expect(answer.status).toBe(409);
    expect(await ordersOf(preform.id, warehouseId)).toHaveLength(0);
  });

  it('dismiss hides the suggestion until its numbers change', async () => {
    const { preform, warehouseId, productId, orderId } = await pairWithDemand();
    const { suggestion } = await planOf(preform.id, warehouseId);
    const dismissed = await api.post(
      'AdminSupply_dismissSupplySuggestion',
      { preformId: preform.id, preformWarehouseId: warehouseId, fingerprint: suggestion!.fingerprint },
      'admin',
    );
    expect(dismissed.status).toBe(200);
    expect((await planOf(preform.id, warehouseId)).suggestion).toBeNull();
    const board = await api.post('AdminSupply_getSupplyPlan', { zones: ['red', 'yellow'], preformId: preform.id }, 'admin');
    expect(board.body.rows[0].suggestion).toBeNull();
    await makeOrderItem(api.db, { orderId, productId, planned: 50_000, dueDate: inDays(2) });
    const changed = await planOf(preform.id, warehouseId);
    expect(changed.suggestion).not.toBeNull();
    expect(changed.suggestion!.fingerprint).not.toBe(suggestion!.fingerprint);
    expect(await ordersOf(preform.id, warehouseId)).toHaveLength(0);
  });

  it('the plan of every pair follows each committed change: a supply order, an order item, a dismissal', async () => {
    const { preform, warehouseId, productId, orderId } = await pairWithDemand();
    const everyPair = async () => {
      const answer = await api.post('AdminSupply_getSupplyPlan', { pagination: { page: 1, rowsPerPage: 100 } }, 'admin');
      expect(answer.status).toBe(200);
      return answer.body.rows.find((row) => row.preformId === preform.id && row.preformWarehouseId === warehouseId)!;
    };
    const before = await everyPair();
    expect(before).toEqual(await planOf(preform.id, warehouseId));
    expect(await everyPair()).toEqual(before);
    // Written straight to the database, as another replica would: the next read sees it.
    await api.db
      .insertInto('supply_orders')
      .values({ ordered_amount: 4_000, due_date: inDays(30), preform_id: preform.id, preform_warehouse_id: warehouseId, preform_supply_id: preform.supplyIds[0] })
      .execute();
    const ordered = await everyPair();
    expect(ordered.weeks.reduce((sum, week) => sum + week.supply, 0)).toBe(before.weeks.reduce((sum, week) => sum + week.supply, 0) + 4_000);
    await makeOrderItem(api.db, { orderId, productId, planned: 50_000, dueDate: inDays(2) });
    const more = await everyPair();
    expect(more.qualifiedDemand).toBeGreaterThan(ordered.qualifiedDemand);
    expect(more).toEqual(await planOf(preform.id, warehouseId));
    const dismissed = await api.post(
      'AdminSupply_dismissSupplySuggestion',
      { preformId: preform.id, preformWarehouseId: warehouseId, fingerprint: more.suggestion!.fingerprint },
      'admin',
    );
    expect(dismissed.status).toBe(200);
    expect((await everyPair()).suggestion).toBeNull();
  });

  it('a preform nobody uses gets no suggestion', async () => {
    const preform = await makePreform(api.db);
    const warehouseId = await makeWarehouse(api.db);
    await makeProduct(api.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0] });
    const row = await planOf(preform.id, warehouseId);
    expect(row.buffer.adu).toBe(0);
    expect(row.zone).toBe('green');
    expect(row.suggestion).toBeNull();
  });

  it('lists the items and the uncovered forecasts that the requirements are made of', async () => {
    const { preform, warehouseId, companyId, productId, itemId } = await pairWithDemand();
    const plan = await api.db
      .insertInto('client_production_plans')
      .values({ company_id: companyId, period_from: inDays(0), period_to: inDays(13) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await api.db.insertInto('client_production_plan_items').values({ plan_id: plan.id, client_product_id: productId, planned_amount: 20_000 }).execute();
    const answer = await api.post('AdminSupply_getSupplyPlanLines', { preformId: preform.id, preformWarehouseId: warehouseId }, 'admin');
    expect(answer.status).toBe(200);
    expect(answer.body.items).toEqual([expect.objectContaining({ orderItemId: itemId, bottlesLeft: 6_000, preforms: Math.ceil(6_000 * 1.02 + 80), dueDate: inDays(3) })]);
    // 20,000 planned, 10,000 ordered in the period (the item's planned amount): 10,000 uncovered, times 1.02.
    expect(answer.body.forecasts).toEqual([expect.objectContaining({ planId: plan.id, plannedAmount: 20_000, orderedAmount: 10_000, preforms: 10_200 })]);
    const withForecast = await planOf(preform.id, warehouseId, true);
    const without = await planOf(preform.id, warehouseId, false);
    const total = (row: typeof without) => row.weeks.reduce((sum, week) => sum + week.requirement, 0);
    expect(total(withForecast) - total(without)).toBeGreaterThanOrEqual(10_200);
    expect(total(withForecast) - total(without)).toBeLessThanOrEqual(10_200 + 13);
  });

  it('an unknown preform answers 404 and writes nothing', async () => {
    const answer = await api.post('AdminSupply_dismissSupplySuggestion', { preformId: 999_999, preformWarehouseId: 1, fingerprint: 'red:1000:2026-12-01' }, 'admin');
    expect(answer.status).toBe(404);
    expect(await api.db.selectFrom('supply_suggestion_decisions').selectAll().where('preform_id', '=', 999_999).execute()).toEqual([]);
  });
});

describe('supply plan settings', () => {
  it('saves the factors and the minimum order with the version read; a stale version answers 409', async () => {
    const read = await api.post('AdminSupply_getSupplyPlanSettings', {}, 'admin');
    expect(read.body).toEqual({ leadTimeFactor: 0.5, variabilityFactor: 0.5, minimumOrder: 1000, version: 0 });
    const saved = await api.post('AdminSupply_saveSupplyPlanSettings', { settings: { leadTimeFactor: 0.7, variabilityFactor: 0.3, minimumOrder: 5000, version: 0 } }, 'admin');
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ leadTimeFactor: 0.7, variabilityFactor: 0.3, minimumOrder: 5000, version: 1 });
    const stale = await api.post('AdminSupply_saveSupplyPlanSettings', { settings: { leadTimeFactor: 0.2, variabilityFactor: 0.3, minimumOrder: 5000, version: 0 } }, 'admin');
    expect(stale.status).toBe(409);
    const bad = await api.post('AdminSupply_saveSupplyPlanSettings', { settings: { leadTimeFactor: 2, variabilityFactor: 0.3, minimumOrder: 5000, version: 1 } }, 'admin');
    expect(bad.status).toBe(400);
    expect((await api.post('AdminSupply_getSupplyPlanSettings', {}, 'admin')).body).toMatchObject({ leadTimeFactor: 0.7, version: 1 });
  });
});
