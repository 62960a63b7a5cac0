import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { seedDowntime } from '../../db/seed/downtime.seed.js';
import { seedManufacturers } from '../../db/seed/manufacturers.seed.js';
import { seedOrders } from '../../db/seed/orders.seed.js';
import { seedSupply } from '../../db/seed/supply.seed.js';
import { seedUsers } from '../../db/seed/users.seed.js';
import { now as clockNow } from '../../lib/clock.js';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedUsers(database.db);
  await seedManufacturers(database.db);
  await seedSupply(database.db);
  await seedOrders(database.db);
  expect(await seedDowntime(database.db)).toBe(true);
  app = await createTestApp(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('downtime demo data', () => {
  it('fills more than one history page of the last two weeks, some stops without a cause, every stop on its company’s machines', async () => {
    const today = clockNow();
    const from = new Date(today.getTime() - 15 * 86_400_000).toISOString().slice(0, 10);
    const period = { from, to: today.toISOString().slice(0, 10) };
    const response = await post(app, '/api/operator/downtime/history/get', { pagination: { page: 1, rowsPerPage: 10 }, period }, await as.operator());
    expect(response.body.count).toBeGreaterThan(10);
    const all = await post(app, '/api/operator/downtime/history/get', { pagination: { page: 1, rowsPerPage: 50 }, period }, await as.operator());
    expect(all.body.rows.some((row: { causeId: number | null }) => row.causeId === null)).toBe(true);
    const machines = await database.db.selectFrom('companies').select(['id', 'fbs']).execute();
    for (const row of all.body.rows as { clientId: string; machineName: string }[]) {
      expect(machines.find((company) => company.id === row.clientId)?.fbs).toContain(row.machineName);
    }
  });

  it('the causes screen shows five causes with product counts', async () => {
    const response = await post(app, '/api/admin/downtime/causes/get', { pagination: { page: 1, rowsPerPage: 10 } }, await as.admin());
    expect(response.body.count).toBe(5);
    expect(response.body.rows.every((row: { productCount: number }) => row.productCount >= 0)).toBe(true);
  });

  it('is written once: a second start seeds nothing', async () => {
    const before = await database.db.selectFrom('downtime_history').select('id').execute();
    expect(await seedDowntime(database.db)).toBe(false);
    expect(await database.db.selectFrom('downtime_history').select('id').execute()).toHaveLength(before.length);
  });
});
