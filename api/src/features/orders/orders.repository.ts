import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import { executePrepared, type Database } from '../../db/database.js';
import { versionedUpdate } from '../../db/versioned-update.js';
import { paginate, type PaginationInput } from '../../lib/pagination.js';
import type { CompanyScope } from '../../lib/scope.js';
import { itemHasInvoice } from './orders.invoices.js';
import { orderableBy } from './orders.products.js';
import { itemsQuery, orderSortColumns, ordersWithAggregates, toOrder, toOrderItem, type Executor, type OrderItemRow, type OrderRow } from './orders.queries.js';

export type { Executor, OrderItemRow, OrderRow } from './orders.queries.js';
type Schemas = components['schemas'];

/**
 * Every query here is a client-face query: the caller's company (`scope.companyId`) is in its WHERE, so another
 * company's id finds nothing and the service answers 404 exactly as for an id that does not exist.
 */

const ORDER_LIST_ORDER = { sortBy: 'createdAt', descending: true, tieBreaker: 'o.id' };

/** The caller's orders with their item aggregates: the shared query, scoped to the caller's company. */
const ordersOf = (db: Executor, scope: CompanyScope) => ordersWithAggregates(db).where('o.company_id', '=', scope.companyId);

/**
 * One page of the caller's orders ('Weekly order list'), sorted, limited and counted in SQL. The list shows no
 * items, so `ClientProductionOrderItems` is empty here (as in the contract's example); `orders/get` has them.
 */
export async function findOrders(db: Executor, scope: CompanyScope, pagination: PaginationInput) {
  const [rows, total] = await Promise.all([
    paginate(ordersOf(db, scope), pagination, orderSortColumns, { sortBy: 'createdAt', descending: true, tieBreaker: 'o.id' }).execute(),
    db
      .selectFrom('client_production_orders')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('company_id', '=', scope.companyId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => toOrder(row, [])), count: total.count };
}

/** Every order of the caller's company in the list's sort, read `batch` rows at a time (a cursor), at most `limit`. */
export function streamOrders(db: Executor, scope: CompanyScope, sort: { sortBy?: string; descending?: boolean }, limit: number, batch: number) {
  return paginate(ordersOf(db, scope), { page: 1, rowsPerPage: limit, ...sort }, orderSortColumns, ORDER_LIST_ORDER).stream(batch);
}

/** The number of orders of the caller's company. */
export async function countOrders(db: Executor, scope: CompanyScope): Promise<number> {
  const total = await db
    .selectFrom('client_production_orders')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('company_id', '=', scope.companyId)
    .executeTakeFirstOrThrow();
  return total.count;
}

/** The items of one of the caller's orders, due date ascending, with product and the seller's referenced item. */
async function findItems(db: Executor, scope: CompanyScope, orderId: number): Promise<OrderItemRow[]> {
  const query = itemsQuery(db).where('o.company_id', '=', scope.companyId).where('i.order_id', '=', orderId).orderBy('i.due_date').orderBy('i.id');
  return (await executePrepared(db, query)).rows.map(toOrderItem);
}

/** Whether a production order with this id exists, of any company (staff-side checks). */
export async function orderExists(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('client_production_orders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * One of the caller's orders with its items; undefined when it does not exist or is another company's. The editor's
 * two statements (the order, its items) run prepared: fixed texts whose planning takes longer than running them; their generic plans are the custom plans' (primary key and order_id index lookups).
 */
export async function findOrder(db: Executor, scope: CompanyScope, id: number): Promise<OrderRow | undefined> {
  const [row] = (await executePrepared(db, ordersOf(db, scope).where('o.id', '=', id))).rows;
  return row && toOrder(row, await findItems(db, scope, id));
}

/** The live products the caller may order (own, and assigned to it as a buyer), for 'Item to produce'. */
export async function findOrderableProducts(db: Executor, scope: CompanyScope): Promise<Schemas['OrderableProduct'][]> {
  const rows = await db
    .selectFrom('client_products')
    .select(['id', 'article_no', 'product_name', 'wip'])
    .where(orderableBy(scope.companyId))
    .where('deleted_at', 'is', null)
    .orderBy('article_no')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, articleNo: row.article_no, productName: row.product_name, wip: row.wip }));
}

