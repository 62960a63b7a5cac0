import type { Db } from '../../db/database.js';
import { recordEvent } from '../events/events.service.js';
import type { Actor } from '../../lib/actor.js';
import { actAs, audit } from '../../lib/audit.js';
import type { BodyOf } from '../../lib/contract.js';
import { conflict, notFound, problemTexts, ruleViolation } from '../../lib/problem.js';
import { recordBottleStockChange } from '../clients/bottle-stock.js';
import { consumeFifo } from '../lots/lots.ledger.js';
import { recordMovement } from '../stock/stock.repository.js';
import * as repository from './agenda.repository.js';
import { now as clockNow, today as clockToday } from '../../lib/clock.js';

const STALE_ITEM = /*i18n*/ { id: 'problem.agenda.staleItem', message: 'This order item was changed by someone else meanwhile. Reload it and apply your change again.' };

export type ProducedAmountInput = BodyOf<'OperatorAgenda_saveProducedAmount'>['item'];

/** An entry of produced bottles: those produced since the last entry (0 to 99,999, the contract checks). */
export type ProducedEntryInput = BodyOf<'OperatorAgenda_addProducedEntry'>['item'];

/** How many of an item's entries the dialog shows. */
export const ENTRIES_SHOWN = 10;

export type AgendaQuestion = BodyOf<'OperatorAgenda_getAgenda'>;

