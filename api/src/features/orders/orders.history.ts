import type { Schemas } from '../../lib/contract.js';
import type { CompanyScope } from '../../lib/scope.js';
import type { Executor } from './orders.queries.js';
import { sellerOf } from './planner.repository.js';

/**
 * The history of one order item, oldest first, when the caller may see the item: the planner's rule (`sellerOf`) —
 * its order is the caller's company's, or its product is the caller's or made by the caller's company, so the buyer
 * and the seller of an assigned product both see it. Undefined otherwise (404).
 */
export async function findItemHistory(db: Executor, scope: CompanyScope, itemId: number): Promise<Schemas['OrderItemChange'][] | undefined> {
  const visible = await db
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .innerJoin('client_products as cp', 'cp.id', 'i.client_product_id')
    .select('i.id')
    .where('i.id', '=', itemId)
    .where(sellerOf(scope))
    .executeTakeFirst();
  if (!visible) return undefined;
  const rows = await db.selectFrom('order_item_history').selectAll().where('order_item_id', '=', itemId).orderBy('id').execute();
  return rows.map((row) => ({
    change: row.change,
    at: row.at.toISOString(),
    actorName: row.actor_name,
    plannedAmount: row.planned_amount,
    previousPlannedAmount: row.previous_planned_amount,
    dueDate: row.due_date,
    previousDueDate: row.previous_due_date,
    isBuyerConfirmed: row.is_buyer_confirmed,
    previousBuyerConfirmed: row.previous_buyer_confirmed,
    isSellerConfirmed: row.is_seller_confirmed,
    previousSellerConfirmed: row.previous_seller_confirmed,
    producedAmount: row.produced_amount,
    previousProducedAmount: row.previous_produced_amount,
    isClosed: row.is_closed,
    previousClosed: row.previous_closed,
    reason: row.reason,
  }));
}
