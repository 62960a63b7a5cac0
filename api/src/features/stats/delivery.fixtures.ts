import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { forecastAccuracy, rate, weightedForecastAccuracy } from './delivery.rules.js';

/**
 * The delivery figures recomputed plainly from the records (the order items, their orders, forecasts and supply
 * orders), as they were computed before the sums were kept by triggers (the delivery-sums module): what the tests
 * compare the endpoints' answers with after every kind of write.
 */

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const lastOfMonth = (month: string) => {
  const date = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

interface Recomputed {
  companyId: string;
  months: { month: string; items: number; onTimeInFull: number; planned: number; filled: number }[];
  products: { clientProductId: number; articleNo: string; productName: string; month: string; forecast: number; ordered: number; produced: number }[];
}

/** Every company's months (items judged before `today`) and product rows of the period's whole months. */
async function recompute(db: Db, period: { from: string; to: string }, today: string): Promise<Map<string, Recomputed>> {
  const from = firstOfMonth(period.from);
  const to = firstOfMonth(period.to);
  const lastDay = lastOfMonth(to);
  const months = await sql<{ company_id: string; month: string; items: number; on_time_in_full: number; planned: number; filled: number }>`
    select o.company_id, date_trunc('month', i.due_date)::date as month, count(*)::integer as items,
           count(*) filter (where i.produced_by_due >= i.planned_amount)::integer as on_time_in_full,
           sum(i.planned_amount) as planned, sum(least(i.produced_by_due, i.planned_amount)) as filled
      from client_production_order_items i join client_production_orders o on o.id = i.order_id
     where i.due_date >= ${from}::date and i.due_date <= ${lastDay}::date and i.due_date < ${today}::date
     group by 1, 2 order by 2`.execute(db);
  const products = await sql<{
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
             sum(pi.planned_amount * ((least(pl.period_to, (m.month + interval '1 month' - interval '1 day')::date) - greatest(pl.period_from, m.month::date) + 1)::numeric
                 / (pl.period_to - pl.period_from + 1))) as forecast
        from client_production_plans pl
        join client_production_plan_items pi on pi.plan_id = pl.id
        cross join lateral generate_series(date_trunc('month', greatest(pl.period_from, ${from}::date)),
                                           date_trunc('month', least(pl.period_to, ${lastDay}::date)), interval '1 month') as m(month)
       where pl.period_to >= ${from}::date and pl.period_from <= ${lastDay}::date
       group by 1, 2, 3
    ),
    orders as (
      select o.company_id, i.client_product_id, date_trunc('month', i.due_date)::date as month, sum(i.planned_amount) as ordered, sum(i.produced_amount) as produced
        from client_production_order_items i join client_production_orders o on o.id = i.order_id
       where i.due_date >= ${from}::date and i.due_date <= ${lastDay}::date
       group by 1, 2, 3
    )
    select coalesce(f.company_id, r.company_id) as company_id, cp.id as client_product_id, cp.article_no, cp.product_name,
           coalesce(f.month, r.month) as month, round(coalesce(f.forecast, 0))::integer as forecast, coalesce(r.ordered, 0) as ordered, coalesce(r.produced, 0) as produced
      from forecasts f
      full join orders r on r.company_id = f.company_id and r.client_product_id = f.client_product_id and r.month = f.month
      join client_products cp on cp.id = coalesce(f.client_product_id, r.client_product_id)
     order by month, cp.article_no, cp.id`.execute(db);
  const byCompany = new Map<string, Recomputed>();
  const of = (companyId: string) => byCompany.get(companyId) ?? byCompany.set(companyId, { companyId, months: [], products: [] }).get(companyId)!;
  for (const row of months.rows) {
    of(row.company_id).months.push({ month: row.month, items: row.items, onTimeInFull: row.on_time_in_full, planned: row.planned, filled: row.filled });
  }
  for (const row of products.rows) {
    of(row.company_id).products.push({
      clientProductId: row.client_product_id,
      articleNo: row.article_no,
      productName: row.product_name,
      month: row.month,
      forecast: row.forecast,
      ordered: row.ordered,
      produced: row.produced,
    });
  }
  return byCompany;
}

function performanceOf(figures: Recomputed | undefined) {
  const months = figures?.months ?? [];
  const products = figures?.products ?? [];
  const sum = (key: 'items' | 'onTimeInFull' | 'planned' | 'filled') => months.reduce((total, row) => total + row[key], 0);
  return {
    months: months.map((row) => ({ month: row.month, items: row.items, onTimeInFull: row.onTimeInFull, otifRate: rate(row.onTimeInFull, row.items), fillRate: rate(row.filled, row.planned) })),
    products: products.map((row) => ({ ...row, accuracy: forecastAccuracy(row.forecast, row.ordered) })),
    items: sum('items'),
    onTimeInFull: sum('onTimeInFull'),
    otifRate: rate(sum('onTimeInFull'), sum('items')),
    fillRate: rate(sum('filled'), sum('planned')),
    forecastAccuracy: weightedForecastAccuracy(products.map((row) => ({ forecast: row.forecast, actual: row.ordered }))),
  };
}

/** One company's figures (the client's answer), recomputed. */
export async function recomputedPerformance(db: Db, companyId: string, period: { from: string; to: string }, today: string) {
  return performanceOf((await recompute(db, period, today)).get(companyId));
}

/** The admin's ranking, recomputed (clients worst on-time-in-full first, suppliers worst on-time rate first). */
export async function recomputedRanking(db: Db, period: { from: string; to: string }, today: string) {
  const figures = await recompute(db, period, today);
  const names = new Map((await db.selectFrom('companies').select(['id', 'name']).execute()).map((row) => [row.id, row.name]));
  const worstFirst = (a: number | null, b: number | null) => (a ?? Infinity) - (b ?? Infinity);
  const clients = [...figures.values()].map((row) => {
    const performance = performanceOf(row);
    return {
      clientId: row.companyId,
      company: names.get(row.companyId)!,
      items: performance.items,
      onTimeInFull: performance.onTimeInFull,
      otifRate: performance.otifRate,
      fillRate: performance.fillRate,
      forecastAccuracy: performance.forecastAccuracy,
    };
  });
  clients.sort((a, b) => worstFirst(a.otifRate, b.otifRate) || a.company.localeCompare(b.company));
  const from = firstOfMonth(period.from);
  const lastDay = lastOfMonth(firstOfMonth(period.to));
  const { rows } = await sql<{ manufacturer_id: number; manufacturer_name: string; delivered: number; on_time: number }>`
    select m.id as manufacturer_id, m.manufacturer_name, count(*)::integer as delivered,
           count(*) filter (where (so.delivered_at at time zone 'UTC')::date <= so.due_date)::integer as on_time
      from supply_orders so join preform_supplies s on s.id = so.preform_supply_id join manufacturers m on m.id = s.manufacturer_id
     where so.order_status = 'delivered' and so.delivered_at is not null and so.due_date >= ${from}::date and so.due_date <= ${lastDay}::date
     group by m.id, m.manufacturer_name`.execute(db);
  const suppliers = rows
    .map((row) => ({ manufacturerId: row.manufacturer_id, manufacturerName: row.manufacturer_name, delivered: row.delivered, onTime: row.on_time, onTimeRate: rate(row.on_time, row.delivered) }))
    .sort((a, b) => worstFirst(a.onTimeRate, b.onTimeRate) || a.manufacturerName.localeCompare(b.manufacturerName));
  return { clients, suppliers };
}