/** Monday of the ISO week that holds `day` (YYYY-MM-DD; today, UTC, without it). */
export function mondayOf(day?: string): string {
  const date = new Date(day ? `${day}T00:00:00Z` : clockNow());
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * The operator's agenda of a week (this week without `week`): at most 30 cards of each column, or of the one `column`
 * asked from `offset` ('Show more'); see the repository for which items and in which order. `offset` pages one column,
 * so it comes with `column` (400 otherwise).
 */
export function getAgenda(db: Db, question: AgendaQuestion = {}) {
  if (question.offset !== undefined && question.column === undefined) {
    throw ruleViolation('offset', 'required', /*i18n*/ { id: 'problem.agenda.offsetNeedsColumn', message: 'offset pages one column: send column with it.' });
  }
  return repository.findAgenda(db, { monday: mondayOf(question.week), column: question.column, offset: question.offset ?? 0 });
}

/**
 * Preforms used up by an item that has produced `produced` bottles: the bottles plus the product's scrap, i.e. the
 * scrap rate on the bottles and, once production has started, the fixed start and change-over scrap; rounded up to
 * whole preforms. The same formula as the order amount (features/stock), so an item produced in full has used what
 * it was planned to need. 6 decimals are kept before rounding so 1000 x 1.02 is 1020, not 1021.
 */
export function preformsUsed(
  produced: number,
  product: { scrap_rate: number; preform_scrap_start: number; preform_scrap_change_over: number },
): number {
  if (produced <= 0) return 0;
  const exact = produced * (1 + Number(product.scrap_rate)) + Number(product.preform_scrap_start) + Number(product.preform_scrap_change_over);
  return Math.ceil(Math.round(exact * 1e6) / 1e6);
}

/**
 * Records the produced bottles of an item ('Update order item produced quantity'): `producedAmount` is the item's
 * total so far. In one transaction with the item update:
 * - the product's bottle stock changes by the difference to the stored amount, through the client inventory's
 *   price-period ledger (recordBottleStockChange: into the period of today's price, a lowering taken back out; one
 *   'production' row each, `client_products.current_stock` kept as the sum of the periods);
 * - the preforms used for that difference (bottles and scrap, see preformsUsed) leave the product's preform stock as
 *   one 'production' ledger row (negative; lowering the amount puts them back with a positive row).
 * Refused with 409 when the order is closed, the item invoiced, the version stale, a lowering would take bottle stock
 * below 0, or the product has no price period to keep bottles in; nothing is written then.
 * `isClosed` closes (or reopens) the item; when every item of the order is closed the order closes too.
 */
export async function saveProducedAmount(db: Db, actor: Actor, input: ProducedAmountInput) {
  if (input.version === undefined) throw ruleViolation('item.version', 'required', problemTexts.saveVersionRequired);
  return recordProduced(db, actor, { id: input.id, version: input.version, isClosed: input.isClosed, total: () => input.producedAmount }, 'saveProducedAmount');
}

/**
 * Adds an entry of produced bottles ('Update order item produced quantity'): the bottles produced since the
 * last entry, 0 to 99,999 each, so the item's total grows past 99,999 (items are planned at 100,000 and more). The
 * same effects and refusals as saveProducedAmount; the entry is kept in the item's history.
 */
export async function addProducedEntry(db: Db, actor: Actor, input: ProducedEntryInput) {
  return recordProduced(
    db,
    actor,
    { id: input.id, version: input.version, isClosed: input.isClosed, total: (stored) => stored + input.producedQuantity },
    'addProducedEntry',
  );
}

/** The item's last entries of produced bottles, newest first (404 for an item not on the agenda). */
export async function getProducedEntries(db: Db, id: number) {
  if (!(await repository.findAgendaItem(db, id))) throw notFound('Order item');
  return repository.findProducedEntries(db, id, ENTRIES_SHOWN);
}

async function recordProduced(
  db: Db,
  actor: Actor,
  input: { id: number; version: number; isClosed?: boolean; total: (stored: number) => number },
  operation: 'saveProducedAmount' | 'addProducedEntry',
) {
  const version = input.version;
  await db.transaction().execute(async (trx) => {
    await actAs(trx, actor);
    const item = await repository.lockItem(trx, input.id);
    if (!item) throw notFound('Order item');
    if (item.order_closed === 1) throw conflict(/*i18n*/ { id: 'problem.agenda.orderClosed', message: 'The order is closed: its produced quantities cannot change.' });
    if (item.has_invoice) throw conflict(/*i18n*/ { id: 'problem.agenda.invoiced', message: 'This order item is invoiced and locked.' });
    if (item.version !== version) throw conflict(STALE_ITEM);

    const producedAmount = input.total(item.produced_amount);
    const isClosed = input.isClosed ?? item.is_closed;
    const updated = await repository.updateItem(trx, item.id, version, { producedAmount, isClosed });
    if (!updated) throw conflict(STALE_ITEM);

    const delta = producedAmount - item.produced_amount;
    let preformMovement = 0;
    if (delta !== 0) {
      const bottles = await recordBottleStockChange(trx, {
        productId: item.product_id,
        delta,
        subject: actor.sub,
        source: { type: 'order_item', id: item.id },
        today: clockToday(),
      });
      if (bottles === 'belowZero') {
        throw conflict(/*i18n*/ { id: 'problem.agenda.belowZero', message: 'Lowering the produced quantity would take the product’s bottle stock below 0 (its bottles have left the stock).' });
      }
      if (bottles === 'noPrice') {
        throw conflict(/*i18n*/ { id: 'problem.agenda.noPrice', message: 'The product has no price period, and bottle stock is kept per price period: the admin sets a price first.' });
      }
      preformMovement = -(preformsUsed(producedAmount, item) - preformsUsed(item.produced_amount, item));
      if (preformMovement !== 0) {
        await recordMovement(trx, {
          preformId: item.preform_id,
          warehouseId: item.preform_warehouse_id,
          quantity: preformMovement,
          reason: 'production',
          sourceType: 'order_item',
          sourceId: item.id,
          subject: actor.sub,
        });
      }
    }
    if (delta !== 0 || operation === 'addProducedEntry') {
      const entryId = await repository.insertProducedEntry(trx, {
        orderItemId: item.id,
        quantity: delta,
        producedTotal: producedAmount,
        subject: actor.sub,
        recordedBy: actor.name,
      });
      // The record's preforms come from the lots FIFO (or go back to them), as many as its ledger row moved.
      await consumeFifo(trx, {
        producedEntryId: entryId,
        orderItemId: item.id,
        preformId: item.preform_id,
        warehouseId: item.preform_warehouse_id,
        preforms: -preformMovement,
        bottles: delta,
        subject: actor.sub,
      });
    }
    const orderClosed = isClosed && !item.is_closed ? await repository.closeOrderWhenAllItemsClosed(trx, item.order_id) : false;
    await audit(trx, actor, {
      operation,
      recordType: 'order_item',
      recordId: item.id,
      details: { producedAmount, previous: item.produced_amount, isClosed, preformMovement, orderClosed },
    });
    if (delta !== 0) {
      await recordEvent(trx, actor, {
        type: 'produced_quantity.recorded',
        companyId: item.company_id,
        recordType: 'order_item',
        recordId: item.id,
        data: { producedAmount, previous: item.produced_amount, quantity: delta, isClosed },
      });
    }
  });
  const saved = await repository.findAgendaItem(db, input.id);
  if (!saved) throw notFound('Order item');
  return saved;
}
