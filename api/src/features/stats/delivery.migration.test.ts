import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { TEST_APP_ROLE } from '../../../../tests/support/global-setup.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import * as migration from '../../db/migrations/2026-11-25-1000-delivery-aggregates.js';
import { grantAppRole } from '../../db/roles.js';
import { makeManufacturer, makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { recomputedPerformance, recomputedRanking } from './delivery.fixtures.js';
import { getDeliveryPerformance, getDeliveryRanking } from './delivery.service.js';
import { companyScopeOf } from '../../lib/scope.js';

/**
 * The delivery sums' migration fills them for the records written before it: the records are written without its
 * tables and triggers (down), then it runs again (up), and the figures equal the recomputation from the records.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('the delivery sums migration', () => {
  it('fills the sums of the items, forecasts and supply orders already there', async () => {
    const owner = database.asOwner() as unknown as Kysely<unknown>;
    await migration.down(owner);
    const db = database.db;
    const [a, b] = [await createCompany(db, 'migrated-a'), await createCompany(db, 'migrated-b')];
    const preform = await makePreform(db, { manufacturers: [await makeManufacturer(db), await makeManufacturer(db)] });
    const warehouseId = await makeWarehouse(db);
    const productA = await makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: a });
    const productB = await makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: b });
    for (const [company, product] of [
      [a, productA],
      [b, productB],
    ] as const) {
      const order = await makeProductionOrder(db, { companyId: company });
      for (const [dueDate, planned] of [
        ['2026-01-12', 1_000],
        ['2026-02-03', 2_500],
        ['2026-03-20', 4_000],
      ] as const) {
        const item = await makeOrderItem(db, { orderId: order, productId: product, planned, produced: planned, dueDate });
        await db
          .insertInto('produced_entries')
          .values({ order_item_id: item, quantity: planned, produced_total: planned, subject: 'operator-1', recorded_by: 'Olga Operator', created_at: `${dueDate}T09:00:00Z` })
          .execute();
      }
      const plan = await db.insertInto('client_production_plans').values({ company_id: company, period_from: '2026-01-20', period_to: '2026-03-09' }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('client_production_plan_items').values({ plan_id: plan.id, client_product_id: product, planned_amount: 49_999 }).execute();
    }
    for (const [supplyId, deliveredAt] of [
      [preform.supplyIds[0]!, '2026-02-01T08:00:00Z'],
      [preform.supplyIds[1]!, '2026-02-04T08:00:00Z'],
    ] as const) {
      await db
        .insertInto('supply_orders')
        .values({
          ordered_amount: 10_000,
          due_date: '2026-02-02',
          preform_id: preform.id,
          preform_warehouse_id: warehouseId,
          preform_supply_id: supplyId,
          order_status: 'delivered',
          stock: true,
          delivered_at: new Date(deliveredAt),
        })
        .execute();
    }

    await migration.up(owner);
    await grantAppRole(database.asOwner(), TEST_APP_ROLE);

    const period = { from: '2026-01-01', to: '2026-03-31' };
    const today = '2026-03-15';
    const ranking = await getDeliveryRanking(db, { period }, new Date(`${today}T12:00:00Z`));
    expect(ranking).toEqual(await recomputedRanking(db, period, today));
    expect(ranking.clients.map((row) => [row.clientId, row.items, row.onTimeInFull])).toEqual([
      [a, 2, 2],
      [b, 2, 2],
    ]);
    expect(ranking.suppliers.map((row) => [row.delivered, row.onTime]).sort()).toEqual([
      [1, 0],
      [1, 1],
    ]);
    const actor = { sub: 'migrated-a-1', roles: ['client'], clientType: 'client', companyId: a } as never;
    expect(await getDeliveryPerformance(db, companyScopeOf(actor), period, new Date(`${today}T12:00:00Z`))).toEqual(await recomputedPerformance(db, a, period, today));
  });
});
