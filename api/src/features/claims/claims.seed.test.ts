import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { seedClaims } from '../../db/seed/claims.seed.js';
import { seedManufacturers } from '../../db/seed/manufacturers.seed.js';
import { seedSupply } from '../../db/seed/supply.seed.js';
import { BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS, seedUsers } from '../../db/seed/users.seed.js';
import { download } from './claims.fixtures.js';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedUsers(database.db);
  await seedManufacturers(database.db);
  await seedSupply(database.db);
  expect(await seedClaims(database.db)).toBe(true);
  app = await createTestApp(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('claims demo data', () => {
  it.each([NORDIC_SPRINGS, FJORD_WATER, BALTIC_BEVERAGES])('%s has a claim in each status; the closed one carries the GP fields', async (company) => {
    const token = company === BALTIC_BEVERAGES ? await as.buyer(company) : await as.client(company);
    const response = await post(app, '/api/client/claims/filter', { pagination: { page: 1, rowsPerPage: 20 } }, token);
    expect(response.status).toBe(200);
    const rows = response.body.rows as { status: string; rootCouse: string | null; Uploads: { id: number }[] }[];
    expect(rows.map((row) => row.status)).toEqual(['new', 'under investigation', 'closed']);
    expect(rows[2].rootCouse).toEqual(expect.any(String));
    const photo = rows[1].Uploads[0];
    const file = await download(app, '/api/client/uploads/download', { id: photo.id }, token);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('is written once: a second start seeds nothing', async () => {
    expect(await seedClaims(database.db)).toBe(false);
  });
});
