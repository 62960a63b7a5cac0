import { beforeAll, describe, expect, it } from 'vitest';
import { as, post } from '../../../../tests/support/app.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';
import { now as clockNow } from '../../lib/clock.js';

const api = useTestApp();
let A: string;
let B: string;
let tokenA: string;
let tokenB: string;
/** Products of company A (two live, one deleted) and of company B. */
const productsA: number[] = [];
let deletedProductA: number;
let productB: number;

beforeAll(async () => {
  ({ a: A, b: B } = await createTwoCompanies(api.db));
  tokenA = await as.client(A);
  tokenB = await as.client(B);
  const preform = await makePreform(api.db);
  const warehouseId = await makeWarehouse(api.db);
  const product = (companyId: string, name: string) =>
    makeProduct(api.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId, name });
  productsA.push(await product(A, 'Spring Water 0.5 L'), await product(A, 'Sparkling Water 1.5 L'));
  deletedProductA = await product(A, 'Old bottle');
  await api.db.updateTable('client_products').set({ deleted_at: clockNow() }).where('id', '=', deletedProductA).execute();
  productB = await product(B, 'Company B bottle');
});

interface Plan {
  id: number;
  periodFrom: string;
  periodTo: string;
  updatedAt: string;
  clientId: string;
  version: number;
}

const get = async (url: string, token: string) => {
  const response = await api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
};

async function createPlan(token: string, periodFrom: string, periodTo: string, items: { clientProductId: number; plannedAmount: number }[] = []) {
  const response = await api.post('ClientPlans_savePlan', { Plan: { periodFrom, periodTo, ClientProductionPlanItems: items } }, { token });
  expect(response.status).toBe(200);
  return response.body as Plan;
}

/** A's plan rows and items as stored, to prove a refused request changed nothing. */
const snapshotOf = async (companyId: string) => ({
  plans: await api.db.selectFrom('client_production_plans').selectAll().where('company_id', '=', companyId).orderBy('id').execute(),
  items: await api.db
    .selectFrom('client_production_plan_items')
    .innerJoin('client_production_plans', 'client_production_plans.id', 'client_production_plan_items.plan_id')
    .selectAll('client_production_plan_items')
    .where('company_id', '=', companyId)
    .orderBy('plan_id')
    .orderBy('client_product_id')
    .execute(),
});

describe('forecasts: who may call', () => {
  it.each(['/api/client/plans/get', '/api/client/plans/delete', '/api/client/plan/save'])(
    '%s answers 403 for admin, operator, accountant, seller and guest (Forecasts is a client and buyer menu entry)',
    async (url) => {
      for (const token of [await as.admin(), await as.operator(), await as.accountant(), await as.seller(), await as.guest()]) {
        expect((await post(api.app, url, {}, token)).status).toBe(403);
      }
    },
  );

  it('GET /api/client/plan/get/new answers 403 for staff and sellers, 401 without a token', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/api/client/plan/get/new' })).statusCode).toBe(401);
    for (const token of [await as.admin(), await as.accountant(), await as.seller()]) {
      expect((await get('/api/client/plan/get/new', token)).status).toBe(403);
    }
  });

  it('a buyer keeps forecasts of its own company', async () => {
    const buyerCompany = await createCompany(api.db, 'buyer-co', { clientType: '1' });
    const buyer = await as.buyer(buyerCompany);
    const plan = await createPlan(buyer, '2026-05-04', '2026-05-31');
    expect(plan.clientId).toBe(buyerCompany);
    const list = await post(api.app, '/api/client/plans/get', { pagination: { page: 1, rowsPerPage: 20 } }, buyer);
    expect(list.body.rows.map((row: Plan) => row.id)).toEqual([plan.id]);
  });
});

