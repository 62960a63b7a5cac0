import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../../../tests/support/app.test-utils.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import {
  keptAndRecomputedSums,
  recomputedFillRate,
  recomputedProducedQuantities,
  recomputedQuantities,
  recomputedQuantitiesPerDay,
} from './stats.fixtures.js';
import { splitAtMonths } from './stats.repository.js';
import { writesOf } from '../../../../tests/support/order-writes.test-utils.js';
import { now as clockNow, today as clockToday } from '../../lib/clock.js';
import { expectKeptAsRecomputed } from '../../../../tests/support/derived.test-utils.js';
import { statsSums } from '../../db/derived/stats-sums.js';

/**
 * The client statistics read sums kept by triggers (migration 2026-11-25-1400-client-stats-sums): per company and due
 * day, and per company, month and product. Whatever is written, through the endpoints or straight into the tables, the
 * kept rows equal the sums grouped from the items, and the four calls answer what they answered when they summed the
 * items (stats.fixtures.ts), for periods of whole months and periods that start or end inside a month.
 */
const api = useTestApp();

const A = 'stats-kept-a';
const B = 'stats-kept-b';
let tokenA: { token: string };
let tokenB: { token: string };
let operator: { token: string };
let productA1: number;
let productA2: number;
let productB1: number;

/** Weekdays of months of their own, far ahead (the order rules refuse past days and weekends). */
const DAYS = {
  jan6: '2098-01-06',
  jan20: '2098-01-20',
  jan30: '2098-01-30',
  feb3: '2098-02-03',
  feb10: '2098-02-10',
  feb17: '2098-02-17',
  feb27: '2098-02-27',
  feb28: '2098-02-28',
  mar3: '2098-03-03',
  mar17: '2098-03-17',
  mar31: '2098-03-31',
  apr1: '2098-04-01',
  apr15: '2098-04-15',
} as const;
/** Whole months, periods starting or ending inside a month (or both), one inside a single month, one day. */
const PERIODS = [
  { from: '2098-01-01', to: '2098-03-31' },
  { from: '2098-02-01', to: '2098-02-28' },
  { from: '2098-01-15', to: '2098-03-10' },
  { from: '2098-02-03', to: '2098-02-20' },
  { from: '2098-01-20', to: '2098-02-28' },
  { from: '2098-02-01', to: '2098-03-03' },
  { from: '2097-12-31', to: '2098-04-30' },
  { from: '2098-03-31', to: '2098-03-31' },
];
const MONTHS = ['2098-01', '2098-02', '2098-03', '2098-04'];

beforeAll(async () => {
  const db = api.db;
  await createCompany(db, A, { name: 'Stats Kept A' });
  await createCompany(db, B, { name: 'Stats Kept B' });
  const preform = await makePreform(db);
  const warehouseId = await makeWarehouse(db);
  const product = (companyId: string) => makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId });
  productA1 = await product(A);
  productA2 = await product(A);
  productB1 = await product(B);
  // Bottle stock is kept per price period: a price valid now, so that the operator can record production.
  const year = clockToday().slice(0, 4);
  for (const id of [productA1, productA2, productB1]) {
    await db.insertInto('product_prices').values({ client_product_id: id, unit_price: 40, valid_from: `${year}-01-01`, valid_to: `${year}-12-31` }).execute();
  }
  tokenA = { token: await tokenFor({ sub: 'stats-kept-a-1', roles: ['client'], companyId: A, name: 'Ada A' }) };
  tokenB = { token: await tokenFor({ sub: 'stats-kept-b-1', roles: ['client'], companyId: B, name: 'Ben B' }) };
  operator = { token: await tokenFor({ sub: 'operator-1', roles: ['operator'], name: 'Olga Operator' }) };
});

/** The kept rows equal the module's recomputation from the items (both whole, sorted lists). */
async function expectKeptSums(step: string) {
  await expectKeptAsRecomputed(api.database.asOwner(), statsSums, step);
}

