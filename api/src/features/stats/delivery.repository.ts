import { sql } from 'kysely';
import type { Executor } from './stats.repository.js';

/**
 * The delivery figures read the sums the delivery-sums module's triggers keep (per company
 * and due day, per company and month, per company, month and product, per supplier and month), never the order
 * items: a year is a few hundred rows. The month not yet over is read per day, only the days before today (an
 * item not yet due is not judged); the months before today's per month. Ordered, produced and forecast count every
 * item due and every forecast in the month, judged or not.
 *
 * An item is on time in full when the produced total of its last produced entry recorded by the end of its due day
 * (UTC) reaches its planned bottles (`produced_by_due`, the produced-by-due module); `filled` counts those bottles, each
 * item at most its plan. A forecast counts in each month its period overlaps, in proportion to the days of the period
 * in that month.
 */

/** The period as the figures read it: whole months, and the day they are judged on. */
export interface DeliveryWindow {
  /** First day of the first month. */
  from: string;
  /** First day of the last month. */
  to: string;
  /** Last day of the last month. */
  lastDay: string;
  /** Items due before this day are judged (UTC). */
  today: string;
  /** First day of today's month. */
  thisMonth: string;
}

export interface MonthCounts {
  month: string;
  items: number;
  onTimeInFull: number;
  planned: number;
  filled: number;
}

export interface ProductMonth {
  clientProductId: number;
  articleNo: string;
  productName: string;
  month: string;
  forecast: number;
  ordered: number;
  produced: number;
}

/** One company's months (only those with an item judged) and product rows, in one statement. */
export async function findCompanyFigures(db: Executor, companyId: string, w: DeliveryWindow): Promise<{ months: MonthCounts[]; products: ProductMonth[] }> {
  const { rows } = await sql<{ months: MonthCounts[]; products: ProductMonth[] }>`
    select
      coalesce((
        select json_agg(json_build_object('month', m.month, 'items', m.items, 'onTimeInFull', m.on_time_in_full, 'planned', m.planned, 'filled', m.filled)
                        order by m.month)
          from (
            select month, items, on_time_in_full, planned, filled
              from delivery_company_months
             where company_id = ${companyId} and month >= ${w.from}::date and month <= ${w.to}::date and month < ${w.thisMonth}::date and items > 0
            union all
            select ${w.thisMonth}::date, sum(items), sum(on_time_in_full), sum(planned), sum(filled)
              from delivery_company_days
             where company_id = ${companyId} and due_date >= greatest(${w.from}::date, ${w.thisMonth}::date) and due_date <= ${w.lastDay}::date
               and due_date < ${w.today}::date
            having sum(items) > 0
          ) m), '[]') as months,
      coalesce((
        select json_agg(json_build_object('clientProductId', cp.id, 'articleNo', cp.article_no, 'productName', cp.product_name, 'month', p.month,
                                          'forecast', round(p.forecast)::integer, 'ordered', p.ordered, 'produced', p.produced)
                        order by p.month, cp.article_no, cp.id)
          from delivery_product_months p
          -- Each row's product by its key (offset 0 keeps it a lookup): a hash of every product costs more than the year's rows.
          cross join lateral (select id, article_no, product_name from client_products where id = p.client_product_id offset 0) cp
         where p.company_id = ${companyId} and p.month >= ${w.from}::date and p.month <= ${w.to}::date and (p.items > 0 or p.forecast_lines > 0)
      ), '[]') as products`.execute(db);
  return rows[0] ?? { months: [], products: [] };
}

export interface CompanyTotals {
  companyId: string;
  company: string;
  /** Whether the company has an item due or a forecast in the period (it is ranked). */
  present: boolean;
  items: number;
  onTimeInFull: number;
  planned: number;
  filled: number;
  /** Σ |ordered − forecast| and Σ max(ordered, forecast) over the company's product rows. */
  forecastErrors: number;
  forecastScale: number;
}

/**
 * Every company with an item due or a forecast in the period, with its totals, and the company `alsoId` (if it exists)
 * even without: the admin's ranking and whether the client asked for exists, in one statement.
 */
export async function findCompanyTotals(db: Executor, w: DeliveryWindow, alsoId: string | null): Promise<CompanyTotals[]> {
  const { rows } = await sql<{
    company_id: string;
    name: string;
    product_months: number | null;
    items: number;
    on_time_in_full: number;
    planned: number;
    filled: number;
    forecast_errors: number;
    forecast_scale: number;
  }>`
    with months as (
      select company_id, sum(product_months) as product_months, sum(forecast_errors) as forecast_errors, sum(forecast_scale) as forecast_scale,
             coalesce(sum(items) filter (where month < ${w.thisMonth}::date), 0) as items,
             coalesce(sum(on_time_in_full) filter (where month < ${w.thisMonth}::date), 0) as on_time_in_full,
             coalesce(sum(planned) filter (where month < ${w.thisMonth}::date), 0) as planned,
             coalesce(sum(filled) filter (where month < ${w.thisMonth}::date), 0) as filled
        from delivery_company_months
       where month >= ${w.from}::date and month <= ${w.to}::date
       group by company_id
    ),
    days as (
      select company_id, sum(items) as items, sum(on_time_in_full) as on_time_in_full, sum(planned) as planned, sum(filled) as filled
        from delivery_company_days
       where due_date >= greatest(${w.from}::date, ${w.thisMonth}::date) and due_date <= ${w.lastDay}::date and due_date < ${w.today}::date
       group by company_id
    )
    select c.id as company_id, c.name, m.product_months,
           coalesce(m.items, 0) + coalesce(d.items, 0) as items, coalesce(m.on_time_in_full, 0) + coalesce(d.on_time_in_full, 0) as on_time_in_full,
           coalesce(m.planned, 0) + coalesce(d.planned, 0) as planned, coalesce(m.filled, 0) + coalesce(d.filled, 0) as filled,
           coalesce(m.forecast_errors, 0) as forecast_errors, coalesce(m.forecast_scale, 0) as forecast_scale
      from companies c
      left join months m on m.company_id = c.id
      left join days d on d.company_id = c.id
     where m.product_months > 0 or c.id = ${alsoId}`.execute(db);
  return rows.map((row) => ({
    companyId: row.company_id,
    company: row.name,
    present: (row.product_months ?? 0) > 0,
    items: row.items,
    onTimeInFull: row.on_time_in_full,
    planned: row.planned,
    filled: row.filled,
    forecastErrors: row.forecast_errors,
    forecastScale: row.forecast_scale,
  }));
}

/** Supply orders due in the period and added to stock, per supplier, and how many were added by their due day (UTC). */
export async function findSupplierDeliveries(db: Executor, w: DeliveryWindow) {
  const { rows } = await sql<{ manufacturer_id: number; manufacturer_name: string; delivered: number; on_time: number }>`
    select m.id as manufacturer_id, m.manufacturer_name, sum(s.delivered)::integer as delivered, sum(s.on_time)::integer as on_time
      from delivery_supplier_months s
      join manufacturers m on m.id = s.manufacturer_id
     where s.month >= ${w.from}::date and s.month <= ${w.to}::date
     group by m.id, m.manufacturer_name
    having sum(s.delivered) > 0`.execute(db);
  return rows;
}
