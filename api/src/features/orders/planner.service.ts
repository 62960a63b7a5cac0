import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { recordEvents, type EventInput } from '../events/events.service.js';
import type { Actor } from '../../lib/actor.js';
import { actAs, audit } from '../../lib/audit.js';
import { conflict, notFound, ruleViolation } from '../../lib/problem.js';
import type { CompanyScope } from '../../lib/scope.js';
import type { Schemas } from '../../lib/contract.js';
import { ORDER_TEXTS } from './orders.rules.js';
import * as repository from './planner.repository.js';
import { checkPlannedAmount, machinesOf, PLANNED_AMOUNT_TEXTS, producedForQuantity } from './planner.rules.js';

/** The longest range one planner read may cover (a month view with its neighbouring weeks needs about 42 days). */
export const MAX_PLANNER_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;
const STALE_ITEM = /*i18n*/ { id: 'problem.planner.staleItem', message: 'This order item was changed meanwhile (by the buyer, the planner or production). Reload the planner and apply your change again.' };
const LOCKED_ITEM = /*i18n*/ { id: 'problem.planner.lockedItem', message: 'An item with an invoice is locked: it cannot be changed.' };
const NOT_BUYER_CONFIRMED = /*i18n*/ { id: 'problem.planner.notBuyerConfirmed', message: 'The buyer has not confirmed this item yet: the seller can confirm only a buyer-confirmed item.' };
const NOT_CONFIRMED = /*i18n*/ { id: 'problem.planner.notConfirmed', message: 'A production order item can be created only from an item confirmed by both the buyer and the seller.' };
const UNCONFIRM_REFERENCED = /*i18n*/ { id: 'problem.planner.unconfirmReferenced', message: 'This item already has a production order: the seller confirmation cannot be withdrawn.' };

export type PlannerItemInput = Schemas['PlannerItemInput'];

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Saturday and Sunday are never due dates (weekends unavailable for order dates, part 9). */
const isWeekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
};

/**
 * The seller's planner between two instants: the order items it plans (its own company's orders, and buyers' items
 * of the products it makes) due on the days the range touches (end exclusive, days in UTC), and the forecasts
 * overlapping those days. 400 when the range ends before it starts or spans more than MAX_PLANNER_RANGE_DAYS.
 */
export async function getPlanner(db: Db, scope: CompanyScope, range: { startTimestamp: string; endTimestamp: string }) {
  const start = new Date(range.startTimestamp);
  const end = new Date(range.endTimestamp);
  if (end.getTime() <= start.getTime()) throw ruleViolation('endTimestamp', 'min', /*i18n*/ { id: 'problem.planner.rangeOrder', message: 'The range must end after it starts.' });
  if (end.getTime() - start.getTime() > MAX_PLANNER_RANGE_DAYS * DAY_MS) {
    throw ruleViolation('endTimestamp', 'max', /*i18n*/ { id: 'problem.planner.maxDays', message: 'The planner shows at most {max} days at once.' }, { max: MAX_PLANNER_RANGE_DAYS }, MAX_PLANNER_RANGE_DAYS);
  }
  const from = dayOf(start);
  const to = dayOf(new Date(end.getTime() - 1));
  const [orders, forecasts] = await Promise.all([
    repository.findPlannerItems(db, scope, from, to),
    repository.findPlannerForecasts(db, scope, from, to),
  ]);
  return { orders, forecasts };
}

/** Checks of the input alone (before any read): 400 naming the field. */
function checkInput(input: PlannerItemInput) {
  if (input.version === undefined) throw ruleViolation('item.version', 'required', /*i18n*/ { id: 'problem.planner.versionRequired', message: 'A planner change must send the version it read.' });
  if (input.dueDate !== undefined && !isWeekday(input.dueDate)) {
    throw ruleViolation('item.dueDate', 'weekday', /*i18n*/ { id: 'problem.planner.weekday', message: 'An order item is due on a weekday (Monday to Friday).' });
  }
  const { refProductionOrder: order, refProductionOrderItem: ref } = input;
  if (order && !ref) throw ruleViolation('item.refProductionOrderItem', 'required', /*i18n*/ { id: 'problem.planner.refRequired', message: "Give the production order item's date and quantity." });
  if (ref && !order) throw ruleViolation('item.refProductionOrder.orderNo', 'required', ORDER_TEXTS.orderNoRequired);
  if (order && !order.orderNo.trim()) throw ruleViolation('item.refProductionOrder.orderNo', 'required', ORDER_TEXTS.orderNoRequired);
  if (ref && !isWeekday(ref.dueDate)) {
    throw ruleViolation('item.refProductionOrderItem.dueDate', 'weekday', ORDER_TEXTS.weekday);
  }
}

