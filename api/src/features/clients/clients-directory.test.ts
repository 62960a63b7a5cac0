import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { AQUA_CONVERTERS, BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS, demoUser, seedUsers } from '../../db/seed/users.seed.js';
import type { DirectoryClient } from '../../directory/index.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';
import { pageClients } from './clients-directory.service.js';
import { now as clockNow } from '../../lib/clock.js';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedUsers(database.db);
  app = await createTestApp(database.db);
  admin = await as.admin();
  const warehouseId = await makeWarehouse(database.db);
  const preform = await makePreform(database.db);
  const product = (companyId: string) => makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId });
  for (let i = 0; i < 3; i++) await product(NORDIC_SPRINGS);
  await product(FJORD_WATER);
  const deleted = await product(FJORD_WATER);
  await database.db.updateTable('client_products').set({ deleted_at: clockNow() }).where('id', '=', deleted).execute();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const get = async (url: string, token = admin) => {
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
};
const clients = (body: object, token = admin) => post(app, '/api/admin/clients/get', body, token);

describe('admin directory and client list role gates', () => {
  it('answer 403 to every role but admin', async () => {
    for (const token of [await as.operator(), await as.accountant(), await as.client(NORDIC_SPRINGS), await as.buyer(), await as.seller(), await as.guest()]) {
      expect((await get('/api/admin/directory/clients', token)).status).toBe(403);
      expect((await get(`/api/admin/directory/users/${demoUser('client').id}`, token)).status).toBe(403);
      expect((await clients({ pagination: { page: 1, rowsPerPage: 20 } }, token)).status).toBe(403);
    }
  });
});