/** The kept sums, and every answer of both clients for every period and month, equal the recomputation from the items. */
async function expectRecomputed(step: string) {
  await expectKeptSums(step);
  const today = clockToday();
  for (const [companyId, caller] of [
    [A, tokenA],
    [B, tokenB],
  ] as const) {
    // The company's products now (deleted ones too: their history is shown).
    const products = (await api.db.selectFrom('client_products').select('id').where('company_id', '=', companyId).orderBy('id').execute()).map((row) => row.id);
    for (const period of PERIODS) {
      const label = `${step}: ${companyId} ${period.from}…${period.to}`;
      const quantities = await api.post('ClientStats_getQuantities', { period }, caller);
      expect(quantities.status, label).toBe(200);
      expect(quantities.body, `${label} quantities`).toEqual(await recomputedQuantities(api.db, companyId, period));
      for (const productId of [0, ...products]) {
        const input = { startOf: period.from, endOf: period.to, productId };
        const chart = await api.post('ClientStats_getProducedQuantities', input, caller);
        expect(chart.status, label).toBe(200);
        expect(chart.body, `${label} apex ${productId}`).toEqual(await recomputedProducedQuantities(api.db, companyId, input));
      }
      for (const productId of products) {
        const detailed = await api.post('ClientStats_getQuantitiesDetailed', { productId, period }, caller);
        expect(detailed.status, label).toBe(200);
        expect(detailed.body, `${label} quantitiesdetailed ${productId}`).toEqual(await recomputedQuantitiesPerDay(api.db, companyId, productId, period));
      }
    }
    for (const month of MONTHS) {
      const heatmap = await api.post('ClientStats_getFillRate', { month }, caller);
      expect(heatmap.status, `${step}: ${companyId} ${month}`).toBe(200);
      expect(heatmap.body, `${step}: ${companyId} ${month} fill rate`).toEqual(await recomputedFillRate(api.db, companyId, month, today));
    }
  }
}

const quantitiesOf = async (caller: { token: string }, period: { from: string; to: string }) =>
  ((await api.post('ClientStats_getQuantities', { period }, caller)).body as unknown as { id: number; producedAmount: number }[]).map((row) => [
    row.id,
    row.producedAmount,
  ]);
const { itemsOf, orderVersion, produce } = writesOf(api, () => operator);
const saveOrder = async (caller: { token: string }, order: object) => {
  const answer = await api.post('ClientOrders_saveOrder', { Order: order as never }, caller);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as { id: number };
};
const WHOLE = PERIODS[0]!;