/**
 * Saves a planner change to an item the caller is the seller of (another company's item, or a buyer item of a
 * product the caller does not make: 404), in one transaction at the version read (409 when stale), never on an
 * invoiced item (409). What the request carries decides what changes:
 * - `dueDate` (a drag): on or after the item's own date and a weekday (400); a new day clears the buyer
 *   confirmation, so the buyer confirms the moved item again.
 * - `isSellerConfirmed` true (the confirm dialog): only when the buyer has confirmed (409). Withdrawing it is refused
 *   once a production order item exists (409).
 * - `refProductionOrder` + `refProductionOrderItem` (add): only when both sides have confirmed and no production
 *   order item exists yet (409). Creates an item of the caller's company for the same product on the caller's open
 *   order with that number (made when there is none) and links it. With a reference already there (edit): moves
 *   the seller's item to that order and changes its date and quantity.
 *   The quantity is at least 1000, or the amount already produced when that is above 0 (planner.rules.ts: the
 *   referenced item's produced amount on edit, the planner item's on add); the date is not after the
 *   order's purchase date (400).
 * Audited in the same transaction; answers the item as the planner lists it.
 */
export async function savePlannerItem(db: Db, actor: Actor, scope: CompanyScope, input: PlannerItemInput) {
  checkInput(input);
  return db.transaction().execute(async (trx) => {
    await actAs(trx, actor);
    const item = await repository.lockPlannerItem(trx, scope, input.id);
    if (!item) throw notFound('Order item');
    if (item.version !== input.version) throw conflict(STALE_ITEM);
    if (item.has_invoice) throw conflict(LOCKED_ITEM);

    const dueDate = input.dueDate ?? item.due_date;
    const moved = dueDate !== item.due_date;
    if (moved && dueDate < item.due_date) {
      throw ruleViolation('item.dueDate', 'min', /*i18n*/ { id: 'problem.planner.movedEarlier', message: 'An item can be moved only to a day on or after its date ({date}).' }, { date: item.due_date });
    }
    const isBuyerConfirmed = moved ? false : item.is_buyer_confirmed;
    const isSellerConfirmed = input.isSellerConfirmed ?? item.is_seller_confirmed;
    if (isSellerConfirmed && !item.is_seller_confirmed && !isBuyerConfirmed) throw conflict(NOT_BUYER_CONFIRMED);
    if (!isSellerConfirmed && item.is_seller_confirmed && item.ref_production_order_item_id !== null) throw conflict(UNCONFIRM_REFERENCED);

    let refId = item.ref_production_order_item_id;
    let production: Record<string, unknown> | undefined;
    const order = input.refProductionOrder;
    const ref = input.refProductionOrderItem;
    if (order && ref) {
      const orderNo = order.orderNo.trim();
      const existing = refId === null ? undefined : await repository.lockRefItem(trx, scope, refId);
      if (refId !== null && !existing) throw notFound('Production order item');
      if (!existing) {
        if (!(isBuyerConfirmed && isSellerConfirmed)) throw conflict(NOT_CONFIRMED);
      } else if (existing.has_invoice) {
        throw conflict(LOCKED_ITEM);
      }
      // Absent keeps the machine the seller's item has (none for a new one); null clears it.
      const machineName = ref.machineName === undefined ? (existing?.machine_name ?? null) : ref.machineName;
      if (ref.machineName && !machinesOf(item.machine_names).includes(ref.machineName)) {
        throw ruleViolation('item.refProductionOrderItem.machineName', 'machine', /*i18n*/ { id: 'problem.planner.machine', message: "The machine must be one of the product's machines ({machines})." }, { machines: item.machine_names });
      }
      const tooFew = checkPlannedAmount(ref.plannedAmount, producedForQuantity(item, existing));
      if (tooFew) throw ruleViolation(tooFew.field, tooFew.code, PLANNED_AMOUNT_TEXTS[tooFew.code], { minimum: tooFew.minimum }, tooFew.minimum);
      if (item.purchase_date !== null && ref.dueDate > item.purchase_date) {
        throw ruleViolation(
          'item.refProductionOrderItem.dueDate',
          'max',
          /*i18n*/ { id: 'problem.planner.afterPurchaseDate', message: 'The production order item must be due on or before the purchase date ({date}).' },
          { date: item.purchase_date },
        );
      }
      const target = existing && existing.order_no === orderNo ? { id: existing.order_id, created: false } : await repository.openOrderNamed(trx, scope, orderNo);
      if (existing) {
        await repository.updateProductionItem(trx, existing.id, { orderId: target.id, dueDate: ref.dueDate, plannedAmount: ref.plannedAmount, machineName });
      } else {
        refId = await repository.insertProductionItem(trx, {
          orderId: target.id,
          clientProductId: item.client_product_id,
          dueDate: ref.dueDate,
          plannedAmount: ref.plannedAmount,
          machineName,
        });
      }
      production = { orderId: target.id, orderNo, orderCreated: target.created, itemId: refId, itemCreated: !existing, ...ref, machineName };
    }

    const values: repository.PlannerItemValues = { dueDate, isBuyerConfirmed, isSellerConfirmed, refProductionOrderItemId: refId };
    const changed =
      moved || isBuyerConfirmed !== item.is_buyer_confirmed || isSellerConfirmed !== item.is_seller_confirmed || production !== undefined;
    if (changed) {
      // The buyer's item changes version too when only its production order item changed: the buyer's 'Produced at' moved.
      if (!(await repository.updatePlannerItem(trx, item.id, item.version, values))) throw conflict(STALE_ITEM);
      await audit(trx, actor, {
        operation: 'savePlannerItem',
        recordType: 'client_production_order_item',
        recordId: item.id,
        details: { ...values, previousDueDate: item.due_date, ...(production ? { production } : {}) },
      });
      await recordEvents(trx, actor, await plannerEvents(trx, item, { moved, dueDate, isBuyerConfirmed, isSellerConfirmed, production, scope }));
    }
    return (await repository.findPlannerItem(trx, scope, item.id))!;
  });
}