describe('Forecast edit: GET /api/client/plan/get/{id} and POST /api/client/plan/save', () => {
  it("'new' lists all of the caller's products (not deleted ones, not another company's) with no plan and no items", async () => {
    const response = await get('/api/client/plan/get/new', tokenA);
    expect(response.status).toBe(200);
    expect(response.body.plan).toBeNull();
    expect(response.body.planItems).toEqual([]);
    expect(response.body.products.map((product: { id: number }) => product.id).sort()).toEqual([...productsA].sort());
    expect(response.body.products[0]).toEqual({ id: expect.any(Number), articleNo: expect.any(String), productName: expect.any(String) });
  });

  it('saves a plan with its items in one go; items with planned quantity 0 are not stored; the write is audited', async () => {
    const plan = await createPlan(tokenA, '2026-03-02', '2026-03-29', [
      { clientProductId: productsA[0], plannedAmount: 150_000 },
      { clientProductId: productsA[1], plannedAmount: 0 },
    ]);
    expect(plan).toEqual({ id: expect.any(Number), periodFrom: '2026-03-02', periodTo: '2026-03-29', updatedAt: expect.any(String), clientId: A, version: 0 });
    const loaded = await get(`/api/client/plan/get/${plan.id}`, tokenA);
    expect(loaded.status).toBe(200);
    expect(loaded.body.plan).toEqual(plan);
    expect(loaded.body.planItems).toEqual([{ clientProductId: productsA[0], plannedAmount: 150_000 }]);
    expect(loaded.body.products).toHaveLength(2);
    const entry = await api.db.selectFrom('audit_log').selectAll().where('record_type', '=', 'client_production_plan').where('record_id', '=', String(plan.id)).executeTakeFirst();
    expect(entry).toMatchObject({ subject: `client-${A}`, company_id: A, operation: 'savePlan' });
  });

  it('updates with the version read: items replace the old ones, version goes up; a stale version is refused with 409', async () => {
    const plan = await createPlan(tokenA, '2026-04-06', '2026-04-26', [{ clientProductId: productsA[0], plannedAmount: 10_000 }]);
    const update = { id: plan.id, version: plan.version, periodFrom: '2026-04-06', periodTo: '2026-05-03', ClientProductionPlanItems: [{ clientProductId: productsA[1], plannedAmount: 20_000 }] };
    const saved = await post(api.app, '/api/client/plan/save', { Plan: update }, tokenA);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: plan.id, periodTo: '2026-05-03', version: 1 });
    expect(new Date(saved.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(plan.updatedAt).getTime());
    expect((await get(`/api/client/plan/get/${plan.id}`, tokenA)).body.planItems).toEqual([{ clientProductId: productsA[1], plannedAmount: 20_000 }]);

    const before = await snapshotOf(A);
    const stale = await post(api.app, '/api/client/plan/save', { Plan: { ...update, periodTo: '2026-05-10' } }, tokenA);
    expect(stale.status).toBe(409);
    expect(await snapshotOf(A)).toEqual(before);
  });

  it.each([
    ['periodFrom after periodTo', { periodFrom: '2026-06-30', periodTo: '2026-06-01' }, 'Plan.periodTo', 'periodOrder'],
    ['periodFrom missing', { periodFrom: undefined }, 'Plan.periodFrom', 'required'],
    ['periodTo not a date', { periodTo: '30.06.2026' }, 'Plan.periodTo', 'format'],
    ['a negative planned quantity', { ClientProductionPlanItems: [{ clientProductId: 1, plannedAmount: -1 }] }, 'Plan.ClientProductionPlanItems.0.plannedAmount', 'minimum'],
    ['a planned quantity that is not a whole number', { ClientProductionPlanItems: [{ clientProductId: 1, plannedAmount: 1.5 }] }, 'Plan.ClientProductionPlanItems.0.plannedAmount', 'type'],
    ['an update without its version', { id: 1 }, 'Plan.version', 'required'],
  ])('refuses %s with a 400 problem naming the field, and writes nothing', async (_name, change, field, code) => {
    const before = await snapshotOf(A);
    const body = { Plan: { periodFrom: '2026-06-01', periodTo: '2026-06-30', ClientProductionPlanItems: [], ...change } };
    const response = await post(api.app, '/api/client/plan/save', body, tokenA);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    expect(await snapshotOf(A)).toEqual(before);
  });

  it('refuses the same product twice, naming the second item', async () => {
    const items = [{ clientProductId: productsA[0], plannedAmount: 1 }, { clientProductId: productsA[0], plannedAmount: 2 }];
    const response = await post(api.app, '/api/client/plan/save', { Plan: { periodFrom: '2026-06-01', periodTo: '2026-06-30', ClientProductionPlanItems: items } }, tokenA);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'Plan.ClientProductionPlanItems.1.clientProductId', code: 'duplicate' })]);
  });

  it('answers 404 for an id that does not exist, also one beyond the integer range', async () => {
    expect((await get('/api/client/plan/get/999999', tokenA)).status).toBe(404);
    expect((await get('/api/client/plan/get/9999999999', tokenA)).status).toBe(404);
    expect((await get('/api/client/plan/get/abc', tokenA)).status).toBe(400);
  });
});

