import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { actAs, audit } from '../../lib/audit.js';
import type { PaginationInput } from '../../lib/pagination.js';
import { badRequest, conflict, fieldProblem, forbidden, notFound, problemTexts, ruleViolation } from '../../lib/problem.js';
import type { CompanyScope } from '../../lib/scope.js';
import type { Schemas } from '../../lib/contract.js';
import { ordersWithInvoices } from './orders.invoices.js';
import { findItemHistory } from './orders.history.js';
import * as repository from './orders.repository.js';
import { earliestDeliverAt, isTooEarly, ORDER_TEXTS } from './orders.rules.js';
import { now as clockNow } from '../../lib/clock.js';
import { recordEvents, type EventInput } from '../events/events.service.js';

const ITEMS = 'Order.ClientProductionOrderItems';
const STALE_ORDER = /*i18n*/ { id: 'problem.orders.staleOrder', message: 'This order was changed by someone else meanwhile. Reload it and apply your change again.' };
const STALE_ITEM = /*i18n*/ { id: 'problem.orders.staleItem', message: 'An item of this order was changed meanwhile (planner or production). Reload the order and apply your change again.' };
const LOCKED_ITEM = /*i18n*/ { id: 'problem.orders.lockedItem', message: 'An item with an invoice is locked: it cannot be changed or removed.' };
const INVOICED_ORDER = /*i18n*/ { id: 'problem.orders.invoicedOrder', message: 'An order with an invoice cannot be deleted.' };
const REFERENCED_ORDER = /*i18n*/ { id: 'problem.orders.referencedOrder', message: 'This order is referred to by other records (a claim, for example) and cannot be deleted.' };

export type OrderItemInput = Schemas['OrderItemInput'];

export type OrderInput = Schemas['OrderInput'];

/** The caller's orders ('Weekly order list'; createdAt descending unless asked otherwise). */
export function getOrders(db: Db, scope: CompanyScope, pagination: PaginationInput) {
  return repository.findOrders(db, scope, pagination);
}

/** One of the caller's orders with its items; another company's id answers 404 like a missing one. */
export async function getOrder(db: Db, scope: CompanyScope, id: number) {
  const order = await repository.findOrder(db, scope, id);
  if (!order) throw notFound('Order');
  return order;
}

/** The history of one order item: its order's company and the seller of its product see it; anyone else 404. */
export async function getOrderItemHistory(db: Db, scope: CompanyScope, id: number) {
  const history = await findItemHistory(db, scope, id);
  if (!history) throw notFound('Order item');
  return history;
}

/** The caller's products for the item dialog ('Item to produce'). */
export function getOrderableProducts(db: Db, scope: CompanyScope) {
  return repository.findOrderableProducts(db, scope);
}

/** Saturday and Sunday cannot be picked ('Deliver at': weekends unavailable). */
const isWeekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
};

/** Checks of the input alone (before any read): 400 naming the field. Limits and shapes the contract has checked. */
function checkInput(input: OrderInput) {
  if (input.id !== undefined && input.version === undefined) throw ruleViolation('Order.version', 'required', problemTexts.versionRequired);
  const seen = new Set<number>();
  input.ClientProductionOrderItems.forEach((item, index) => {
    if (!isWeekday(item.dueDate)) {
      throw ruleViolation(`${ITEMS}.${index}.dueDate`, 'weekday', ORDER_TEXTS.weekday);
    }
    if (item.id !== undefined) {
      if (seen.has(item.id)) throw ruleViolation(`${ITEMS}.${index}.id`, 'duplicate', /*i18n*/ { id: 'problem.orders.duplicateItem', message: 'An item appears twice in the order.' });
      seen.add(item.id);
      if (item.version === undefined) throw ruleViolation(`${ITEMS}.${index}.version`, 'required', /*i18n*/ { id: 'problem.orders.itemVersionRequired', message: 'An item update must send the version it read.' });
    }
  });
}

/**
 * Creates an order with its items, or updates one with its items, in one transaction (all or nothing):
 * - the order is the caller's (another company's id: 404) and at the version read (else 409);
 * - every item's product is a live product of the caller's company (another company's: 404);
 * - item ids must be items of this order (404); items left out of the list are deleted;
 * - an item with an invoice is locked: changing or removing it answers 409 (sending it unchanged is fine);
 * - an item changed since it was read answers 409;
 * - a new 'Deliver at' (new item, or a changed date) is on or after the Monday of the week before the current one
 *   (orders.rules.ts; 400 `earliest`); a date already stored may stay;
 * - changing an item's due date clears its seller confirmation; only buyers set 'By buyer' (others: 403 when they
 *   try to change it); the seller confirmation is not settable here (the contract drops it).
 * The write is audited in the same transaction. Answers the order as `orders/get` does.
 */