describe('the client statistics, kept by triggers, equal the sums of the items', () => {
  let orderA: number;
  let orderB: number;

  it('after orders are placed (items over four months, both companies on the same days)', async () => {
    orderA = (
      await saveOrder(tokenA, {
        orderNo: 'SK-1',
        closed: 0,
        ClientProductionOrderItems: [
          { clientProductId: productA1, dueDate: DAYS.jan6, plannedAmount: 5_000 },
          { clientProductId: productA1, dueDate: DAYS.jan20, plannedAmount: 6_000 },
          { clientProductId: productA2, dueDate: DAYS.jan20, plannedAmount: 7_000 },
          { clientProductId: productA1, dueDate: DAYS.feb3, plannedAmount: 8_000 },
          { clientProductId: productA2, dueDate: DAYS.feb17, plannedAmount: 9_000 },
          { clientProductId: productA1, dueDate: DAYS.feb27, plannedAmount: 10_000 },
          { clientProductId: productA1, dueDate: DAYS.mar3, plannedAmount: 11_000 },
          { clientProductId: productA2, dueDate: DAYS.mar31, plannedAmount: 12_000 },
          { clientProductId: productA1, dueDate: DAYS.apr1, plannedAmount: 13_000 },
        ],
      })
    ).id;
    orderB = (
      await saveOrder(tokenB, {
        orderNo: 'SK-B',
        closed: 0,
        ClientProductionOrderItems: [DAYS.jan20, DAYS.feb3, DAYS.feb28, DAYS.mar31].map((dueDate) => ({ clientProductId: productB1, dueDate, plannedAmount: 4_000 })),
      })
    ).id;
    await expectRecomputed('orders placed');
    // Products with items and nothing produced yet are listed, at 0.
    expect(await quantitiesOf(tokenA, WHOLE)).toEqual([
      [productA1, 0],
      [productA2, 0],
    ]);
  });

  it('after the operator records production', async () => {
    const items = await itemsOf(orderA);
    for (const [index, quantity] of [
      [0, 5_000],
      [1, 2_500],
      [2, 7_000],
      [3, 100],
      [5, 9_999],
      [7, 12_000],
    ] as const) {
      await produce(items[index]!.id, quantity);
    }
    await produce((await itemsOf(orderB))[1]!.id, 3_333);
    await expectRecomputed('production recorded');
    expect(await quantitiesOf(tokenA, WHOLE)).toEqual([
      [productA1, 5_000 + 2_500 + 100 + 9_999],
      [productA2, 7_000 + 12_000],
    ]);
    expect(await quantitiesOf(tokenA, { from: DAYS.jan20, to: DAYS.feb3 })).toEqual([
      [productA1, 2_500 + 100],
      [productA2, 7_000],
    ]);
  });

  it('after the order is edited: a plan changed, a due date moved to another month, a product changed, an item added, then one removed', async () => {
    const items = await itemsOf(orderA);
    const kept = (item: (typeof items)[number]) => ({
      id: item.id,
      clientProductId: item.client_product_id,
      dueDate: item.due_date,
      plannedAmount: item.planned_amount,
      version: item.version,
    });
    await saveOrder(tokenA, {
      id: orderA,
      orderNo: 'SK-1',
      closed: 0,
      version: await orderVersion(orderA),
      ClientProductionOrderItems: [
        { ...kept(items[0]!), plannedAmount: 5_500 },
        { ...kept(items[1]!), dueDate: DAYS.feb10 },
        { ...kept(items[2]!), clientProductId: productA1 },
        ...items.slice(3).map(kept),
        { clientProductId: productA2, dueDate: DAYS.jan30, plannedAmount: 1_000 },
      ],
    });
    await expectRecomputed('order edited');
    const edited = await itemsOf(orderA);
    expect(edited).toHaveLength(10);
    await saveOrder(tokenA, {
      id: orderA,
      orderNo: 'SK-1',
      closed: 0,
      version: await orderVersion(orderA),
      ClientProductionOrderItems: edited.filter((item) => item.id !== items[5]!.id).map(kept),
    });
    expect(await itemsOf(orderA)).toHaveLength(9);
    await expectRecomputed('an item with production removed');
  });

  it('after the order is closed and reopened, and a product deleted (then restored): the sums count them all the same', async () => {
    const before = await quantitiesOf(tokenA, WHOLE);
    const closeAs = async (closed: 0 | 1) => {
      const items = await itemsOf(orderA);
      await saveOrder(tokenA, {
        id: orderA,
        orderNo: 'SK-1',
        closed,
        version: await orderVersion(orderA),
        ClientProductionOrderItems: items.map((item) => ({
          id: item.id,
          clientProductId: item.client_product_id,
          dueDate: item.due_date,
          plannedAmount: item.planned_amount,
          version: item.version,
        })),
      });
    };
    await closeAs(1);
    expect((await api.db.selectFrom('client_production_orders').select('closed').where('id', '=', orderA).executeTakeFirstOrThrow()).closed).toBe(1);
    await expectRecomputed('order closed');
    expect(await quantitiesOf(tokenA, WHOLE)).toEqual(before);
    await closeAs(0);
    await api.db.updateTable('client_production_order_items').set({ is_closed: true, is_buyer_confirmed: true }).where('order_id', '=', orderA).execute();
    await api.db.updateTable('client_products').set({ deleted_at: clockNow() }).where('id', '=', productA2).execute();
    await expectRecomputed('order reopened, items closed, a product deleted');
    expect(await quantitiesOf(tokenA, WHOLE)).toEqual(before);
    await api.db.updateTable('client_products').set({ deleted_at: null }).where('id', '=', productA2).execute();
  });

  it('after writes straight into the tables: items of an order of A for B’s product (never counted), an item moved to B’s order, an order and a product given to the other company', async () => {
    const db = api.db;
    const mixed = await makeProductionOrder(db, { companyId: A });
    await makeOrderItem(db, { orderId: mixed, productId: productB1, planned: 2_000, produced: 2_000, dueDate: DAYS.feb10 });
    const direct = await makeOrderItem(db, { orderId: mixed, productId: productA1, planned: 3_000, produced: 1_234, dueDate: DAYS.mar17 });
    await expectRecomputed('items inserted directly');
    await db.updateTable('client_production_order_items').set({ order_id: orderB }).where('id', '=', direct).execute();
    await expectRecomputed("an item of A's product moved to B's order");
    await db.updateTable('client_production_order_items').set({ order_id: mixed, produced_amount: 999, due_date: DAYS.apr15 }).where('id', '=', direct).execute();
    await expectRecomputed('moved back, another day and amount');
    await db.updateTable('client_production_orders').set({ company_id: B }).where('id', '=', mixed).execute();
    await expectRecomputed('an order given to B');
    await db.updateTable('client_products').set({ company_id: B }).where('id', '=', productA1).execute();
    await expectRecomputed("A's product given to B");
    await db.updateTable('client_products').set({ company_id: A }).where('id', '=', productA1).execute();
    await db.updateTable('client_production_orders').set({ company_id: A }).where('id', '=', mixed).execute();
    await expectRecomputed('both given back');
    // Several rows of several days in one statement.
    await db
      .updateTable('client_production_order_items')
      .set((eb) => ({ produced_amount: eb('produced_amount', '+', 1), due_date: sql`due_date + 1` }))
      .where('order_id', 'in', [orderA, mixed])
      .execute();
    await expectRecomputed('one statement moving many items');
  });

  it('after concurrent production on the same company day, through the operator', async () => {
    const order = await saveOrder(tokenA, {
      orderNo: 'SK-2',
      closed: 0,
      ClientProductionOrderItems: [productA1, productA1, productA2, productA2, productA1, productA2].map((clientProductId, index) => ({
        clientProductId,
        dueDate: DAYS.feb17,
        plannedAmount: 1_000 + index,
      })),
    });
    const items = await itemsOf(order.id);
    const before = await producedOn(A, DAYS.feb17);
    await Promise.all(items.map((item) => produce(item.id, 700)));
    expect(await producedOn(A, DAYS.feb17)).toBe(before + 6 * 700);
    await expectRecomputed('concurrent production');
  });

  it('after two transactions write the same new company day at once: the second waits for the first, and neither sum is lost', async () => {
    const day = DAYS.apr15;
    const order = await makeProductionOrder(api.db, { companyId: A });
    const before = await producedOn(A, day);
    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const first = api.db.transaction().execute(async (trx) => {
      await makeOrderItem(trx as never, { orderId: order, productId: productA1, planned: 500, produced: 300, dueDate: day });
      inserted();
      await released;
    });
    await firstInserted;
    const second = api.db.transaction().execute((trx) => makeOrderItem(trx as never, { orderId: order, productId: productA2, planned: 500, produced: 45, dueDate: day }));
    await waitForLockWait();
    release();
    await Promise.all([first, second]);
    expect(await producedOn(A, day)).toBe(before + 345);
    await expectRecomputed('two transactions on one new day');
  });

  it('after orders are deleted: their sums leave with them', async () => {
    const orders = await api.db.selectFrom('client_production_orders').select('id').where('company_id', '=', A).execute();
    expect((await api.post('ClientOrders_deleteOrders', { orderIds: orders.map((row) => row.id) }, tokenA)).status).toBe(200);
    await expectRecomputed("A's orders deleted");
    expect(await quantitiesOf(tokenA, WHOLE)).toEqual([]);
    expect(await api.db.selectFrom('stats_company_days').select('due_date').where('company_id', '=', A).where((eb) => eb.or([eb('items', '<>', 0), eb('produced', '<>', 0)])).execute()).toEqual([]);
  });
});

