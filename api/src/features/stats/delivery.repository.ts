import { sql } from 'kysely';
import type { Executor } from './stats.repository.js';

/** Whose figures: one company's (a client, or the admin's chosen client) or every company's (the admin's ranking). */
export type DeliveryScope = { companyId: string } | { allCompanies: true };

const companyCondition = (scope: DeliveryScope, column: string) =>
  'companyId' in scope ? sql`${sql.ref(column)} = ${scope.companyId}` : sql`true`;

export interface MonthCounts {
  companyId: string;
  month: string;
  items: number;
  onTimeInFull: number;
  planned: number;
  filled: number;
}

/**
 * On-time-in-full counts per company and month of the order items due from `from` to `to` (only days before
 * `today`: an item not yet due is not judged). An item is on time in full when the produced total of its last
 * produced entry recorded by the end of its due day (UTC) reaches its planned bottles; `filled` counts those
 * bottles, each item at most its plan. The item keeps that total (`produced_by_due`, migration 2026-11-25-0920).
 */
export async function findMonthCounts(db: Executor, scope: DeliveryScope, from: string, to: string, today: string): Promise<MonthCounts[]> {
  const { rows } = await sql<{ company_id: string; month: string; items: number; on_time_in_full: number; planned: number; filled: number }>`
    select o.company_id, date_trunc('month', i.due_date)::date as month, count(*)::integer as items,
           count(*) filter (where i.produced_by_due >= i.planned_amount)::integer as on_time_in_full,
           sum(i.planned_amount) as planned, sum(least(i.produced_by_due, i.planned_amount)) as filled
      from client_production_order_items i
      join client_production_orders o on o.id = i.order_id
     where i.due_date >= ${from}::date and i.due_date <= ${to}::date and i.due_date < ${today}::date
       and ${companyCondition(scope, 'o.company_id')}
     group by o.company_id, date_trunc('month', i.due_date)
     order by month`.execute(db);
  return rows.map((row) => ({
    companyId: row.company_id,
    month: row.month,
    items: row.items,
    onTimeInFull: row.on_time_in_full,
    planned: row.planned,
    filled: row.filled,
  }));
}

export interface ProductMonth {
  companyId: string;
  clientProductId: number;
  articleNo: string;
  productName: string;
  month: string;
  forecast: number;
  ordered: number;
  produced: number;
}

/**
 * Forecast against ordered against produced per company, product and month, from month `from` to month `to`
 * (both first days of months). A forecast counts in each month its period overlaps, in proportion to the days of
 * the period in that month; ordered and produced are the bottles of the company's order items due in the month.
 */
export async function findProductMonths(db: Executor, scope: DeliveryScope, from: string, to: string): Promise<ProductMonth[]> {
  const { rows } = await sql<{
    company_id: string;
    client_product_id: number;
    article_no: string;
    product_name: string;
    month: string;
    forecast: number;
    ordered: number;
    produced: number;
  }>`
    with forecasts as (
      select pl.company_id, pi.client_product_id, m.month::date as month,
             sum(pi.planned_amount
                 * ((least(pl.period_to, (m.month + interval '1 month' - interval '1 day')::date) - greatest(pl.period_from, m.month::date) + 1)::numeric
                 / (pl.period_to - pl.period_from + 1))) as forecast
        from client_production_plans pl
        join client_production_plan_items pi on pi.plan_id = pl.id
        cross join lateral generate_series(date_trunc('month', greatest(pl.period_from, ${from}::date)),
                                           date_trunc('month', least(pl.period_to, (${to}::date + interval '1 month' - interval '1 day')::date)),
                                           interval '1 month') as m(month)
       where pl.period_to >= ${from}::date and pl.period_from < (${to}::date + interval '1 month')
         and ${companyCondition(scope, 'pl.company_id')}
       group by 1, 2, 3
    ),
    orders as (
      select o.company_id, i.client_product_id, date_trunc('month', i.due_date)::date as month,
             sum(i.planned_amount) as ordered, sum(i.produced_amount) as produced
        from client_production_order_items i
        join client_production_orders o on o.id = i.order_id
       where i.due_date >= ${from}::date and i.due_date < (${to}::date + interval '1 month')
         and ${companyCondition(scope, 'o.company_id')}
       group by 1, 2, 3
    )
    select coalesce(f.company_id, r.company_id) as company_id, cp.id as client_product_id, cp.article_no, cp.product_name,
           coalesce(f.month, r.month) as month, round(coalesce(f.forecast, 0))::integer as forecast,
           coalesce(r.ordered, 0) as ordered, coalesce(r.produced, 0) as produced
      from forecasts f
      full join orders r on r.company_id = f.company_id and r.client_product_id = f.client_product_id and r.month = f.month
      join client_products cp on cp.id = coalesce(f.client_product_id, r.client_product_id)
     order by month, cp.article_no, cp.id`.execute(db);
  return rows.map((row) => ({
    companyId: row.company_id,
    clientProductId: row.client_product_id,
    articleNo: row.article_no,
    productName: row.product_name,
    month: row.month,
    forecast: row.forecast,
    ordered: row.ordered,
    produced: row.produced,
  }));
}

/** The companies of `ids` with their names. */
export async function findCompanyNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('companies').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Supply orders due in the period and added to stock, per supplier, and how many were added by their due day (UTC). */
export async function findSupplierDeliveries(db: Executor, from: string, to: string) {
  const { rows } = await sql<{ manufacturer_id: number; manufacturer_name: string; delivered: number; on_time: number }>`
    select m.id as manufacturer_id, m.manufacturer_name, count(*)::integer as delivered,
           count(*) filter (where (so.delivered_at at time zone 'UTC')::date <= so.due_date)::integer as on_time
      from supply_orders so
      join preform_supplies s on s.id = so.preform_supply_id
      join manufacturers m on m.id = s.manufacturer_id
     where so.order_status = 'delivered' and so.delivered_at is not null
       and so.due_date >= ${from}::date and so.due_date <= ${to}::date
     group by m.id, m.manufacturer_name`.execute(db);
  return rows;
}
