import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { ALL_COMPANIES } from '../../lib/scope.js';
import { makeClaim, makeClaimable, searchedClaimIds } from './claims.fixtures.js';
import { findClaims } from './claims.repository.js';
import { keepsDerivedAfterEach } from '../../../../tests/support/derived.test-utils.js';
import { rowCounts } from '../../db/derived/row-counts.js';
import { claimSearchTexts } from '../../db/derived/claim-search-texts.js';

/**
 * The claims list's searched count stops at 1,000 (the contract's ClaimPage, issue 14): more than 1,000 matching
 * claims answer `count` 1,000 and `countIsLowerBound` true; fewer, the exact number and false; without a search text
 * the count is exact whatever it is. Its own database: 1,001 claims of one company would change the other files' totals.
 */
let database: TestDatabase;
let app: FastifyInstance;
const MANY = 'company-many-claims';
const FEW = 'company-few-claims';

type Answer = { rows: { id: number }[]; count: number; countIsLowerBound?: boolean };

async function list(caller: 'admin' | string, body: { page?: number; rowsPerPage?: 20 | 100; filter?: string }) {
  const { page = 1, rowsPerPage = 20, filter } = body;
  const [path, token] = caller === 'admin' ? ['/api/admin/claims/filter', await as.admin()] : ['/api/client/claims/filter', await as.client(caller)];
  const response = await post(app, path, { pagination: { page, rowsPerPage }, ...(filter === undefined ? {} : { filter }) }, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const answer = response.body as Answer;
  return { ids: answer.rows.map((row) => row.id), count: answer.count, countIsLowerBound: answer.countIsLowerBound };
}

const claimCount = async (where: ReturnType<typeof sql> = sql`true`) =>
  (await sql<{ n: number }>`select count(*)::int as n from claims where ${where}`.execute(database.db)).rows[0]!.n;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createCompany(database.db, MANY, { name: 'Many Claims SIA' });
  await createCompany(database.db, FEW, { name: 'Few Claims AB' });
  const many = await makeClaimable(database.db, MANY, { orderNo: 'PO-MANY-1' });
  // 1,001 claims 'Dented shoulder': the first 1,000 of batch kilo, the last of batch lima (set-based, kept by the triggers)
  await sql`
    insert into claims (company_id, status, client_product_id, client_production_order_id, amount, delivery_date, description, created_by)
    select ${MANY}, 'new', ${many.productId}, ${many.orderId}, 100, date '2026-03-11',
           'Dented shoulder, batch ' || case when g <= 1000 then 'kilo' else 'lima' end || ' #' || g, 'fixture'
      from generate_series(1, 1001) g`.execute(database.db);
  const few = await makeClaimable(database.db, FEW, { orderNo: 'PO-FEW-1' });
  for (const description of ['Dented neck', 'Dented base', 'Scratched label']) {
    await makeClaim(database.db, { companyId: FEW, productId: few.productId, orderId: few.orderId, description });
  }
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});
// Every test here writes sources of these derived tables through the endpoints: after each, they are as recomputed.
keepsDerivedAfterEach(() => database.asOwner(), [rowCounts, claimSearchTexts]);