describe('GET /api/admin/directory/clients', () => {
  it('lists the client companies with their machines, type, first user\'s e-mail and name, by company name', async () => {
    const response = await get('/api/admin/directory/clients');
    expect(response.status).toBe(200);
    expect(response.body.map((client: { id: string }) => client.id)).toEqual([AQUA_CONVERTERS, BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS]);
    expect(response.body[3]).toMatchObject({
      company: 'Nordic Springs AB',
      fbs: ['FB-101', 'FB-102'],
      clientType: '0',
      enabled: true,
      email: demoUser('client').email,
      fullName: 'Clara Client',
      createdTimestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });
});

describe('GET /api/admin/directory/users/{id}', () => {
  it('answers a user by id, a company\'s first user by company id, and 404 for neither', async () => {
    const seller = await get(`/api/admin/directory/users/${demoUser('seller').id}`);
    expect(seller.status).toBe(200);
    expect(seller.body).toMatchObject({ username: 'seller', fullName: 'Selma Seller', companyId: AQUA_CONVERTERS, company: 'Aqua Converters Oy', clientType: '0' });
    expect((await get(`/api/admin/directory/users/${BALTIC_BEVERAGES}`)).body).toMatchObject({ username: 'buyer', clientType: '1' });
    expect((await get('/api/admin/directory/users/no-such-company')).status).toBe(404);
  });

  it('answers staff without client attributes (clientType absent, company null)', async () => {
    const response = await get(`/api/admin/directory/users/${demoUser('admin').id}`);
    expect(response.body).toMatchObject({ username: 'admin', companyId: null, company: null, fbs: [] });
    expect(response.body.clientType).toBeUndefined();
  });
});

describe('POST /api/admin/clients/get (/clients)', () => {
  interface Row {
    id: string;
    company: string;
    clientType: '0' | '1';
    productsCount: number;
    overdueAmount: number | null;
    createdTimestamp: string;
    enabled: boolean;
    fbs: string[];
  }

  it('shows company, assigned FBs, customer type, products count (deleted not counted), overdue amount (TBD: null), created at and active; company ascending by default', async () => {
    const response = await clients({ pagination: { page: 1, rowsPerPage: 20 } });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(4);
    const rows = response.body.rows as Row[];
    expect(rows.map((row) => row.company)).toEqual(['Aqua Converters Oy', 'Baltic Beverages SIA', 'Fjord Water AS', 'Nordic Springs AB']);
    expect(rows[3]).toMatchObject({ id: NORDIC_SPRINGS, fbs: ['FB-101', 'FB-102'], clientType: '0', productsCount: 3, overdueAmount: null, enabled: true });
    expect(rows[2].productsCount).toBe(1);
    expect(rows[1]).toMatchObject({ clientType: '1', productsCount: 0 });
  });

  it('sorts by products count and pages in SQL', async () => {
    const byCount = await clients({ pagination: { page: 1, rowsPerPage: 20, sortBy: 'productsCount', descending: true } });
    expect((byCount.body.rows as Row[]).map((row) => row.productsCount)).toEqual([3, 1, 0, 0]);
    await database.db
      .insertInto('companies')
      .values(Array.from({ length: 21 }, (_, i) => ({ id: `extra-${i}`, name: `Zeta ${String(i).padStart(2, '0')}` })))
      .execute();
    const second = await clients({ pagination: { page: 2, rowsPerPage: 20 } });
    expect(second.body.count).toBe(25);
    expect((second.body.rows as Row[]).map((row) => row.company)).toEqual(['Zeta 16', 'Zeta 17', 'Zeta 18', 'Zeta 19', 'Zeta 20']);
    await database.db.deleteFrom('companies').where('id', 'like', 'extra-%').execute();
  });

  it('filters by company (a literal substring, case-insensitive) and by customer type', async () => {
    const search = await clients({ pagination: { page: 1, rowsPerPage: 20 }, filter: { search: 'water' } });
    expect((search.body.rows as Row[]).map((row) => row.id)).toEqual([FJORD_WATER]);
    const wildcard = await clients({ pagination: { page: 1, rowsPerPage: 20 }, filter: { search: '%' } });
    expect(wildcard.body.count).toBe(0);
    const buyers = await clients({ pagination: { page: 1, rowsPerPage: 20 }, filter: { clientType: '1' } });
    expect((buyers.body.rows as Row[]).map((row) => row.id)).toEqual([BALTIC_BEVERAGES]);
  });

  it('refuses a page size the screen does not offer and an unknown sort column', async () => {
    expect((await clients({ pagination: { page: 1, rowsPerPage: 7 } })).status).toBe(400);
    expect((await clients({ pagination: { page: 1, rowsPerPage: 20, sortBy: 'password' } })).status).toBe(400);
  });
});

describe('pageClients (the /clients table over an external directory, e.g. Keycloak)', () => {
  const client = (id: string, company: string, clientType: '0' | '1', created: number, enabled = true): DirectoryClient => ({
    id,
    company,
    fbs: [],
    address: '',
    clientType,
    createdTimestamp: created,
    enabled,
    email: null,
    fullName: null,
  });
  const directory = [client('c', 'Cedar Ltd', '0', 3), client('a', 'Alder AB', '1', 1), client('b', 'birch Oy', '0', 2, false)];
  const counts = new Map([
    ['a', 4],
    ['c', 9],
  ]);

  it('sorts by company ascending by default, counts products (0 when none), and pages in memory', () => {
    const page = pageClients(directory, counts, {}, { page: 1, rowsPerPage: 20 });
    expect(page.count).toBe(3);
    expect(page.rows.map((row) => [row.company, row.productsCount, row.overdueAmount])).toEqual([
      ['Alder AB', 4, null],
      ['birch Oy', 0, null],
      ['Cedar Ltd', 9, null],
    ]);
    expect(pageClients(directory, counts, {}, { page: 2, rowsPerPage: 10 }).rows).toEqual([]);
  });

  it('sorts by the other columns and filters like the SQL path', () => {
    expect(pageClients(directory, counts, {}, { page: 1, rowsPerPage: 20, sortBy: 'productsCount', descending: true }).rows.map((row) => row.id)).toEqual(['c', 'a', 'b']);
    expect(pageClients(directory, counts, {}, { page: 1, rowsPerPage: 20, sortBy: 'createdTimestamp' }).rows.map((row) => row.id)).toEqual(['a', 'b', 'c']);
    expect(pageClients(directory, counts, { search: 'BIRCH' }, { page: 1, rowsPerPage: 20 }).rows.map((row) => row.id)).toEqual(['b']);
    expect(pageClients(directory, counts, { clientType: '1' }, { page: 1, rowsPerPage: 20 }).rows.map((row) => row.id)).toEqual(['a']);
  });
});