export async function saveOrder(db: Db, actor: Actor, scope: CompanyScope, input: OrderInput) {
  checkInput(input);
  const isBuyer = actor.clientType === 'buyer';
  const orderValues: repository.OrderValues = {
    orderNo: input.orderNo.trim(),
    closed: input.closed ?? 0,
    purchaseDate: input.purchaseDate,
  };
  if (!orderValues.orderNo) throw ruleViolation('Order.orderNo', 'required', ORDER_TEXTS.orderNoRequired);

  return db.transaction().execute(async (trx) => {
    await actAs(trx, actor);
    let orderId: number;
    let stored: repository.StoredItem[] = [];
    if (input.id === undefined) {
      orderId = await repository.insertOrder(trx, scope, orderValues);
    } else {
      const order = await repository.lockOrder(trx, scope, input.id);
      if (!order) throw notFound('Order');
      if (order.version !== input.version) throw conflict(STALE_ORDER);
      orderId = order.id;
      stored = await repository.lockItems(trx, scope, orderId);
    }
    const storedById = new Map(stored.map((item) => [item.id, item]));

    // What each input item means, and which products must be the caller's.
    const created: repository.ItemValues[] = [];
    const changed: { stored: repository.StoredItem; version: number; values: repository.ItemValues }[] = [];
    const productsToCheck = new Set<number>();
    const now = clockNow();
    for (const [index, item] of input.ClientProductionOrderItems.entries()) {
      const previous = item.id === undefined ? undefined : storedById.get(item.id);
      if (item.id !== undefined && !previous) throw notFound('Order item');
      if (isTooEarly(item.dueDate, previous?.due_date, now)) {
        const earliest = earliestDeliverAt(now);
        throw badRequest(
          /*i18n*/ { id: 'problem.orders.earliest', message: 'Deliver at must be on or after {earliest} (a week before the current week); a date already saved may stay.' },
          { earliest },
          [fieldProblem(`${ITEMS}.${index}.dueDate`, 'earliest', /*i18n*/ { id: 'problem.orders.pickDay', message: 'Pick a day.' })],
        );
      }
      const buyerConfirmed = item.isBuyerConfirmed ?? previous?.is_buyer_confirmed ?? false;
      if (!isBuyer && buyerConfirmed !== (previous?.is_buyer_confirmed ?? false)) {
        throw forbidden(/*i18n*/ { id: 'problem.orders.onlyBuyersConfirm', message: 'Only buyers confirm order items (By buyer).' });
      }
      const values = { clientProductId: item.clientProductId, dueDate: item.dueDate, plannedAmount: item.plannedAmount, isBuyerConfirmed: buyerConfirmed };
      if (!previous) {
        created.push(values);
        productsToCheck.add(values.clientProductId);
        continue;
      }
      const differs =
        previous.client_product_id !== values.clientProductId ||
        previous.due_date !== values.dueDate ||
        previous.planned_amount !== values.plannedAmount ||
        previous.is_buyer_confirmed !== values.isBuyerConfirmed;
      if (!differs) continue;
      if (previous.has_invoice) throw conflict(LOCKED_ITEM);
      if (previous.version !== item.version) throw conflict(STALE_ITEM);
      if (previous.client_product_id !== values.clientProductId) productsToCheck.add(values.clientProductId);
      changed.push({ stored: previous, version: item.version ?? previous.version, values });
    }
    const kept = new Set(input.ClientProductionOrderItems.map((item) => item.id).filter((id) => id !== undefined));
    const removed = stored.filter((item) => !kept.has(item.id));
    if (removed.some((item) => item.has_invoice)) throw conflict(LOCKED_ITEM);

    const own = await repository.ownLiveProductIds(trx, scope, [...productsToCheck]);
    if ([...productsToCheck].some((id) => !own.has(id))) throw notFound('Client product');

    if (input.id !== undefined && !(await repository.updateOrder(trx, scope, orderId, input.version!, orderValues))) {
      throw conflict(STALE_ORDER);
    }
    if ((await repository.deleteItems(trx, orderId, removed.map((item) => item.id))) !== removed.length) throw conflict(STALE_ITEM);
    for (const { stored: previous, version, values } of changed) {
      const updated = await repository.updateItem(trx, orderId, previous.id, version, {
        ...values,
        clearSellerConfirmation: previous.due_date !== values.dueDate,
      });
      if (!updated) throw conflict(STALE_ITEM);
    }
    const createdIds = await repository.insertItems(trx, orderId, created);

    await audit(trx, actor, {
      operation: 'saveOrder',
      recordType: 'client_production_order',
      recordId: orderId,
      details: {
        ...orderValues,
        createdOrder: input.id === undefined,
        itemsCreated: createdIds,
        itemsChanged: changed.map((item) => ({ id: item.stored.id, ...item.values })),
        itemsDeleted: removed.map((item) => item.id),
      },
    });
    await recordEvents(trx, actor, orderEvents(scope.companyId, orderId, input.id === undefined, orderValues, createdIds, created, changed, removed));
    return (await repository.findOrder(trx, scope, orderId))!;
  });
}

