import { english } from '../../lib/i18n.js';
import type { Message } from '../../lib/problem.js';

/**
 * The quantity rule of the seller's 'Add new production order' (part 5, 'Planner new production order'): the one place
 * the API decides it. The web dialog mirrors it with the same numbers (the contract's minimum order quantity and the
 * produced amount the planner lists), and shows the API's field error when the two disagree (a stale planner).
 */

/** Minimum order quantity (part 9), the contract's `OrderItemInput.plannedAmount` minimum ('MOQ - 1000.'). */
export const MIN_ORDER_QUANTITY = 1000;

/** The field the rule names in its 400. */
export const PLANNED_AMOUNT_FIELD = 'item.refProductionOrderItem.plannedAmount';

export interface QuantityFloor {
  /** The smallest quantity allowed. */
  minimum: number;
  /**
   * Which rule sets it: `minimum` is the minimum order quantity ('MOQ - 1000.'), `producedMinimum` the amount
   * already produced ('At least the … bottles already produced.').
   */
  code: 'minimum' | 'producedMinimum';
}

/**
 * Part 5: "quantity required and at least 1000 (or the already produced amount if greater than 0)". Once anything is
 * produced, the produced amount is the floor, below 1000 too (a seller may cut an order down to what was made);
 * before that, the minimum order quantity.
 */
export function quantityFloor(produced: number): QuantityFloor {
  return produced > 0 ? { minimum: produced, code: 'producedMinimum' } : { minimum: MIN_ORDER_QUANTITY, code: 'minimum' };
}

/**
 * The produced amount the rule reads: the production order item whose quantity is set, i.e. the seller's referenced
 * item when it exists (edit), otherwise the planner item itself (add). The planner lists both (`producedAmount` and
 * `refProductionOrderItem.producedAmount`), so the web reads the same one.
 */
export function producedForQuantity(item: { produced_amount: number }, referenced: { produced_amount: number } | undefined): number {
  return referenced ? referenced.produced_amount : item.produced_amount;
}

/** The words of each floor (values: `minimum`), in the catalogues. */
export const PLANNED_AMOUNT_TEXTS = {
  producedMinimum: /*i18n*/ { id: 'problem.planner.producedMinimum', message: 'At least the {minimum, number} bottles already produced.' },
  minimum: /*i18n*/ { id: 'problem.planner.moq', message: 'MOQ - 1000.' },
} satisfies Record<QuantityFloor['code'], Message>;

/** The violation of a planned quantity (its message in English), or undefined when it is allowed. */
export function checkPlannedAmount(plannedAmount: number, produced: number): (QuantityFloor & { field: string; message: string }) | undefined {
  const floor = quantityFloor(produced);
  if (plannedAmount >= floor.minimum) return undefined;
  return { ...floor, field: PLANNED_AMOUNT_FIELD, message: english.t(PLANNED_AMOUNT_TEXTS[floor.code], { minimum: floor.minimum }) };
}

/** A product's machines as it lists them ('FB-101, FB-102'): the names, trimmed, without empty ones. */
export const machinesOf = (machineNames: string) =>
  machineNames
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
