import { sql, type Kysely, type Transaction } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import type { Database } from '../../db/database.js';
import type { CompanyScope } from '../../lib/scope.js';

export type Executor = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];
export type StatsProduct = Schemas['StatsProduct'];
export type QuantityRow = Schemas['QuantityRow'];

/**
 * The caller's production: items of the caller's company's orders for the company's own products. The tenant is
 * in the WHERE of every query here, so another company's production never enters a sum, and another company's
 * product id finds nothing (404). Every sum is grouped in SQL; the service only shapes the grouped rows.
 */
const productionOf = (db: Executor, scope: CompanyScope, from: string, to: string) =>
  db
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .innerJoin('client_products as cp', 'cp.id', 'i.client_product_id')
    .where('o.company_id', '=', scope.companyId)
    .where('cp.company_id', '=', scope.companyId)
    .where('i.due_date', '>=', from)
    .where('i.due_date', '<=', to);

/** One of the caller's products (deleted ones too: their history still counts); undefined when not the caller's. */
export async function findProduct(db: Executor, scope: CompanyScope, id: number): Promise<StatsProduct | undefined> {
  const row = await db
    .selectFrom('client_products')
    .select(['id', 'article_no', 'product_name'])
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .executeTakeFirst();
  return row && { id: row.id, articleNo: row.article_no, productName: row.product_name };
}

/** The caller's live products for the filters ('article - name'), by article number. */
export async function findProducts(db: Executor, scope: CompanyScope): Promise<StatsProduct[]> {
  const rows = await db
    .selectFrom('client_products')
    .select(['id', 'article_no', 'product_name'])
    .where('company_id', '=', scope.companyId)
    .where('deleted_at', 'is', null)
    .orderBy('article_no')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, articleNo: row.article_no, productName: row.product_name }));
}

/**
 * Bottles produced per day from `from` to `to`, one row for every day (0 where nothing was produced), for one
 * product or (productId null) all of the caller's products.
 */
export async function findProducedPerDay(db: Executor, scope: CompanyScope, from: string, to: string, productId: number | null) {
  let perDay = productionOf(db, scope, from, to)
    .select(['i.due_date', sql<number>`sum(i.produced_amount)`.as('produced')])
    .groupBy('i.due_date');
  if (productId !== null) perDay = perDay.where('i.client_product_id', '=', productId);
  const result = await sql<{ day: string; produced: number }>`
    select d.day::date::text as day, coalesce(p.produced, 0)::bigint as produced
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
    left join (${perDay}) as p on p.due_date = d.day::date
    order by d.day`.execute(db);
  return result.rows;
}

/** Planned and produced bottles per product and day of the caller's items due from `from` to `to`. */
export async function findPlannedAndProduced(db: Executor, scope: CompanyScope, from: string, to: string) {
  return productionOf(db, scope, from, to)
    .select([
      'i.client_product_id',
      'i.due_date',
      sql<number>`sum(i.planned_amount)`.as('planned'),
      sql<number>`sum(i.produced_amount)`.as('produced'),
    ])
    .groupBy(['i.client_product_id', 'i.due_date'])
    .orderBy('i.client_product_id')
    .orderBy('i.due_date')
    .execute();
}

/** The heatmap's lines: the caller's live products, and deleted ones that still have items due from `from` to `to`. */
export async function findHeatmapProducts(db: Executor, scope: CompanyScope, from: string, to: string): Promise<StatsProduct[]> {
  const rows = await db
    .selectFrom('client_products as p')
    .select(['p.id', 'p.article_no', 'p.product_name'])
    .where('p.company_id', '=', scope.companyId)
    .where((eb) =>
      eb.or([
        eb('p.deleted_at', 'is', null),
        eb.exists(
          eb
            .selectFrom('client_production_order_items as i')
            .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
            .select('i.id')
            .whereRef('i.client_product_id', '=', 'p.id')
            .where('o.company_id', '=', scope.companyId)
            .where('i.due_date', '>=', from)
            .where('i.due_date', '<=', to),
        ),
      ]),
    )
    .orderBy('p.article_no')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({ id: row.id, articleNo: row.article_no, productName: row.product_name }));
}

/** Bottles produced per product in the period (products with items due in it), by article number. */
export async function findQuantitiesPerProduct(db: Executor, scope: CompanyScope, from: string, to: string): Promise<QuantityRow[]> {
  const rows = await productionOf(db, scope, from, to)
    .select(['cp.id', 'cp.article_no', 'cp.product_name', sql<number>`sum(i.produced_amount)`.as('produced')])
    .groupBy(['cp.id', 'cp.article_no', 'cp.product_name'])
    .orderBy('cp.article_no')
    .orderBy('cp.id')
    .execute();
  return rows.map((row) => ({ id: row.id, articleNo: row.article_no, productName: row.product_name, producedAmount: row.produced, dueDate: null }));
}

/** Bottles produced of one product per day in the period (days with items due), oldest first. */
export async function findQuantitiesPerDay(db: Executor, scope: CompanyScope, product: StatsProduct, from: string, to: string): Promise<QuantityRow[]> {
  const rows = await productionOf(db, scope, from, to)
    .select(['i.due_date', sql<number>`sum(i.produced_amount)`.as('produced')])
    .where('i.client_product_id', '=', product.id)
    .groupBy('i.due_date')
    .orderBy('i.due_date')
    .execute();
  return rows.map((row) => ({ ...product, producedAmount: row.produced, dueDate: row.due_date }));
}
