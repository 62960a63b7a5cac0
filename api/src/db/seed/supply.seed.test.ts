import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { seedDemoData } from './index.js';

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

describe('supply demo data', () => {
  it('fills every column of the board', async () => {
    const admin = await as.admin();
    for (const orderStatus of ['pending', 'ordered', 'delivered']) {
      const response = await post(app, '/api/admin/supply/get', { orderStatus }, admin);
      expect(response.body.length, orderStatus).toBeGreaterThanOrEqual(3);
    }
  });

  it('has real order amounts, some negative future balances, and balances that equal the sum of their ledger rows', async () => {
    const response = await post(app, '/api/operator/preformstock/get', {}, await as.operator());
    const rows = response.body.rows as { orderAmount: number | null; futureBalance: number | null }[];
    expect(rows.filter((row) => (row.orderAmount ?? 0) > 0).length).toBeGreaterThanOrEqual(5);
    expect(rows.some((row) => (row.futureBalance ?? 0) < 0)).toBe(true);
    const mismatches = await database.db
      .selectFrom('preform_stock as s')
      .select('s.preform_id')
      .where((eb) =>
        eb(
          's.current_stock',
          '<>',
          eb
            .selectFrom('preform_stock_movements as m')
            .select((inner) => inner.fn.sum<number>('m.quantity').as('total'))
            .whereRef('m.preform_id', '=', 's.preform_id')
            .whereRef('m.warehouse_id', '=', 's.warehouse_id'),
        ),
      )
      .execute();
    expect(mismatches).toEqual([]);
  });

  it('is written once: seeding again adds nothing', async () => {
    const count = async () => Number((await database.db.selectFrom('preforms').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await seedDemoData(database.db, { info: () => undefined });
    expect(await count()).toBe(before);
  });
});
