import { sql } from 'kysely';
import { paginate, type PaginationInput } from '../../lib/pagination.js';
import {
  itemsQuery,
  orderSortColumns,
  ordersWithAggregates,
  toOrder,
  toOrderItem,
  type Executor,
  type OrderItemRow,
  type OrderRow,
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

/**
 * One page of every company's production orders with their items (the expandable rows), sorted, limited and counted
 * in SQL; the page's items come from one more query (never one per order).
 */
export async function findProductionOrders(db: Executor, pagination: PaginationInput) {
  const [rows, total] = await Promise.all([
    paginate(ordersWithAggregates(db), pagination, orderSortColumns, { sortBy: 'createdAt', descending: true, tieBreaker: 'o.id' }).execute(),
    db.selectFrom('client_production_orders').select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  const items = await itemsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => toOrder(row, items.get(row.id) ?? [])), count: total.count };
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
