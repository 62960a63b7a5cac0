import type { Db } from '../../db/database.js';
import { recordEvent } from '../events/events.service.js';
import type { SupplyOrderStatus } from '../../db/tables/supply.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound, problemTexts, ruleViolation } from '../../lib/problem.js';
import type { Schemas } from '../../lib/contract.js';
import { orderExists } from '../orders/orders.repository.js';
import { isCurrentSupplierOf, preformExists } from '../preforms/preforms.repository.js';
import { warehouseExists } from '../stock/stock.repository.js';
import { receiveLot } from '../lots/lots.ledger.js';
import { recordLotComposition } from '../sustainability/sustainability.service.js';
import { addSupplyDelivery } from '../stock/stock.service.js';
import * as repository from './supply.repository.js';

/** The delivered column shows this many cards unless the board asks for another number. */
export const DELIVERED_PAGE_SIZE = 50;

const STALE = /*i18n*/ { id: 'problem.supply.stale', message: 'This supply order was changed by someone else meanwhile. Reload the board and apply your change again.' };
const OUT_OF_DELIVERED = /*i18n*/ { id: 'problem.supply.outOfDelivered', message: 'Cards in delivered cannot be dragged out: the order has been added to stock.' };
const ONLY_PENDING_EDIT = /*i18n*/ { id: 'problem.supply.onlyPendingEdit', message: 'Only pending supply orders (New) can be edited.' };

export type SupplyOrderInput = Schemas['SupplyOrderInput'];

export interface SupplyColumnQuery {
  orderStatus: SupplyOrderStatus;
  before?: string;
  beforeId?: number;
  after?: string;
  afterId?: number;
  limit?: number;
}

/**
 * One column of the board: pending and ordered due date ascending (all cards unless `limit`; `after`/`afterId`
 * continue after the last card shown), delivered newest first (50 unless `limit`; `before`/`beforeId` continue
 * before it). A keyset field that does not fit the column's order, or an id without its date, is refused (400)
 * rather than ignored.
 */
export function getSupplyOrders(db: Db, body: SupplyColumnQuery) {
  const delivered = body.orderStatus === 'delivered';
  const [date, id, dateField, idField] = delivered
    ? ([body.before, body.beforeId, 'before', 'beforeId'] as const)
    : ([body.after, body.afterId, 'after', 'afterId'] as const);
  const otherPair = delivered ? (['after', 'afterId'] as const) : (['before', 'beforeId'] as const);
  const misplaced = otherPair.find((field) => body[field] !== undefined);
  if (misplaced) {
    throw ruleViolation(misplaced, 'notForColumn', /*i18n*/ { id: 'problem.supply.notForColumn', message: 'The {column} column is paged with {dateField} and {idField}, not {misplaced}.' }, {
      column: body.orderStatus,
      dateField,
      idField,
      misplaced,
    });
  }
  if (id !== undefined && date === undefined) throw ruleViolation(idField, 'requires', /*i18n*/ { id: 'problem.supply.idNeedsDate', message: '{idField} needs {dateField}.' }, { idField, dateField });
  return repository.findSupplyOrders(db, {
    status: body.orderStatus,
    from: date === undefined ? undefined : { dueDate: date, id },
    limit: body.limit ?? (delivered ? DELIVERED_PAGE_SIZE : undefined),
  });
}

/** Preform, warehouse and supplier must exist, and the supplier must be one of the preform's (400 naming the field). */
async function checkReferences(db: Db, values: repository.SupplyOrderValues) {
  if (!(await preformExists(db, values.preformId))) throw ruleViolation('Order.preformId', 'notFound', problemTexts.noPreform);
  if (!(await warehouseExists(db, values.preformWarehouseId))) {
    throw ruleViolation('Order.preformWarehouseId', 'notFound', problemTexts.noWarehouse);
  }
  if (!(await isCurrentSupplierOf(db, values.preformSupplyId, values.preformId))) {
    throw ruleViolation('Order.preformSupplyId', 'notSupplierOfPreform', /*i18n*/ { id: 'problem.supply.notSupplier', message: "The supplier is not one of the chosen preform's suppliers." });
  }
  if (values.clientProductionOrderId !== null && !(await orderExists(db, values.clientProductionOrderId))) {
    throw ruleViolation('Order.clientProductionOrderId', 'notFound', /*i18n*/ { id: 'problem.supply.noProductionOrder', message: 'No such production order.' });
  }
}

type StoredState = NonNullable<Awaited<ReturnType<typeof repository.findOrderState>>>;

const fieldsDiffer = (stored: StoredState, values: repository.SupplyOrderValues) =>
  stored.ordered_amount !== values.orderedAmount ||
  stored.due_date !== values.dueDate ||
  stored.preform_id !== values.preformId ||
  stored.preform_warehouse_id !== values.preformWarehouseId ||
  stored.preform_supply_id !== values.preformSupplyId ||
  stored.client_production_order_id !== values.clientProductionOrderId;

/**
 * Creates a supply order (always pending), or saves an existing one: fields only while it is pending; a drop on
 * another column saves the status. Moving out of delivered is refused (409). Moving to delivered adds the ordered
 * amount to the warehouse's stock exactly once, in the same transaction as the status change; saving delivered
 * again for an order that already is delivered answers its current state and changes nothing. Any other save with
 * a stale version answers 409 instead of overwriting.
 */
