import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import * as migration from '../../db/migrations/2026-11-25-1110-claims-search.js';
import * as productionOrderCounts from '../../db/migrations/2026-11-25-1230-planner-production-orders.js';
import * as invoiceCounts from '../../db/migrations/2026-11-25-1600-invoice-count.js';
import { grantAppRole } from '../../db/roles.js';
import { TEST_APP_ROLE } from '../../../../tests/support/global-setup.js';
import { ALL_COMPANIES } from '../../lib/scope.js';
import { makePreform, makeWarehouse } from '../supply/supply.fixtures.js';
import { makeClaim, makeClaimable } from './claims.fixtures.js';
import { findClaims } from './claims.repository.js';
import { CLAIMS_COUNT_BOUND } from './claims.service.js';

/**
 * Issue 14, item 3: the claims search migration fills the search text of every claim already there, and the kept
 * counts (claims; lots open and used up) from the rows already there. The data is written, then the migration runs
 * again (down, up) over it, as the owner, with the later ones that count the production orders (1230) and the invoices
 * (1600) in its `row_counts` taken down before it and run again after it.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('the claims search migration', () => {
  it("fills the search text of existing claims and the kept counts of claims and lots", async () => {
    const db = database.db;
    await createCompany(db, 'company-migrated', { name: 'Brauerei Größe AG' });
    const { productId, orderId } = await makeClaimable(db, 'company-migrated', { article: 'Flasche 0,33 L', orderNo: 'PO-MIG-77' });
    const claimId = await makeClaim(db, { companyId: 'company-migrated', productId, orderId, description: 'Kratzer am HALS', status: 'under investigation' });
    await makeClaim(db, { companyId: 'company-migrated', productId, orderId, description: 'Second one' });

    const preform = await makePreform(db);
    const warehouseId = await makeWarehouse(db);
    const lot = async (quantity: number, consumed: number) => {
      const order = await db
        .insertInto('supply_orders')
        .values({
          order_status: 'delivered',
          ordered_amount: quantity,
          due_date: '2026-03-01',
          preform_id: preform.id,
          preform_warehouse_id: warehouseId,
          preform_supply_id: preform.supplyIds[0]!,
          stock: true,
          delivered_at: new Date('2026-03-02T10:00:00Z'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`
        insert into lots (supply_order_id, preform_id, warehouse_id, preform_supply_id, manufacturer_id, delivery_date, received_at, quantity, consumed)
        values (${order.id}, ${preform.id}, ${warehouseId}, ${preform.supplyIds[0]!}, ${preform.manufacturers[0]!}, '2026-03-02', '2026-03-02T00:00:00Z', ${quantity}, ${consumed})`.execute(db);
    };
    await lot(1_000, 0);
    await lot(2_000, 1_999);
    await lot(3_000, 3_000);

    const owner = database.asOwner() as unknown as Kysely<unknown>;
    await invoiceCounts.down(owner);
    await productionOrderCounts.down(owner);
    await migration.down(owner);
    await migration.up(owner);
    await productionOrderCounts.up(owner);
    await invoiceCounts.up(owner);
    await grantAppRole(database.asOwner(), TEST_APP_ROLE);

    const { search_text } = (await sql<{ search_text: string }>`select search_text from claim_search_texts where claim_id = ${claimId}`.execute(db)).rows[0]!;
    const { article_no } = await db.selectFrom('client_products').select('article_no').where('id', '=', productId).executeTakeFirstOrThrow();
    expect(search_text).toBe(['under investigation', 'kratzer am hals', 'po-mig-77', article_no.toLowerCase(), 'flasche 0,33 l', 'brauerei größe ag'].join('\u001f'));
    const found = await findClaims(db, ALL_COMPANIES, { pagination: { page: 1, rowsPerPage: 20 }, filter: 'am hals' }, CLAIMS_COUNT_BOUND);
    expect(found.rows.map((row) => row.id)).toEqual([claimId]);
    expect(found.count).toBe(1);

    const claims = await findClaims(db, ALL_COMPANIES, { pagination: { page: 1, rowsPerPage: 20 } }, CLAIMS_COUNT_BOUND);
    expect(claims.count).toBe(2);
    const counts = await sql<{ state: string; lots: string }>`select state, lots from lot_state_counts order by state`.execute(db);
    expect(counts.rows.map((row) => [row.state, Number(row.lots)])).toEqual([
      ['open', 2],
      ['usedUp', 1],
    ]);
  });
});
