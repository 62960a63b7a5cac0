import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { COMPANY_A as A, COMPANY_B as B, createTwoCompanies } from '../../../tests/support/factories/companies.test-utils.js';
import { underEachPlanMode } from '../../../tests/support/plans.test-utils.js';
import type { Db } from '../db/database.js';
import { ALL_COMPANIES, type CompanyScope } from '../lib/scope.js';
import { makeClaim, makeClaimable } from './claims/claims.fixtures.js';
import { findClaims } from './claims/claims.repository.js';
import { makeInvoice } from './invoices/invoices.fixtures.js';
import { findInvoices } from './invoices/invoices.repository.js';
import { receiveLot } from './lots/lots.ledger.js';
import { findLots } from './lots/lots.repository.js';
import { findOrder } from './orders/orders.repository.js';
import { makeOrderItem, makePreform, makeProduct, makeWarehouse } from './supply/supply.fixtures.js';

/**
 * The list reads that run as named prepared statements (issue 14, "prepared list statements"): each answers the same
 * rows with PostgreSQL's plan for its parameters and with the generic plan it switches to after five executions, and
 * those rows are the ones an independent SQL over the tables gives. Company A has every kind of row, company B a few,
 * company C none (a new client).
 */

let database: TestDatabase;
const C = 'company-none';
let orderA: number;
let orderB: number;

const company = (companyId: string): CompanyScope => ({ kind: 'company', companyId });
const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  expect(await createTwoCompanies(db)).toEqual({ a: A, b: B });
  await db.insertInto('companies').values({ id: C, name: 'No rows Ltd' }).execute();
  // Company A: an order of 5 items (two on one due date), 14 invoices (ties on a date), 23 claims; company B: one of each.
  const a = await makeClaimable(db, A);
  const b = await makeClaimable(db, B);
  orderA = a.orderId;
  orderB = b.orderId;
  for (const due of ['2026-02-01', '2026-01-15', '2026-02-01', '2026-03-01']) await makeOrderItem(db, { orderId: orderA, productId: a.productId, planned: 1_000, dueDate: due });
  for (let n = 0; n < 14; n++)
    await makeInvoice(db, { companyId: A, invoiceNumber: `INV-A-${n}`, orderId: n % 2 ? orderA : null, deliveryDate: `2026-0${1 + (n % 5)}-1${n % 3}` });
  await makeInvoice(db, { companyId: B, invoiceNumber: 'INV-B-1', deliveryDate: '2026-04-01' });
  for (let n = 0; n < 23; n++) await makeClaim(db, { companyId: A, productId: a.productId, orderId: orderA, status: n % 3 ? 'new' : 'closed' });
  await makeClaim(db, { companyId: B, productId: b.productId, orderId: orderB });
  // 25 lots delivered on 9 dates, two of them used up.
  const preform = await makePreform(db);
  const warehouseId = await makeWarehouse(db);
  await makeProduct(db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId: C });
  await db.transaction().execute(async (trx) => {
    for (let n = 0; n < 25; n++) {
      const order = await trx
        .insertInto('supply_orders')
        .values({ order_status: 'delivered', ordered_amount: 1_000 + n, due_date: '2026-01-01', preform_id: preform.id, preform_warehouse_id: warehouseId, preform_supply_id: preform.supplyIds[0], stock: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      await receiveLot(trx, { supplyOrderId: order.id, deliveredAt: new Date(Date.UTC(2026, 0, 1 + (n % 9))) });
    }
    await trx.updateTable('lots').set({ consumed: sql`quantity` }).where('id', 'in', trx.selectFrom('lots').select('id').orderBy('id').limit(2)).execute();
  });
});
afterAll(async () => {
  await database?.drop();
});

