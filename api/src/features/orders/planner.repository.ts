import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import { executePrepared, type Database } from '../../db/database.js';
import { recordUpdate, versionedUpdate } from '../../db/versioned-update.js';
import type { CompanyScope } from '../../lib/scope.js';
import { itemHasInvoice } from './orders.invoices.js';
import { orderItemColumns, toOrderItem } from './orders.queries.js';
import { machinesOf } from './planner.rules.js';

export type Executor = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];
export type PlannerItem = Schemas['PlannerOrderItem'];
export type PlannerForecast = Schemas['PlannerForecast'];

/** A query over an item (i), its order (o) and its product (cp). */
type ItemOrderProduct = ExpressionBuilder<
  Database & { i: Database['client_production_order_items']; o: Database['client_production_orders']; cp: Database['client_products'] },
  'i' | 'o' | 'cp'
>;

/**
 * The seller's scope, in every query's WHERE: an order item is the caller's to plan when it is on an order of the
 * caller's own company, when its product is the caller's (a buyer ordered it through "Assign Buyers"), or when its
 * product is made by the caller's company (`client_products.seller_company_id`, a buyer's own product). Anything
 * else finds nothing, so the service answers 404 exactly as for a missing id.
 */
export const sellerOf = (scope: CompanyScope) => (eb: ItemOrderProduct) =>
  eb.or([eb('o.company_id', '=', scope.companyId), eb('cp.company_id', '=', scope.companyId), eb('cp.seller_company_id', '=', scope.companyId)]);

/** Items with their order, the ordering company, the product and the seller's referenced item (only the caller's). */
const plannerItems = (db: Executor, scope: CompanyScope) =>
  db
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .innerJoin('client_products as cp', 'cp.id', 'i.client_product_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('client_production_order_items as r')
          .innerJoin('client_production_orders as ro', 'ro.id', 'r.order_id')
          // The referenced production order is the seller's: never show another company's order number.
          .where('ro.company_id', '=', scope.companyId)
          .select(['r.id', 'r.due_date', 'r.is_closed', 'r.planned_amount', 'r.produced_amount', 'r.machine_name', 'ro.id as order_id', 'ro.order_no'])
          .as('ref'),
      (join) => join.onRef('ref.id', '=', 'i.ref_production_order_item_id'),
    )
    .select([
      ...orderItemColumns,
      'o.order_no',
      'o.company_id',
      'c.name as company',
      'o.purchase_date',
      'cp.machine_names',
      'ref.id as ref_id',
      'ref.due_date as ref_due_date',
      'ref.is_closed as ref_is_closed',
      'ref.planned_amount as ref_planned_amount',
      'ref.produced_amount as ref_produced_amount',
      'ref.machine_name as ref_machine_name',
      'ref.order_id as ref_order_id',
      'ref.order_no as ref_order_no',
    ]);

type PlannerRow = Awaited<ReturnType<ReturnType<typeof plannerItems>['executeTakeFirstOrThrow']>>;

/** The order's fields added to the item object, not spread into a copy of it (a spread leaves V8's fast path: see toAgendaItem). */
const toPlannerItem = (row: PlannerRow): PlannerItem =>
  Object.assign(toOrderItem(row), {
    ClientProductionOrder: {
      id: row.order_id,
      orderNo: row.order_no,
      clientId: row.company_id,
      company: row.company,
      purchaseDate: row.purchase_date,
    },
    productMachineNames: machinesOf(row.machine_names),
  });

/**
 * The caller's planner items due from `from` to `to` (days, inclusive), due date ascending. The two halves of the
 * seller's scope are found separately, each reading only the range's items through an index, and appended: the items
 * of the caller's own orders (its orders, then each order's items due in the range through (order, due date)), and
 * the items of the products it owns or makes (through (product, due date)) on other companies' orders. The halves
 * are disjoint (the order's company is the caller's or not), so nothing is read twice; the rows carry what the
 * planner shows, without going back to the items by id (the two-step form read 4,800 buffers for the bench's seller
 * and month, this one 4,050).
 */