/** The events of an order's save: the order's, then one or more per item created, changed or removed. */
function orderEvents(
  companyId: string,
  orderId: number,
  isNew: boolean,
  orderValues: repository.OrderValues,
  createdIds: number[],
  created: repository.ItemValues[],
  changed: { stored: repository.StoredItem; values: repository.ItemValues }[],
  removed: repository.StoredItem[],
): EventInput[] {
  const item = (id: number, type: EventInput['type'], data: Record<string, unknown>): EventInput => ({ type, companyId, recordType: 'order_item', recordId: id, data: { orderId, ...data } });
  const events: EventInput[] = [
    { type: isNew ? 'order.created' : 'order.changed', companyId, recordType: 'order', recordId: orderId, data: { ...orderValues } },
  ];
  createdIds.forEach((id, index) => events.push(item(id, 'order_item.created', { ...created[index] })));
  for (const { stored, values } of changed) {
    if (stored.due_date !== values.dueDate) {
      events.push(item(stored.id, 'order_item.due_date_moved', { from: stored.due_date, to: values.dueDate, sellerConfirmationCleared: true }));
    }
    if (stored.is_buyer_confirmed !== values.isBuyerConfirmed) {
      events.push(item(stored.id, values.isBuyerConfirmed ? 'order_item.confirmed' : 'order_item.confirmation_cleared', { by: 'buyer' }));
    }
    if (stored.client_product_id !== values.clientProductId || stored.planned_amount !== values.plannedAmount) {
      events.push(item(stored.id, 'order_item.changed', { clientProductId: values.clientProductId, plannedAmount: values.plannedAmount }));
    }
  }
  for (const stored of removed) events.push(item(stored.id, 'order_item.deleted', {}));
  return events;
}

/**
 * Deletes the caller's orders, all or nothing: an id that is not the caller's (another company's or missing)
 * answers 404 and nothing is deleted; an order with an invoiced item answers 409 and nothing is deleted.
 */
export async function deleteOrders(db: Db, actor: Actor, scope: CompanyScope, orderIds: number[]) {
  const ids = [...new Set(orderIds)];
  return db.transaction().execute(async (trx) => {
    await actAs(trx, actor);
    const own = await repository.lockOrders(trx, scope, ids);
    if (own.length !== ids.length) throw notFound('Order');
    if ((await ordersWithInvoices(trx, ids)).length) throw conflict(INVOICED_ORDER);
    try {
      await repository.deleteOrders(trx, scope, ids);
    } catch (error) {
      // Other records keep an order (a claim names it): the database refuses, and so does the API, with 409.
      // 23001 restrict_violation (ON DELETE RESTRICT), 23503 foreign_key_violation (NO ACTION).
      if (['23001', '23503'].includes((error as { code?: string }).code ?? '')) throw conflict(REFERENCED_ORDER);
      throw error;
    }
    for (const order of own) {
      await audit(trx, actor, { operation: 'deleteOrders', recordType: 'client_production_order', recordId: order.id, details: { orderNo: order.order_no } });
    }
    await recordEvents(
      trx,
      actor,
      own.map((order) => ({ type: 'order.deleted', companyId: scope.companyId, recordType: 'order', recordId: order.id, data: { orderNo: order.order_no } })),
    );
    return { ok: true as const };
  });
}
