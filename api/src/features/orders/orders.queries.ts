import type { Kysely, RawBuilder, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import type { Database } from '../../db/database.js';
import { itemHasInvoice, orderHasInvoice } from './orders.invoices.js';
import { today } from '../../lib/clock.js';

export type Executor = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];
export type OrderRow = Schemas['ClientProductionOrder'];
export type OrderItemRow = Schemas['OrderItem'];

/**
 * The order and order-item queries and their mappers, shared by the client's orders (which add the caller's company
 * to the WHERE), the admin's production orders, the operator's agenda and the seller's planner. Unscoped here:
 * scoping is each caller's.
 */

/**
 * Last day (Sunday) of the current ISO week: open items due by then, not yet produced in full, of an open order are
 * "in production now" when their product is the one flagged in progress.
 */
const endOfThisWeek = () => sql<string>`(${today()}::date - extract(isodow from ${today()}::date)::int + 7)`;

/** An order's aggregates over its items (alias `i`) and their products (alias `cp`). */
const aggregate = {
  producedPart: sql<number>`coalesce(sum(i.produced_amount)::float8 / nullif(sum(i.planned_amount), 0), 0)`,
  producedStart: sql<string | null>`min(i.due_date)`,
  producedEnd: sql<string | null>`max(i.due_date)`,
  producedArticles: sql<string>`coalesce(string_agg(distinct cp.article_no, ',' order by cp.article_no), '')`,
  workInProgress: () => sql<boolean>`coalesce(bool_or(cp.wip and not i.is_closed and i.due_date <= ${endOfThisWeek()} and i.produced_amount < i.planned_amount), false)`,
};

/** The same aggregates as a select list (produced_part … work_in_progress), for a raw statement grouping an order's items. */
export const orderAggregates = () => sql`${aggregate.producedPart} as produced_part, ${aggregate.producedStart} as produced_start,
  ${aggregate.producedEnd} as produced_end, ${aggregate.producedArticles} as produced_articles, ${aggregate.workInProgress()} as work_in_progress`;

/**
 * Every order with its item aggregates, computed in SQL in one lateral subquery per order row (never a query per
 * row), exactly as the client's list computes them (features/orders).
 */
export const ordersWithAggregates = (db: Executor) =>
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
            aggregate.producedPart.as('produced_part'),
            aggregate.producedStart.as('produced_start'),
            aggregate.producedEnd.as('produced_end'),
            aggregate.producedArticles.as('produced_articles'),
            aggregate.workInProgress().as('work_in_progress'),
          ])
          .as('agg'),
      (join) => join.onTrue(),
    )
    // In a lateral of its own behind `offset 0` (which keeps PostgreSQL from flattening it), so that it is evaluated
    // for the page's rows only, through the indexes: as a column, PostgreSQL hashed the whole invoices table for it,
    // most of the admin's page's time.
    .innerJoinLateral(
      // Built on the expression builder, not on `db`: a builder of `db` runs the executor's plugins on the subquery
      // as if it were a statement of its own (the bench's capture recorded it as one).
      (eb) => eb.selectFrom(sql<{ one: number }>`(select 1)`.as('one')).select(orderHasInvoice('o').as('has_invoice')).offset(0).as('inv'),
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
      // A closed order is not in production, whatever its items say.
      sql<boolean>`agg.work_in_progress and o.closed = 0`.as('work_in_progress'),
      'inv.has_invoice',
    ]);

export type OrderSummary = Awaited<ReturnType<ReturnType<typeof ordersWithAggregates>['executeTakeFirstOrThrow']>>;

export const toOrder = (row: OrderSummary, items: OrderItemRow[]): OrderRow => ({
  id: row.id,
  orderNo: row.order_no,
  clientId: row.company_id,
  company: row.company,
  closed: row.closed,
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

/** Wire sort key -> column of `ordersWithAggregates`. */
export const orderSortColumns = {
  createdAt: 'o.created_at',
  orderNo: 'o.order_no',
  company: 'c.name',
  producedPart: 'agg.produced_part',
  producedStart: 'agg.produced_start',
  id: 'o.id',
};

/**
 * A timestamptz as the answers write it (`Date.prototype.toISOString`: UTC, milliseconds, the microseconds cut off as
 * the driver's Date cuts them), written by PostgreSQL: the items' `updatedAt`, which the driver would parse
 * into a Date per item only for the answer to write it out again (330 items on the admin's order page, 270 on the
 * busiest agenda week).
 */
export const isoText = (column: RawBuilder<unknown>) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The item's own columns (alias `i`, its product `cp`), as every item query selects them for `toOrderItem`. */
export const orderItemColumns = [
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
  isoText(sql.ref('i.updated_at')).as('updated_at'),
  'i.version',
] as const;

/** Order items with product, the seller's referenced item and the order's number, state and company. */
export const itemsQuery = (db: Executor) =>
  db
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .innerJoin('client_products as cp', 'cp.id', 'i.client_product_id')
    .leftJoin('client_production_order_items as r', 'r.id', 'i.ref_production_order_item_id')
    .leftJoin('client_production_orders as ro', 'ro.id', 'r.order_id')
    .select([
      ...orderItemColumns,
      'r.id as ref_id',
      'r.due_date as ref_due_date',
      'r.is_closed as ref_is_closed',
      'r.planned_amount as ref_planned_amount',
      'r.produced_amount as ref_produced_amount',
      'ro.id as ref_order_id',
      'ro.order_no as ref_order_no',
      'o.order_no',
      'o.closed as order_closed',
      'c.name as company',
    ]);

export type ItemQueryRow = Awaited<ReturnType<ReturnType<typeof itemsQuery>['executeTakeFirstOrThrow']>>;

/**
 * The columns `toOrderItem` reads (the item queries of orders, agenda and planner all select them); `updated_at` as the
 * answer's text, written by PostgreSQL ({@link isoText}).
 */
export type OrderItemFields = Pick<
  ItemQueryRow,
  | 'id' | 'order_id' | 'client_product_id' | 'article_no' | 'product_name' | 'due_date' | 'planned_amount' | 'produced_amount'
  | 'is_closed' | 'is_buyer_confirmed' | 'is_seller_confirmed' | 'has_invoice' | 'version'
  | 'ref_id' | 'ref_due_date' | 'ref_is_closed' | 'ref_planned_amount' | 'ref_produced_amount' | 'ref_order_id' | 'ref_order_no'
> & { updated_at: string; ref_machine_name?: string | null };

export const toOrderItem = (row: OrderItemFields): OrderItemRow => ({
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
  updatedAt: row.updated_at,
  refProductionOrderId: row.ref_order_id,
  refProductionOrder: row.ref_order_id !== null && row.ref_order_no !== null ? { id: row.ref_order_id, orderNo: row.ref_order_no } : null,
  refProductionOrderItemId: row.ref_id,
  refProductionOrderItem:
    row.ref_id !== null && row.ref_due_date !== null && row.ref_is_closed !== null && row.ref_planned_amount !== null
      ? {
          id: row.ref_id,
          dueDate: row.ref_due_date,
          isClosed: row.ref_is_closed,
          plannedAmount: row.ref_planned_amount,
          producedAmount: row.ref_produced_amount ?? 0,
          // Only the planner's queries read the seller's machine (it plans it there).
          ...(row.ref_machine_name !== undefined ? { machineName: row.ref_machine_name } : {}),
        }
      : null,
  version: row.version,
});
