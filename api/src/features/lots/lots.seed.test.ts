import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { seedDemoData } from '../../db/seed/index.js';

/** The demo's lots (issue 17): what the traceability screens and their Chromium specs start from. */
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { info: () => undefined });
  app = await createTestApp(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('lots demo data', () => {
  it('gives every delivered supply order its lot, some with a supplier lot number, and the produced entries their lots', async () => {
    const delivered = await database.db.selectFrom('supply_orders').select('id').where('order_status', '=', 'delivered').execute();
    const lots = await database.db.selectFrom('lots').select(['supply_order_id', 'supplier_lot_number', 'consumed']).execute();
    expect(lots.map((lot) => lot.supply_order_id).sort()).toEqual(delivered.map((order) => order.id).sort());
    expect(lots.some((lot) => lot.supplier_lot_number !== null)).toBe(true);
    expect(lots.some((lot) => lot.consumed > 0)).toBe(true);
    const withoutUses = await database.db
      .selectFrom('produced_entries as e')
      .select('e.id')
      .where('e.quantity', '>', 0)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('lot_consumptions as c').select('c.id').whereRef('c.produced_entry_id', '=', 'e.id'))))
      .execute();
    expect(withoutUses).toEqual([]);
  });

  it('has a used lot whose recall names its clients, and seeding again adds nothing', async () => {
    const used = await database.db.selectFrom('lots').select('id').where('consumed', '>', 0).orderBy('id').executeTakeFirstOrThrow();
    const recall = await post(app, '/api/admin/lots/recall/get', { id: used.id }, await as.admin());
    expect(recall.status).toBe(200);
    expect(recall.body.clientCount).toBeGreaterThan(0);
    const before = await database.db.selectFrom('lot_consumptions').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await seedDemoData(database.db, { info: () => undefined });
    const after = await database.db.selectFrom('lot_consumptions').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it("has a claim whose trace reaches a lot that another order used too (the 8D claim's containment)", async () => {
    const admin = await as.admin();
    const claims = await database.db.selectFrom('claims').select('id').orderBy('id').execute();
    const found: { claim: number; lot: number; others: number }[] = [];
    for (const { id } of claims) {
      const trace = await post(app, '/api/admin/lots/trace/claim/get', { claimId: id }, admin);
      for (const lot of trace.body.lots as { id: number }[]) {
        const recall = await post(app, '/api/admin/lots/recall/get', { id: lot.id }, admin);
        const orders = new Set(
          [...recall.body.delivered, ...recall.body.open].flatMap((client: { items: { orderId: number }[] }) => client.items.map((item) => item.orderId)),
        );
        found.push({ claim: id, lot: lot.id, others: orders.size - 1 });
      }
    }
    expect(found.some((row) => row.others > 0), JSON.stringify(found)).toBe(true);
  });
});
