import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { TEST_APP_ROLE } from '../../../../tests/support/global-setup.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import * as migration from '../../db/migrations/2026-11-25-1400-client-stats-sums.js';
import { grantAppRole } from '../../db/roles.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { keptAndRecomputedSums, recomputedFillRate, recomputedProducedQuantities, recomputedQuantities, recomputedQuantitiesPerDay } from './stats.fixtures.js';
import { getFillRate, getProducedQuantities, getQuantities, getQuantitiesDetailed } from './stats.service.js';
import { today as clockToday } from '../../lib/clock.js';
import { companyScopeOf } from '../../lib/scope.js';

/**
 * The client statistics' sums migration fills them for the records written before it: records are written without its
 * tables and triggers (down), then it runs again (up), and the four calls answer what the items say; down and up again
 * changes no answer.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const PERIODS = [
  { from: '2026-01-01', to: '2026-03-31' },
  { from: '2026-01-13', to: '2026-03-19' },
  { from: '2026-02-01', to: '2026-02-28' },
  { from: '2026-02-04', to: '2026-02-20' },
];

describe('the client statistics sums migration', () => {
  it('fills the sums of the items already there, and down then up gives the same answers', async () => {
    const owner = database.asOwner() as unknown as Kysely<unknown>;
    const db = database.db;
    const [a, b] = [await createCompany(db, 'stats-migrated-a'), await createCompany(db, 'stats-migrated-b')];
    const preform = await makePreform(db);
    const warehouseId = await makeWarehouse(db);
    const product = (companyId: string) => makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId });
    const products = { [a]: [await product(a), await product(a)], [b]: [await product(b)] };
    const write = async () => {
      for (const company of [a, b]) {
        const order = await makeProductionOrder(db, { companyId: company, closed: company === b ? 1 : 0 });
        for (const [index, [dueDate, planned, produced]] of (
          [
            ['2026-01-12', 1_000, 900],
            ['2026-01-31', 2_000, 2_000],
            ['2026-02-03', 2_500, 1_250],
            ['2026-02-20', 3_000, 0],
            ['2026-03-20', 4_000, 4_400],
          ] as const
        ).entries()) {
          await makeOrderItem(db, { orderId: order, productId: products[company]![index % products[company]!.length]!, planned, produced, dueDate });
        }
      }
      // An item of A's order for B's product: never counted.
      const mixed = await makeProductionOrder(db, { companyId: a });
      await makeOrderItem(db, { orderId: mixed, productId: products[b]![0]!, planned: 9_000, produced: 9_000, dueDate: '2026-02-04' });
    };
    const answers = async () => {
      const all: unknown[] = [];
      for (const company of [a, b]) {
        const actor = { sub: `${company}-1`, roles: ['client'], clientType: 'client', companyId: company } as never;
        for (const period of PERIODS) {
          const quantities = await getQuantities(db, companyScopeOf(actor), period);
          expect(quantities, `${company} ${period.from}`).toEqual(await recomputedQuantities(db, company, period));
          all.push(quantities);
          for (const productId of [0, ...products[company]!]) {
            const input = { startOf: period.from, endOf: period.to, productId };
            const chart = await getProducedQuantities(db, companyScopeOf(actor), input);
            expect(chart, `${company} ${period.from} apex ${productId}`).toEqual(await recomputedProducedQuantities(db, company, input));
            all.push(chart);
          }
          for (const productId of products[company]!) {
            const detailed = await getQuantitiesDetailed(db, companyScopeOf(actor), { productId, period });
            expect(detailed).toEqual(await recomputedQuantitiesPerDay(db, company, productId, period));
            all.push(detailed);
          }
        }
        for (const month of ['2026-01', '2026-02', '2026-03']) {
          const heatmap = await getFillRate(db, companyScopeOf(actor), month);
          expect(heatmap).toEqual(await recomputedFillRate(db, company, month, clockToday()));
          all.push(heatmap);
        }
      }
      return all;
    };

    await write();
    const before = await answers();
    await migration.down(owner);
    await write();
    await migration.up(owner);
    await grantAppRole(database.asOwner(), TEST_APP_ROLE);
    const { kept, recomputed } = await keptAndRecomputedSums(db);
    expect(kept).toEqual(recomputed);
    expect(kept.days.length).toBeGreaterThan(0);
    const filled = await answers();
    // Twice the items: twice the bottles.
    expect(filled).not.toEqual(before);

    await migration.down(owner);
    await migration.up(owner);
    await grantAppRole(database.asOwner(), TEST_APP_ROLE);
    expect(await answers()).toEqual(filled);
  });
});
