import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ClientProductionPlanTable } from '../../db/tables/plans.js';
import { versionedUpdate } from '../../db/versioned-update.js';
import { paginate, type PaginationInput } from '../../lib/pagination.js';
import type { CompanyScope } from '../../lib/scope.js';
import { orderableBy } from '../orders/orders.products.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Every query here is a client-face query: the caller's company (its `CompanyScope`) is in each `where`. */

export interface PlanRow {
  id: number;
  periodFrom: string;
  periodTo: string;
  updatedAt: string;
  clientId: string;
  version: number;
}

const toRow = (row: Selectable<ClientProductionPlanTable>): PlanRow => ({
  id: row.id,
  periodFrom: row.period_from,
  periodTo: row.period_to,
  updatedAt: row.updated_at.toISOString(),
  clientId: row.company_id,
  version: row.version,
});

const sortColumns = { periodFrom: 'period_from', periodTo: 'period_to', updatedAt: 'updated_at', id: 'id' };

/** One page of the company's forecasts, sorted and limited in SQL, and their total count. */
export async function findPlans(db: Executor, scope: CompanyScope, pagination: PaginationInput) {
  const own = db.selectFrom('client_production_plans').where('company_id', '=', scope.companyId);
  const [rows, total] = await Promise.all([
    paginate(own.selectAll(), pagination, sortColumns, { sortBy: 'periodFrom', descending: true, tieBreaker: 'id' }).execute(),
    own.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRow), count: total.count };
}

export async function findPlan(db: Executor, scope: CompanyScope, id: number) {
  const row = await db
    .selectFrom('client_production_plans')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .executeTakeFirst();
  return row && toRow(row);
}

export async function findPlanItems(db: Executor, scope: CompanyScope, planId: number) {
  return db
    .selectFrom('client_production_plan_items as item')
    .innerJoin('client_production_plans as plan', 'plan.id', 'item.plan_id')
    .select(['item.client_product_id as clientProductId', 'item.planned_amount as plannedAmount'])
    .where('item.plan_id', '=', planId)
    .where('plan.company_id', '=', scope.companyId)
    .orderBy('item.client_product_id')
    .execute();
}

/** The products (not deleted) the company orders — own and assigned to it as a buyer — for the forecast editor. */
export async function findCompanyProducts(db: Executor, scope: CompanyScope) {
  return db
    .selectFrom('client_products')
    .select(['id', 'article_no as articleNo', 'product_name as productName'])
    .where(orderableBy(scope.companyId))
    .where('deleted_at', 'is', null)
    .orderBy('article_no')
    .orderBy('id')
    .execute();
}

/** Which of `ids` are live products the company orders (own, or assigned to it as a buyer). */
export async function ownProductIds(db: Executor, scope: CompanyScope, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('client_products')
    .select('id')
    .where('id', 'in', ids)
    .where(orderableBy(scope.companyId))
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function insertPlan(db: Executor, scope: CompanyScope, period: { periodFrom: string; periodTo: string }) {
  const row = await db
    .insertInto('client_production_plans')
    .values({ company_id: scope.companyId, period_from: period.periodFrom, period_to: period.periodTo })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** Updates only the company's plan and only at `version`; undefined when it is not theirs, missing or stale. */
export async function updatePlan(
  db: Executor,
  scope: CompanyScope,
  id: number,
  version: number,
  period: { periodFrom: string; periodTo: string },
) {
  const row = await versionedUpdate(db, 'client_production_plans', version, { period_from: period.periodFrom, period_to: period.periodTo })
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .returningAll()
    .executeTakeFirst();
  return row && toRow(row);
}

/** Replaces the plan's items (the caller has checked the plan and the products are the company's). */
export async function replacePlanItems(db: Executor, planId: number, items: { clientProductId: number; plannedAmount: number }[]) {
  await db.deleteFrom('client_production_plan_items').where('plan_id', '=', planId).execute();
  if (!items.length) return;
  await db
    .insertInto('client_production_plan_items')
    .values(items.map((item) => ({ plan_id: planId, client_product_id: item.clientProductId, planned_amount: item.plannedAmount })))
    .execute();
}

/** Deletes those of `ids` that are the company's plans; answers the ids deleted. */
export async function deletePlans(db: Executor, scope: CompanyScope, ids: number[]) {
  const rows = await db
    .deleteFrom('client_production_plans')
    .where('id', 'in', ids)
    .where('company_id', '=', scope.companyId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
