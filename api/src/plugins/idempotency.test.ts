import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { as, createTestApp } from '../../../tests/support/app.test-utils.js';
import { createTwoCompanies } from '../../../tests/support/factories/companies.test-utils.js';
import { makeClaimable } from '../features/claims/claims.fixtures.js';

/** A retried create with the same Idempotency-Key makes one record and answers the first response again. */
let database: TestDatabase;
let app: FastifyInstance;
let product: { productId: number; orderId: number };
let companyA: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  ({ a: companyA } = await createTwoCompanies(database.db));
  product = await makeClaimable(database.db, companyA, { orderNo: 'PO-IDEM-1' });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const claim = (description: string) => ({
  Claim: { clientProductId: product.productId, clientProductionOrderId: product.orderId, amount: 100, deliveryDate: '2026-03-11', description },
});
const save = async (body: object, key: string | undefined, token: string) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/client/claims/save',
    payload: body,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};
const claimsWith = async (description: string) =>
  (await database.db.selectFrom('claims').select('id').where('description', '=', description).execute()).length;

describe('Idempotency-Key on a create', () => {
  it('answers a repeat with the first response and creates one record', async () => {
    const token = await as.client(companyA);
    const first = await save(claim('retried once'), 'key-retried-once-0001', token);
    expect(first.status).toBe(200);
    const again = await save(claim('retried once'), 'key-retried-once-0001', token);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await claimsWith('retried once')).toBe(1);
  });

  it('creates a record per key, and one per request without a key', async () => {
    const token = await as.client(companyA);
    expect((await save(claim('two keys'), 'key-two-keys-0001', token)).status).toBe(200);
    expect((await save(claim('two keys'), 'key-two-keys-0002', token)).status).toBe(200);
    expect((await save(claim('no key'), undefined, token)).status).toBe(200);
    expect((await save(claim('no key'), undefined, token)).status).toBe(200);
    expect(await claimsWith('two keys')).toBe(2);
    expect(await claimsWith('no key')).toBe(2);
  });

  it('refuses the same key with a different body (409) and keeps keys per caller', async () => {
    const token = await as.client(companyA);
    expect((await save(claim('first body'), 'key-reused-0001', token)).status).toBe(200);
    const reused = await save(claim('second body'), 'key-reused-0001', token);
    expect(reused.status).toBe(409);
    expect(await claimsWith('second body')).toBe(0);
    const buyer = await as.buyer(companyA);
    expect((await save(claim('first body'), 'key-reused-0001', buyer)).status).toBe(200);
    expect(await claimsWith('first body')).toBe(2);
  });

  it('frees the key of a failed attempt, so the retry of that attempt runs', async () => {
    const token = await as.client(companyA);
    const invalid = { Claim: { ...claim('fixed later').Claim, clientProductId: 999_999 } };
    const failed = await save(invalid, 'key-failed-0001', token);
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(failed.status).toBeLessThan(500);
    expect((await save(invalid, 'key-failed-0001', token)).status).toBe(failed.status);
  });

  it('refuses a malformed key with 400', async () => {
    expect((await save(claim('short key'), 'short', await as.client(companyA))).status).toBe(400);
  });
});
