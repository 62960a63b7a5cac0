import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import type { Database } from '../../db/database.js';
import { tenantOf, type Actor } from '../../lib/actor.js';
import { paginate, type PaginationInput } from '../../lib/pagination.js';
import { itemHasInvoice, orderHasInvoice } from './orders.invoices.js';

export type Executor = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];
export type OrderRow = Schemas['ClientProductionOrder'];
export type OrderItemRow = Schemas['OrderItem'];

/**
 * Every query here is a client-face query: the caller's company (`tenantOf(actor)`) is in its WHERE, so another
 * company's id finds nothing and the service answers 404 exactly as for an id that does not exist.
 */

/** Last day (Sunday) of the current ISO week: items due by then are "in production now" when their product is. */
const endOfThisWeek = sql<string>`(date_trunc('week', current_date)::date + 6)`;

/**
 * Orders with their item aggregates, computed in SQL in one lateral subquery per order row (never a query per row):
 * producedPart = sum(produced) / sum(planned); period = first and last due date; articles = distinct article
 * numbers; workInProgress = an item of the wip product due by the end of this ISO week with its produced part
 * below 1. hasInvoice: see orders.invoices.ts.
 */
const ordersOf = (db: Executor, actor: Actor) =>
  db
    .selectFrom('client_production_orders as o')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('client_production_order_items as i')
          .leftJoin('client_products as cp', 'cp.id', 'i.client_product_id')
          .whereRef('i.order_id', '=', 'o.id')
          .select([
            sql<number>`coalesce(sum(i.produced_amount)::float8 / nullif(sum(i.planned_amount), 0), 0)`.as('produced_part'),
            sql<string | null>`min(i.due_date)`.as('produced_start'),
            sql<string | null>`max(i.due_date)`.as('produced_end'),
            sql<string>`coalesce(string_agg(distinct cp.article_no, ',' order by cp.article_no), '')`.as('produced_articles'),
            sql<boolean>`coalesce(bool_or(cp.wip and i.due_date <= ${endOfThisWeek} and i.produced_amount < i.planned_amount), false)`.as(
              'work_in_progress',
            ),
          ])
          .as('agg'),
      (join) => join.onTrue(),
    )
    .select([
      'o.id',
      'o.order_no',
      'o.company_id',
      'c.name as company',
      'o.closed',
      'o.created_at',
      'o.purchase_date',
      'o.version',
      'agg.produced_part',
      'agg.produced_start',
      'agg.produced_end',
      'agg.produced_articles',
      'agg.work_in_progress',
      orderHasInvoice('o').as('has_invoice'),
    ])
    .where('o.company_id', '=', tenantOf(actor));

type OrderSummary = Awaited<ReturnType<ReturnType<typeof ordersOf>['executeTakeFirstOrThrow']>>;

const toOrder = (row: OrderSummary, items: OrderItemRow[]): OrderRow => ({
  id: row.id,
  orderNo: row.order_no,
  clientId: row.company_id,
  company: row.company,
  closed: row.closed as Schemas['ClosedFlag'],
  createdAt: row.created_at.toISOString(),
  purchaseDate: row.purchase_date,
  producedPart: Number(row.produced_part),
  producedStart: row.produced_start,
  producedEnd: row.produced_end,
  producedArticles: row.produced_articles,
  workInProgress: row.work_in_progress ? 1 : 0,
  hasInvoice: row.has_invoice,
  ClientProductionOrderItems: items,
  version: row.version,
});

/** Wire sort key -> column of the query above. */
const sortColumns = {
  createdAt: 'o.created_at',
  orderNo: 'o.order_no',
  company: 'c.name',
  producedPart: 'agg.produced_part',
  producedStart: 'agg.produced_start',
  id: 'o.id',
};

/**
 * One page of the caller's orders ('Weekly order list'), sorted, limited and counted in SQL. The list shows no
 * items, so `ClientProductionOrderItems` is empty here (as in the contract's example); `orders/get` has them.
 */
export async function findOrders(db: Executor, actor: Actor, pagination: PaginationInput) {
  const [rows, total] = await Promise.all([
    paginate(ordersOf(db, actor), pagination, sortColumns, { sortBy: 'createdAt', descending: true, tieBreaker: 'o.id' }).execute(),
    db
      .selectFrom('client_production_orders')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('company_id', '=', tenantOf(actor))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => toOrder(row, [])), count: total.count };
}

