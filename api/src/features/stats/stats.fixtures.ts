import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { fillRateBucketOn } from './fill-rate.js';

/**
 * The client statistics' answers recomputed plainly from the order items, as the calls computed them before their sums
 * were kept (the stats-sums module): a company's items are those of its orders for its own
 * products, due in the period, whatever their state. What the tests compare the endpoints' answers, and the kept rows,
 * with after every kind of write.
 */

/** The items the statistics sum, of one company, due from `from` to `to` (inclusive). */
const counted = (companyId: string, from: string, to: string) => sql`
  client_production_order_items i
  join client_production_orders o on o.id = i.order_id and o.company_id = ${companyId}
  join client_products cp on cp.id = i.client_product_id and cp.company_id = ${companyId}
  where i.due_date between ${from}::date and ${to}::date`;

const productLabel = (row: { articleNo: string; productName: string }) => `${row.articleNo} - ${row.productName}`;

/** The company's live products (the filters), by article number. */
async function liveProducts(db: Db, companyId: string) {
  const { rows } = await sql<{ id: number; articleNo: string; productName: string }>`
    select id, article_no as "articleNo", product_name as "productName" from client_products
     where company_id = ${companyId} and deleted_at is null order by article_no, id`.execute(db);
  return rows;
}

/** 'Produced Quantities' (apex/get): every day of the period, for one product or (0) all of the company's. */
export async function recomputedProducedQuantities(db: Db, companyId: string, input: { startOf: string; endOf: string; productId: number }) {
  const product = input.productId === 0 ? null : (await liveOrDeleted(db, companyId, input.productId))!;
  const { rows } = await sql<{ x: string; y: number }>`
    select d.day::date::text as x, coalesce((
      select sum(i.produced_amount) from ${counted(companyId, input.startOf, input.endOf)}
         and i.due_date = d.day::date ${product ? sql`and i.client_product_id = ${product.id}` : sql``}), 0)::bigint as y
      from generate_series(${input.startOf}::date, ${input.endOf}::date, interval '1 day') d(day) order by d.day`.execute(db);
  return { series: [{ name: product ? productLabel(product) : 'Produced', data: rows }], products: await liveProducts(db, companyId) };
}

async function liveOrDeleted(db: Db, companyId: string, id: number) {
  const { rows } = await sql<{ id: number; articleNo: string; productName: string }>`
    select id, article_no as "articleNo", product_name as "productName" from client_products where id = ${id} and company_id = ${companyId}`.execute(db);
  return rows[0];
}

/** The quantities report: bottles produced per product with items due in the period, by article number. */
export async function recomputedQuantities(db: Db, companyId: string, period: { from: string; to: string }) {
  const { rows } = await sql<{ id: number; articleNo: string; productName: string; producedAmount: number }>`
    select cp.id, cp.article_no as "articleNo", cp.product_name as "productName", sum(i.produced_amount)::bigint as "producedAmount"
      from ${counted(companyId, period.from, period.to)}
     group by cp.id, cp.article_no, cp.product_name order by cp.article_no, cp.id`.execute(db);
  return rows.map((row) => ({ ...row, dueDate: null }));
}

/** The sparkline: bottles produced of one product per day with items due in the period. */
export async function recomputedQuantitiesPerDay(db: Db, companyId: string, productId: number, period: { from: string; to: string }) {
  const product = (await liveOrDeleted(db, companyId, productId))!;
  const { rows } = await sql<{ dueDate: string; producedAmount: number }>`
    select i.due_date::text as "dueDate", sum(i.produced_amount)::bigint as "producedAmount"
      from ${counted(companyId, period.from, period.to)} and i.client_product_id = ${productId}
     group by i.due_date order by i.due_date`.execute(db);
  return rows.map((row) => ({ ...product, producedAmount: row.producedAmount, dueDate: row.dueDate }));
}

/** The fill-rate heatmap of a month (YYYY-MM), judged as of `today`. */
export async function recomputedFillRate(db: Db, companyId: string, month: string, today: string) {
  const { rows: days } = await sql<{ day: string }>`
    select d.day::date::text as day from generate_series(${`${month}-01`}::date, (${`${month}-01`}::date + interval '1 month' - interval '1 day'), interval '1 day') d(day)
     order by 1`.execute(db);
  const categories = days.map((row) => row.day);
  const [from, to] = [categories[0]!, categories[categories.length - 1]!];
  const { rows: cells } = await sql<{ clientProductId: number; date: string; plannedAmount: number; produced: number }>`
    select i.client_product_id as "clientProductId", i.due_date::text as date, sum(i.planned_amount)::bigint as "plannedAmount",
           sum(i.produced_amount)::bigint as produced
      from ${counted(companyId, from, to)}
     group by i.client_product_id, i.due_date order by i.client_product_id, i.due_date`.execute(db);
  const { rows: products } = await sql<{ id: number; articleNo: string; productName: string }>`
    select p.id, p.article_no as "articleNo", p.product_name as "productName" from client_products p
     where p.company_id = ${companyId}
       and (p.deleted_at is null or exists (
             select from client_production_order_items i join client_production_orders o on o.id = i.order_id
              where i.client_product_id = p.id and o.company_id = ${companyId} and i.due_date between ${from}::date and ${to}::date))
     order by p.article_no, p.id`.execute(db);
  const series = products.map((product) => ({
    name: productLabel(product),
    clientProductId: product.id,
    data: categories.map((day) => {
      const cell = cells.find((row) => row.clientProductId === product.id && row.date === day);
      return fillRateBucketOn(day, today, cell?.plannedAmount ?? 0, cell?.produced ?? 0);
    }),
  }));
  return { series, categories, details: cells };
}

/** The kept rows (without those summing to nothing) and the same sums grouped from the items: equal when kept right. */
export async function keptAndRecomputedSums(db: Db) {
  const counted = sql`
    client_production_order_items i
    join client_production_orders o on o.id = i.order_id
    join client_products cp on cp.id = i.client_product_id and cp.company_id = o.company_id`;
  return {
    kept: {
      days: (await sql`select company_id, due_date::text, items, produced from stats_company_days where items <> 0 or produced <> 0 order by 1, 2`.execute(db)).rows,
      months: (
        await sql`select company_id, month::text, client_product_id, items, produced from stats_product_months where items <> 0 or produced <> 0 order by 1, 2, 3`.execute(db)
      ).rows,
    },
    recomputed: {
      days: (
        await sql`select o.company_id, i.due_date::text as due_date, count(*)::integer as items, sum(i.produced_amount)::bigint as produced
                    from ${counted} group by 1, 2 order by 1, 2`.execute(db)
      ).rows,
      months: (
        await sql`select o.company_id, date_trunc('month', i.due_date)::date::text as month, i.client_product_id, count(*)::integer as items,
                         sum(i.produced_amount)::bigint as produced
                    from ${counted} group by 1, 2, 3 order by 1, 2, 3`.execute(db)
      ).rows,
    },
  };
}