describe('the claims search counts up to 1,000 (a search every claim matches answers fast)', () => {
  it("more than 1,000 matching claims: count 1,000 and countIsLowerBound, for the staff and for the company's own list", async () => {
    const everyone = await searchedClaimIds(database.db, 'dented');
    expect(everyone.length).toBe(1003);
    expect(await list('admin', { filter: 'dented' })).toEqual({ ids: everyone.slice(0, 20), count: 1000, countIsLowerBound: true });
    const own = await searchedClaimIds(database.db, 'dented', MANY);
    expect(own.length).toBe(1001); // one more than the bound: the edge
    expect(await list(MANY, { filter: 'dented' })).toEqual({ ids: own.slice(0, 20), count: 1000, countIsLowerBound: true });
  });

  it('exactly 1,000 matching claims is an exact count: 1,000 and countIsLowerBound false', async () => {
    const kilo = await searchedClaimIds(database.db, 'batch kilo');
    expect(kilo.length).toBe(1000);
    expect(await list('admin', { filter: 'batch kilo' })).toEqual({ ids: kilo.slice(0, 20), count: 1000, countIsLowerBound: false });
    expect(await list(MANY, { filter: 'batch kilo' })).toEqual({ ids: kilo.slice(0, 20), count: 1000, countIsLowerBound: false });
  });

  it('fewer matching claims: the exact number, as the search over the columns finds them, and countIsLowerBound false', async () => {
    for (const filter of ['batch lima', '#99', 'DENTED N', 'scratched', 'few claims', 'nothing like this']) {
      const expected = await searchedClaimIds(database.db, filter);
      expect(expected.length, filter).toBeLessThan(1000);
      expect({ filter, ...(await list('admin', { filter, rowsPerPage: 100 })) }).toEqual({ filter, ids: expected, count: expected.length, countIsLowerBound: false });
    }
    expect((await searchedClaimIds(database.db, '#99')).length).toBe(11); // #99 and #990 to #999
    for (const [company, filter] of [
      [FEW, 'dented'],
      [MANY, '#10'],
      [MANY, 'scratched'],
    ] as const) {
      const expected = await searchedClaimIds(database.db, filter, company);
      expect({ company, filter, ...(await list(company, { filter, rowsPerPage: 100 })) }).toEqual({
        company,
        filter,
        ids: expected,
        count: expected.length,
        countIsLowerBound: false,
      });
    }
  });

  it('without a search text the count is exact, past 1,000 too', async () => {
    expect(await claimCount()).toBe(1004);
    expect(await list('admin', {})).toMatchObject({ count: 1004, countIsLowerBound: false });
    expect(await claimCount(sql`company_id = ${MANY}`)).toBe(1001);
    expect(await list(MANY, {})).toMatchObject({ count: 1001, countIsLowerBound: false });
    expect(await list(MANY, { filter: '   ' })).toMatchObject({ count: 1001, countIsLowerBound: false });
    expect(await list(FEW, {})).toMatchObject({ count: 3, countIsLowerBound: false });
  });

  it("the pages up to the bound answer their claims, and a page past it still answers its own (an empty one when there is none), never an error", async () => {
    const everyone = await searchedClaimIds(database.db, 'dented');
    expect(await list('admin', { filter: 'dented', page: 50 })).toEqual({ ids: everyone.slice(980, 1000), count: 1000, countIsLowerBound: true });
    expect(await list('admin', { filter: 'dented', page: 51 })).toEqual({ ids: everyone.slice(1000, 1020), count: 1000, countIsLowerBound: true });
    expect(await list('admin', { filter: 'dented', page: 11, rowsPerPage: 100 })).toEqual({ ids: everyone.slice(1000), count: 1000, countIsLowerBound: true });
    const own = await searchedClaimIds(database.db, 'dented', MANY);
    expect(await list(MANY, { filter: 'dented', page: 51 })).toEqual({ ids: own.slice(1000), count: 1000, countIsLowerBound: true });
    expect(await list('admin', { filter: 'dented', page: 5000 })).toEqual({ ids: [], count: 1000, countIsLowerBound: true });
  });

  it("counts through each of the repository's ways to the same bound: the texts, a company's claims, and the columns for a text holding the texts' separator (a direct caller's)", async () => {
    const request = (filter: string) => ({ pagination: { page: 1, rowsPerPage: 20 as const }, filter });
    const company = { kind: 'company' as const, companyId: MANY };
    for (const [scope, filter, bound, expected] of [
      [ALL_COMPANIES, 'dented', 10, { count: 10, countIsLowerBound: true }],
      [ALL_COMPANIES, 'dented', 1003, { count: 1003, countIsLowerBound: false }],
      [company, 'batch kilo', 999, { count: 999, countIsLowerBound: true }],
      [company, 'batch kilo', 1000, { count: 1000, countIsLowerBound: false }],
      [ALL_COMPANIES, 'dented\u001f', 10, { count: 0, countIsLowerBound: false }],
      [company, 'dented\u001f', 10, { count: 0, countIsLowerBound: false }],
    ] as const) {
      const found = await findClaims(database.db, scope, request(filter), bound);
      expect({ scope: scope.kind, filter, bound, count: found.count, countIsLowerBound: found.countIsLowerBound }).toEqual({ scope: scope.kind, filter, bound, ...expected });
    }
  });
});