export async function findPlannerItems(db: Executor, scope: CompanyScope, from: string, to: string): Promise<PlannerItem[]> {
  const tenant = scope.companyId;
  const { rows } = await executePrepared(db, sql<PlannerRow>`
    select i.id, i.order_id, i.client_product_id, i.article_no, i.product_name, i.due_date, i.planned_amount, i.produced_amount,
           i.is_closed, i.is_buyer_confirmed, i.is_seller_confirmed, i.has_invoice, i.updated_at, i.version,
           i.order_no, i.company_id, c.name as company, i.purchase_date, i.machine_names,
           r.id as ref_id, r.due_date as ref_due_date, r.is_closed as ref_is_closed, r.planned_amount as ref_planned_amount,
           r.produced_amount as ref_produced_amount, r.machine_name as ref_machine_name, ro.id as ref_order_id, ro.order_no as ref_order_no
    from (
      select i.*, cp.article_no, cp.product_name, cp.machine_names, ${itemHasInvoice('i')} as has_invoice, o.order_no, o.company_id, o.purchase_date
      from client_production_orders o
      join client_production_order_items i on i.order_id = o.id
      join client_products cp on cp.id = i.client_product_id
      where o.company_id = ${tenant} and i.due_date >= ${from} and i.due_date <= ${to}
      union all
      select i.*, cp.article_no, cp.product_name, cp.machine_names, ${itemHasInvoice('i')} as has_invoice, o.order_no, o.company_id, o.purchase_date
      from client_products cp
      join client_production_order_items i on i.client_product_id = cp.id
      join client_production_orders o on o.id = i.order_id
      where (cp.company_id = ${tenant} or cp.seller_company_id = ${tenant}) and o.company_id <> ${tenant}
        and i.due_date >= ${from} and i.due_date <= ${to}
    ) i
    join companies c on c.id = i.company_id
    -- The referenced production order is the seller's: never show another company's order number.
    left join (client_production_order_items r join client_production_orders ro on ro.id = r.order_id and ro.company_id = ${tenant})
      on r.id = i.ref_production_order_item_id
    order by i.due_date, i.id`);
  return rows.map(toPlannerItem);
}

/** One planner item of the caller; undefined when it does not exist or the caller is not its seller. */
export async function findPlannerItem(db: Executor, scope: CompanyScope, id: number): Promise<PlannerItem | undefined> {
  const row = await plannerItems(db, scope).where('i.id', '=', id).where(sellerOf(scope)).executeTakeFirst();
  return row && toPlannerItem(row);
}

/**
 * Forecasts whose period overlaps `from`..`to`, each with the items the caller plans: its own company's forecasts
 * (every item), and the items of buyers' forecasts for products it makes. Grouped in SQL (one row per forecast).
 *
 * The two halves are found separately and united, so neither reads every forecast item: the caller's products
 * (owned or made) lead to their forecast items through (product, plan) with the amount in the index, kept when the
 * plan overlaps the range (the plan's key); the caller's own plans overlapping the range come from its plans'
 * index and lead to their items through the items' key. As one join with `plan's company or product's company or
 * product's seller` PostgreSQL hashed every forecast item to keep a few.
 */
export async function findPlannerForecasts(db: Executor, scope: CompanyScope, from: string, to: string): Promise<PlannerForecast[]> {
  const tenant = scope.companyId;
  const { rows } = await executePrepared(db, sql<{
    id: number;
    period_from: string;
    period_to: string;
    company_id: string;
    company: string;
    items: PlannerForecast['items'];
  }>`
    select f.id, f.period_from, f.period_to, f.company_id, c.name as company, f.items
    from (
      select mine.id, mine.period_from, mine.period_to, mine.company_id,
             json_agg(json_build_object(
               'clientProductId', mine.client_product_id, 'articleNo', mine.article_no, 'productName', mine.product_name,
               'plannedAmount', mine.planned_amount
             ) order by mine.article_no, mine.client_product_id) as items
      from (
        select p.id, p.period_from, p.period_to, p.company_id, pi.client_product_id, cp.article_no, cp.product_name, pi.planned_amount
        from client_products cp
        join client_production_plan_items pi on pi.client_product_id = cp.id
        join client_production_plans p on p.id = pi.plan_id
        where (cp.company_id = ${tenant} or cp.seller_company_id = ${tenant}) and p.period_from <= ${to} and p.period_to >= ${from}
        union
        select p.id, p.period_from, p.period_to, p.company_id, pi.client_product_id, cp.article_no, cp.product_name, pi.planned_amount
        from client_production_plans p
        join client_production_plan_items pi on pi.plan_id = p.id
        join client_products cp on cp.id = pi.client_product_id
        where p.company_id = ${tenant} and p.period_from <= ${to} and p.period_to >= ${from}
      ) mine
      group by mine.id, mine.period_from, mine.period_to, mine.company_id
    ) f
    join companies c on c.id = f.company_id
    order by f.period_from, f.id`);
  return rows.map((row) => ({
    id: row.id,
    periodFrom: row.period_from,
    periodTo: row.period_to,
    clientId: row.company_id,
    company: row.company,
    items: row.items,
  }));
}

export interface LockedPlannerItem {
  id: number;
  order_id: number;
  client_product_id: number;
  due_date: string;
  planned_amount: number;
  produced_amount: number;
  is_buyer_confirmed: boolean;
  is_seller_confirmed: boolean;
  ref_production_order_item_id: number | null;
  version: number;
  purchase_date: string | null;
  has_invoice: boolean;
  /** The product's machines as the product lists them (comma separated). */
  machine_names: string;
}