/** Each prepared read: what it answers, and the same answer from an independent SQL over the tables. */
const reads: { name: string; read: (db: Db) => Promise<unknown>; expected: () => Promise<unknown>; prepared: number }[] = [
  {
    name: "the order editor's order and items (company A's order)",
    read: async (db) => {
      const order = await findOrder(db, company(A), orderA);
      return { id: order?.id, items: order && ids(order.ClientProductionOrderItems) };
    },
    expected: async () => ({
      id: orderA,
      items: (await sql<{ id: number }>`select id from client_production_order_items where order_id = ${orderA} order by due_date, id`.execute(database.db)).rows.map((r) => r.id),
    }),
    prepared: 2,
  },
  {
    name: "the order editor, another company's order: not found",
    read: async (db) => (await findOrder(db, company(B), orderA)) ?? null,
    expected: async () => null,
    prepared: 1,
  },
  ...[A, B, C].flatMap((companyId) =>
    [1, 2].map((page) => ({
      name: `a company's invoices, default sort (${companyId}, page ${page} of 10)`,
      read: async (db: Db) => {
        const { rows, count } = await findInvoices(db, company(companyId), { page, rowsPerPage: 10 });
        return { ids: ids(rows), count };
      },
      expected: async () => {
        const { rows } = await sql<{ id: number }>`
          select id from invoices where company_id = ${companyId} order by delivery_date desc, id desc limit 10 offset ${(page - 1) * 10}`.execute(database.db);
        const count = await sql<{ n: number }>`select count(*)::int as n from invoices where company_id = ${companyId}`.execute(database.db);
        return { ids: ids(rows), count: count.rows[0].n };
      },
      prepared: 2,
    })),
  ),
  {
    name: "every company's invoices (the count prepared, the page not)",
    read: async (db: Db) => {
      const { rows, count } = await findInvoices(db, ALL_COMPANIES, { page: 1, rowsPerPage: 10 });
      return { ids: ids(rows), count };
    },
    expected: async () => {
      const { rows } = await sql<{ id: number }>`select id from invoices order by delivery_date desc, id desc limit 10`.execute(database.db);
      return { ids: ids(rows), count: 15 };
    },
    prepared: 1,
  },
  ...[A, B, C].flatMap((companyId) =>
    [1, 2].map((page) => ({
      name: `a company's claims, default sort (${companyId}, page ${page} of 20)`,
      read: async (db: Db) => {
        const { rows, count } = await findClaims(db, company(companyId), { pagination: { page, rowsPerPage: 20, sortBy: 'id' } }, 1_000);
        return { ids: ids(rows), count };
      },
      expected: async () => {
        const { rows } = await sql<{ id: number }>`select id from claims where company_id = ${companyId} order by id`.execute(database.db);
        return { ids: ids(rows).slice((page - 1) * 20, page * 20), count: rows.length };
      },
      prepared: 2,
    })),
  ),
  ...(['open', undefined] as const).flatMap((state) =>
    [1, 2].map((page) => ({
      name: `the lots, ${state ?? 'every state'}, default sort (page ${page} of 20)`,
      read: async (db: Db) => {
        const { rows, count } = await findLots(db, { state }, { page, rowsPerPage: 20 });
        return { ids: ids(rows), count };
      },
      expected: async () => {
        const { rows } = await sql<{ id: number }>`
          select id from lots where ${state === 'open' ? sql`consumed < quantity` : sql`true`} order by delivery_date desc, id desc`.execute(database.db);
        return { ids: ids(rows).slice((page - 1) * 20, page * 20), count: rows.length };
      },
      prepared: 2,
    })),
  ),
];

describe('prepared list statements', () => {
  it.each(reads)('$name: the same rows with custom and generic plans, and those of an independent SQL', async ({ read, expected, prepared }) => {
    const { custom, generic } = await underEachPlanMode(database.url, read);
    const independent = await expected();
    expect(custom.answer).toEqual(independent);
    expect(generic.answer).toEqual(independent);
    // They ran prepared, by name (not as unnamed statements), with a custom plan and then with the generic plan (a
    // statement without parameters has only the generic plan).
    expect(custom.prepared).toHaveLength(prepared);
    expect(generic.prepared.map((statement) => statement.statement)).toEqual(custom.prepared.map((statement) => statement.statement));
    for (const statement of custom.prepared) expect(statement.custom_plans > 0 || !/\$1\b/.test(statement.statement)).toBe(true);
    expect(generic.prepared.every((statement) => statement.generic_plans > 0 && statement.custom_plans === 0)).toBe(true);
  });

  it('the fixture has what the reads need: several pages, ties on a sort key, used-up lots and a company without rows', async () => {
    const counts = await sql<{ invoices: number; claims: number; lots: number; used_up: number; items: number }>`
      select (select count(*)::int from invoices where company_id = ${A}) as invoices, (select count(*)::int from claims where company_id = ${A}) as claims,
             (select count(*)::int from lots) as lots, (select count(*)::int from lots where consumed >= quantity) as used_up,
             (select count(*)::int from client_production_order_items where order_id = ${orderA}) as items`.execute(database.db);
    expect(counts.rows[0]).toEqual({ invoices: 14, claims: 23, lots: 25, used_up: 2, items: 5 });
  });
});
