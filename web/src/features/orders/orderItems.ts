import type { OrderItem, OrderItemInput } from '@generated/model';
import { t } from '@lingui/core/macro';
import { now } from '../../components/clock';
import { addDays, isoDay, isWeekend, mondayOf, parseDay } from '../../components/dates';
import { formatListDate } from '../../components/format';
import './catalogue';

/**
 * An order item as the order edit screen holds it while the user edits: items are added, changed and removed
 * here and saved with the order ('Save order'). `key` identifies the row before the item has an id.
 */
export interface DraftItem {
  key: string;
  id?: number;
  version?: number;
  clientProductId: number;
  ClientProduct: { articleNo: string; productName: string };
  dueDate: string;
  plannedAmount: number;
  producedAmount: number;
  isBuyerConfirmed: boolean;
  isSellerConfirmed: boolean;
  hasInvoice: boolean;
  /** The item itself is closed: it is not in production any more. */
  isClosed: boolean;
  /** 'Produced at' (buyers): the seller's item that produces it, if planned. */
  refProductionOrderItem: { dueDate: string } | null;
}

export function draftOf(item: OrderItem): DraftItem {
  return {
    key: `item-${item.id}`,
    id: item.id,
    version: item.version,
    clientProductId: item.clientProductId,
    ClientProduct: { articleNo: item.ClientProduct.articleNo, productName: item.ClientProduct.productName },
    dueDate: item.dueDate,
    plannedAmount: item.plannedAmount,
    producedAmount: item.producedAmount,
    isBuyerConfirmed: item.isBuyerConfirmed,
    isSellerConfirmed: item.isSellerConfirmed,
    hasInvoice: item.hasInvoice,
    isClosed: item.isClosed,
    refProductionOrderItem: item.refProductionOrderItem ? { dueDate: item.refProductionOrderItem.dueDate } : null,
  };
}

/**
 * The wire shape of a draft item. Only buyers send 'By buyer' (the API refuses anyone else changing it); an
 * unchanged stored item goes back as it was read, which the API accepts even when the item is invoiced.
 */
export function itemInput(item: DraftItem, isBuyer: boolean): OrderItemInput {
  return {
    ...(item.id !== undefined ? { id: item.id, version: item.version } : {}),
    clientProductId: item.clientProductId,
    dueDate: item.dueDate,
    plannedAmount: item.plannedAmount,
    ...(isBuyer ? { isBuyerConfirmed: item.isBuyerConfirmed } : {}),
  };
}

/** produced / planned (part 3), 0 while nothing is planned. */
export const producedPart = (item: Pick<DraftItem, 'plannedAmount' | 'producedAmount'>) =>
  item.plannedAmount > 0 ? item.producedAmount / item.plannedAmount : 0;

/** Sunday of the current ISO week (weeks start on Monday, part 9), YYYY-MM-DD. */
export const endOfIsoWeek = (today = now()) => addDays(mondayOf(isoDay(today)), 6);

/** Part 5: order dates may be picked on or after about a week before the start of the current week. */
export const firstOrderDay = (today = now()) => addDays(mondayOf(isoDay(today)), -7);

/**
 * Part 2.4, the one work-in-progress rule of the order screens: an item is in production now when its product is the
 * one flagged in progress, it is due on or before the end of the current ISO week, and less than all of it is
 * produced; a closed item, or any item of a closed order, is not. The API computes the list's `workInProgress` by this
 * same rule (`orders.queries.ts`), since the list's rows come without their items.
 */
export function isWorkInProgress(
  item: Pick<DraftItem, 'clientProductId' | 'dueDate' | 'plannedAmount' | 'producedAmount' | 'isClosed'>,
  order: { closed: boolean },
  wipProductIds: ReadonlySet<number>,
  today = now(),
): boolean {
  return !order.closed && !item.isClosed && wipProductIds.has(item.clientProductId) && item.dueDate <= endOfIsoWeek(today) && producedPart(item) < 1;
}

/**
 * The list's rows by the same rule. A list row comes without its items (`orders/list`), so the API's `workInProgress`,
 * computed by the rule above, stands for them; a closed order is never in production.
 */
export function isOrderInProgress(order: { closed: 0 | 1; workInProgress: number }): boolean {
  return order.closed === 0 && order.workInProgress === 1;
}

/**
 * 'Produced at' (buyers, part 2.4): the due date of the seller's item that produces it, or 'Not planned'. An item that
 * is all produced without a production item is not waiting for a plan: it reads 'Produced'.
 */
export function producedAt(item: Pick<DraftItem, 'plannedAmount' | 'producedAmount' | 'refProductionOrderItem'>): string {
  if (item.refProductionOrderItem) return formatListDate(item.refProductionOrderItem.dueDate);
  return producedPart(item) >= 1 ? t`Produced` : t`Not planned`;
}

/** A typed 'Deliver at' (YYYY-MM-DD) when it is a selectable day; anything else is no day at all. */
export function parseOrderDay(text: string, today = now()): string | null {
  const day = parseDay(text);
  return !day || isWeekend(day) || day < firstOrderDay(today) ? null : day;
}

/**
 * DataTable props for the order screens' rows: a click or Enter on a focused row opens it (`open`), and the rows in
 * production now (part 2.4) are highlighted, marked `data-work-in-progress` and titled for people who cannot tell
 * the colour. The colour is an inline style: the table's stripes would paint over a row background colour on every
 * other row.
 */
export function orderRows<Row>({ open, inProgress }: { open: (row: Row) => void; inProgress: (row: Row) => boolean }) {
  return {
    onRowClick: ({ record }: { record: Row }) => open(record),
    rowStyle: (row: Row) => ({ cursor: 'pointer', ...(inProgress(row) ? { backgroundColor: 'var(--mantine-color-yellow-light)' } : {}) }),
    customRowAttributes: (row: Row): Record<string, unknown> => ({
      tabIndex: 0,
      // Only the row itself: Enter or Space on its checkbox selects, it does not open.
      onKeyDown: (event: { key: string; target: unknown; currentTarget: unknown; preventDefault: () => void }) => {
        if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
        event.preventDefault();
        open(row);
      },
      ...(inProgress(row) ? { 'data-work-in-progress': 'true', title: t`In production now` } : {}),
    }),
  };
}