/** The kept produced bottles of a company's day (0 without a row). */
async function producedOn(companyId: string, day: string) {
  const row = await api.db.selectFrom('stats_company_days').select('produced').where('company_id', '=', companyId).where('due_date', '=', day).executeTakeFirst();
  return row?.produced ?? 0;
}

/** Until a session of this database waits for a lock (the second writer queued behind the first). */
async function waitForLockWait() {
  for (let attempt = 0; attempt < 500; attempt++) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::integer as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(api.db);
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the second writer never waited for the first');
}

describe('the sums as kept', () => {
  it('equal what the refill computes from the records (the migration and the bench load)', async () => {
    const db = api.db;
    const order = await makeProductionOrder(db, { companyId: B });
    await makeOrderItem(db, { orderId: order, productId: productB1, planned: 1_000, produced: 800, dueDate: DAYS.mar3 });
    const snapshot = async () => ({
      days: (await sql`select * from stats_company_days where items <> 0 or produced <> 0 order by 1, 2`.execute(db)).rows,
      months: (await sql`select * from stats_product_months where items <> 0 or produced <> 0 order by 1, 2, 3`.execute(db)).rows,
    });
    const kept = await snapshot();
    expect(kept.days.length).toBeGreaterThan(0);
    await sql`select stats_sums_refill()`.execute(db);
    expect(await snapshot()).toEqual(kept);
  });

  it('differ from the items when a trigger stops keeping them (the check can fail)', async () => {
    const owner = api.database.asOwner();
    const item = await api.db.selectFrom('client_production_order_items').select('id').orderBy('id').executeTakeFirstOrThrow();
    await expectKeptSums('before');
    await expect(
      owner.transaction().execute(async (trx) => {
        await sql`alter table client_production_order_items disable trigger client_production_order_items_stats_update`.execute(trx);
        await trx.updateTable('client_production_order_items').set((eb) => ({ produced_amount: eb('produced_amount', '+', 17) })).where('id', '=', item.id).execute();
        const { kept, recomputed } = await keptAndRecomputedSums(trx as never);
        expect(kept.days).toEqual(recomputed.days);
      }),
    ).rejects.toThrow(/expected/);
    await expectKeptSums('after the rollback');
  });
});