/** The items of one of the caller's orders, due date ascending, with product and the seller's referenced item. */
async function findItems(db: Executor, actor: Actor, orderId: number): Promise<OrderItemRow[]> {
  const rows = await db
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .innerJoin('client_products as cp', 'cp.id', 'i.client_product_id')
    .leftJoin('client_production_order_items as r', 'r.id', 'i.ref_production_order_item_id')
    .leftJoin('client_production_orders as ro', 'ro.id', 'r.order_id')
    .select([
      'i.id',
      'i.order_id',
      'i.client_product_id',
      'cp.article_no',
      'cp.product_name',
      'i.due_date',
      'i.planned_amount',
      'i.produced_amount',
      'i.is_closed',
      'i.is_buyer_confirmed',
      'i.is_seller_confirmed',
      itemHasInvoice('i').as('has_invoice'),
      'i.updated_at',
      'i.version',
      'r.id as ref_id',
      'r.due_date as ref_due_date',
      'r.is_closed as ref_is_closed',
      'r.planned_amount as ref_planned_amount',
      'ro.id as ref_order_id',
      'ro.order_no as ref_order_no',
    ])
    .where('o.company_id', '=', tenantOf(actor))
    .where('i.order_id', '=', orderId)
    .orderBy('i.due_date')
    .orderBy('i.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    clientProductionOrderId: row.order_id,
    clientProductId: row.client_product_id,
    ClientProduct: { id: row.client_product_id, articleNo: row.article_no, productName: row.product_name },
    dueDate: row.due_date,
    plannedAmount: row.planned_amount,
    producedAmount: row.produced_amount,
    producedPart: row.planned_amount > 0 ? row.produced_amount / row.planned_amount : 0,
    isClosed: row.is_closed,
    isBuyerConfirmed: row.is_buyer_confirmed,
    isSellerConfirmed: row.is_seller_confirmed,
    hasInvoice: row.has_invoice,
    updatedAt: row.updated_at.toISOString(),
    refProductionOrderId: row.ref_order_id,
    refProductionOrder: row.ref_order_id !== null && row.ref_order_no !== null ? { id: row.ref_order_id, orderNo: row.ref_order_no } : null,
    refProductionOrderItemId: row.ref_id,
    refProductionOrderItem:
      row.ref_id !== null && row.ref_due_date !== null && row.ref_is_closed !== null && row.ref_planned_amount !== null
        ? { id: row.ref_id, dueDate: row.ref_due_date, isClosed: row.ref_is_closed, plannedAmount: row.ref_planned_amount }
        : null,
    version: row.version,
  }));
}

/** One of the caller's orders with its items; undefined when it does not exist or is another company's. */
export async function findOrder(db: Executor, actor: Actor, id: number): Promise<OrderRow | undefined> {
  const row = await ordersOf(db, actor).where('o.id', '=', id).executeTakeFirst();
  return row && toOrder(row, await findItems(db, actor, id));
}

/** The caller's live products for the item dialog ('Item to produce'), by article number. */
export async function findOrderableProducts(db: Executor, actor: Actor): Promise<Schemas['OrderableProduct'][]> {
  const rows = await db
    .selectFrom('client_products')
    .select(['id', 'article_no', 'product_name', 'wip'])
    .where('company_id', '=', tenantOf(actor))
    .where('deleted_at', 'is', null)
    .orderBy('article_no')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, articleNo: row.article_no, productName: row.product_name, wip: row.wip }));
}

/** Which of `ids` are live products of the caller's company. */
export async function ownLiveProductIds(db: Executor, actor: Actor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('client_products')
    .select('id')
    .where('company_id', '=', tenantOf(actor))
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Locks one of the caller's orders for the save; undefined when it is not the caller's (or does not exist). */
export async function lockOrder(trx: Transaction<Database>, actor: Actor, id: number) {
  return trx
    .selectFrom('client_production_orders')
    .select(['id', 'version', 'purchase_date'])
    .where('id', '=', id)
    .where('company_id', '=', tenantOf(actor))
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
export async function lockItems(trx: Transaction<Database>, actor: Actor, orderId: number): Promise<StoredItem[]> {
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
    .where('o.company_id', '=', tenantOf(actor))
    .where('i.order_id', '=', orderId)
    .forUpdate('i')
    .execute();
}

export interface OrderValues {
  orderNo: string;
  closed: 0 | 1;
  purchaseDate: string | null | undefined;
}

export async function insertOrder(trx: Transaction<Database>, actor: Actor, values: OrderValues): Promise<number> {
  const row = await trx
    .insertInto('client_production_orders')
    .values({ company_id: tenantOf(actor), order_no: values.orderNo, closed: values.closed, purchase_date: values.purchaseDate ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates the order only at the version read (and only the caller's); undefined when nothing matched. */
export async function updateOrder(trx: Transaction<Database>, actor: Actor, id: number, version: number, values: OrderValues) {
  return trx
    .updateTable('client_production_orders')
    .set((eb) => ({
      order_no: values.orderNo,
      closed: values.closed,
      ...(values.purchaseDate === undefined ? {} : { purchase_date: values.purchaseDate }),
      version: eb('version', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .where('company_id', '=', tenantOf(actor))
    .where('version', '=', version)
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
  return trx
    .updateTable('client_production_order_items as i')
    .set((eb) => ({
      client_product_id: values.clientProductId,
      due_date: values.dueDate,
      planned_amount: values.plannedAmount,
      is_buyer_confirmed: values.isBuyerConfirmed,
      ...(values.clearSellerConfirmation ? { is_seller_confirmed: false } : {}),
      version: eb('i.version', '+', 1),
      updated_at: new Date(),
    }))
    .where('i.id', '=', id)
    .where('i.order_id', '=', orderId)
    .where('i.version', '=', version)
    .where((eb) => eb.not(itemHasInvoice('i')))
    .returning('i.id')
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
export async function lockOrders(trx: Transaction<Database>, actor: Actor, ids: number[]) {
  const rows = await trx
    .selectFrom('client_production_orders')
    .select(['id', 'order_no'])
    .where('company_id', '=', tenantOf(actor))
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows;
}

/** Deletes the caller's orders (items go with them: ON DELETE CASCADE); answers how many went. */
export async function deleteOrders(trx: Transaction<Database>, actor: Actor, ids: number[]): Promise<number> {
  const result = await trx
    .deleteFrom('client_production_orders')
    .where('company_id', '=', tenantOf(actor))
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
