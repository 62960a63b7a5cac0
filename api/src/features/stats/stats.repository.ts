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
 * product or (productId null) all of the caller's products. All products: the sums kept per company and day
 * (the stats-sums module: what productionOf sums, kept by triggers), a row per day instead of
 * the year's items; one product: its items (an index on product and due date).
 */
export async function findProducedPerDay(db: Executor, scope: CompanyScope, from: string, to: string, productId: number | null) {
  const perDay =
    productId === null
      ? db
          .selectFrom('stats_company_days')
          .select(['due_date', 'produced'])
          .where('company_id', '=', scope.companyId)
          .where('due_date', '>=', from)
          .where('due_date', '<=', to)
      : productionOf(db, scope, from, to)
          .select(['i.due_date', sql<number>`sum(i.produced_amount)`.as('produced')])
          .where('i.client_product_id', '=', productId)
          .groupBy('i.due_date');
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

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const dayAfter = (day: string) => dayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
const dayBefore = (day: string) => dayOf(Date.parse(`${day}T00:00:00Z`) - DAY_MS);
/** The first day of the month after `day`'s. */
const nextMonthOf = (day: string) => dayOf(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 1));

/**
 * A period split at month boundaries: the whole months in it (`months`, first days from `from` inclusive to `until`
 * exclusive), and the days before and after them (`days`, each an inclusive range). No whole month: the period is
 * one range of days.
 */
export function splitAtMonths(from: string, to: string): { months: { from: string; until: string } | null; days: { from: string; to: string }[] } {
  const first = from.endsWith('-01') ? from : nextMonthOf(from);
  const until = nextMonthOf(to) === dayAfter(to) ? nextMonthOf(to) : `${to.slice(0, 7)}-01`;
  if (first >= until) return { months: null, days: [{ from, to }] };
  const days = [];
  if (from < first) days.push({ from, to: dayBefore(first) });
  if (until <= to) days.push({ from: until, to });
  return { months: { from: first, until }, days };
}

/**
 * Bottles produced per product in the period (products with items due in it), by article number. The whole months of
 * the period are read from the sums kept per company, month and product (the stats-sums module),
 * a partial month at either end from its items, so that any period is exact.
 */
export async function findQuantitiesPerProduct(db: Executor, scope: CompanyScope, from: string, to: string): Promise<QuantityRow[]> {
  const { months, days } = splitAtMonths(from, to);
  // The whole months' rows (none when the period has no whole month), then each partial month's items.
  let counted = db
    .selectFrom('stats_product_months')
    .select(['client_product_id', sql<number>`items`.as('items'), sql<number>`produced`.as('produced')])
    .where('company_id', '=', scope.companyId)
    .where('month', '>=', months?.from ?? from)
    .where('month', '<', months?.until ?? from);
  for (const range of days) {
    counted = counted.unionAll(
      productionOf(db, scope, range.from, range.to).select(['i.client_product_id', sql<number>`1`.as('items'), sql<number>`i.produced_amount`.as('produced')]),
    );
  }
  const rows = await db
    .selectFrom(counted.as('x'))
    .innerJoin('client_products as cp', 'cp.id', 'x.client_product_id')
    .where('cp.company_id', '=', scope.companyId)
    .select(['cp.id', 'cp.article_no', 'cp.product_name', sql<number>`sum(x.produced)::bigint`.as('produced')])
    .groupBy(['cp.id', 'cp.article_no', 'cp.product_name'])
    .having(sql<number>`sum(x.items)`, '>', 0)
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