describe('a period split at month boundaries (whole months from the kept rows, the rest from the items)', () => {
  it.each([
    ['2025-01-01', '2025-12-31', { from: '2025-01-01', until: '2026-01-01' }, []],
    ['2024-02-01', '2024-02-29', { from: '2024-02-01', until: '2024-03-01' }, []],
    ['2024-02-01', '2024-02-28', null, [{ from: '2024-02-01', to: '2024-02-28' }]],
    ['2025-12-15', '2026-02-10', { from: '2026-01-01', until: '2026-02-01' }, [{ from: '2025-12-15', to: '2025-12-31' }, { from: '2026-02-01', to: '2026-02-10' }]],
    ['2025-03-02', '2025-04-30', { from: '2025-04-01', until: '2025-05-01' }, [{ from: '2025-03-02', to: '2025-03-31' }]],
    ['2025-03-01', '2025-04-29', { from: '2025-03-01', until: '2025-04-01' }, [{ from: '2025-04-01', to: '2025-04-29' }]],
    ['2025-03-31', '2025-04-01', null, [{ from: '2025-03-31', to: '2025-04-01' }]],
    ['2025-06-01', '2025-06-01', null, [{ from: '2025-06-01', to: '2025-06-01' }]],
  ])('%s … %s', (from, to, months, days) => {
    expect(splitAtMonths(from, to)).toEqual({ months, days });
  });
});