export async function saveSupplyOrder(db: Db, actor: Actor, input: SupplyOrderInput) {
  const values: repository.SupplyOrderValues = {
    orderedAmount: input.orderedAmount,
    dueDate: input.dueDate,
    preformId: input.preformId,
    preformWarehouseId: input.preformWarehouseId,
    preformSupplyId: input.preformSupplyId,
    clientProductionOrderId: input.clientProductionOrderId ?? null,
  };
  const status = input.orderStatus ?? 'pending';

  if (input.id === undefined) {
    if (status !== 'pending') throw ruleViolation('Order.orderStatus', 'pendingOnCreate', /*i18n*/ { id: 'problem.supply.pendingOnCreate', message: 'A new supply order starts in New (pending).' });
    await checkReferences(db, values);
    return db.transaction().execute(async (trx) => {
      const id = await repository.insertSupplyOrder(trx, values);
      await audit(trx, actor, { operation: 'saveSupplyOrder', recordType: 'supply_order', recordId: id, details: { ...values, orderStatus: status } });
      return (await repository.findSupplyOrder(trx, id))!;
    });
  }

  const id = input.id;
  if (input.version === undefined) throw ruleViolation('Order.version', 'required', problemTexts.versionRequired);
  const version = input.version;
  const stored = await repository.findOrderState(db, id);
  if (!stored) throw notFound('Supply order');
  if (stored.order_status === 'delivered') {
    if (status === 'delivered') return (await repository.findSupplyOrder(db, id))!;
    throw conflict(OUT_OF_DELIVERED);
  }
  if (stored.version !== version) throw conflict(STALE);
  const edited = fieldsDiffer(stored, values);
  if (edited) {
    if (stored.order_status !== 'pending') throw conflict(ONLY_PENDING_EDIT);
    await checkReferences(db, values);
  }

  return db.transaction().execute(async (trx) => {
    if (status === 'delivered') {
      const delivered = await repository.markDelivered(trx, id, version, edited ? values : null);
      if (!delivered) return explainMiss(trx, id, status);
      const balanceAfter = await addSupplyDelivery(trx, actor, {
        supplyOrderId: delivered.id,
        preformId: delivered.preform_id,
        warehouseId: delivered.preform_warehouse_id,
        amount: delivered.ordered_amount,
      });
      // The delivery's preform lot, in the same transaction as its ledger row.
      const lotId = await receiveLot(trx, { supplyOrderId: delivered.id, supplierLotNumber: input.supplierLotNumber });
      // What the lot is made of, when the drop on 'Added to stock' says it.
      if (input.composition) await recordLotComposition(trx, actor, lotId, input.composition);
      await audit(trx, actor, {
        operation: 'saveSupplyOrder',
        recordType: 'supply_order',
        recordId: id,
        details: {
          from: stored.order_status,
          orderStatus: status,
          addedToStock: delivered.ordered_amount,
          balanceAfter,
          lotId,
          supplierLotNumber: input.supplierLotNumber ?? null,
          ...(edited ? values : {}),
        },
      });
      await recordEvent(trx, actor, {
        type: 'supply_order.delivered',
        companyId: null,
        recordType: 'supply_order',
        recordId: id,
        data: { addedToStock: delivered.ordered_amount, lotId, supplierLotNumber: input.supplierLotNumber ?? null },
      });
    } else {
      const updated = await repository.updateSupplyOrder(trx, id, version, status, edited ? values : null);
      if (!updated) return explainMiss(trx, id, status);
      await audit(trx, actor, {
        operation: 'saveSupplyOrder',
        recordType: 'supply_order',
        recordId: id,
        details: { from: stored.order_status, orderStatus: status, ...(edited ? values : {}) },
      });
    }
    return (await repository.findSupplyOrder(trx, id))!;
  });

  /** A conditional update matched nothing: say why, from the row as committed now. */
  async function explainMiss(trx: Parameters<typeof repository.findOrderState>[0], orderId: number, target: SupplyOrderStatus) {
    const now = await repository.findOrderState(trx, orderId);
    if (!now) throw notFound('Supply order');
    if (now.order_status === 'delivered') {
      // Another identical request delivered it first: this one is the idempotent repeat.
      if (target === 'delivered') return (await repository.findSupplyOrder(trx, orderId))!;
      throw conflict(OUT_OF_DELIVERED);
    }
    throw conflict(STALE);
  }
}

/** Removes a pending supply order (others answer 409; with a stale version, 409 too). */
export async function deleteSupplyOrder(db: Db, actor: Actor, body: { orderId: number; version?: number }) {
  return db.transaction().execute(async (trx) => {
    const deleted = await repository.deletePendingOrder(trx, body.orderId, body.version);
    if (!deleted) {
      const now = await repository.findOrderState(trx, body.orderId);
      if (!now) throw notFound('Supply order');
      if (now.order_status !== 'pending') throw conflict(/*i18n*/ { id: 'problem.supply.onlyPendingRemove', message: 'Only pending supply orders (New) can be removed.' });
      throw conflict(STALE);
    }
    await audit(trx, actor, { operation: 'deleteSupplyOrder', recordType: 'supply_order', recordId: body.orderId });
    return { ok: true as const };
  });
}