/** Locks one item the caller is the seller of (FOR UPDATE of the item); undefined when it is not the caller's. */
export async function lockPlannerItem(trx: Transaction<Database>, scope: CompanyScope, id: number): Promise<LockedPlannerItem | undefined> {
  return trx
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .innerJoin('client_products as cp', 'cp.id', 'i.client_product_id')
    .select([
      'i.id',
      'i.order_id',
      'i.client_product_id',
      'i.due_date',
      'i.planned_amount',
      'i.produced_amount',
      'i.is_buyer_confirmed',
      'i.is_seller_confirmed',
      'i.ref_production_order_item_id',
      'i.version',
      'o.purchase_date',
      'cp.machine_names',
      itemHasInvoice('i').as('has_invoice'),
    ])
    .where('i.id', '=', id)
    .where(sellerOf(scope))
    .forUpdate('i')
    .executeTakeFirst();
}

/** Locks the seller's production order item a buyer's item refers to; undefined when it is not the caller's. */
export async function lockRefItem(trx: Transaction<Database>, scope: CompanyScope, id: number) {
  return trx
    .selectFrom('client_production_order_items as r')
    .innerJoin('client_production_orders as ro', 'ro.id', 'r.order_id')
    .select(['r.id', 'r.order_id', 'r.due_date', 'r.planned_amount', 'r.produced_amount', 'r.machine_name', 'ro.order_no', itemHasInvoice('r').as('has_invoice')])
    .where('r.id', '=', id)
    .where('ro.company_id', '=', scope.companyId)
    .forUpdate('r')
    .executeTakeFirst();
}

/**
 * The caller's open production order with this number, or a new one: serialised per (company, number) with a
 * transaction-scoped advisory lock, so two planner saves naming the same new number make one order.
 */
export async function openOrderNamed(trx: Transaction<Database>, scope: CompanyScope, orderNo: string): Promise<{ id: number; created: boolean }> {
  const tenant = scope.companyId;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`planner-order:${tenant}:${orderNo}`}, 0))`.execute(trx);
  const existing = await trx
    .selectFrom('client_production_orders')
    .select('id')
    .where('company_id', '=', tenant)
    .where('order_no', '=', orderNo)
    .where('closed', '=', 0)
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (existing) return { id: existing.id, created: false };
  const created = await trx
    .insertInto('client_production_orders')
    .values({ company_id: tenant, order_no: orderNo, closed: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: created.id, created: true };
}

/** The seller's production order item for a buyer's item: same product, the seller's date and quantity. */
export async function insertProductionItem(
  trx: Transaction<Database>,
  values: { orderId: number; clientProductId: number; dueDate: string; plannedAmount: number; machineName: string | null },
): Promise<number> {
  const row = await trx
    .insertInto('client_production_order_items')
    .values({
      order_id: values.orderId,
      client_product_id: values.clientProductId,
      due_date: values.dueDate,
      planned_amount: values.plannedAmount,
      machine_name: values.machineName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Edits the seller's (locked) production order item: date, quantity, machine and the order it is on. */
export async function updateProductionItem(
  trx: Transaction<Database>,
  id: number,
  values: { orderId: number; dueDate: string; plannedAmount: number; machineName: string | null },
): Promise<void> {
  await recordUpdate(trx, 'client_production_order_items', {
    order_id: values.orderId,
    due_date: values.dueDate,
    planned_amount: values.plannedAmount,
    machine_name: values.machineName,
  })
    .where('id', '=', id)
    .execute();
}

export interface PlannerItemValues {
  dueDate: string;
  isBuyerConfirmed: boolean;
  isSellerConfirmed: boolean;
  refProductionOrderItemId: number | null;
}

/** Writes the (locked) buyer's item at the version read; undefined when the version no longer matches. */
export async function updatePlannerItem(trx: Transaction<Database>, id: number, version: number, values: PlannerItemValues) {
  return versionedUpdate(trx, 'client_production_order_items', version, {
    due_date: values.dueDate,
    is_buyer_confirmed: values.isBuyerConfirmed,
    is_seller_confirmed: values.isSellerConfirmed,
    ref_production_order_item_id: values.refProductionOrderItemId,
  })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

/** The company of the order an item belongs to (the buyer's, for an item the seller plans). */
export async function companyOfItem(trx: Transaction<Database>, itemId: number): Promise<string> {
  const row = await trx
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .select('o.company_id')
    .where('i.id', '=', itemId)
    .executeTakeFirstOrThrow();
  return row.company_id;
}