describe('Forecasts list: POST /api/client/plans/get', () => {
  it('lists the caller\'s forecasts, periodFrom descending by default, 20 per page with the total count', async () => {
    const company = await createCompany(api.db, 'many-plans');
    const token = await as.client(company);
    for (let month = 1; month <= 22; month++) {
      const m = String((month % 12) + 1).padStart(2, '0');
      await createPlan(token, `${2025 + Math.floor(month / 12)}-${m}-01`, `${2025 + Math.floor(month / 12)}-${m}-20`);
    }
    const first = await post(api.app, '/api/client/plans/get', { pagination: { page: 1, rowsPerPage: 20 } }, token);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(22);
    expect(first.body.rows).toHaveLength(20);
    const froms = first.body.rows.map((row: Plan) => row.periodFrom);
    expect(froms).toEqual([...froms].sort().reverse());
    const second = await post(api.app, '/api/client/plans/get', { pagination: { page: 2, rowsPerPage: 20 } }, token);
    expect(second.body.rows).toHaveLength(2);
    const ascending = await post(api.app, '/api/client/plans/get', { pagination: { page: 1, rowsPerPage: 50, sortBy: 'periodFrom', descending: false } }, token);
    expect(ascending.body.rows[0].periodFrom).toBe([...froms, ...second.body.rows.map((row: Plan) => row.periodFrom)].sort()[0]);
  });

  it('offers page sizes 20/50/100 (and 10 as every list); refuses others', async () => {
    expect((await post(api.app, '/api/client/plans/get', { pagination: { page: 1, rowsPerPage: 7 } }, tokenA)).status).toBe(400);
    expect((await post(api.app, '/api/client/plans/get', { pagination: { page: 0, rowsPerPage: 20 } }, tokenA)).status).toBe(400);
  });
});

describe('Forecasts: POST /api/client/plans/delete', () => {
  it('deletes the selected forecasts with their items, audited', async () => {
    const one = await createPlan(tokenA, '2026-07-06', '2026-07-26', [{ clientProductId: productsA[0], plannedAmount: 5_000 }]);
    const two = await createPlan(tokenA, '2026-08-03', '2026-08-30');
    const response = await post(api.app, '/api/client/plans/delete', { planIds: [one.id, two.id] }, tokenA);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(await api.db.selectFrom('client_production_plans').select('id').where('id', 'in', [one.id, two.id]).execute()).toEqual([]);
    expect(await api.db.selectFrom('client_production_plan_items').select('plan_id').where('plan_id', '=', one.id).execute()).toEqual([]);
    const entry = await api.db.selectFrom('audit_log').selectAll().where('operation', '=', 'deletePlans').executeTakeFirst();
    expect(entry?.details).toEqual({ planIds: [one.id, two.id] });
  });

  it('is all or nothing: one unknown id answers 404 and deletes none', async () => {
    const plan = await createPlan(tokenA, '2026-09-07', '2026-09-27');
    const response = await post(api.app, '/api/client/plans/delete', { planIds: [plan.id, 999_999] }, tokenA);
    expect(response.status).toBe(404);
    expect((await get(`/api/client/plan/get/${plan.id}`, tokenA)).status).toBe(200);
  });

  it('refuses an empty selection', async () => {
    const response = await post(api.app, '/api/client/plans/delete', { planIds: [] }, tokenA);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ field: 'planIds', code: 'minItems' });
  });
});