/** Which of `ids` are live products the caller may order (own, or assigned to it as a buyer). */
export async function ownLiveProductIds(db: Executor, scope: CompanyScope, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('client_products')
    .select('id')
    .where(orderableBy(scope.companyId))
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Locks one of the caller's orders for the save; undefined when it is not the caller's (or does not exist). */
export async function lockOrder(trx: Transaction<Database>, scope: CompanyScope, id: number) {
  return trx
    .selectFrom('client_production_orders')
    .select(['id', 'version', 'purchase_date'])
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .forUpdate()
    .executeTakeFirst();
}

export interface StoredItem {
  id: number;
  client_product_id: number;
  due_date: string;
  planned_amount: number;
  is_buyer_confirmed: boolean;
  version: number;
  has_invoice: boolean;
}

/** The items of a locked order of the caller, locked too. */
export async function lockItems(trx: Transaction<Database>, scope: CompanyScope, orderId: number): Promise<StoredItem[]> {
  return trx
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .select([
      'i.id',
      'i.client_product_id',
      'i.due_date',
      'i.planned_amount',
      'i.is_buyer_confirmed',
      'i.version',
      itemHasInvoice('i').as('has_invoice'),
    ])
    .where('o.company_id', '=', scope.companyId)
    .where('i.order_id', '=', orderId)
    .forUpdate('i')
    .execute();
}

export interface OrderValues {
  orderNo: string;
  closed: 0 | 1;
  purchaseDate: string | null | undefined;
}

export async function insertOrder(trx: Transaction<Database>, scope: CompanyScope, values: OrderValues): Promise<number> {
  const row = await trx
    .insertInto('client_production_orders')
    .values({ company_id: scope.companyId, order_no: values.orderNo, closed: values.closed, purchase_date: values.purchaseDate ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates the order only at the version read (and only the caller's); undefined when nothing matched. */
export async function updateOrder(trx: Transaction<Database>, scope: CompanyScope, id: number, version: number, values: OrderValues) {
  return versionedUpdate(trx, 'client_production_orders', version, {
    order_no: values.orderNo,
    closed: values.closed,
    ...(values.purchaseDate === undefined ? {} : { purchase_date: values.purchaseDate }),
  })
    .where('id', '=', id)
    .where('company_id', '=', scope.companyId)
    .returning('id')
    .executeTakeFirst();
}

export interface ItemValues {
  clientProductId: number;
  dueDate: string;
  plannedAmount: number;
  isBuyerConfirmed: boolean;
}

export async function insertItems(trx: Transaction<Database>, orderId: number, items: ItemValues[]): Promise<number[]> {
  if (!items.length) return [];
  const rows = await trx
    .insertInto('client_production_order_items')
    .values(
      items.map((item) => ({
        order_id: orderId,
        client_product_id: item.clientProductId,
        due_date: item.dueDate,
        planned_amount: item.plannedAmount,
        is_buyer_confirmed: item.isBuyerConfirmed,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Updates an item of a (locked) order at its version, never an invoiced one. `clearSellerConfirmation` when the
 * due date changed. Undefined when nothing matched.
 */
export async function updateItem(
  trx: Transaction<Database>,
  orderId: number,
  id: number,
  version: number,
  values: ItemValues & { clearSellerConfirmation: boolean },
) {
  return versionedUpdate(trx, 'client_production_order_items', version, {
    client_product_id: values.clientProductId,
    due_date: values.dueDate,
    planned_amount: values.plannedAmount,
    is_buyer_confirmed: values.isBuyerConfirmed,
    ...(values.clearSellerConfirmation ? { is_seller_confirmed: false } : {}),
  })
    .where('id', '=', id)
    .where('order_id', '=', orderId)
    .where((eb) => eb.not(itemHasInvoice('client_production_order_items')))
    .returning('id')
    .executeTakeFirst();
}

/** Deletes items of a (locked) order, never invoiced ones; answers how many went. */
export async function deleteItems(trx: Transaction<Database>, orderId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const result = await trx
    .deleteFrom('client_production_order_items as i')
    .where('i.order_id', '=', orderId)
    .where('i.id', 'in', ids)
    .where((eb) => eb.not(itemHasInvoice('i')))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Locks those of `ids` that are the caller's orders; answers their ids. */
export async function lockOrders(trx: Transaction<Database>, scope: CompanyScope, ids: number[]) {
  const rows = await trx
    .selectFrom('client_production_orders')
    .select(['id', 'order_no'])
    .where('company_id', '=', scope.companyId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows;
}

/** Deletes the caller's orders (items go with them: ON DELETE CASCADE); answers how many went. */
export async function deleteOrders(trx: Transaction<Database>, scope: CompanyScope, ids: number[]): Promise<number> {
  const result = await trx
    .deleteFrom('client_production_orders')
    .where('company_id', '=', scope.companyId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
