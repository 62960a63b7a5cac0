import { sql, type RawBuilder } from 'kysely';
import { paginate, sortOf, type PaginationInput } from '../../lib/pagination.js';
import { keptRowCount } from '../../db/row-counts.js';
import { itemHasInvoice, orderHasInvoiceGiven } from './orders.invoices.js';
import {
  isoText,
  itemsQuery,
  orderAggregates,
  orderSortColumns,
  ordersWithAggregates,
  toOrder,
  toOrderItem,
  type Executor,
  type OrderItemFields,
  type OrderItemRow,
  type OrderRow,
  type OrderSummary,
} from './orders.queries.js';

export type { OrderItemRow, OrderRow } from './orders.queries.js';

/**
 * Staff queries over production orders of every company (the admin's 'New orders' and its PDF, and the operator's
 * agenda, which reuses the item query below). No tenant filter: these operations are for admin and operator only
 * (x-roles), never for the client face.
 */

/** The items of the given orders in one query, grouped by order, each order's items by due date. */
async function itemsOfOrders(db: Executor, orderIds: number[]): Promise<Map<number, OrderItemRow[]>> {
  const byOrder = new Map<number, OrderItemRow[]>();
  if (!orderIds.length) return byOrder;
  const rows = await itemsQuery(db).where('i.order_id', 'in', orderIds).orderBy('i.due_date').orderBy('i.id').execute();
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push(toOrderItem(row));
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}

/** The sort keys of the admin's list (those of `orderSortColumns`), as expressions over the order `o` and its company `c`. */
const pageSortExpressions: Record<string, RawBuilder<unknown>> = {
  createdAt: sql`o.created_at`,
  orderNo: sql`o.order_no`,
  company: sql`c.name`,
  // The item aggregates of `ordersWithAggregates`, for these two sorts only (they read every order's items).
  producedPart: sql`(select coalesce(sum(i.produced_amount)::float8 / nullif(sum(i.planned_amount), 0), 0)
                     from client_production_order_items i where i.order_id = o.id)`,
  producedStart: sql`(select min(i.due_date) from client_production_order_items i where i.order_id = o.id)`,
  id: sql`o.id`,
};

type PageRow = Omit<OrderSummary, 'has_invoice'> & { has_invoice: boolean; items: OrderItemFields[] };

/**
 * One page of every company's production orders with their items (the expandable rows), in one statement: the page
 * is sorted and limited first (through the index of the sort column when there is one), then each of its orders
 * reads its items once for both the aggregates and the items, which PostgreSQL builds as JSON (one column, not a row
 * per item for the driver to parse). The count is kept beside the orders (`row_counts`). One statement and a read of the kept count
 * instead of a page, a count of every order and an items statement, one round trip after another.
 */
export async function findProductionOrders(db: Executor, pagination: PaginationInput) {
  const { key, descending } = sortOf(pagination, pageSortExpressions, { sortBy: 'createdAt', descending: true });
  const direction = descending ? sql`desc` : sql`asc`;
  const sortKey = pageSortExpressions[key]!;
  const [page, total] = await Promise.all([
    sql<PageRow>`
      select o.id, o.order_no, o.company_id, c.name as company, o.closed, o.created_at, o.purchase_date, o.version,
             agg.produced_part, agg.produced_start, agg.produced_end, agg.produced_articles,
             agg.work_in_progress and o.closed = 0 as work_in_progress,
             ${orderHasInvoiceGiven('o', sql`agg.item_invoiced`)} as has_invoice,
             agg.items
      from (
        select o.id, ${sortKey} as sort_key
        from client_production_orders o join companies c on c.id = o.company_id
        order by ${sortKey} ${direction}, o.id ${direction}
        limit ${pagination.rowsPerPage} offset ${(pagination.page - 1) * pagination.rowsPerPage}
      ) page
      join client_production_orders o on o.id = page.id
      join companies c on c.id = o.company_id
      cross join lateral (
        select ${orderAggregates()},
               coalesce(bool_or(i.has_invoice), false) as item_invoiced,
               -- Each item as a row of the columns toOrderItem reads, named as it reads them (cheaper for PostgreSQL
               -- than json_build_object, which looks up each argument's type on every call: 6.4 against 8.3 ms a page).
               coalesce(json_agg((
                 select x from (
                   select i.id, i.order_id, i.client_product_id, cp.article_no, cp.product_name, i.due_date::text as due_date,
                          i.planned_amount, i.produced_amount, i.is_closed, i.is_buyer_confirmed, i.is_seller_confirmed, i.has_invoice,
                          ${isoText(sql.ref('i.updated_at'))} as updated_at, i.version, r.id as ref_id, r.due_date::text as ref_due_date,
                          r.is_closed as ref_is_closed, r.planned_amount as ref_planned_amount, r.produced_amount as ref_produced_amount,
                          ro.id as ref_order_id, ro.order_no as ref_order_no
                 ) x
               ) order by i.due_date, i.id), '[]') as items
        -- offset 0: each item's invoice flag is looked up once (flattened, PostgreSQL evaluated it for each use).
        from (select i.*, ${itemHasInvoice('i')} as has_invoice from client_production_order_items i where i.order_id = o.id offset 0) i
        join client_products cp on cp.id = i.client_product_id
        left join client_production_order_items r on r.id = i.ref_production_order_item_id
        left join client_production_orders ro on ro.id = r.order_id
      ) agg
      order by page.sort_key ${direction}, page.id ${direction}`.execute(db),
    keptRowCount(db, 'client_production_orders'),
  ]);
  const rows = page.rows.map((row) => toOrder(row, row.items.map((item) => toOrderItem(item))));
  return { rows, count: total };
}

/** The given orders with their items (any company), in the order of `ids`; missing ids are left out. */
export async function findOrdersByIds(db: Executor, ids: number[]): Promise<OrderRow[]> {
  const rows = await ordersWithAggregates(db).where('o.id', 'in', ids).execute();
  const items = await itemsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  const byId = new Map(rows.map((row) => [row.id, toOrder(row, items.get(row.id) ?? [])]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Every company's orders with their aggregates in the list's sort (the admin's export), read `batch` rows at a time
 * (a cursor), at most `limit`; and their number, kept beside them.
 */
export function streamProductionOrders(db: Executor, sort: { sortBy?: string; descending?: boolean }, limit: number, batch: number) {
  const query = ordersWithAggregates(db);
  return paginate(query, { page: 1, rowsPerPage: limit, ...sort }, orderSortColumns, { sortBy: 'createdAt', descending: true, tieBreaker: 'o.id' }).stream(batch);
}

export const countProductionOrders = (db: Executor) => keptRowCount(db, 'client_production_orders');