/**
 * The events of a planner save, about the item (its order's company: the buyer's when the seller works on a buyer's
 * item): moved, confirmations given or cleared, and the production order item created (the seller's company's record).
 */
async function plannerEvents(
  trx: Transaction<Database>,
  item: { id: number; due_date: string; is_buyer_confirmed: boolean; is_seller_confirmed: boolean },
  after: { moved: boolean; dueDate: string; isBuyerConfirmed: boolean; isSellerConfirmed: boolean; production?: Record<string, unknown>; scope: { companyId: string } },
): Promise<EventInput[]> {
  const companyId = await repository.companyOfItem(trx, item.id);
  const about = (type: EventInput['type'], data: Record<string, unknown>): EventInput => ({ type, companyId, recordType: 'order_item', recordId: item.id, data });
  const events: EventInput[] = [];
  if (after.moved) events.push(about('order_item.due_date_moved', { from: item.due_date, to: after.dueDate, buyerConfirmationCleared: item.is_buyer_confirmed }));
  else if (after.isBuyerConfirmed !== item.is_buyer_confirmed) events.push(about(after.isBuyerConfirmed ? 'order_item.confirmed' : 'order_item.confirmation_cleared', { by: 'buyer' }));
  if (after.isSellerConfirmed !== item.is_seller_confirmed) events.push(about(after.isSellerConfirmed ? 'order_item.confirmed' : 'order_item.confirmation_cleared', { by: 'seller' }));
  const production = after.production as { itemId?: number; itemCreated?: boolean } | undefined;
  if (production?.itemCreated && production.itemId) {
    events.push({
      type: 'production_order_item.created',
      companyId: after.scope.companyId,
      recordType: 'production_order_item',
      recordId: production.itemId,
      data: { ...after.production, orderItemId: item.id },
    });
  }
  return events;
}