describe('tenant isolation: company B never reaches company A\'s forecasts', () => {
  let planA: Plan;
  beforeAll(async () => {
    planA = await createPlan(tokenA, '2026-10-05', '2026-10-25', [{ clientProductId: productsA[0], plannedAmount: 42_000 }]);
  });

  it("B's list never contains A's plans", async () => {
    await createPlan(tokenB, '2026-10-05', '2026-10-25', [{ clientProductId: productB, plannedAmount: 1_000 }]);
    const list = await post(api.app, '/api/client/plans/get', { pagination: { page: 1, rowsPerPage: 100 } }, tokenB);
    expect(list.body.rows.length).toBeGreaterThan(0);
    expect(list.body.rows.every((row: Plan) => row.clientId === B)).toBe(true);
    expect(list.body.rows.map((row: Plan) => row.id)).not.toContain(planA.id);
    expect(list.body.count).toBe(list.body.rows.length);
  });

  it("B gets 404 for A's plan, exactly as for an id that does not exist", async () => {
    const foreign = await get(`/api/client/plan/get/${planA.id}`, tokenB);
    const missing = await get('/api/client/plan/get/999998', tokenB);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ ...missing.body, instance: foreign.body.instance });
  });

  it("B saving with A's plan id answers 404 and A's plan and items are unchanged", async () => {
    const before = await snapshotOf(A);
    const response = await post(
      api.app,
      '/api/client/plan/save',
      { Plan: { id: planA.id, version: planA.version, periodFrom: '2027-01-04', periodTo: '2027-01-31', ClientProductionPlanItems: [{ clientProductId: productB, plannedAmount: 9 }] } },
      tokenB,
    );
    expect(response.status).toBe(404);
    expect(await snapshotOf(A)).toEqual(before);
  });

  it("B deleting A's plan answers 404, also mixed with its own; nothing is deleted", async () => {
    const own = await createPlan(tokenB, '2026-11-02', '2026-11-29');
    const before = await snapshotOf(A);
    expect((await post(api.app, '/api/client/plans/delete', { planIds: [planA.id] }, tokenB)).status).toBe(404);
    expect((await post(api.app, '/api/client/plans/delete', { planIds: [own.id, planA.id] }, tokenB)).status).toBe(404);
    expect(await snapshotOf(A)).toEqual(before);
    expect((await get(`/api/client/plan/get/${own.id}`, tokenB)).status).toBe(200);
  });

  it("B naming A's product (or a deleted one) in plan/save answers 404 and writes nothing", async () => {
    const beforeA = await snapshotOf(A);
    const beforeB = await snapshotOf(B);
    for (const clientProductId of [productsA[0], deletedProductA]) {
      const response = await post(
        api.app,
        '/api/client/plan/save',
        { Plan: { periodFrom: '2027-02-01', periodTo: '2027-02-28', ClientProductionPlanItems: [{ clientProductId: productB, plannedAmount: 5 }, { clientProductId, plannedAmount: 5 }] } },
        tokenB,
      );
      expect(response.status).toBe(404);
    }
    expect(await snapshotOf(A)).toEqual(beforeA);
    expect(await snapshotOf(B)).toEqual(beforeB);
  });

  it("B's editor lists only B's products", async () => {
    const response = await get('/api/client/plan/get/new', tokenB);
    expect(response.body.products.map((product: { id: number }) => product.id)).toEqual([productB]);
  });
});
